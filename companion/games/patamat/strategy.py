"""The companion's play in Pat a Mat závodí (rules/patamat.md).

Two things are left to a player: where to put the cars before the race (S3) and which car to
take when a field offers several types (R17). ``go`` is the only input of a tractor or rusty
turn and is played as it comes.

A position is judged by the *expected number of turns* each pawn still needs: for the lap it is
on (from its field, with what it rides next turn and its traffic light) and for the laps still
to win. That number comes from a small model of one lap on the current car layout: a pawn that
stops on a field boards what stands there (or picks the best of several types), a semafor costs
the chance of red, and the paths are those of the game's own ``walk_path``. The model holds the
cars where they stand and leaves out bumps; it is solved by value iteration, once per layout.

* easy: a child's grab: any of the cars offered, at random, except that it leaves a garbage
  truck (backwards) when another car is offered; cars placed anywhere. Choosing at random is
  what makes it beatable: the car choices are the only decisions in the race (about one per
  player per lap), and a player who always takes them in the order kart, car, tractor, rusty,
  garbage already plays about as well as normal (benchmarks/README.md, issue 24, fourth round).
* normal: each car type judged by the mean, over the die, of the position after the movement it
  gives (one roll ahead, through the game's ``apply``).
* strong: two rolls ahead (the movement, then whoever rolls next, deciding as normal would).

Placement, normal and strong: the cars that help go where a walking pawn stops most often,
spread over the fields; a car that hinders goes beside one that helps, so that whoever stops
there must choose between them (R17), a choice the companion makes well and a careless player
may not. Without such a field it goes where pawns stop least.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.game import Rules
from companion.engine.strategy import Turn, expected_over_roll
from companion.games.patamat import turns
from companion.games.patamat.state import ALL_CARS, CAR_TYPE, CAR_TYPES, Pawn, State

DIE = range(1, 7)
TRACTOR_STEPS = 2
"""R6: a tractor moves exactly two fields."""
GREEN_CHANCE = len(turns.GREEN) / (len(DIE) - len(turns.ORANGE))
"""R10: the chance that a light ends green (orange is rolled again)."""
WON = 1_000.0

ROLLS_AHEAD = {"normal": 1, "strong": 2}
"""Die rolls looked ahead by a car choice (work limits)."""
EASY_SHUNS = "garbage"
"""The one car easy leaves when it can: a child sees that it drives backwards."""

CAR_GAIN = {"kart": 7.0, "car": 3.5, "tractor": -1.5, "rusty": -3.5, "garbage": -7.0}
"""Fields a car of each type gains (or loses) against walking one turn: 3n, 2n, 2, 0, -n."""
MIXED_PLACEMENT = True
"""A hindering car goes beside a helping one (see the placement above)."""
SWEEPS = 200
TOLERANCE = 1e-4


def choose(turn: Turn) -> str:
    state: State = turn.state
    lines = turn.legal()
    if len(lines) == 1:
        return lines[0]
    if state.phase == "setup":
        if turn.level == "easy":
            return turn.rng.choice(lines)
        return _place(turn, state, lines)
    if turn.level == "easy":
        forward = [line for line in lines if line.split()[-1] != EASY_SHUNS]
        return turn.rng.choice(forward or lines)
    model = lap_model(state)
    seat = turn.seat
    depth = ROLLS_AHEAD[turn.level]
    return turn.best(lines, lambda line: _ahead(turn, turn.after(line), seat, model, depth))


# -- judging a position ---------------------------------------------------------------------------


class LapModel:
    """Expected turns to CÍL from every field on one car layout (bumps left out)."""

    def __init__(self, state: State) -> None:
        board = state.board
        self.state = state
        self.start = board.start
        self.finish = board.finish
        self.types: dict[str, tuple[str, ...]] = {}
        for car, spot in zip(ALL_CARS, state.car_fields):
            if spot is not None and spot not in (board.start, board.finish):
                kinds = set(self.types.get(spot, ())) | {CAR_TYPE[car]}
                self.types[spot] = tuple(kind for kind in CAR_TYPES if kind in kinds)
        self.semafors = {spot.id for spot in board.fields if spot.kind == "semafor"}
        fields = [spot.id for spot in board.fields if spot.id != board.finish]
        steps = {field: self._distance(field) for field in fields}
        self.walk: dict[str, float] = {field: steps[field] / 3.5 for field in fields}
        self.held: dict[tuple[str, str], float] = {
            (field, kind): self.walk[field]
            for field, kinds in self.types.items() if field in self.walk
            for kind in kinds
        }
        order = sorted(fields, key=lambda field: (steps[field], field))
        self._solve(order)

    def _distance(self, field: str) -> int:
        """Steps to CÍL along the route a walking pawn takes from ``field``."""
        path, _ = turns.walk_path(self.state, field, 10_000, backward=False)
        return len(path)

    def _ends(self, field: str, kind: str) -> list[str]:
        if kind == "tractor":
            counts = [TRACTOR_STEPS]
        else:
            counts = [turns.MODE_FACTOR[kind] * value for value in DIE]
        ends = []
        for count in counts:
            path, _ = turns.walk_path(self.state, field, count, backward=kind == "garbage")
            ends.append(path[-1] if path else field)
        return ends

    def _solve(self, order: list[str]) -> None:
        moves = {field: self._ends(field, "walk") for field in order}
        rides = {
            (field, kind): self._ends(field, kind)
            for field, kind in self.held if kind != "rusty"
        }
        for _ in range(SWEEPS):
            change = 0.0
            for field in order:
                for kind in self.types.get(field, ()):
                    if kind == "rusty":
                        new = 1 + self.walk[field]
                    else:
                        new = 1 + self._mean_arrival(rides[field, kind])
                    change = max(change, abs(new - self.held[field, kind]))
                    self.held[field, kind] = new
                new = 1 + self._mean_arrival(moves[field])
                change = max(change, abs(new - self.walk[field]))
                self.walk[field] = new
            if change < TOLERANCE:
                break

    def _mean_arrival(self, ends: list[str]) -> float:
        return sum(self.arrival(end) for end in ends) / len(ends)

    def arrival(self, field: str) -> float:
        """Expected turns still needed by a pawn that has just come to rest on ``field``."""
        if field == self.finish:
            return 0.0
        kinds = self.types.get(field, ())
        base = min((self.held[field, kind] for kind in kinds), default=self.walk[field])
        if field in self.semafors:
            return GREEN_CHANCE * base + (1 - GREEN_CHANCE) * (1 + self.walk[field])
        return base

    def riding(self, field: str, kind: str) -> float:
        """Expected turns from ``field`` at the start of a turn riding a car of ``kind``."""
        if (field, kind) in self.held:
            return self.held[field, kind]
        if kind == "rusty":
            return 1 + self.walk[field]
        return 1 + self._mean_arrival(self._ends(field, kind))

    def pawn(self, pawn: Pawn) -> float:
        """Expected turns for ``pawn`` to end its lap, from the start of its next turn."""
        field = pawn.field
        if field == self.finish:
            return 0.0
        if pawn.options:
            base = min(self.riding(field, CAR_TYPE[car]) for car in pawn.options)
        elif pawn.car is not None:
            base = self.riding(field, CAR_TYPE[pawn.car])
        else:
            base = self.walk[field]
        if pawn.light:
            return GREEN_CHANCE * base + (1 - GREEN_CHANCE) * (1 + self.walk[field])
        return base


_MODELS: dict[tuple[object, tuple[str | None, ...]], LapModel] = {}


def lap_model(state: State) -> LapModel:
    """The lap model of the state's car layout (memoised: it changes only when a car moves)."""
    key = (state.board, state.car_fields)
    model = _MODELS.get(key)
    if model is None:
        if len(_MODELS) > 64:
            _MODELS.clear()
        model = _MODELS[key] = LapModel(state)
    return model


