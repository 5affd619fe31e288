"""The movement primitives on a mutable working copy of a state (R31–R40, R53, R85–R88).

An action is resolved on a :class:`Sim`, which logs one event per elementary change (N5, C5) and
is turned back into an immutable state at the end. Nothing here decides legality of inputs; it
carries out what the action module has already accepted.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.crash.board import (
    FIELD_NAMES,
    GEOMETRY,
    NEIGHBOURS,
    RULES,
    hole_name,
)
from companion.games.crash.state import (
    HOLE_BASE,
    SIDES,
    CrashState,
    car_code,
    car_side,
    hole_tiles_fields,
)

_SIDE_CODES = tuple((car_code(side, False), car_code(side, True)) for side in (0, 1))
MOVED, REMOVED, BLOCKED, RANG, HIT = "moved", "removed", "blocked", "rang", "hit"


def magnet_fields(cars: list[int] | tuple[int, ...]) -> list[int]:
    """The fields of every magnetic car, in board order (codes 2 and 4, see state.car_code)."""
    found = []
    for code in (car_code(0, True), car_code(1, True)):
        start = 0
        while True:
            try:
                field = cars.index(code, start)
            except ValueError:
                break
            found.append(field)
            start = field + 1
    return sorted(found)


class Sim:
    """A working copy of the board and scores for resolving one action."""

    def __init__(self, state: CrashState) -> None:
        self.state = state
        self.cars = list(state.cars)
        self.bells = set(state.bells)
        self.holes = set(state.holes)
        self.hole_fields = set(hole_tiles_fields(state.holes))
        self.operator = state.operator
        self.scores = list(state.scores)
        self.batteries = list(state.batteries)
        self.evals = state.evals
        self.evaluated = state.evaluated
        self.effect = state.effect
        self.rung: int | None = None
        self.over = False
        self.events: list[str] = []
        self.active = state.side
        self.pulls_by: dict[int, int] = {}

    def clone(self) -> Sim:
        other = Sim.__new__(Sim)
        other.__dict__.update(self.__dict__)
        other.cars = list(self.cars)
        other.bells = set(self.bells)
        other.holes = set(self.holes)
        other.hole_fields = set(self.hole_fields)
        other.scores = list(self.scores)
        other.batteries = list(self.batteries)
        other.events = list(self.events)
        other.pulls_by = dict(self.pulls_by)
        return other

    # -- small helpers -----------------------------------------------------------------------

    def unlocked(self) -> bool:
        return (
            self.state.turn >= RULES.first_evaluation_turn
            and not self.evaluated
            and self.rung is None
        )

    def is_empty(self, field: int) -> bool:
        return (
            field not in self.hole_fields
            and not self.cars[field]
            and field not in self.bells
            and field != self.operator
        )

    def points(self, side: int, amount: int, reason: str) -> None:
        self.scores[side] += amount
        sign = "+" if amount >= 0 else "-"
        self.events.append(f"pts {SIDES[side]} {sign}{abs(amount)} {reason}")

    def move(self, source: int, target: int) -> None:
        self.cars[target] = self.cars[source]
        self.cars[source] = 0
        self.events.append(f"move {FIELD_NAMES[source]}>{FIELD_NAMES[target]}")

    def remove(self, field: int, how: str) -> None:
        """A car leaves the board by the edge or into a hole (R33)."""
        side = car_side(self.cars[field])
        self.cars[field] = 0
        self.events.append(f"off {SIDES[side]} {FIELD_NAMES[field]} {how}")
        if side != self.active:
            self.points(self.active, RULES.push_off_points, "pushoff")

    def send_back(self, field: int, how: str) -> None:
        """A car returned without points: tile removal or Saboteur."""
        side = car_side(self.cars[field])
        self.cars[field] = 0
        self.events.append(f"back {SIDES[side]} {FIELD_NAMES[field]} {how}")

    def ring(self, field: int) -> None:
        self.bells.discard(field)
        self.rung = field
        self.events.append(f"ring {FIELD_NAMES[field]}")

    # -- the step rule and pushes ------------------------------------------------------------

    def step(self, field: int, direction: int) -> tuple[str, int]:
        """R32 for the car on ``field``; returns the result and the field it ends on or hits."""
        target = NEIGHBOURS[field][direction]
        if target < 0:
            self.remove(field, "edge")
            return REMOVED, -1
        if target in self.hole_fields:
            self.remove(field, "hole")
            return REMOVED, -1
        if target == self.operator:
            return BLOCKED, field
        if target in self.bells:
            if self.unlocked():
                self.move(field, target)
                self.ring(target)
                return RANG, target
            return BLOCKED, field
        if self.cars[target]:
            return HIT, target
        self.move(field, target)
        return MOVED, target

    def last_of_row(self, field: int, direction: int) -> int:
        while True:
            following = NEIGHBOURS[field][direction]
            if following < 0 or not self.cars[following]:
                return field
            field = following

    def row(self, field: int, direction: int) -> list[int]:
        cars = [field]
        while True:
            following = NEIGHBOURS[cars[-1]][direction]
            if following < 0 or not self.cars[following]:
                return cars
            cars.append(following)

    def push(self, field: int, direction: int, force: int) -> None:
        """R35: Newton's cradle with ``force`` steps."""
        remaining = force
        while remaining > 0:
            last = self.last_of_row(field, direction)
            while remaining > 0:
                result, where = self.step(last, direction)
                if result == MOVED:
                    remaining -= 1
                    last = where
                    continue
                if result == HIT:
                    field = where
                    break
                return

    def rocket(self, field: int, direction: int) -> None:
        """R78: the last car of the hit row slides until something stops it."""
        last = self.last_of_row(field, direction)
        while True:
            result, where = self.step(last, direction)
            if result == MOVED:
                last = where
                continue
            if result == HIT:
                self.push(where, direction, 1)
            return

    def tandem(self, placed: int, field: int, direction: int) -> None:
        """R81: the last two cars of the hit row (or the placed car and one hit car) move."""
        cars = self.row(field, direction)
        back, front = (cars[-2], cars[-1]) if len(cars) >= 2 else (placed, cars[0])
        result, _ = self.step(front, direction)
        if result in (MOVED, RANG, REMOVED):
            self.move(back, front)

    def operator_row_blocked(self, field: int, direction: int) -> bool:
        """R60: the row the operator would push ends at a locked bell."""
        last = self.last_of_row(field, direction)
        target = NEIGHBOURS[last][direction]
        return (
            target >= 0
            and target not in self.hole_fields
            and target in self.bells
            and not self.unlocked()
        )

    def operator_push(self, field: int, direction: int) -> None:
        """R59: the whole row shifts one field, front first (Sokoban)."""
        cars = self.row(field, direction)
        result, _ = self.step(cars[-1], direction)
        if result == BLOCKED:  # pragma: no cover - checked beforehand
            raise AssertionError("operator row blocked")
        for index in range(len(cars) - 2, -1, -1):
            self.move(cars[index], cars[index + 1])

    def move_operator(self, target: int) -> None:
        self.events.append(f"op {self.operator_name(self.operator)}>{self.operator_name(target)}")
        self.operator = target

    @staticmethod
    def operator_name(position: int) -> str:
        return hole_name(position - HOLE_BASE) if position >= HOLE_BASE else FIELD_NAMES[position]

    # -- magnets --------------------------------------------------------------------------------

    def magnet_phase(self) -> None:
        """R53: one simultaneous pass on a snapshot of the position."""
        magnets = magnet_fields(self.cars)
        if not magnets:
            return
        acted: dict[int, list[tuple[int, int]]] = {}
        unlocked = self.unlocked()
        for magnet in magnets:
            for direction in range(6):
                near = NEIGHBOURS[magnet][direction]
                if near < 0:
                    continue
                in_hole = near in self.hole_fields
                if not in_hole and self.cars[near]:
                    acted.setdefault(near, []).append((magnet, -1))
                    continue
                far = NEIGHBOURS[near][direction]
                if far < 0 or far in self.hole_fields or not self.cars[far]:
                    continue
                if not in_hole:
                    if near == self.operator:
                        continue
                    if near in self.bells and not unlocked:
                        continue
                acted.setdefault(far, []).append((magnet, near))
        candidates = {
            car: actions[0]
            for car, actions in acted.items()
            if len(actions) == 1 and actions[0][1] >= 0
        }
        targets: dict[int, int] = {}
        for _magnet, target in candidates.values():
            targets[target] = targets.get(target, 0) + 1
        moving = {car: mt for car, mt in candidates.items() if targets[mt[1]] == 1}
        bell_targets = {mt[1] for mt in moving.values() if mt[1] in self.bells}
        if len(bell_targets) >= 2:
            moving = {car: mt for car, mt in moving.items() if mt[1] not in self.bells}
        for car in sorted(moving):
            magnet, target = moving[car]
            self.pulls_by[magnet] = self.pulls_by.get(magnet, 0) + 1
            if target in self.hole_fields:
                self.remove(car, "hole")
                continue
            self.events.append(
                f"pull {FIELD_NAMES[car]}>{FIELD_NAMES[target]} by {FIELD_NAMES[magnet]}"
            )
            self.cars[target] = self.cars[car]
            self.cars[car] = 0
            if target in self.bells:
                self.ring(target)

    # -- evaluation and the pipeline -------------------------------------------------------------

    def evaluation_sums(self) -> tuple[int, int]:
        table = GEOMETRY.bright if self.effect == "bright" else GEOMETRY.standard
        sums = [0, 0]
        for field, cell in enumerate(self.cars):
            if cell:
                sums[car_side(cell)] += table[self.state.values[field]]
        return sums[0], sums[1]

    def evaluate(self) -> None:
        """R86–R88 for the pending bell, then R97."""
        assert self.rung is not None
        table = GEOMETRY.bright if self.effect == "bright" else GEOMETRY.standard
        self.evals += 1
        sums = [0, 0]
        lines = []
        for field, cell in enumerate(self.cars):
            if cell:
                value = table[self.state.values[field]]
                sums[car_side(cell)] += value
                if value:
                    lines.append(f"evalcar {SIDES[car_side(cell)]} {FIELD_NAMES[field]} {value}")
        self.events.append(f"eval {self.evals} A+{sums[0]} B+{sums[1]}")
        self.events.extend(lines)
        self.scores[0] += sums[0]
        self.scores[1] += sums[1]
        tile = GEOMETRY.tile_of[self.rung]
        if self.effect != "heartless":
            for field in GEOMETRY.tile_fields[tile]:
                if self.cars[field]:
                    self.send_back(field, "tile")
                self.bells.discard(field)
            self.holes.add(tile)
            self.hole_fields.update(GEOMETRY.tile_fields[tile])
            if self.operator in GEOMETRY.tile_fields[tile]:
                self.operator = HOLE_BASE + tile
            self.events.append(f"tile {GEOMETRY.tile_names[tile]} removed")
        self.events.append(f"track {FIELD_NAMES[self.rung]} {self.evals}")
        self.rung = None
        self.evaluated = True
        if self.evals >= RULES.evaluations_to_end:
            self.end("eval7")

    def end(self, reason: str) -> None:
        self.over = True
        a, b = self.scores
        verdict = "draw" if a == b else f"winner {'A' if a > b else 'B'}"
        self.events.append(f"end {reason} A{a} B{b} {verdict}")

    def finish(self) -> None:
        """Steps 3–6 of the action pipeline (R25)."""
        if self.rung is not None:
            self.evaluate()
            if self.over:
                return
        self.magnet_phase()
        if self.rung is not None:
            self.evaluate()
            if self.over:
                return
        cars = self.cars
        if not all(any(code in cars for code in codes) for codes in _SIDE_CODES):
            self.end("nocars")

    def to_state(self, **changes: object) -> CrashState:
        return replace(
            self.state,
            cars=tuple(self.cars),
            bells=tuple(sorted(self.bells)),
            holes=tuple(sorted(self.holes)),
            operator=self.operator,
            scores=(self.scores[0], self.scores[1]),
            batteries=(self.batteries[0], self.batteries[1]),
            evals=self.evals,
            evaluated=self.evaluated,
            **changes,  # type: ignore[arg-type]
        )
