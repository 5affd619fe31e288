"""Where the Quoridor board puts its squares, grooves, walls and edge names (no Kivy here).

A 9 × 9 grid of squares with grooves between them, row 1 at the top (as the rules' diagrams),
so seat e9 starts at the bottom edge. Around the grid a frame (``MARGIN``) where each seat's
goal edge is marked in its colour, and outside it the edge names the lines speak of ("move
your pawn to e8", "the wall at c3"): row numbers 1–9 down the left, column letters a–i along
the bottom, in bands of their own so that they hide no square and take no tap. Pixels, y up,
as Kivy draws; a second painter (an SVG for the phones) reads the same numbers.

What a tap means is decided here too: the groove between squares takes a tap for a wall, a
finger-wide band around it (``WALL_BAND``) as well, except on squares that take the whole cell
themselves (a destination, the mover's pawn), which the board names.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass
from typing import Literal

from companion.games.quoridor.board import COLUMNS, parse_wall

SIZE = 9
MARGIN = 8.0
"""Pixels around the grid, where each seat's goal edge is marked in its colour."""
GROOVE = 0.16
"""Groove width as a fraction of the cell pitch."""
WALL_BAND = 0.32
"""A tap this close to a groove (fraction of the pitch) means a wall there, except on squares
that take the tap themselves (destinations, pawns): a finger-wide band around each groove."""
ROW_BAND = 20.0
"""Width of the band left of the frame where the row numbers stand."""
COLUMN_BAND = 24.0
"""Height of the band below the frame where the column letters stand."""
LABEL_FONT = 20
"""Font size of the edge names in pixels: read at arm's length on the 7" screen."""
WALL_THICKNESS = 1.3
"""A placed wall's thickness, in groove widths."""
PREVIEW_THICKNESS = 1.6
"""A previewed wall's thickness, in groove widths: it stands out of the groove."""
BOARD_COLOUR = (0.36, 0.27, 0.19, 1)
"""The frame and the grooves (RGBA 0–1, as Kivy's ``Color``; the SVG writes them in hex)."""
FIXING_BOARD_COLOUR = (0.20, 0.35, 0.65, 1)
"""In fix mode the grooves turn blue: the screen is being edited, not played."""
SQUARE_COLOUR = (0.93, 0.89, 0.80, 1)
WALL_COLOUR = (0.08, 0.08, 0.08, 1)
PREVIEW_COLOUR = (1.0, 0.86, 0.0, 1)
BAD_PREVIEW_COLOUR = (0.95, 0.2, 0.2, 1)
LABEL_COLOUR = (0.90, 0.91, 0.94, 1)
"""The edge names (row numbers, column letters), light on the screen's dark background."""
PAWN_SIZE = 0.8
"""A pawn's diameter, as a fraction of a square's side."""
DESTINATION_DOT = 0.26
"""A legal destination's dot, as a fraction of a square's side (0.36 when the pawn is picked)."""
SQUARE_NAMES = tuple(f"{column}{row}" for row in range(1, SIZE + 1) for column in COLUMNS)

Box = tuple[float, float, float, float]
"""x, y (bottom left), width, height."""
Square = tuple[float, float, float]
"""x, y (bottom left) and side of a square."""
TapKind = Literal["square", "wall"]


@dataclass(frozen=True)
class Tap:
    """What a tap means: a square (``kind`` "square") or a wall's slot ("wall"), by name."""

    kind: TapKind
    name: str


@dataclass(frozen=True)
class EdgeLabel:
    """A row number or column letter, centred on (x, y)."""

    text: str
    x: float
    y: float


