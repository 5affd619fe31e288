"""The play-phase actions (R41–R82) resolved on a :class:`Sim`, with their legality checks.

Each ``resolve_*`` function checks an action's preconditions, carries it out on a fresh Sim
(movement step, then evaluation, magnet phase, evaluation and car check) and returns the Sim,
or raises the rejection. Turn bookkeeping (action index, obligations, end of turn) lives in
:mod:`companion.games.crash.turns`.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.engine.errors import IllegalInput
from companion.games.crash.board import (
    DIRECTIONS,
    FIELD_NAMES,
    GEOMETRY,
    NEIGHBOURS,
    RULES,
    direction_between,
    hole_name,
    opposite,
)
from companion.games.crash.cards import BLUE, GREY, YELLOW
from companion.games.crash.notation import (
    CardPlay,
    MagnetPlace,
    OperatorMove,
    OpStep,
    Place,
    format_step,
    reject,
)
from companion.games.crash.sim import Sim
from companion.games.crash.state import (
    ACTION_END,
    HOLE_BASE,
    SIDES,
    CrashState,
    car_code,
    car_side,
)


def blue_effect(state: CrashState) -> str | None:
    """The blue card whose placement is owed now, if any."""
    return state.effect if state.effect in BLUE and state.action != ACTION_END else None


def max_batteries(state: CrashState) -> int:
    """E2 ``maxBatteries()``: batteries the active player may use in a placement now."""
    if state.effect in BLUE or state.side in state.nobat:
        return 0
    return min(RULES.max_batteries_per_placement, state.batteries[state.side])


def placement_cost(state: CrashState) -> int:
    return RULES.second_placement_cost if state.placed >= 1 else 0


def _check_cost(state: CrashState, cost: int, what: str) -> None:
    if not cost or state.scores[state.side] - cost >= 1:
        return
    params = {"cost": cost, "side": SIDES[state.side], "score": state.scores[state.side] - cost}
    if what == "placement":
        raise reject("R95", "E_SCORE_FLOOR", "paying {cost} for a second placement would bring "
                     "the score of {side} to {score}", **params)
    raise reject("R95", "E_SCORE_FLOOR", "paying {cost} for a 4-step operator move would bring "
                 "the score of {side} to {score}", **params)


def _pay(sim: Sim, cost: int, reason: str) -> None:
    if cost:
        sim.points(sim.active, -cost, reason)


def _check_empty(sim: Sim, field: int, rule: str) -> None:
    name = FIELD_NAMES[field]
    if field in sim.hole_fields:
        raise reject(rule, "E_NOT_EMPTY", "{field} is a hole field", field=name)
    if sim.cars[field]:
        raise reject(rule, "E_NOT_EMPTY", "{field} holds a car", field=name)
    if field in sim.bells:
        raise reject(rule, "E_NOT_EMPTY", "{field} holds a bell", field=name)
    if field == sim.operator:
        raise reject(rule, "E_NOT_EMPTY", "{field} holds the operator", field=name)


# -- placements --------------------------------------------------------------------------------


def resolve_place(state: CrashState, action: Place) -> Sim:
    """R41–R47 and the blue cards R77–R81."""
    side = state.side
    blue = blue_effect(state)
    field = action.field
    name = FIELD_NAMES[field]
    if state.supply(side)[0] < 1:
        raise reject("R41", "E_NO_SUPPLY", "{side} has no normal car in the supply",
                     side=SIDES[side])
    sim = Sim(state)
    _check_empty(sim, field, "R41")
    neighbours = NEIGHBOURS[field]
    if blue != "expansion" and not any(n >= 0 and sim.cars[n] for n in neighbours):
        raise reject("R41", "E_NOT_ADJACENT", "{field} is not next to a car", field=name)
    directions = action.directions
    if blue == "double":
        if len(directions) != 2 or directions[0] == directions[1]:
            raise reject("R77", "E_PUSH_DIRECTIONS",
                         "Double Hit needs two different push directions")
    elif len(directions) > 1:
        raise reject("R42", "E_PUSH_DIRECTIONS", "two push directions need a Double Hit card")
    elif not directions and blue != "expansion":
        raise reject("R42", "E_NO_CAR_IN_DIRECTION", "placing on {field} needs push=<direction>",
                     field=name)
    for direction in directions:
        target = neighbours[direction]
        if target < 0 or not sim.cars[target]:
            raise reject("R42", "E_NO_CAR_IN_DIRECTION", "there is no car {direction} of {field}",
                         direction=DIRECTIONS[direction], field=name)
    if action.batteries:
        if state.effect in BLUE:
            raise reject("R43", "E_BATTERY_WITH_BLUE",
                         "no battery may be used after a blue card this turn")
        if side in state.nobat:
            raise reject("R74", "E_BATTERY_BANNED", "{side} may not use batteries this turn",
                         side=SIDES[side])
        if action.batteries > state.batteries[side]:
            raise reject("R43", "E_NO_BATTERY", "{side} has only {count} batteries",
                         side=SIDES[side], count=state.batteries[side])
    cost = placement_cost(state)
    _check_cost(state, cost, "placement")
    _pay(sim, cost, "second-placement")
    if action.batteries:
        sim.batteries[side] -= action.batteries
        sim.events.append(f"bat {SIDES[side]} -{action.batteries}")
    sim.cars[field] = car_code(side, False)
    sim.events.append(f"place {SIDES[side]} {name}")
    if directions:
        first = directions[0]
        hit = neighbours[first]
        if blue == "rocket":
            sim.rocket(hit, first)
        elif blue == "tandem":
            sim.tandem(field, hit, first)
        elif blue == "reaction":
            sim.push(hit, first, 1)
            sim.push(field, opposite(first), 1)
        elif blue == "double":
            sim.push(hit, first, 1)
            second = neighbours[directions[1]]
            if sim.cars[second]:
                sim.push(second, directions[1], 1)
        else:
            sim.push(hit, first, 1 + action.batteries)
    sim.finish()
    return sim


def resolve_magnet(state: CrashState, action: MagnetPlace) -> Sim:
    """R48–R51: the magnetic car, and its attraction requirement."""
    side = state.side
    blue = blue_effect(state)
    if blue is not None and blue != "expansion":
        raise reject("R65", "E_BLUE_NEEDS_PLACEMENT",
                     "after {card} the second action must place a normal car", card=blue)
    if state.supply(side)[1] < 1:
        raise reject("R48", "E_NO_SUPPLY", "the magnetic car of {side} is on the board",
                     side=SIDES[side])
    sim = Sim(state)
    _check_empty(sim, action.field, "R48")
    cost = placement_cost(state)
    _check_cost(state, cost, "placement")
    _pay(sim, cost, "second-placement")
    sim.cars[action.field] = car_code(side, True)
    sim.events.append(f"place {SIDES[side]}M {FIELD_NAMES[action.field]}")
    sim.finish()
    if blue != "expansion" and not sim.pulls_by.get(action.field):
        raise reject("R50", "E_MAGNET_NO_PULL", "a magnet on {field} would pull no car",
                     field=FIELD_NAMES[action.field])
    return sim


def magnet_could_pull(sim: Sim, field: int) -> bool:
    """A quick necessary condition for R50: a car two fields away behind a passable field."""
    unlocked = sim.unlocked()
    for direction in range(6):
        near = NEIGHBOURS[field][direction]
        if near < 0:
            continue
        far = NEIGHBOURS[near][direction]
        if far < 0 or far in sim.hole_fields or not sim.cars[far]:
            continue
        if near in sim.hole_fields:
            return True
        if sim.cars[near] or near == sim.operator:
            continue
        if near in sim.bells and not unlocked:
            continue
        return True
    return False


# -- the operator --------------------------------------------------------------------------------


def operator_step_targets(sim: Sim, position: int) -> list[OpStep]:
    """Every step the operator could name from ``position`` (canonical, before legality)."""
    steps: list[OpStep] = []
    if position < HOLE_BASE:
        seen_holes: set[int] = set()
        for target in NEIGHBOURS[position]:
            if target < 0:
                continue
            if target in sim.hole_fields:
                tile = GEOMETRY.tile_of[target]
                if tile not in seen_holes:
                    seen_holes.add(tile)
                    steps.append(OpStep(hole=tile))
            else:
                steps.append(OpStep(field=target))
        return steps
    tile = position - HOLE_BASE
    fields = GEOMETRY.tile_fields[tile]
    exits: dict[int, list[int]] = {}
    holes: set[int] = set()
    for inner in fields:
        for direction, target in enumerate(NEIGHBOURS[inner]):
            if target < 0 or target in fields:
                continue
            if target in sim.hole_fields:
                holes.add(GEOMETRY.tile_of[target])
            else:
                exits.setdefault(target, []).append(direction)
    for target in sorted(exits):
        directions = sorted(set(exits[target]))
        if sim.cars[target] and len(directions) > 1:
            steps.extend(OpStep(field=target, direction=d) for d in directions)
        else:
            steps.append(OpStep(field=target))
    steps.extend(OpStep(hole=other) for other in sorted(holes))
    return steps


def operator_branches(sim: Sim, visited: set[int]) -> Iterator[tuple[OpStep, Sim, set[int]]]:
    """Every step the operator can legally take now, with the board and the visited fields
    after it (each on its own copy)."""
    for step in operator_step_targets(sim, sim.operator):
        branch = sim.clone()
        seen = set(visited)
        try:
            operator_step(branch, step, seen)
        except IllegalInput:
            continue
        yield step, branch, seen


def operator_step(sim: Sim, step: OpStep, visited: set[int]) -> None:
    """Carry out one operator step (R57–R63) on ``sim``, or raise the rejection."""
    position = sim.operator
    text = format_step(step) if step.shorthand < 0 else DIRECTIONS[step.shorthand]
    if step.shorthand >= 0:
        if position >= HOLE_BASE:
            raise reject("R62", "E_OP_NOT_ADJACENT",
                         "from a hole the step {step} needs a field name", step=text)
        target = NEIGHBOURS[position][step.shorthand]
        if target < 0:
            raise reject("R58", "E_OP_OFF_BOARD", "the operator may not step off the board")
        if target in sim.hole_fields:
            step = OpStep(hole=GEOMETRY.tile_of[target])
        else:
            step = OpStep(field=target)
    if step.hole >= 0:
        if step.hole not in sim.holes:
            raise reject("R62", "E_OP_NOT_ADJACENT", "{step} is not a hole", step=text)
        hole_fields = GEOMETRY.tile_fields[step.hole]
        sources = (GEOMETRY.tile_fields[position - HOLE_BASE] if position >= HOLE_BASE
                   else (position,))
        if not any(n in hole_fields for s in sources for n in NEIGHBOURS[s]) or (
            position == HOLE_BASE + step.hole
        ):
            raise reject("R57", "E_OP_NOT_ADJACENT", "{step} is not next to the operator",
                         step=text)
        target_position = HOLE_BASE + step.hole
        if target_position in visited:
            raise reject("R58", "E_OP_REVISIT", "the operator has already been at {step}",
                         step=text)
        sim.move_operator(target_position)
        visited.add(target_position)
        return
    target = step.field
    if target in sim.hole_fields:
        raise reject("R62", "E_OP_NOT_ADJACENT", "{step} lies in a hole; name the hole instead",
                     step=text)
    if position < HOLE_BASE:
        found = direction_between(position, target)
        if found is None:
            raise reject("R57", "E_OP_NOT_ADJACENT", "{step} is not next to the operator",
                         step=text)
        if step.direction >= 0:
            raise _needless_direction(text)
        direction = found
    else:
        inner = GEOMETRY.tile_fields[position - HOLE_BASE]
        options = [d for d in range(6) if NEIGHBOURS[target][opposite(d)] in inner]
        if not options or (step.direction >= 0 and step.direction not in options):
            raise reject("R62", "E_OP_NOT_ADJACENT", "{step} is not next to the operator",
                         step=text)
        if step.direction >= 0 and not (sim.cars[target] and len(options) > 1):
            raise _needless_direction(text)
        if step.direction >= 0:
            direction = step.direction
        elif sim.cars[target] and len(options) > 1:
            raise reject("R62", "E_OP_DIRECTION_NEEDED",
                         "stepping out of the hole onto {step} needs a push direction, "
                         "e.g. {example}", step=text,
                         example=f"{FIELD_NAMES[target]}/"
                         f"{DIRECTIONS[options[0]]}")
        else:
            direction = options[0]
    if target in visited:
        raise reject("R58", "E_OP_REVISIT", "the operator has already been at {step}",
                     step=text)
    if sim.cars[target]:
        if sim.operator_row_blocked(target, direction):
            raise reject("R60", "E_OP_BLOCKED", "a locked bell blocks the row the operator "
                         "would push from {step}", step=text)
        sim.operator_push(target, direction)
    sim.move_operator(target)
    visited.add(target)


def _needless_direction(text: str) -> Exception:
    return reject("R62", "E_OP_DIRECTION", "{step}: a push direction is only given when leaving "
                  "a hole onto a car with more than one way", step=text)


def resolve_operator(state: CrashState, action: OperatorMove) -> Sim:
    count = len(action.steps)
    if count not in (2, 4):
        raise reject("R57", "E_OP_STEPS", "the operator moves exactly 2 or 4 steps, not {count}",
                     count=count)
    cost = RULES.operator4_cost if count == 4 else 0
    _check_cost(state, cost, "operator")
    sim = Sim(state)
    _pay(sim, cost, "operator4")
    visited = {sim.operator}
    for step in action.steps:
        operator_step(sim, step, visited)
    sim.finish()
    return sim


# -- cards -------------------------------------------------------------------------------------


def card_timing(state: CrashState, kind: str) -> None:
    """R65, R66, R90: when a card of this kind may be played."""
    if kind in GREY:
        return
    if state.action != 1:
        raise reject("R65", "E_CARD_TIMING", "{card} may only be played as the first action",
                     card=kind)
    if kind in YELLOW:
        if state.turn < RULES.first_evaluation_turn:
            raise reject("R90", "E_YELLOW_TOO_EARLY", "{card} may be played from turn {turn} on",
                         card=kind, turn=RULES.first_evaluation_turn)
        return
    normal, magnets = state.supply(state.side)
    if normal < 1 and not (kind == "expansion" and magnets >= 1):
        raise reject("R66", "E_NO_SUPPLY", "{card} needs a car in the supply", card=kind)


def _target(kind: str, detail: str, **params: object) -> Exception:
    return reject("R96", "E_CARD_TARGET", detail, card=kind, **params)


def resolve_card(state: CrashState, action: CardPlay, label: str) -> Sim:
    """R69–R81: the card's effect on the board, with the magnet phase after it."""
    kind = action.kind
    card_timing(state, kind)
    sim = Sim(state)
    sim.events.append(f"card {label} {kind}")
    fields = action.fields
    names = [FIELD_NAMES[f] for f in fields]
    side = state.side
    if kind == "fluct":
        source, target = fields
        if source not in sim.bells:
            raise _target(kind, "{card}: there is no bell on {field}", field=names[0])
        tile = GEOMETRY.tile_of[target]
        if (target in sim.hole_fields or sim.cars[target] or target in sim.bells
                or target == sim.operator or tile not in GEOMETRY.flower_tiles):
            raise _target(kind, "{card}: {field} is not an empty flower field", field=names[1])
        if any(b != source and GEOMETRY.tile_of[b] == tile for b in sim.bells):
            raise _target(kind, "{card}: the flower of {field} already holds a bell",
                          field=names[1])
        sim.bells.discard(source)
        sim.bells.add(target)
        sim.events.append(f"bell {names[0]}>{names[1]}")
    elif kind == "lambada":
        first, second = fields
        if not sim.cars[first] or not sim.cars[second]:
            raise _target(kind, "{card} swaps two cars; {field} holds none",
                          field=names[0] if not sim.cars[first] else names[1])
        if direction_between(first, second) is None:
            raise _target(kind, "{card}: {field} and {other} are not adjacent",
                          field=names[0], other=names[1])
        sim.cars[first], sim.cars[second] = sim.cars[second], sim.cars[first]
        sim.events.append(f"swap {names[0]}<>{names[1]}")
    elif kind == "ticket":
        source, target = fields
        if not sim.cars[source]:
            raise _target(kind, "{card}: there is no car on {field}", field=names[0])
        if direction_between(source, target) is None:
            raise _target(kind, "{card}: {field} and {other} are not adjacent",
                          field=names[0], other=names[1])
        blocked = (target in sim.hole_fields or sim.cars[target] or target == sim.operator
                   or (target in sim.bells and not sim.unlocked()))
        if blocked:
            raise _target(kind, "{card}: the car cannot go to {field}", field=names[1])
        sim.move(source, target)
        if target in sim.bells:
            sim.ring(target)
    elif kind == "saboteur":
        (target,) = fields
        if not sim.cars[target] or car_side(sim.cars[target]) == side:
            raise _target(kind, "{card}: there is no opponent car on {field}", field=names[0])
        sim.send_back(target, "saboteur")
    elif kind == "flying":
        (target,) = fields
        if (target in sim.hole_fields or sim.cars[target] or target in sim.bells
                or target == sim.operator):
            raise _target(kind, "{card}: {field} is not an empty field", field=names[0])
        sim.move_operator(target)
    elif kind == "deadbat":
        other = 1 - side
        if sim.batteries[other] > 0:
            sim.batteries[other] -= 1
            sim.events.append(f"bat {SIDES[other]} -1")
        sim.events.append(f"ban {SIDES[other]}")
    else:
        sim.effect = kind
    sim.finish()
    return sim


def operator_name(position: int) -> str:
    return hole_name(position - HOLE_BASE) if position >= HOLE_BASE else FIELD_NAMES[position]
