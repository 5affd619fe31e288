"""Pat a Mat's refusals in the players' words (see ``companion/table/words/refusals.py``).

Cars are named as the board names them ("go-kart", never the notation's ``kart``), fields by
their label where the board has one; the notation's own words (``place <type> <field>``,
``choose``, ``go``) never reach the players.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import Match
from companion.games.patamat.state import CAR_TYPES
from companion.games.patamat.text import NOUN, THE_CAR
from companion.i18n import Translate

PLAIN: dict[str, str] = {
    # placing the cars
    "no car may be placed on {field}: it is the start":
        "No car may stand on {field}: it is the start. Put the car on a plain field.",
    "no car may be placed on {field}: it is the finish":
        "No car may stand on {field}: it is the finish. Put the car on a plain field.",
    "no car may be placed on {field}: it is a semafor":
        "No car may stand on {field}: it is a traffic light. Put the car on a plain field.",
    "no car may be placed on {field}: it is a direction sign":
        "No car may stand on {field}: it is a direction sign. Put the car on a plain field.",
    "all {count} cars of type {kind} are placed already":
        "Every {kind} is on the board already. Place another kind of car.",
    "there is no field {field!r} on board {board}":
        "There is no field {field} on this board. Tap a field of the track.",
    # the turn
    "{value!r} is not a die value: a roll is 1 to 6":
        "That is not a roll: a die shows 1 to 6. Roll again.",
    "{value!r} is not a car type: the types are kart, car, tractor, rusty, garbage":
        "That is not a kind of car. Choose one of the cars shown.",
    "{player} cannot choose {kind}: the cars there are {choices}":
        "{player} cannot take {car}: the cars there are {choices}. Choose one of those.",
    "{line!r} is not the input now: {player} places a car (place <type> <field>)":
        "Not now: {player} first puts a car on a plain field.",
    "{line!r} is not the input now: {player} rolls to decide who starts (roll 1 to 6)":
        "Not now: {player} first rolls the die to decide who starts.",
    "{line!r} is not the input now: {player} rolls at the traffic light (roll 1 to 6)":
        "Not now: {player} first rolls the die at the traffic light.",
    "{line!r} is not the input now: {player} rolls to move (roll 1 to 6)":
        "Not now: {player} first rolls the die to move.",
    "{line!r} is not the input now: {player} chooses a car (choose <type>)":
        "Not now: {player} first chooses a car.",
    "{line!r} is not the input now: {player} confirms the turn with go":
        "Not now: {player} first taps OK to make the move.",
    "the game is over: {player} has won":
        "The game is over: {player} has won.",
    # a corrected position (Fix the position)
    "this position cannot be loaded: {problem}":
        "The corrected position does not fit the board: {problem}",
}

DERIVED = frozenset({"kind", "car", "choices", "field", "player"})
"""Parameters :func:`words` adds or replaces."""


def words(params: Mapping[str, Any], match: Match | None, translate: Translate) -> dict[str, Any]:
    """Car types in words, fields by their label, players by the match's names."""
    found: dict[str, Any] = {}
    kind = params.get("kind")
    if isinstance(kind, str) and kind in NOUN:
        found["kind"] = translate(NOUN[kind])
        found["car"] = translate(THE_CAR[kind])
    choices = params.get("choices")
    if isinstance(choices, str):
        kinds = [word.strip() for word in choices.split(",")]
        found["choices"] = ", ".join(
            translate(NOUN[kind]) for kind in CAR_TYPES if kind in kinds
        )
    if match is not None:
        field = params.get("field")
        spot = match.state.board.by_id.get(field) if isinstance(field, str) else None
        if spot is not None and spot.label:
            found["field"] = spot.label
        player = params.get("player")
        names = list(match.state.names)
        if isinstance(player, str) and player in names and names.index(player) < len(
                match.names):
            found["player"] = str(match.names[names.index(player)])
    return found
