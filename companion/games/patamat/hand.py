"""What a person's own Pat a Mat input changes on the board themselves (see
``companion.games.table_lines``): the car they put on a field in the set-up, or their pawn's
move to the field where it ends, with the car they ride put down there. Pawns pushed back, a
flag won and everyone sent back to START are consequences: the table lines say them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.patamat.state import CAR_TYPE
from companion.games.patamat.table import board_things
from companion.games.table_lines import with_item, without_item

BOARD_EVENTS = frozenset({"place", "move", "leave", "bump", "flag", "reset"})
"""Events whose sentences say a board change (the table lines say it instead)."""


def own_hand(before: Mapping[str, Any], after: Mapping[str, Any], line: str,
             events: Sequence[str]) -> dict[str, str | None]:
    players = [str(token) for token in before["state"]["players"]]
    things = board_things(before)
    hand: dict[str, str | None] = {}
    parsed = [event.split() for event in events]
    for words in parsed:
        if words[0] == "place" and len(words) == 4 and words[2] in CAR_TYPE:
            key = f"cars:{words[3]}"
            hand[key] = with_item(hand.get(key, things.get(key)), CAR_TYPE[words[2]])
        elif words[0] == "move" and len(words) >= 5 and words[1] in players and words[4] != "-":
            seat = players.index(words[1])
            origin, end = things[f"pawn:{seat}"], words[4].split(">")[-1]
            hand[f"pawn:{seat}"] = end
            ridden = next((other[1] for other in parsed
                           if other[0] == "leave" and len(other) == 3 and other[2] == end), None)
            if ridden in CAR_TYPE:
                kind = CAR_TYPE[ridden]
                hand[f"cars:{origin}"] = without_item(things.get(f"cars:{origin}"), kind)
                hand[f"cars:{end}"] = with_item(things.get(f"cars:{end}"), kind)
    return hand
