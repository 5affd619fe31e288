"""The JSON-safe snapshot the screen draws from (E1)."""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import Any

from companion.games.crash.board import FIELD_NAMES, GEOMETRY, REFERENCE, RULES, hole_name
from companion.games.crash.sim import Sim
from companion.games.crash.state import (
    ACTION_END,
    HOLE_BASE,
    NO_OPERATOR,
    SIDES,
    CrashState,
    car_is_magnet,
    car_side,
    hole_tiles_fields,
)

FIELDS_KEPT = 1024
"""Field dicts kept for the snapshots to come (a seeded game of 200 inputs made ~300)."""
_REFERENCE_STARS = frozenset(REFERENCE.stars)
_INDICES = range(len(FIELD_NAMES))
_last_fields: list[tuple[Any, ...] | None] = [None]
"""The last snapshot's values, holes, bells, cars, operator and field dicts (one tuple, set
at once: a snapshot made on another thread reads either this one or the one before)."""
_fields_made: dict[tuple[int, int, bool, bool, bool, bool, int], dict[str, Any]] = {}
"""Each field's dict by everything it says: a snapshot takes the ones made before."""


def snapshot(state: CrashState) -> dict[str, Any]:
    """The state for the screens. Its fields' dicts are shared with earlier snapshots where a
    field shows the same (an input changes a few of the 188): readers must not change them."""
    from companion.games.crash.position import format_position

    fields = _fields(state)
    if state.operator == NO_OPERATOR:
        operator = None
    elif state.operator >= HOLE_BASE:
        operator = hole_name(state.operator - HOLE_BASE)
    else:
        operator = FIELD_NAMES[state.operator]
    sums = Sim(state).evaluation_sums() if not state.setup else (0, 0)
    cards = state.cards
    return {
        "fields": fields,
        "operator": operator,
        "holes": [hole_name(tile) for tile in state.holes],
        "bells": [FIELD_NAMES[b] for b in state.bells],
        "evaluations": state.evals,
        "sides": [
            {
                "side": SIDES[side],
                "score": state.scores[side],
                "batteries": state.batteries[side],
                "cars": state.supply(side)[0],
                "magnet": state.supply(side)[1],
                "banned": side in state.nobat,
                "evaluation_now": sums[side],
            }
            for side in (0, 1)
        ],
        "turn": state.turn,
        "seat": state.seat,
        "setup": state.setup,
        "setup_stage": state.setup_stage() if state.setup else None,
        "action": "end" if state.action == ACTION_END else state.action,
        "placed": state.placed,
        "evaluated": state.evaluated,
        "bells_unlocked": state.bells_unlocked,
        "effect": state.effect,
        "obligation": state.obligation,
        "first": state.first,
        "cards": {
            "display": list(cards.display),
            "hands": list(cards.hands),
            "known": [list(k) for k in cards.known],
            "discard": list(cards.discard),
            "pile": cards.pile,
        },
        "over": state.is_over,
        "evaluations_to_end": RULES.evaluations_to_end,
        # the whole position (§19), so the screen can ask the per-field queries on it
        "position": format_position(state),
    }


def _fields(state: CrashState) -> list[dict[str, Any]]:
    """The 188 fields' dicts of ``state``: the last snapshot's list with the fields made again
    whose car, operator, bell or hole changed, when the values are the same (an input moves a
    few cars, an evaluation lifts a bell or opens a hole: 188 looked up anew cost ~0.13 ms),
    else all of them looked up."""
    values, holes, bells, cars, operator_at = (state.values, state.holes, state.bells,
                                               state.cars, state.operator)
    last = _last_fields[0]
    if last is not None and last[0] == values:
        _values, last_holes, last_bells, last_cars, last_operator, last_list = last
        changed = set(compress(_INDICES, map(ne, last_cars, cars)))
        if operator_at != last_operator:
            changed.update((last_operator, operator_at))
        if bells != last_bells:
            changed.update(set(bells).symmetric_difference(last_bells))
        if holes != last_holes:
            changed.update(hole_tiles_fields(holes).symmetric_difference(
                hole_tiles_fields(last_holes)))
        fields = list(last_list)
        if changed:
            stars, hole_fields, bell_fields = _marks(values, holes, bells)
            for index in changed:
                if 0 <= index < len(fields):
                    fields[index] = _field(index, values[index], index in stars,
                                           index in hole_fields, index in bell_fields,
                                           index == operator_at, cars[index])
    else:
        stars, hole_fields, bell_fields = _marks(values, holes, bells)
        fields = [_field(index, value, index in stars, index in hole_fields,
                         index in bell_fields, index == operator_at, cell)
                  for index, (value, cell) in enumerate(zip(values, cars, strict=True))]
    _last_fields[0] = (values, holes, bells, cars, operator_at, fields)
    return fields


def _marks(values: tuple[int, ...], holes: tuple[int, ...],
           bells: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
    """The fields with a star, in a hole, with a bell."""
    # stars are known for the reference layout; after the set-up they play no part (§19 P2)
    stars = _REFERENCE_STARS if values == REFERENCE.values else frozenset()
    return stars, hole_tiles_fields(holes), frozenset(bells)


def _field(index: int, value: int, is_star: bool, is_hole: bool, has_bell: bool,
           has_operator: bool, cell: int) -> dict[str, Any]:
    """The field's dict in a snapshot, made once for what it shows (~1 µs each to make, 188
    a snapshot: ~0.15 ms of an input's snapshot)."""
    key = (index, value, is_star, is_hole, has_bell, has_operator, cell)
    made = _fields_made.get(key)
    if made is None:
        if len(_fields_made) >= FIELDS_KEPT:
            _fields_made.clear()
        made = _fields_made[key] = {
            "name": FIELD_NAMES[index],
            "value": GEOMETRY.standard[value],
            "colour": GEOMETRY.value_names[value],
            "tile": GEOMETRY.tile_names[GEOMETRY.tile_of[index]],
            "star": is_star,
            "hole": is_hole,
            "bell": has_bell,
            "operator": has_operator,
            "car": ({"side": SIDES[car_side(cell)], "magnet": car_is_magnet(cell)}
                    if cell else None),
        }
    return made
