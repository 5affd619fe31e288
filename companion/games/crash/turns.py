"""Applying one input: set-up (R15–R21), the actions of a turn (R23–R28) and its end (R83–R84).

Each function checks its input against the turn (obligations, timing), resolves it with
:mod:`actions`, and moves the turn on. One check is not here: whether a blue or yellow card
leaves a second action that fulfils it (C2) needs the search over legal actions, so
:func:`companion.games.crash.legal.apply_input` (the whole of ``Rules.apply``) makes it after
:func:`apply_play`. This module imports nothing of :mod:`legal`.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.crash.actions import (
    resolve_card,
    resolve_magnet,
    resolve_operator,
    resolve_place,
)
from companion.games.crash.board import FIELD_NAMES, GEOMETRY, RULES
from companion.games.crash.deck import (
    check_claim,
    check_hand,
    draw,
    draw4,
    draw_needed,
    give_up,
    refill,
    refill_needed,
    take,
    visible_count,
)
from companion.games.crash.notation import (
    Action,
    CardPlay,
    Display,
    Draw,
    Draw4,
    First,
    Init,
    MagnetPlace,
    OperatorMove,
    OperatorStart,
    Pass,
    Place,
    Refill,
    Swap,
    reject,
)
from companion.games.crash.sim import Sim
from companion.games.crash.state import (
    ACTION_END,
    SIDES,
    Cards,
    CrashState,
    car_code,
    car_side,
)


def _not_now(state: CrashState) -> Exception:
    return reject("R23", "E_NOT_NOW", "an action of the turn is expected now")


# -- set-up ---------------------------------------------------------------------------------------


def init_due_seat(state: CrashState, placed: int) -> int:
    assert state.first is not None
    return (state.first + placed) % state.players


def apply_setup(state: CrashState, action: Action) -> tuple[CrashState, list[str]]:
    stage = state.setup_stage()
    if stage == "first" and isinstance(action, First):
        return (replace(state, first=action.seat, seat=action.seat),
                [f"first {state.seat_label(action.seat)}"])
    if stage == "operator" and isinstance(action, OperatorStart):
        if action.field not in operator_start_fields(state):
            raise reject("R17", "E_OPERATOR_START",
                         "{field} is not the centre of a flower without a bell",
                         field=FIELD_NAMES[action.field])
        return replace(state, operator=action.field), [f"op start>{FIELD_NAMES[action.field]}"]
    if stage == "display" and isinstance(action, Display):
        if len(action.kinds) != RULES.display_size:
            raise reject("R19", "E_HAND_SIZE", "the display has {count} cards",
                         count=RULES.display_size)
        for kind in set(action.kinds):
            if action.kinds.count(kind) > RULES.copies_per_card:
                raise reject("R112", "E_CARD_IMPOSSIBLE",
                             "all {copies} copies of {card} are already in view",
                             copies=RULES.copies_per_card, card=kind)
        cards = replace(state.cards, display=action.kinds,
                        pile=state.cards.pile - len(action.kinds))
        return replace(state, cards=cards), ["refill " + ",".join(action.kinds)]
    if stage == "init" and isinstance(action, Init):
        return _apply_init(state, action.field)
    raise reject("R15", "E_NOT_NOW", "the set-up expects {stage} now", stage=_STAGE_TEXT[stage])


_STAGE_TEXT = {
    "first": "first <seat>",
    "operator": "operator-start <field>",
    "display": "display <card> <card> <card>",
    "init": "init <field>",
}


def operator_start_fields(state: CrashState) -> list[int]:
    belled = {GEOMETRY.tile_of[bell] for bell in state.bells}
    return sorted(
        GEOMETRY.centre_of[tile] for tile in GEOMETRY.flower_tiles
        if tile not in belled and tile not in state.holes
    )


def init_fields(state: CrashState) -> list[int]:
    """R20: empty fields on tiles that hold no car yet."""
    taken = {GEOMETRY.tile_of[f] for f, cell in enumerate(state.cars) if cell}
    return [
        f for f, cell in enumerate(state.cars)
        if not cell and f not in state.bells and f != state.operator
        and GEOMETRY.tile_of[f] not in taken and GEOMETRY.tile_of[f] not in state.holes
    ]


def _apply_init(state: CrashState, field: int) -> tuple[CrashState, list[str]]:
    name = FIELD_NAMES[field]
    if state.cars[field] or field in state.bells or field == state.operator:
        raise reject("R20", "E_NOT_EMPTY", "{field} is not an empty field", field=name)
    if field not in init_fields(state):
        raise reject("R20", "E_TILE_TAKEN", "the tile of {field} already holds a car",
                     field=name)
    side = state.side
    cars = list(state.cars)
    cars[field] = car_code(side, False)
    placed = sum(1 for cell in cars if cell)
    events = [f"place {SIDES[side]} {name}"]
    total = 2 * RULES.initial_cars
    if placed < total:
        return replace(state, cars=tuple(cars), seat=init_due_seat(state, placed)), events
    sums = [0, 0]
    for f, cell in enumerate(cars):
        if cell:
            sums[car_side(cell)] += GEOMETRY.standard[state.values[f]]
    assert state.first is not None
    first_side = state.first % 2
    start_side = first_side if sums[0] == sums[1] else (0 if sums[0] < sums[1] else 1)
    if state.players == 2:
        start = start_side
    else:
        start = state.first if start_side == first_side else (state.first + 1) % 4
    events.append(f"totals A{sums[0]} B{sums[1]} start {SIDES[start_side]}")
    events.append(f"turn 1 {state.seat_label(start)}")
    return replace(state, cars=tuple(cars), setup=False, turn=1, seat=start, action=1), events


# -- the actions of a turn -----------------------------------------------------------------------


def apply_play(state: CrashState, action: Action) -> tuple[CrashState, list[str]]:
    obligation = state.obligation
    label = state.seat_label(state.seat)
    if isinstance(action, Pass):
        if obligation:
            raise reject("R27", "E_PASS_WITH_OBLIGATION",
                         "the {card} card still needs its second action", card=state.effect)
        return end_of_actions(state, [f"pass {label}"])
    if obligation == "blue" and not isinstance(action, (Place, MagnetPlace)):
        raise reject("R67", "E_BLUE_NEEDS_PLACEMENT",
                     "after {card} the second action must be its placement", card=state.effect)
    cards = state.cards
    placed = state.placed
    nobat = state.nobat
    effect = state.effect
    warnings: list[str] = []
    if isinstance(action, Place):
        sim = resolve_place(state, action)
        placed += 1
    elif isinstance(action, MagnetPlace):
        sim = resolve_magnet(state, action)
        placed += 1
    elif isinstance(action, OperatorMove):
        sim = resolve_operator(state, action)
    elif isinstance(action, CardPlay):
        check_hand(cards, state.seat, 1)
        warnings = check_claim(cards, state.seat, action.kind, label)
        sim = resolve_card(state, action, label)
        cards = give_up(cards, state.seat, action.kind)
        effect = sim.effect
        if action.kind == "deadbat":
            nobat = tuple(sorted(set(nobat) | {1 - state.side}))
    elif isinstance(action, Swap):
        sim, cards, warnings = resolve_swap(state, action, label)
    else:
        raise _not_now(state)
    if obligation == "blue":
        effect = None
    if (obligation == "yellow" and state.action == 2 and not sim.evaluated
            and not sim.over):
        raise reject("R68", "E_YELLOW_NO_EVALUATION",
                     "after {card} this action must set off an evaluation", card=state.effect)
    events = sim.events[:1] + warnings + sim.events[1:] if warnings else sim.events
    new = sim.to_state(placed=placed, effect=effect, cards=cards, nobat=nobat)
    if sim.over:
        return new, events
    if state.action == 1:
        return replace(new, action=2), events
    return end_of_actions(new, events)


def resolve_swap(state: CrashState, action: Swap, label: str) -> tuple[Sim, Cards, list[str]]:
    """R82: two cards face up onto the discard pile, two taken; then the magnet phase."""
    seat = state.seat
    cards = state.cards
    check_hand(cards, seat, 2)
    if len(action.takes) != 2:
        raise reject("R82", "E_HAND_SIZE", "a swap takes 2 cards, not {count}",
                     count=len(action.takes))
    if state.players == 4 and any(source is not None for source in action.takes):
        raise reject("R102", "E_DISPLAY_MISSING", "there is no display in the 4-player game")
    warnings = []
    events: list[str] = []
    for kind in action.discards:
        warnings += check_claim(cards, seat, kind, label)
        cards = give_up(cards, seat, kind)
        events.append(f"discard {kind}")
    for source in action.takes:
        cards = take(cards, seat, source, events)
        events.append(f"take {label} {'blind' if source is None else 'd:' + source}")
    sim = Sim(state)
    sim.events.extend([f"swapcards {label}"] + events)
    sim.finish()
    return sim, cards, warnings


def end_of_actions(state: CrashState, events: list[str]) -> tuple[CrashState, list[str]]:
    return maybe_next_turn(replace(state, action=ACTION_END), events)


def maybe_next_turn(state: CrashState, events: list[str]) -> tuple[CrashState, list[str]]:
    """C9: await the draw and the refill, or start the next turn at once (R28)."""
    if draw_needed(state) > 0 or refill_needed(state) > 0:
        return state, events
    seat = (state.seat + 1) % state.players
    turn = state.turn + 1
    nobat = tuple(side for side in state.nobat if side != state.side)
    new = replace(state, turn=turn, seat=seat, action=1, placed=0, evaluated=False,
                  effect=None, nobat=nobat)
    return new, events + [f"turn {turn} {state.seat_label(seat)}"]


# -- the end of a turn ---------------------------------------------------------------------------


def apply_end(state: CrashState, action: Action) -> tuple[CrashState, list[str]]:
    events: list[str] = []
    label = state.seat_label(state.seat)
    needed = draw_needed(state)
    if needed > 0:
        if state.players == 2 and isinstance(action, Draw):
            cards = draw(state.cards, state.seat, action.sources, needed, events)
        elif state.players == 4 and isinstance(action, Draw4):
            cards = draw4(state.cards, state.seat, action.discards, needed, events)
        else:
            raise reject("R83", "E_NOT_NOW", "the end-of-turn draw is expected now")
        events.insert(0, f"draw {label} {cards.hands[state.seat] - state.cards.hands[state.seat]}")
        return maybe_next_turn(replace(state, cards=cards), events)
    refills = refill_needed(state)
    if refills > 0 and isinstance(action, Refill):
        cards = refill(state.cards, action.kinds, refills, events)
        events.append("refill " + ",".join(action.kinds))
        return maybe_next_turn(replace(state, cards=cards), events)
    raise reject("R84", "E_NOT_NOW", "the display refill is expected now")


__all__ = ["apply_end", "apply_play", "apply_setup", "visible_count"]
