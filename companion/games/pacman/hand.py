"""What a person's own PAC-MAN input changes on the board themselves (see
``companion.games.table_lines``): PAC-MAN's move along the path they gave, or the ghost they
moved. The dots PAC-MAN eats, the ghosts he eats and the figures sent back to their start
squares after a catch are consequences: the table lines say them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

BOARD_EVENTS = frozenset({"pacman", "ghost", "dot", "eat", "reset"})
"""Events whose sentences say a board change (the table lines say it instead)."""


def hand_board(before: Mapping[str, Any], line: str, events: Sequence[str]) -> dict[str, Any]:
    state = {**before["state"],
             "ghosts": {name: dict(ghost) for name, ghost in before["state"]["ghosts"].items()}}
    board = {**before, "state": state}
    for event in events:
        kind, *args = event.split()
        if kind == "pacman" and args:
            state["pacman_square"] = args[0].split("-")[-1]
        elif kind == "ghost" and len(args) == 2 and args[0] in state["ghosts"]:
            state["ghosts"][args[0]]["square"] = args[1].split("-")[-1]
    return board