def turns_left(state: State, seat: int, model: LapModel) -> float:
    """Expected turns seat ``seat`` needs to win: this lap, then the laps still missing."""
    laps_after = state.target - state.flags[seat] - 1
    return model.pawn(state.pawns[seat]) + laps_after * model.walk[model.start]


def value(state: State, seat: int, model: LapModel) -> float:
    """How good ``state`` is for ``seat``: the best rival's turns left minus its own."""
    if state.phase == "over":
        return WON if state.turn == seat else -WON
    mine = turns_left(state, seat, model)
    rivals = [turns_left(state, other, model) for other in range(state.players) if other != seat]
    return min(rivals) - mine


def _ahead(turn: Turn, state: State, seat: int, model: LapModel, rolls: int) -> float:
    """``seat``'s value of ``state`` looking ``rolls`` die rolls ahead; the decisions met on the
    way are taken as normal would take them, each for its own seat."""
    rules = turn.rules
    awaiting = rules.awaiting(state)
    if awaiting == "over" or rolls == 0:
        return value(state, seat, model)
    if awaiting == "roll":
        return expected_over_roll(
            rules, state, lambda after: _ahead(turn, after, seat, model, rolls - 1)
        )
    lines = rules.legal(state)
    mover = rules.to_move(state)
    if len(lines) > 1 and mover is not None:
        line = max(lines, key=_judged(rules, state, mover, model))
    else:
        line = lines[0]
    return _ahead(turn, rules.apply(state, line)[0], seat, model, rolls)


def _judged(
    rules: Rules[Any], state: State, mover: int, model: LapModel
) -> Callable[[str], float]:
    """Normal's judgement of a line for ``mover``: the mean value one roll later."""

    def score(line: str) -> float:
        after = rules.apply(state, line)[0]
        return expected_over_roll(rules, after, lambda rolled: value(rolled, mover, model))

    return score


# -- placing the cars -----------------------------------------------------------------------------


def _place(turn: Turn, state: State, lines: list[str]) -> str:
    stops = stop_chances(state)
    crowd: dict[str, int] = {}
    helped: set[str] = set()
    for car, spot in zip(ALL_CARS, state.car_fields):
        if spot is not None:
            crowd[spot] = crowd.get(spot, 0) + 1
            if CAR_GAIN[CAR_TYPE[car]] > 0:
                helped.add(spot)
    pairs = MIXED_PLACEMENT

    def score(line: str) -> float:
        _, kind, field = line.split()
        gain, crowded = CAR_GAIN[kind], 1 + crowd.get(field, 0)
        chance = stops.get(field, 0.0)
        if gain > 0:
            return round(gain * chance / crowded, 9)
        if pairs and field in helped:
            return round(chance / crowded, 9)
        return round(gain * chance * crowded, 9)

    return turn.best(lines, score)


_STOPS: dict[object, dict[str, float]] = {}


def stop_chances(state: State) -> dict[str, float]:
    """For each field, the chance that a pawn walking one lap from START stops on it."""
    board = state.board
    cached = _STOPS.get(board)
    if cached is not None:
        return cached
    chances: dict[str, float] = {}
    current = {board.start: 1.0}
    for _ in range(200):
        following: dict[str, float] = {}
        for field, chance in current.items():
            for count in DIE:
                path, _ = turns.walk_path(state, field, count, backward=False)
                end = path[-1]
                if end != board.finish:
                    following[end] = following.get(end, 0.0) + chance / len(DIE)
        for field, chance in following.items():
            chances[field] = chances.get(field, 0.0) + chance
        current = following
        if sum(current.values()) < TOLERANCE:
            break
    _STOPS[board] = chances
    return chances
