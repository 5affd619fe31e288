"""The immutable state of a Pat a Mat race: pawns, cars, flags and the phase."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from companion.games.patamat.board import Board
from companion.games.patamat.description import MAX_TARGET, MIN_TARGET

CAR_TYPES = ("kart", "car", "tractor", "rusty", "garbage")
CAR_COUNTS = {"kart": 3, "car": 4, "tractor": 2, "rusty": 3, "garbage": 3}
ALL_CARS = tuple(
    f"{kind}{number}" for kind in CAR_TYPES for number in range(1, CAR_COUNTS[kind] + 1)
)
CAR_INDEX = {car: index for index, car in enumerate(ALL_CARS)}
CAR_TYPE = {car: car.rstrip("0123456789") for car in ALL_CARS}
ROLLING_TYPES = frozenset({"kart", "car", "garbage"})
NO_ROLL_TYPES = frozenset({"tractor", "rusty"})

PHASES = ("setup", "rolloff", "play", "over")
_NAME = re.compile(r"\w+")


@dataclass(frozen=True)
class Pawn:
    """One player's figure: where it stands and what that field gave it for its next turn."""

    field: str
    car: str | None = None
    options: tuple[str, ...] = ()
    light: bool = False

    def cleared(self) -> Pawn:
        return Pawn(self.field)


@dataclass(frozen=True)
class State:
    """The whole position.

    ``turn`` is the seat whose input is awaited (the winner once the game is over);
    ``car_fields`` has one entry per car of :data:`ALL_CARS` (None while not yet placed);
    during the roll-off ``rolloff_group`` lists the seats still rolling and ``rolloff_rolls``
    the rolls made so far this round by the first of them.
    """

    board: Board
    names: tuple[str, ...]
    target: int
    phase: str
    turn: int
    car_fields: tuple[str | None, ...]
    pawns: tuple[Pawn, ...]
    flags: tuple[int, ...]
    rolloff_group: tuple[int, ...] = ()
    rolloff_rolls: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def pawn(self) -> Pawn:
        return self.pawns[self.turn]

    def cars_on(self, field_id: str) -> tuple[str, ...]:
        return tuple(car for car, spot in zip(ALL_CARS, self.car_fields) if spot == field_id)

    def placed_count(self) -> int:
        return sum(1 for spot in self.car_fields if spot is not None)

    def unplaced_types(self) -> tuple[str, ...]:
        return tuple(kind for kind in CAR_TYPES if self.next_car_of(kind) is not None)

    def next_car_of(self, kind: str) -> str | None:
        """The lowest-numbered unplaced car of ``kind`` (S3), or None if all are placed."""
        for number in range(1, CAR_COUNTS[kind] + 1):
            car = f"{kind}{number}"
            if self.car_fields[CAR_INDEX[car]] is None:
                return car
        return None

    def with_pawn(self, seat: int, pawn: Pawn) -> State:
        return replace(self, pawns=self.pawns[:seat] + (pawn,) + self.pawns[seat + 1 :])

    def with_car(self, car: str, field_id: str) -> State:
        index = CAR_INDEX[car]
        fields = self.car_fields[:index] + (field_id,) + self.car_fields[index + 1 :]
        return replace(self, car_fields=fields)


def initial_state(board: Board, names: tuple[str, ...], target: int) -> State:
    """S3/S4: no car placed, every pawn on START, nobody has a flag, seat 1 places first."""
    return State(
        board=board,
        names=names,
        target=target,
        phase="setup",
        turn=0,
        car_fields=(None,) * len(ALL_CARS),
        pawns=tuple(Pawn(board.start) for _ in names),
        flags=(0,) * len(names),
    )


def check_names(names: tuple[str, ...]) -> None:
    """P5: names of letters, digits and _, unique ignoring case; raise ValueError otherwise."""
    for name in names:
        if not _NAME.fullmatch(name):
            raise ValueError(f"player name {name!r} must be letters and digits, without spaces")
    folded = [name.casefold() for name in names]
    for name, key in zip(names, folded):
        if folded.count(key) > 1:
            raise ValueError(f"player name {name!r} is used twice (names must differ)")


def check_target(target: object) -> int:
    if isinstance(target, bool) or not isinstance(target, int):
        raise ValueError(  # noqa: TRY004 (the facade reports bad option values as ValueError)
            f"option 'target' must be a whole number of flags, not {target!r}"
        )
    if not MIN_TARGET <= target <= MAX_TARGET:
        raise ValueError(
            f"option 'target' must be {MIN_TARGET} to {MAX_TARGET} flags, not {target}"
        )
    return target


def car_type(car: str) -> str:
    return CAR_TYPE[car]


def sort_cars(cars: tuple[str, ...] | list[str] | set[str]) -> tuple[str, ...]:
    return tuple(sorted(cars, key=CAR_INDEX.__getitem__))
