"""Quoridor's immutable state and its seats (R7, Q1)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from companion.games.quoridor.board import (
    COLUMN_MASKS,
    ROW_MASKS,
    Openings,
    Wall,
    square_index,
)

TOTAL_WALLS = 20


@dataclass(frozen=True)
class Seat:
    """A seat is named after its start square (R7) and wins on its goal edge."""

    name: str
    goal_name: str
    goal: int

    @property
    def start(self) -> int:
        return square_index(self.name)


SEAT_E9 = Seat("e9", "row 1", ROW_MASKS[0])
SEAT_A5 = Seat("a5", "column i", COLUMN_MASKS[8])
SEAT_E1 = Seat("e1", "row 9", ROW_MASKS[8])
SEAT_I5 = Seat("i5", "column a", COLUMN_MASKS[0])

SEATS: dict[int, tuple[Seat, ...]] = {
    2: (SEAT_E9, SEAT_E1),
    4: (SEAT_E9, SEAT_A5, SEAT_E1, SEAT_I5),
}


@dataclass(frozen=True)
class QuoridorState:
    players: int
    pawns: tuple[int, ...]
    walls_left: tuple[int, ...]
    walls: tuple[Wall, ...]
    turn: int
    winner: int | None = None
    is_draw: bool = False
    passes: int = 0
    sidestep_when_pawn_behind: bool = True

    @property
    def seats(self) -> tuple[Seat, ...]:
        return SEATS[self.players]

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.is_draw

    @cached_property
    def openings(self) -> Openings:
        return Openings.of(self.walls)

    def next_seat(self) -> int:
        return (self.turn + 1) % self.players


def initial_state(players: int, sidestep_when_pawn_behind: bool = True) -> QuoridorState:
    seats = SEATS[players]
    walls_each = TOTAL_WALLS // players
    return QuoridorState(
        players=players,
        pawns=tuple(seat.start for seat in seats),
        walls_left=(walls_each,) * players,
        walls=(),
        turn=0,
        sidestep_when_pawn_behind=sidestep_when_pawn_behind,
    )
