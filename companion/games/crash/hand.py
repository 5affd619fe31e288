"""What a person's own Crash by Crash input changes on the board themselves (see
``companion.games.table_lines``): the car they put down (with the batteries they spend on its
push), the operator they walk, or what the card they play does by their hand (the bell they
shift, the two cars they swap, the car they drive one field, the car their Saboteur takes off,
the operator they fly). Cars pushed, pulled or removed, bells rung and put on the evaluation
track, tiles removed, and an opponent's battery lost to Dead Battery are consequences: the table
lines say them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.crash.table import ON_BOARD, board_things

BOARD_EVENTS = frozenset({"place", "move", "off", "back", "bat", "pull", "ring", "tile", "track",
                          "op", "bell", "swap"})
"""Events whose sentences say a board change (the table lines say it instead)."""


def own_hand(before: Mapping[str, Any], after: Mapping[str, Any], line: str,
             events: Sequence[str]) -> dict[str, str | None]:
    words = line.lower().split()
    if not words:
        return {}
    things = board_things(before)
    parsed = [event.split() for event in events]
    action = words[1] if words[0] == "card" and len(words) > 1 else words[0]
    hand: dict[str, str | None] = {}

    def first(kind: str) -> list[str] | None:
        return next((event[1:] for event in parsed if event[0] == kind and len(event) > 1), None)

    if action in ("place", "magnet", "init"):
        placed = first("place")
        if placed is not None and len(placed) >= 2:
            hand[f"car:{placed[1]}"] = placed[0]
        spent = first("bat")
        if action == "place" and spent is not None and len(spent) >= 2:
            key = f"batteries:{spent[0]}"
            hand[key] = str(int(things.get(key, "0")) + int(spent[1]))
    elif action in ("operator", "operator-start", "flying"):
        steps = [event[1] for event in parsed if event[0] == "op" and len(event) > 1]
        if steps:
            hand["operator"] = steps[-1].split(">")[-1]
    elif action == "fluct":
        shifted = first("bell")
        if shifted is not None and ">" in shifted[0]:
            source, target = shifted[0].split(">")
            hand[f"bell:{source}"] = None
            hand[f"bell:{target}"] = ON_BOARD
    elif action == "lambada":
        swapped = first("swap")
        if swapped is not None and "<>" in swapped[0]:
            one, other = swapped[0].split("<>")
            hand[f"car:{one}"] = things.get(f"car:{other}")
            hand[f"car:{other}"] = things.get(f"car:{one}")
    elif action == "ticket":
        driven = first("move")
        if driven is not None and ">" in driven[0]:
            source, target = driven[0].split(">")
            hand[f"car:{source}"] = None
            hand[f"car:{target}"] = things.get(f"car:{source}")
    elif action == "saboteur":
        taken = first("back")
        if taken is not None and len(taken) >= 2:
            hand[f"car:{taken[1]}"] = None
    return hand
