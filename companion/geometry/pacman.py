"""Where the PAC-MAN board puts its squares, walls, strip and edge names (no Kivy here).

The Quoridor grid (row 1 at the top, :mod:`companion.geometry.quoridor`) with a thin frame,
and a strip on its right for eaten ghosts (at the top), dots eaten (in the middle) and lives
(at the bottom); the row numbers stand left of the grid and the column letters below it, as
on the Quoridor board. Pixels, y up, as Kivy draws.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.geometry.quoridor import COLUMN_BAND, ROW_BAND, SIZE, Box, Grid

MARGIN = 4.0
"""Pixels of frame around the grid."""
STRIP = 40.0
"""Width of the strip right of the grid: eaten ghosts at the top, lives and dots below."""
GHOST_SLOT_TOP = 30.0
"""From the strip's top to the first eaten ghost's centre."""
GHOST_SLOT_PITCH = 46.0
LIFE_BOTTOM = 20.0
"""From the strip's bottom to the first life's centre."""
LIFE_PITCH = 36.0
LIFE_SIZE = 30.0
DOT_PITCH = 26.0
DOT_RADIUS = 9.0
CAPTION_GAP = 2.0
"""Between a caption and the grid's edge squares."""

# The colours and letters of the board and its figures (RGBA 0–1, as Kivy's ``Color``; the
# phones' SVG writes them in hex).
GHOSTS = ("blinky", "pinky", "inky", "clyde")
GHOST_LETTERS = {"blinky": "B", "pinky": "P", "inky": "I", "clyde": "C"}
GHOST_COLOURS = {
    "blinky": (0.93, 0.16, 0.14, 1),
    "pinky": (1.0, 0.62, 0.82, 1),
    "inky": (0.20, 0.88, 0.95, 1),
    "clyde": (1.0, 0.64, 0.18, 1),
}
PACMAN_LETTER = "M"
"""The spec's legend letter for PAC-MAN (P is pinky's)."""
PACMAN_COLOUR = (1.0, 0.90, 0.0, 1)
DOT_COLOUR = (1.0, 0.86, 0.74, 1)
SQUARE_COLOUR = (0.10, 0.11, 0.24, 1)
FRAME_COLOUR = (0.02, 0.02, 0.05, 1)
WALL_COLOUR = (0.22, 0.45, 1.0, 1)
FRENZY_COLOUR = (1.0, 0.10, 0.10, 1)
EATEN_COLOUR = (0.66, 0.66, 0.70, 1)
TARGET_COLOUR = (0.95, 0.95, 1.0, 1)
"""A selected ghost's destinations (its own colour could read as a frenzy glow)."""
STRIP_COLOUR = (0.07, 0.07, 0.10, 1)
GHOST_SIZE = 0.78
"""A ghost's size on the grid, as a fraction of the pitch."""
PACMAN_SIZE = 0.82
"""PAC-MAN's size on the grid, as a fraction of the pitch."""


@dataclass(frozen=True)
class PacmanGeometry:
    """The grid, and the strip beside it (x, y, width, height)."""

    grid: Grid
    strip: Box

    @classmethod
    def fit(cls, x: float, y: float, width: float, height: float) -> PacmanGeometry:
        """The grid with its edge names and the strip in the box (x, y, width, height), the
        grid centred in height."""
        side = min(width, height)
        grid = Grid.fit(x + (width - side) / 2, y, side - STRIP, height, margin=MARGIN,
                        row_band=ROW_BAND, column_band=COLUMN_BAND)
        return cls(grid=grid, strip=(grid.left + SIZE * grid.pitch + MARGIN, y, STRIP, height))

    def strip_slot(self, index: int) -> tuple[float, float]:
        """Centre of an eaten ghost's place in the strip (blinky, index 0, at the top)."""
        x, y, w, h = self.strip
        return x + w / 2, y + h - GHOST_SLOT_TOP - index * GHOST_SLOT_PITCH

    def life_centre(self, life: int) -> tuple[float, float]:
        """Centre of a life in the strip (the first at the bottom)."""
        x, y, w, _h = self.strip
        return x + w / 2, y + LIFE_BOTTOM + life * LIFE_PITCH

    def eaten_dot_centre(self, dot: int) -> tuple[float, float]:
        """Centre of an eaten dot in the strip (the first just under the middle)."""
        x, y, w, h = self.strip
        return x + w / 2, y + h / 2 - 10 - dot * DOT_PITCH

    def is_in_strip(self, x: float) -> bool:
        left, _y, width, _h = self.strip
        return left <= x <= left + width

    def caption_box(self, height: float, near_row: int) -> Box:
        """A caption across the grid, one column in from each side, at the edge away from
        ``near_row`` (the row of the piece it is about): the bottom for the upper rows."""
        grid = self.grid
        left, width = grid.left + grid.pitch + CAPTION_GAP, grid.pitch * (SIZE - 2) - 4
        if near_row <= SIZE // 2 + 1:
            return left, grid.bottom + CAPTION_GAP, width, height
        return left, grid.top - height - CAPTION_GAP, width, height


__all__ = ["DOT_COLOUR", "EATEN_COLOUR", "FRAME_COLOUR", "FRENZY_COLOUR", "GHOSTS", "GHOST_COLOURS",
           "GHOST_LETTERS", "GHOST_SIZE", "MARGIN", "PACMAN_COLOUR", "PACMAN_LETTER",
           "PACMAN_SIZE", "SQUARE_COLOUR", "STRIP", "STRIP_COLOUR", "TARGET_COLOUR",
           "WALL_COLOUR", "PacmanGeometry"]
