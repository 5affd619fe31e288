"""What a person's own Crash by Crash input changes on the board themselves (see
``companion.games.table_lines``): the car they put down from their supply (with the batteries
they spend on its push), the operator they put down or walk, or what the card they play does by
their hand (the bell they shift, the two cars they swap, the car they drive one field, the car
their Saboteur gives back, the operator they fly). Cars pushed, pulled or removed, bells rung
and put on the evaluation track, tiles removed, and an opponent's battery lost to Dead Battery
are consequences: the table lines say them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.crash.board import FIELD_INDEX

BOARD_EVENTS = frozenset({"place", "move", "off", "back", "bat", "pull", "ring", "tile", "track",
                          "op", "bell", "swap"})
"""Events whose sentences say a board change (the table lines say it instead)."""


def hand_board(before: Mapping[str, Any], line: str, events: Sequence[str]) -> dict[str, Any]:
    state = {**before["state"], "fields": list(before["state"]["fields"]),
             "sides": [dict(side) for side in before["state"]["sides"]],
             "bells": list(before["state"]["bells"])}
    board = {**before, "state": state}  # what it changes copied, the rest shared: it is read only
    fields = _FieldsCopiedWhenChanged(state["fields"])
    sides = {str(side["side"]): side for side in state["sides"]}
    words = line.lower().split()
    action = words[1] if words[:1] == ["card"] and len(words) > 1 else "".join(words[:1])
    parsed = [event.split() for event in events]

    def first(kind: str) -> list[str]:
        return next((event[1:] for event in parsed if event[0] == kind and len(event) > 1), [])

    def supply(car: Mapping[str, Any], count: int) -> None:
        side = sides[str(car["side"])]
        key = "magnet" if car["magnet"] else "cars"
        side[key] = int(side[key]) + count

    if action in ("place", "magnet", "init"):
        placed = first("place")
        if len(placed) >= 2 and placed[1] in fields:
            car = {"side": placed[0][0], "magnet": placed[0].endswith("M")}
            fields[placed[1]]["car"] = car
            supply(car, -1)
        spent = first("bat")
        if action == "place" and len(spent) >= 2 and spent[0] in sides:
            sides[spent[0]]["batteries"] = int(sides[spent[0]]["batteries"]) + int(spent[1])
    elif action in ("operator", "operator-start", "flying"):
        steps = [event[1] for event in parsed if event[0] == "op" and len(event) > 1]
        if steps:
            state["operator"] = steps[-1].split(">")[-1]
    elif action == "fluct":
        source, _sep, target = "".join(first("bell")[:1]).partition(">")
        if source in state["bells"]:
            state["bells"] = [*(bell for bell in state["bells"] if bell != source), target]
    elif action == "lambada":
        one, _sep, other = "".join(first("swap")[:1]).partition("<>")
        if one in fields and other in fields:
            fields[one]["car"], fields[other]["car"] = fields[other]["car"], fields[one]["car"]
    elif action == "ticket":
        source, _sep, target = "".join(first("move")[:1]).partition(">")
        if source in fields and target in fields:
            fields[target]["car"], fields[source]["car"] = fields[source]["car"], None
    elif action == "saboteur":
        taken = first("back")
        if len(taken) >= 2 and taken[1] in fields and fields[taken[1]]["car"]:
            supply(fields[taken[1]]["car"], 1)
            fields[taken[1]]["car"] = None
    return board


class _FieldsCopiedWhenChanged:
    """The board's fields by name; a field is copied into the list the first time it is
    looked up to be changed, the other 180-odd stay the snapshot's own (read only)."""

    def __init__(self, fields: list[dict[str, Any]]) -> None:
        self._fields = fields
        self._copied: set[int] = set()

    def __contains__(self, name: str) -> bool:
        return name in FIELD_INDEX

    def __getitem__(self, name: str) -> dict[str, Any]:
        index = FIELD_INDEX[name]
        if index not in self._copied:
            self._copied.add(index)
            self._fields[index] = dict(self._fields[index])
        return self._fields[index]
