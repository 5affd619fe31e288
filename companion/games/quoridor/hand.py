"""What a person's own Quoridor input changes on the board themselves (see
``companion.games.table_lines``): their pawn's move, or the wall they placed. A Quoridor input
has no consequences on the board; a person's own move leaves nothing else to change."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.quoridor.table import ON_BOARD

BOARD_EVENTS = frozenset({"move", "wall"})
"""Events whose sentences say a board change (the table lines say it instead)."""


def own_hand(before: Mapping[str, Any], after: Mapping[str, Any], line: str,
             events: Sequence[str]) -> dict[str, str | None]:
    seats = [str(seat["seat"]) for seat in before["state"]["seats"]]
    hand: dict[str, str | None] = {}
    for event in events:
        kind, *args = event.split()
        if kind == "move" and len(args) == 2 and args[0] in seats:
            hand[f"pawn:{seats.index(args[0])}"] = args[1]
        elif kind == "wall" and len(args) == 2:
            hand[f"wall:{args[1]}"] = ON_BOARD
    return hand
