"""The JSON-safe snapshot the screen draws from (E1)."""

from __future__ import annotations

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


def snapshot(state: CrashState) -> dict[str, Any]:
    from companion.games.crash.position import format_position

    holes = hole_tiles_fields(state.holes)
    # stars are known for the reference layout; after the set-up they play no part (§19 P2)
    stars = set(REFERENCE.stars) if state.values == REFERENCE.values else set()
    fields = []
    for index, name in enumerate(FIELD_NAMES):
        cell = state.cars[index]
        fields.append({
            "name": name,
            "value": GEOMETRY.standard[state.values[index]],
            "colour": GEOMETRY.value_names[state.values[index]],
            "tile": GEOMETRY.tile_names[GEOMETRY.tile_of[index]],
            "star": index in stars,
            "hole": index in holes,
            "bell": index in state.bells,
            "operator": index == state.operator,
            "car": ({"side": SIDES[car_side(cell)], "magnet": car_is_magnet(cell)}
                    if cell else None),
        })
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
