"""What a person's own Člověče input changes on the board themselves (see
``companion.games.table_lines``): the piece they entered, moved along the track or into their
goal, or moved within their goal, from where it stood to where it went. Captures at the end of
a turn (a piece sent to a home, whoever gets it) are consequences: the table lines say them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.clovece.table import board_things
from companion.games.table_lines import with_item, without_item

BOARD_EVENTS = frozenset({"capture"})
"""Events whose sentences say a board change (the table lines say it instead)."""


def own_hand(before: Mapping[str, Any], after: Mapping[str, Any], line: str,
             events: Sequence[str]) -> dict[str, str | None]:
    action = _legal_action(before, line)
    seat = before.get("to_move")
    if action is None or seat is None:
        return {}
    colour = str(action["colour"])
    if action["kind"] == "enter":
        source = f"home:{seat}"
    elif action["from_field"] is not None:
        source = f"field:{action['from_field']}"
    else:
        source = f"goal:{seat}:{action['from_slot']}"
    target = (f"field:{action['to_field']}" if action["to_field"] is not None
              else f"goal:{seat}:{action['to_slot']}")
    if action["kind"] == "goal-move":  # a goal piece of any colour: the one in that slot
        colour = board_things(before).get(source, colour)
    things = board_things(before)
    hand = {source: without_item(things.get(source), colour)}
    hand[target] = with_item(hand.get(target, things.get(target)), colour)
    return hand


def _legal_action(before: Mapping[str, Any], line: str) -> Mapping[str, Any] | None:
    """The action ``line`` played, as the position before it lists it (with where it goes):
    ``move 12`` is the one ``move 12 C`` there."""
    words = line.lower().split()
    for action in before["state"].get("legal") or []:
        listed = str(action["input"]).lower().split()
        if listed == words or (len(words) == 2 and words[0] == "move" and listed[:2] == words):
            return action
    return None
