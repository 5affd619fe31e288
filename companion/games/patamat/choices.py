"""A Pat a Mat input as a choice button (or a hint, or a phone's button) says it.

"Tractor: 2 fields forward" (a car to choose, or the car that goes now), "Eva: put a go-kart on
field 7" (the set-up). Pure, no Kivy; the faces reach it through the table
(``companion.table.words.game.choice_label``). English msgids of the ``patamat`` catalogue.
"""

from __future__ import annotations

from companion.engine import Match
from companion.games.patamat.state import ALL_CARS, CAR_TYPE, State
from companion.games.patamat.text import A_CAR, DOMAIN, SAY
from companion.i18n import translator

CHOICE_TEXT = {
    "kart": "Go-kart: three times the roll, forward",
    "car": "Car: twice the roll, forward",
    "tractor": "Tractor: 2 fields forward",
    "rusty": "Rusty car: sit out this turn",
    "garbage": "Garbage truck: the roll, backward",
}
"""A car type as a button says it: what riding it does this turn."""
CAR_TYPES = ("kart", "car", "tractor", "rusty", "garbage")
"""The car types in the order the set-up offers them (the touchscreen's and the phone's
buttons)."""
CAR_COUNTS = {kind: sum(1 for car in ALL_CARS if CAR_TYPE[car] == kind) for kind in CAR_TYPES}
"""How many cars of each type the game has."""
NOUN = {"kart": "go-kart", "car": "car", "tractor": "tractor", "rusty": "rusty car",
        "garbage": "garbage truck"}
"""A car type's name on its set-up button (``patamat`` msgids)."""


def cars_left(cars: dict[str, str] | list[str], kind: str) -> int:
    """How many cars of ``kind`` are still to be placed, with ``cars`` (ids like ``kart2``)
    on the board."""
    return CAR_COUNTS.get(kind, 0) - sum(1 for car in cars if car.rstrip("0123456789") == kind)


def choice_label(line: str, match: Match, lang: str) -> str | None:
    """The words of ``line`` (``choose tractor``, ``place kart F07``, ``go``) in ``lang``;
    None for a line without words of its own (a roll)."""
    t = translator(DOMAIN, lang)
    state: State = match.state
    words = line.split()
    if len(words) == 2 and words[0] == "choose" and words[1] in CHOICE_TEXT:
        return t(CHOICE_TEXT[words[1]])
    if len(words) == 3 and words[0] == "place" and words[1] in A_CAR:
        spot = state.board.by_id.get(words[2])
        return t(SAY["place"]).format(
            name=_mover(match, state), car=t(A_CAR[words[1]]),
            field=spot.label if spot is not None and spot.label else words[2])
    if line == "go" and state.phase == "play" and state.pawn.car is not None:
        kind = CAR_TYPE.get(state.pawn.car, "")
        if kind in CHOICE_TEXT:
            return t(CHOICE_TEXT[kind])
    return None


def _mover(match: Match, state: State) -> str:
    """The name of the player to act (the token of the rules where the table has no name)."""
    if state.phase == "over":
        return ""
    seat = state.turn
    return str(match.names[seat]) if seat < len(match.names) and match.names[seat] else \
        state.names[seat]
