"""What a person's own PAC-MAN input changes on the board themselves (see
``companion.games.table_lines``): PAC-MAN's move along the path they gave, or the ghost they
moved. The dots PAC-MAN eats, the ghosts he eats and the figures sent back to their start
squares after a catch are consequences: the table lines say them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

BOARD_EVENTS = frozenset({"pacman", "ghost", "dot", "eat", "reset"})
"""Events whose sentences say a board change (the table lines say it instead)."""


def own_hand(before: Mapping[str, Any], after: Mapping[str, Any], line: str,
             events: Sequence[str]) -> dict[str, str | None]:
    hand: dict[str, str | None] = {}
    for event in events:
        kind, *args = event.split()
        if kind == "pacman" and args:
            hand["pacman"] = args[0].split("-")[-1]
        elif kind == "ghost" and len(args) == 2:
            hand[f"ghost:{args[0]}"] = args[1].split("-")[-1]
    return hand
