"""The PAC-MAN variant's immutable state, its seats and ghost owners (R30), sight (R44), rank."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.games.pacman.layout import GHOST_NAMES, Layout
from companion.games.quoridor.board import RIGHT, SIZE, UP, column_of, row_of

Phase = Literal["pacman", "ghosts", "over"]
Winner = Literal["pacman", "ghosts"]

PACMAN_SEAT = 0
NORMAL_STEPS = 2
BONUS_STEPS = 3

# R30: the deal of blinky, pinky, inky, clyde to 1–4 ghost players (seats 1…).
DEFAULT_OWNERS: dict[int, tuple[int, int, int, int]] = {
    1: (1, 1, 1, 1),
    2: (1, 1, 2, 2),
    3: (1, 1, 2, 3),
    4: (1, 2, 3, 4),
}

# R52: dots eaten → rank (A25 thresholds).
RANKS = ("beginner", "beginner", "amateur", "pro", "expert")


@dataclass(frozen=True)
class PacmanState:
    """One moment of the game. Squares are board indices; a ghost off the board is None.

    ``round`` and ``last_event`` are for the screen only: they are not part of the position
    notation (Part E) and do not take part in equality.
    """

    layout: Layout
    players: int
    owners: tuple[int, int, int, int]
    phase: Phase
    pacman: int
    lives: int
    dots: tuple[int, ...]
    ghosts: tuple[int | None, int | None, int | None, int | None]
    moved: tuple[int, ...] = ()
    winner: Winner | None = None
    round: int = field(default=1, compare=False)
    last_event: tuple[str, ...] = field(default=(), compare=False)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def dots_eaten(self) -> int:
        return len(self.layout.dots) - len(self.dots)

    @property
    def rank(self) -> str:
        return RANKS[min(self.dots_eaten, len(RANKS) - 1)]

    @property
    def ghosts_to_move(self) -> tuple[int, ...]:
        """The ghosts still to move in this ghost phase (R43), in blinky … clyde order."""
        if self.phase != "ghosts":
            return ()
        return tuple(
            ghost
            for ghost, square in enumerate(self.ghosts)
            if square is not None and ghost not in self.moved
        )

    def sees_pacman(self, ghost: int) -> bool:
        """R44: same row or column with no wall between; ghosts and dots never block sight."""
        square = self.ghosts[ghost]
        if square is None or square == self.pacman:
            return False
        return sees(self.layout, square, self.pacman)


def sees(layout: Layout, origin: int, target: int) -> bool:
    openings = layout.openings
    low, high = min(origin, target), max(origin, target)
    if row_of(origin) == row_of(target):
        return all(openings.is_open(square, RIGHT) for square in range(low, high))
    if column_of(origin) == column_of(target):
        return all(openings.is_open(square, UP) for square in range(low, high, SIZE))
    return False


def initial_state(layout: Layout, players: int, owners: tuple[int, int, int, int]) -> PacmanState:
    """R31: every piece on its start square, all dots on the board, the layout's lives."""
    return PacmanState(
        layout=layout,
        players=players,
        owners=owners,
        phase="pacman",
        pacman=layout.pacman,
        lives=layout.lives,
        dots=layout.dots,
        ghosts=layout.ghosts,
    )


def ghost_owners(value: Any, players: int) -> tuple[int, int, int, int]:
    """The option ``ghost_owners``: None (the deal of R30), a dict ghost → seat, or 4 seats.

    A string such as ``"1 1 2 2"`` or ``"blinky=1 pinky=1 inky=2 clyde=2"`` is read too.
    """
    ghost_players = players - 1
    if value is None:
        return DEFAULT_OWNERS[ghost_players]
    seats: Sequence[Any]
    if isinstance(value, str):
        value = _owners_from_text(value)
    if isinstance(value, dict):
        unknown = sorted(str(key) for key in value if key not in GHOST_NAMES)
        if unknown:
            raise ValueError(f"option 'ghost_owners' names no ghost {unknown[0]!r}")
        missing = [ghost for ghost in GHOST_NAMES if ghost not in value]
        if missing:
            raise ValueError(f"option 'ghost_owners' gives no owner for {missing[0]}")
        seats = [value[ghost] for ghost in GHOST_NAMES]
    elif isinstance(value, (list, tuple)):
        seats = value
    else:
        raise ValueError(  # noqa: TRY004 - the registry promises ValueError for bad options
            f"option 'ghost_owners' must be a dict or 4 seats, not {value!r}"
        )
    if len(seats) != len(GHOST_NAMES):
        raise ValueError(f"option 'ghost_owners' must name 4 owners, not {len(seats)}")
    for ghost, seat in zip(GHOST_NAMES, seats):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= ghost_players:
            raise ValueError(
                f"option 'ghost_owners': the owner of {ghost} must be a ghost player's seat "
                f"1–{ghost_players}, not {seat!r}"
            )
    for seat in range(1, players):
        if seat not in seats:
            raise ValueError(f"option 'ghost_owners': seat {seat} would own no ghost")
    return (seats[0], seats[1], seats[2], seats[3])


def _owners_from_text(text: str) -> Any:
    parts = text.replace(",", " ").split()
    if all("=" in part for part in parts):
        pairs = [part.split("=", 1) for part in parts]
        return {name.strip().lower(): _int_or_text(seat) for name, seat in pairs}
    return [_int_or_text(part) for part in parts]


def _int_or_text(text: str) -> int | str:
    return int(text) if text.strip().isdigit() else text
