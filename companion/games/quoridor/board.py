"""The 9×9 board: squares, walls and open steps, as bitboards.

Square index = row * 9 + column, both 0-based; ``e5`` is column 4, row 4. A wall is anchored at
the lowest-column, lowest-row square of the 2×2 block it touches (OpenSpiel notation). This
module is shared by standard Quoridor and the PAC-MAN variant.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

SIZE = 9
SQUARES = SIZE * SIZE
COLUMNS = "abcdefghi"
ALL = (1 << SQUARES) - 1

SQUARE_PATTERN = re.compile(r"^[a-i][1-9]$")
WALL_PATTERN = re.compile(r"^[a-i][1-9][hv]$")


def square_index(name: str) -> int:
    """``'e5'`` → 40. The name must match ``^[a-i][1-9]$`` (lower case)."""
    return (int(name[1]) - 1) * SIZE + COLUMNS.index(name[0])


def square_name(index: int) -> str:
    return f"{COLUMNS[index % SIZE]}{index // SIZE + 1}"


def column_of(index: int) -> int:
    return index % SIZE


def row_of(index: int) -> int:
    return index // SIZE


class Wall(NamedTuple):
    """A wall: anchor column and row (0-based) and whether it runs horizontally."""

    column: int
    row: int
    is_horizontal: bool

    @property
    def name(self) -> str:
        return f"{COLUMNS[self.column]}{self.row + 1}{'h' if self.is_horizontal else 'v'}"

    @property
    def is_in_bounds(self) -> bool:
        return 0 <= self.column < SIZE - 1 and 0 <= self.row < SIZE - 1

    def overlaps(self, other: Wall) -> bool:
        """Same orientation sharing an edge (R24, overlap)."""
        if self.is_horizontal != other.is_horizontal:
            return False
        if self.is_horizontal:
            return self.row == other.row and abs(self.column - other.column) <= 1
        return self.column == other.column and abs(self.row - other.row) <= 1

    def crosses(self, other: Wall) -> bool:
        """Other orientation at the same midpoint (R24, crossing)."""
        return self.is_horizontal != other.is_horizontal and self[:2] == other[:2]


def parse_wall(text: str) -> Wall:
    """``'e3h'`` → Wall(4, 2, True). The text must match ``^[a-i][1-9][hv]$``."""
    return Wall(COLUMNS.index(text[0]), int(text[1]) - 1, text[2] == "h")


ALL_WALLS: tuple[Wall, ...] = tuple(
    Wall(column, row, is_horizontal)
    for column in range(SIZE - 1)
    for row in range(SIZE - 1)
    for is_horizontal in (True, False)
)


def _row_mask(row: int) -> int:
    return ((1 << SIZE) - 1) << (row * SIZE)


def _column_mask(column: int) -> int:
    return sum(1 << (row * SIZE + column) for row in range(SIZE))


ROW_MASKS = tuple(_row_mask(row) for row in range(SIZE))
COLUMN_MASKS = tuple(_column_mask(column) for column in range(SIZE))

# Directions as (name, index delta); the board edges come from the masks below.
UP, DOWN, RIGHT, LEFT = 0, 1, 2, 3
DELTAS = (SIZE, -SIZE, 1, -1)
OPPOSITE = (DOWN, UP, LEFT, RIGHT)
PERPENDICULAR = ((RIGHT, LEFT), (RIGHT, LEFT), (UP, DOWN), (UP, DOWN))
_EDGE_OPEN = (
    ALL & ~ROW_MASKS[SIZE - 1],
    ALL & ~ROW_MASKS[0],
    ALL & ~COLUMN_MASKS[SIZE - 1],
    ALL & ~COLUMN_MASKS[0],
)


def wall_blocks(wall: Wall) -> tuple[int, int, int, int]:
    """Bits of the squares whose step UP, DOWN, RIGHT, LEFT the wall closes."""
    a = wall.row * SIZE + wall.column
    if wall.is_horizontal:
        below = (1 << a) | (1 << (a + 1))
        return below, below << SIZE, 0, 0
    left = (1 << a) | (1 << (a + SIZE))
    return 0, 0, left, left << 1


@dataclass(frozen=True)
class Openings:
    """For each direction, the squares from which a step that way is open."""

    masks: tuple[int, int, int, int]

    @staticmethod
    def of(walls: Iterable[Wall]) -> Openings:
        return _openings(frozenset(walls))

    def with_wall(self, wall: Wall) -> Openings:
        blocked = wall_blocks(wall)
        return Openings(tuple(m & ~b for m, b in zip(self.masks, blocked)))  # type: ignore[arg-type]

    def is_open(self, square: int, direction: int) -> bool:
        return bool(self.masks[direction] >> square & 1)

    def neighbours(self, square: int) -> list[int]:
        return [
            square + DELTAS[direction]
            for direction in range(4)
            if self.masks[direction] >> square & 1
        ]

    def grow(self, reach: int) -> int:
        """``reach`` plus every square one open step away from it."""
        up, down, right, left = self.masks
        return (
            reach
            | ((reach & up) << SIZE)
            | ((reach & down) >> SIZE)
            | ((reach & right) << 1)
            | ((reach & left) >> 1)
        )

    def reachable(self, start_bits: int, within: int = ALL) -> int:
        """Every square reachable from ``start_bits`` by open steps (flood fill)."""
        reach = start_bits
        while (grown := self.grow(reach) & within) != reach:
            reach = grown
        return reach

    def distance(self, square: int, goal: int) -> int | None:
        """The number of steps on a shortest path from ``square`` to ``goal`` (None if cut off)."""
        reach = 1 << square
        steps = 0
        while not reach & goal:
            grown = self.grow(reach)
            if grown == reach:
                return None
            reach = grown
            steps += 1
        return steps

    def can_reach(self, square: int, goal: int) -> bool:
        """Whether a path of open steps leads from ``square`` to any square of ``goal``."""
        return self.distance(square, goal) is not None


@lru_cache(maxsize=4096)
def _openings(walls: frozenset[Wall]) -> Openings:
    masks = list(_EDGE_OPEN)
    for wall in walls:
        for direction, blocked in enumerate(wall_blocks(wall)):
            masks[direction] &= ~blocked
    return Openings((masks[0], masks[1], masks[2], masks[3]))


def wall_conflict(wall: Wall, placed: Iterable[Wall]) -> tuple[str, Wall] | None:
    """The first placed wall the new one overlaps or crosses, as ("overlap"|"crossing", wall)."""
    placed = tuple(placed)
    for other in placed:
        if wall.overlaps(other):
            return "overlap", other
    for other in placed:
        if wall.crosses(other):
            return "crossing", other
    return None
