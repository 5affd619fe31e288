"""The turn machine of §4.2 and the movement resolution R4–R19.

Every function takes a state where its input is legal (checked in ``rules.py``) and returns
the new state with the events of §6.2, in the order of §6.2.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.games.patamat.state import (
    ALL_CARS,
    CAR_TYPE,
    Pawn,
    State,
    sort_cars,
)

Events = list[str]
GREEN, ORANGE = (1, 2, 3), (4,)
MODE_FACTOR = {"walk": 1, "kart": 3, "car": 2, "garbage": 1}


@dataclass(frozen=True)
class Want:
    """What the current state waits for: a ``place``, a ``roll`` (with its purpose), ``choose``,
    ``go`` or nothing."""

    want: str
    purpose: str | None = None


def wanted(state: State) -> Want:
    if state.phase == "setup":
        return Want("place")
    if state.phase == "rolloff":
        return Want("roll", "rolloff")
    if state.phase == "over":
        return Want("none")
    pawn = state.pawn
    if pawn.light:
        return Want("roll", "light")
    if pawn.options:
        return Want("choose")
    if pawn.car is not None and CAR_TYPE[pawn.car] in ("tractor", "rusty"):
        return Want("go")
    return Want("roll", "move")


def movement_mode(pawn: Pawn) -> str:
    """walk, or the type of the car ridden this turn (R6)."""
    return "walk" if pawn.car is None else CAR_TYPE[pawn.car]


# -- set-up ------------------------------------------------------------------------------------


def place(state: State, car: str, field_id: str) -> tuple[State, Events]:
    """S3: put ``car`` on ``field_id``; after the 15th car the roll-off of S5 begins."""
    events = [f"place {state.names[state.turn]} {car} {field_id}"]
    placed = state.with_car(car, field_id)
    count = placed.placed_count()
    if count == len(ALL_CARS):
        group = tuple(range(state.players))
        return replace(placed, phase="rolloff", turn=0, rolloff_group=group), events
    return replace(placed, turn=count % state.players), events


def rolloff(state: State, value: int) -> tuple[State, Events]:
    """S5: one roll-off roll; after the round the highest starts, or the tied roll again."""
    names = state.names
    events = [f"rolloff {names[state.turn]} {value}"]
    rolls = state.rolloff_rolls + (value,)
    group = state.rolloff_group
    if len(rolls) < len(group):
        return replace(state, rolloff_rolls=rolls, turn=group[len(rolls)]), events
    best = max(rolls)
    leaders = tuple(seat for seat, roll in zip(group, rolls) if roll == best)
    if len(leaders) > 1:
        events.append("tie " + ",".join(names[seat] for seat in leaders))
        return replace(state, rolloff_group=leaders, rolloff_rolls=(), turn=leaders[0]), events
    starter = leaders[0]
    events += [f"starts {names[starter]}", f"turn {names[starter]}"]
    started = replace(state, phase="play", turn=starter, rolloff_group=(), rolloff_rolls=())
    return started, events


# -- one turn --------------------------------------------------------------------------------


def light(state: State, value: int) -> tuple[State, Events]:
    """R10: green goes on with this turn, orange rolls again, red ends the turn."""
    seat, pawn = state.turn, state.pawn
    name = state.names[seat]
    if value in GREEN:
        return state.with_pawn(seat, replace(pawn, light=False)), [f"light {name} {value} green"]
    if value in ORANGE:
        return state, [f"light {name} {value} orange"]
    events = [f"light {name} {value} red"]
    held = (pawn.car,) if pawn.car is not None else pawn.options
    if held:
        events.append(f"lost {name} {','.join(held)}")
    return _next_turn(state.with_pawn(seat, pawn.cleared()), events)


def choose(state: State, kind: str) -> tuple[State, Events]:
    """R17: take the lowest-numbered car of the chosen type among the options."""
    seat, pawn = state.turn, state.pawn
    car = next(option for option in pawn.options if CAR_TYPE[option] == kind)
    chosen = replace(pawn, car=car, options=())
    return state.with_pawn(seat, chosen), [f"chosen {state.names[seat]} {car}"]


def move_roll(state: State, value: int) -> tuple[State, Events]:
    """R4/R6: walk n, kart 3n, car 2n forward, garbage truck n backward."""
    mode = movement_mode(state.pawn)
    return _resolve(state, mode, MODE_FACTOR[mode] * value, backward=mode == "garbage")


def go(state: State) -> tuple[State, Events]:
    """R6: a tractor moves exactly two forward; a rusty car skips the turn (R14: no arrival)."""
    seat, pawn = state.turn, state.pawn
    if pawn.car is not None and CAR_TYPE[pawn.car] == "tractor":
        return _resolve(state, "tractor", 2, backward=False)
    events = [f"skip {state.names[seat]} rusty"]
    return _next_turn(state.with_pawn(seat, pawn.cleared()), events)


# -- resolution (R7, R8, R11–R13, R18, R19) ----------------------------------------------------


def walk_path(state: State, origin: str, steps: int, backward: bool) -> tuple[list[str], bool]:
    """The fields entered by a movement and whether it stopped early at CÍL or START."""
    board = state.board
    path: list[str] = []
    here = origin
    for step in range(1, steps + 1):
        if backward:
            behind = board.back(here)
            if behind is None:
                return path, True
            here = behind
            path.append(here)
            if here == board.start:
                return path, step < steps
        else:
            here = board.fwd(here, first=step == 1)
            path.append(here)
            if here == board.finish:
                return path, step < steps
    return path, False


def _resolve(state: State, mode: str, steps: int, backward: bool) -> tuple[State, Events]:
    board, names = state.board, state.names
    seat, pawn = state.turn, state.pawn
    name = names[seat]
    path, stopped = walk_path(state, pawn.field, steps, backward)
    shown = ">".join(path) if path else "-"
    events = [f"move {name} {mode} {steps} {shown}" + (" stop" if stopped else "")]
    ridden = pawn.car
    if not path:
        return _next_turn(state.with_pawn(seat, pawn.cleared()), events)
    end = path[-1]
    if ridden is not None:
        state = state.with_car(ridden, end)
        events.append(f"leave {ridden} {end}")
    state = state.with_pawn(seat, Pawn(end))
    if end == board.finish:
        return _reach_finish(state, seat, events)
    pushed: list[int] = []
    if end != board.start:
        state, pushed = _bump_chain(state, seat, end, events)
    state = _arrive(state, seat, ridden, events)
    for other in pushed:
        state = _arrive(state, other, None, events)
    return _next_turn(state, events)


def _bump_chain(state: State, mover: int, end: str, events: Events) -> tuple[State, list[int]]:
    """R12: push the pawn on ``end`` one field back, and so on down the chain; return who moved."""
    board, names = state.board, state.names
    standing = {
        pawn.field: seat
        for seat, pawn in enumerate(state.pawns)
        if seat != mover and pawn.field != board.start
    }
    pushed: list[int] = []
    here = end
    victim = standing.get(here)
    while victim is not None:
        behind = board.back(here)
        assert behind is not None, "a pushed pawn never stands on START"
        old = state.pawns[victim]
        events.append(f"bump {names[victim]} {here} {behind}")
        held = (old.car,) if old.car is not None else old.options
        if held:
            events.append(f"lost {names[victim]} {','.join(held)}")
        state = state.with_pawn(victim, Pawn(behind))
        pushed.append(victim)
        here = behind
        victim = standing.get(here) if here != board.start else None
    return state, pushed


def _arrive(state: State, seat: int, ridden: str | None, events: Events) -> State:
    """R13: a pawn arriving on a field boards its car, is given options, a light, a sign."""
    board = state.board
    spot = state.pawns[seat].field
    pawn = Pawn(spot)
    name = state.names[seat]
    if spot != board.start:
        candidates = tuple(car for car in state.cars_on(spot) if car != ridden)
        if candidates:
            if len({CAR_TYPE[car] for car in candidates}) == 1:
                pawn = replace(pawn, car=candidates[0])
                events.append(f"board {name} {candidates[0]}")
            else:
                pawn = replace(pawn, options=sort_cars(candidates))
                events.append(f"options {name} {','.join(pawn.options)}")
        kind = board.kind(spot)
        if kind == "semafor":
            pawn = replace(pawn, light=True)
            events.append(f"atlight {name}")
        elif kind == "sign":
            events.append(f"sign {name} {board.forced_of(spot)}")
    return state.with_pawn(seat, pawn)


def _reach_finish(state: State, seat: int, events: Events) -> tuple[State, Events]:
    """R18/R19: a flag; the winning flag ends the game, any other resets the lap."""
    name = state.names[seat]
    total = state.flags[seat] + 1
    flags = state.flags[:seat] + (total,) + state.flags[seat + 1 :]
    events.append(f"flag {name} {total}")
    if total >= state.target:
        events.append(f"win {name}")
        return replace(state, flags=flags, phase="over", turn=seat), events
    events.append("reset")
    start = state.board.start
    reset = replace(state, flags=flags, pawns=tuple(Pawn(start) for _ in state.pawns))
    return _next_turn(reset, events)


def _next_turn(state: State, events: Events) -> tuple[State, Events]:
    """TURN_END: the next player in seat order (R1, A4)."""
    following = (state.turn + 1) % state.players
    events.append(f"turn {state.names[following]}")
    return replace(state, turn=following), events
