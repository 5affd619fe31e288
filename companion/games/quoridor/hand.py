"""What a person's own Quoridor input changes on the board themselves (see
``companion.games.table_lines``): their pawn's move, or the wall they placed from their stock.
A Quoridor input has no consequences on the board: a person's own move leaves nothing else to
change."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

BOARD_EVENTS = frozenset({"move", "wall"})
"""Events whose sentences say a board change (the table lines say it instead)."""


def hand_board(before: Mapping[str, Any], line: str, events: Sequence[str]) -> dict[str, Any]:
    seats = [dict(seat) for seat in before["state"]["seats"]]
    board = {**before, "state": {**before["state"], "seats": seats}}
    labels = [str(seat["seat"]) for seat in seats]
    for event in events:
        kind, *args = event.split()
        if len(args) != 2 or args[0] not in labels:
            continue
        seat = seats[labels.index(args[0])]
        if kind == "move":
            seat["pawn"] = args[1]
        elif kind == "wall":
            board["state"]["walls_on_board"] = [*board["state"]["walls_on_board"], args[1]]
            seat["walls_left"] = int(seat["walls_left"]) - 1
    return board
