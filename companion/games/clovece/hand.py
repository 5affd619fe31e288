"""What a person's own Člověče input changes on the board themselves (see
``companion.games.table_lines``): the piece they entered, moved along the track or into their
goal, or moved within their goal, from where it stood to where it went. Captures at the end of
a turn (a piece sent to a home, whoever gets it) are consequences: the table lines say them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

BOARD_EVENTS = frozenset({"capture"})
"""Events whose sentences say a board change (the table lines say it instead)."""


def hand_board(before: Mapping[str, Any], line: str, events: Sequence[str]) -> dict[str, Any]:
    seats = [{**seat, "home": list(seat["home"]), "goal": list(seat["goal"])}
             for seat in before["state"]["seats"]]
    state = {**before["state"], "seats": seats, "track": list(before["state"]["track"])}
    board = {**before, "state": state}
    action = _legal_action(before, line)
    seat = before.get("to_move")
    if action is None or seat is None:
        return board
    colour = str(action["colour"])
    mine = state["seats"][seat]
    if action["kind"] == "enter":
        mine["home"] = _without(mine["home"], colour)
    elif action["from_field"] is not None:
        track = state["track"]
        moved = next(index for index in range(len(track) - 1, -1, -1)
                     if track[index]["field"] == action["from_field"]
                     and track[index]["colour"] == colour)
        state["track"] = track[:moved] + track[moved + 1:]
    else:
        colour = str(mine["goal"][int(action["from_slot"]) - 1] or colour)
        mine["goal"][int(action["from_slot"]) - 1] = None
    if action["to_field"] is not None:
        state["track"] = [*state["track"], {"field": action["to_field"], "colour": colour}]
    else:
        mine["goal"][int(action["to_slot"]) - 1] = colour
    return board


def _legal_action(before: Mapping[str, Any], line: str) -> Mapping[str, Any] | None:
    """The action ``line`` played, as the position before it lists it (with where it goes):
    ``move 12`` is the one ``move 12 C`` there."""
    words = line.lower().split()
    actions: list[Mapping[str, Any]] = before["state"].get("legal") or []
    for action in actions:
        listed = str(action["input"]).lower().split()
        if listed == words or (len(words) == 2 and words[0] == "move" and listed[:2] == words):
            return action
    return None


def _without(colours: Sequence[str], colour: str) -> list[str]:
    left = list(colours)
    if colour in left:
        left.remove(colour)
    return left
