"""Corrections (N4, C13): ``fix <position>`` or one of the short forms.

Short forms: ``put A e5`` / ``put AM e5``, ``remove e5``, ``move e5 e6``, ``op e7`` (or
``op Ht23``), ``score A 14``. Each must leave a valid position, which is checked by writing
the corrected state out and reading it back.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine.errors import IllegalInput
from companion.games.crash.board import FIELD_NAMES, field_index, parse_hole
from companion.games.crash.playable import check_playable
from companion.games.crash.position import format_position, parse_position
from companion.games.crash.state import HOLE_BASE, SIDES, CrashState, car_code


def _bad(text: str, why: str) -> IllegalInput:
    return IllegalInput("N4/E_FIX", "fix {text} is not possible: {why}", text=repr(text), why=why)


def _field(token: str, text: str) -> int:
    index = field_index(token)
    if index is None:
        raise _bad(text, f"{token!r} is not a field")
    return index


def apply_fix(state: CrashState, text: str, players: int) -> tuple[CrashState, list[str]]:
    tokens = text.split()
    head = tokens[0].lower() if tokens else ""
    cars = list(state.cars)
    changed: CrashState | None = None
    if head == "put" and len(tokens) == 3:
        label = tokens[1].upper()
        if label not in ("A", "B", "AM", "BM"):
            raise _bad(text, "name A, B, AM or BM")
        field = _field(tokens[2], text)
        if cars[field]:
            raise _bad(text, f"{FIELD_NAMES[field]} holds a car")
        cars[field] = car_code(SIDES.index(label[0]), label.endswith("M"))
        changed = replace(state, cars=tuple(cars))
    elif head == "remove" and len(tokens) == 2:
        field = _field(tokens[1], text)
        if not cars[field]:
            raise _bad(text, f"there is no car on {FIELD_NAMES[field]}")
        cars[field] = 0
        changed = replace(state, cars=tuple(cars))
    elif head == "move" and len(tokens) == 3:
        source, target = _field(tokens[1], text), _field(tokens[2], text)
        if not cars[source] or cars[target]:
            raise _bad(text, "the first field needs a car and the second none")
        cars[target], cars[source] = cars[source], 0
        changed = replace(state, cars=tuple(cars))
    elif head == "op" and len(tokens) == 2:
        hole = parse_hole(tokens[1])
        if hole is not None:
            if hole not in state.holes:
                raise _bad(text, f"{tokens[1]} is not a hole")
            changed = replace(state, operator=HOLE_BASE + hole)
        else:
            changed = replace(state, operator=_field(tokens[1], text))
    elif head == "score" and len(tokens) == 3 and tokens[2].isdigit():
        label = tokens[1].upper()
        if label not in SIDES:
            raise _bad(text, "name A or B")
        scores = list(state.scores)
        scores[SIDES.index(label)] = int(tokens[2])
        changed = replace(state, scores=(scores[0], scores[1]))
    if changed is None:
        try:
            new = check_playable(parse_position(text, players))
        except ValueError as error:
            raise _bad(text, str(error)) from None
        return new, ["fix position"]
    try:
        new = check_playable(parse_position(format_position(changed), players))
    except ValueError as error:
        raise _bad(text, str(error)) from None
    if new.setup != state.setup:
        raise _bad(text, "it would change the phase of the game")
    return new, [f"fix {' '.join(tokens)}"]
