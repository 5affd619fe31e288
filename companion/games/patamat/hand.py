"""What a person's own Pat a Mat input changes on the board themselves (see
``companion.games.table_lines``): the car they put on a field in the set-up, or their pawn's
move to the field where it ends, with the car they ride put down there. Pawns pushed back, a
flag won and everyone sent back to START are consequences: the table lines say them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

BOARD_EVENTS = frozenset({"place", "move", "leave", "bump", "flag", "reset"})
"""Events whose sentences say a board change (the table lines say it instead)."""


def hand_board(before: Mapping[str, Any], line: str, events: Sequence[str]) -> dict[str, Any]:
    state = {**before["state"], "cars": dict(before["state"]["cars"]),
             "pawns": {token: dict(pawn) for token, pawn in before["state"]["pawns"].items()}}
    board = {**before, "state": state}
    parsed = [event.split() for event in events]
    for words in parsed:
        if words[0] == "place" and len(words) == 4:
            state["cars"][words[2]] = words[3]
        elif (words[0] == "move" and len(words) >= 5 and words[1] in state["pawns"]
              and words[4] != "-"):
            end = words[4].split(">")[-1]
            state["pawns"][words[1]]["field"] = end
            ridden = next((other[1] for other in parsed
                           if other[0] == "leave" and len(other) == 3 and other[2] == end), None)
            if ridden is not None:
                state["cars"][ridden] = end
    return board