@dataclass(frozen=True)
class Grid:
    """The 9 × 9 grid: its bottom-left corner (``left``, ``bottom``) and cell ``pitch``, the
    frame's width and the edge names' bands (0: none)."""

    left: float
    bottom: float
    pitch: float
    margin: float = MARGIN
    row_band: float = 0.0
    column_band: float = 0.0

    @classmethod
    def fit(cls, x: float, y: float, width: float, height: float, margin: float = MARGIN,
            row_band: float = ROW_BAND, column_band: float = COLUMN_BAND) -> Grid:
        """The largest grid whose frame and bands fit the box (x, y, width, height), centred."""
        pitch = min(width - 2 * margin - row_band, height - 2 * margin - column_band) / SIZE
        across = row_band + 2 * margin + SIZE * pitch
        up = column_band + 2 * margin + SIZE * pitch
        return cls(left=x + (width - across) / 2 + row_band + margin,
                   bottom=y + (height - up) / 2 + column_band + margin,
                   pitch=pitch, margin=margin, row_band=row_band, column_band=column_band)

    @property
    def full(self) -> float:
        """The grid's side: nine pitches."""
        return SIZE * self.pitch

    @property
    def top(self) -> float:
        return self.bottom + self.full

    def frame(self) -> Box:
        """The grid with its frame: the board's background."""
        return (self.left - self.margin, self.bottom - self.margin,
                self.full + 2 * self.margin, self.full + 2 * self.margin)

    def square_rect(self, name: str) -> Square:
        """A square inside its cell, half a groove in from each side."""
        column, row = COLUMNS.index(name[0]), int(name[1:]) - 1
        gap = self.pitch * GROOVE / 2
        return (self.left + column * self.pitch + gap,
                self.bottom + (SIZE - 1 - row) * self.pitch + gap,
                self.pitch - 2 * gap)

    def centre(self, name: str) -> tuple[float, float]:
        x, y, side = self.square_rect(name)
        return x + side / 2, y + side / 2

    def wall_rect(self, name: str, thickness: float) -> Box:
        """A wall in its groove, ``thickness`` pixels across, two squares long."""
        wall = parse_wall(name)
        inset = self.pitch * GROOVE / 2
        if wall.is_horizontal:
            return (self.left + wall.column * self.pitch + inset,
                    self.bottom + (SIZE - 1 - wall.row) * self.pitch - thickness / 2,
                    2 * self.pitch - 2 * inset, thickness)
        return (self.left + (wall.column + 1) * self.pitch - thickness / 2,
                self.bottom + (SIZE - 2 - wall.row) * self.pitch + inset,
                thickness, 2 * self.pitch - 2 * inset)

    def wall_thickness(self, is_preview: bool = False) -> float:
        return self.pitch * GROOVE * (PREVIEW_THICKNESS if is_preview else WALL_THICKNESS)

    def goal_strips(self) -> dict[str, Box]:
        """Each goal edge's strip of the frame, by the seats' goal names ("row 1", …)."""
        full, margin = self.full, self.margin
        return {
            "row 1": (self.left, self.top, full, margin),
            "row 9": (self.left, self.bottom - margin, full, margin),
            "column a": (self.left - margin, self.bottom, margin, full),
            "column i": (self.left + full, self.bottom, margin, full),
        }

    def labels(self) -> tuple[EdgeLabel, ...]:
        """The row numbers in the band left of the frame (row 1 at the top), then the column
        letters in the band below it; none where the grid has no band."""
        found: list[EdgeLabel] = []
        if self.row_band > 0:
            x = self.left - self.margin - self.row_band / 2
            found += [EdgeLabel(str(row), x, self.centre(f"a{row}")[1])
                      for row in range(1, SIZE + 1)]
        if self.column_band > 0:
            y = self.bottom - self.margin - self.column_band / 2
            found += [EdgeLabel(column, self.centre(f"{column}1")[0], y) for column in COLUMNS]
        return tuple(found)

    def label_bands(self) -> tuple[Box, Box]:
        """Where the row numbers and the column letters stand: left of and below the frame."""
        x, y, w, h = self.frame()
        return (x - self.row_band, y, self.row_band, h), (x, y - self.column_band, w,
                                                           self.column_band)

    def square_at(self, x: float, y: float) -> str | None:
        """The square whose cell (groove included) holds (x, y); None off the grid."""
        gx, gy = (x - self.left) / self.pitch, (self.top - y) / self.pitch
        if not (0 <= gx < SIZE and 0 <= gy < SIZE):
            return None
        return f"{COLUMNS[int(gx)]}{int(gy) + 1}"

    def tap_at(self, x: float, y: float, whole_squares: Container[str] = ()) -> Tap | None:
        """What a tap at (x, y) means; None off the grid.

        In a groove: the wall slot there. Elsewhere a square of ``whole_squares`` takes the tap;
        any other square gives it to a groove within ``WALL_BAND`` of a pitch, and keeps it
        otherwise."""
        gx = (x - self.left) / self.pitch
        gy = (self.top - y) / self.pitch  # from the top: row 1 is at the top
        if not (0 <= gx < SIZE and 0 <= gy < SIZE):
            return None
        square = f"{COLUMNS[int(gx)]}{int(gy) + 1}"
        line_x, line_y = round(gx), round(gy)
        dx = abs(gx - line_x) if 1 <= line_x <= SIZE - 1 else 1.0
        dy = abs(gy - line_y) if 1 <= line_y <= SIZE - 1 else 1.0
        is_in_groove = min(dx, dy) <= GROOVE / 2
        if not is_in_groove and square in whole_squares:
            return Tap("square", square)
        if min(dx, dy) < WALL_BAND:
            anchor_x = min(max(line_x, 1), SIZE - 1) - 1
            anchor_y = min(max(line_y, 1), SIZE - 1) - 1
            if dx < dy:
                return Tap("wall", f"{COLUMNS[line_x - 1]}{anchor_y + 1}v")
            return Tap("wall", f"{COLUMNS[anchor_x]}{line_y}h")
        return Tap("square", square)


__all__ = ["BAD_PREVIEW_COLOUR", "BOARD_COLOUR", "COLUMN_BAND", "DESTINATION_DOT",
           "FIXING_BOARD_COLOUR", "GROOVE", "LABEL_COLOUR", "LABEL_FONT", "MARGIN", "PAWN_SIZE",
           "PREVIEW_COLOUR", "ROW_BAND", "SIZE", "SQUARE_COLOUR", "SQUARE_NAMES", "WALL_COLOUR",
           "WALL_BAND", "Box", "EdgeLabel", "Grid", "Square", "Tap"]
