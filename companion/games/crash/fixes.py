"""Corrections (N4, C13): ``fix <position>`` or one of the short forms.

Short forms: ``put A e5`` / ``put AM e5``, ``remove e5``, ``move e5 e6``, ``op e7`` (or
``op Ht23``), ``score A 14``. Each must leave a valid position, which is checked by writing
the corrected state out and reading it back.

Every refusal is an :class:`IllegalInput` of rule N4 whose template is a fixed sentence after
"fix {text!r} is not possible: ": a short form's own, or the template of the
:class:`PositionError` the corrected position was refused with (its parameters passed on), so
a screen can tell it in the players' words and language.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine.errors import IllegalInput
from companion.games.crash.board import FIELD_NAMES, field_index, parse_hole
from companion.games.crash.errors import PositionError
from companion.games.crash.playable import check_playable
from companion.games.crash.position import format_position, parse_position
from companion.games.crash.state import HOLE_BASE, SIDES, CrashState, car_code


def _bad(template: str, text: str, **params: Any) -> IllegalInput:
    return IllegalInput("N4/E_FIX", "fix {text!r} is not possible: " + template, text=text,
                        **params)


def _field(token: str, text: str) -> int:
    index = field_index(token)
    if index is None:
        raise _bad("{field!r} is not a field", text, field=token)
    return index


def _read(position: str, text: str, players: int) -> CrashState:
    """The corrected position read back, or the refusal it gets."""
    try:
        return check_playable(parse_position(position, players))
    except PositionError as error:
        raise _bad(error.template, text, **error.params) from None
    except ValueError as error:  # not expected: a position is refused with a PositionError
        raise _bad("the position cannot be used ({problem})", text, problem=str(error)) from None


def apply_fix(state: CrashState, text: str, players: int) -> tuple[CrashState, list[str]]:
    tokens = text.split()
    head = tokens[0].lower() if tokens else ""
    cars = list(state.cars)
    changed: CrashState | None = None
    if head == "put" and len(tokens) == 3:
        label = tokens[1].upper()
        if label not in ("A", "B", "AM", "BM"):
            raise _bad("name A, B, AM or BM", text)
        field = _field(tokens[2], text)
        if cars[field]:
            raise _bad("{field} holds a car", text, field=FIELD_NAMES[field])
        cars[field] = car_code(SIDES.index(label[0]), label.endswith("M"))
        changed = replace(state, cars=tuple(cars))
    elif head == "remove" and len(tokens) == 2:
        field = _field(tokens[1], text)
        if not cars[field]:
            raise _bad("there is no car on {field}", text, field=FIELD_NAMES[field])
        cars[field] = 0
        changed = replace(state, cars=tuple(cars))
    elif head == "move" and len(tokens) == 3:
        source, target = _field(tokens[1], text), _field(tokens[2], text)
        if not cars[source]:
            raise _bad("there is no car on {field}", text, field=FIELD_NAMES[source])
        if cars[target]:
            raise _bad("{field} holds a car", text, field=FIELD_NAMES[target])
        cars[target], cars[source] = cars[source], 0
        changed = replace(state, cars=tuple(cars))
    elif head == "op" and len(tokens) == 2:
        hole = parse_hole(tokens[1])
        if hole is not None:
            if hole not in state.holes:
                raise _bad("{hole} is not a hole", text, hole=tokens[1])
            changed = replace(state, operator=HOLE_BASE + hole)
        else:
            changed = replace(state, operator=_field(tokens[1], text))
    elif head == "score" and len(tokens) == 3 and tokens[2].isdecimal():
        label = tokens[1].upper()
        if label not in SIDES:
            raise _bad("name A or B", text)
        scores = list(state.scores)
        scores[SIDES.index(label)] = int(tokens[2])
        changed = replace(state, scores=(scores[0], scores[1]))
    if changed is None:
        return _read(text, text, players), ["fix position"]
    new = _read(format_position(changed), text, players)
    if new.setup != state.setup:
        raise _bad("it would change the phase of the game", text)
    return new, [f"fix {' '.join(tokens)}"]
