"""Where the Crash by Crash fields are on the screen, and what a tap means (no Kivy here).

The 188 fields (15 rows of 13/12 pointy-top hexes, narrow rows shifted half a field to the
right, row ``a`` at the top) are stretched to fill the board square above the action strip:
at 480 × 428 px a field is about 37 px wide and 37 px tall (rows 28 px apart), less than the
48 px a finger wants. So taps are snapped forgivingly: a tap goes to the nearest *target* (a
legal field, an operator step, a card target) within most of a field's pitch, and only
otherwise to the field under the finger.

The lines name fields ("put a car on g7"), so the edges name rows and columns: the row letters
a–o down the left, the numbers 1–13 along the top (over row a's fields; the narrow rows' fields
sit half a field to the right of theirs), in bands of their own that hide no field.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from companion.games.crash.board import FIELD_NAMES, GEOMETRY, NEIGHBOURS, ROWS

ROW_COUNT = len(ROWS)
# The board's colours (RGBA 0–1, as Kivy's ``Color``; the phones' SVG writes them in hex).
VALUE_COLOURS = {
    0: (0.96, 0.96, 0.94, 1),
    1: (0.70, 0.83, 0.96, 1),
    2: (0.38, 0.60, 0.90, 1),
    3: (0.13, 0.28, 0.62, 1),
}
"""White, light, mid and dark blue fields (R9)."""
HOLE_COLOUR = (0.10, 0.08, 0.07, 1)
EDGE_COLOUR = (0.25, 0.28, 0.34, 1)
TILE_EDGE_COLOUR = (0.05, 0.05, 0.08, 1)
BELL_COLOUR = (0.98, 0.78, 0.10, 1)
OPERATOR_COLOUR = (0.12, 0.12, 0.12, 1)
BACKGROUND = (0.20, 0.22, 0.26, 1)
LABEL_COLOUR = (0.90, 0.91, 0.94, 1)
VALUE_FONT = 20
"""A field's value (0–3), bold: read from across the table (a field is ~37 px wide)."""
PIECE_SHARE = 0.74
"""A car, bell or the operator: this share of the smaller of a field's width and height."""

WIDE = 13
SNAP = 0.85
"""A tap within this many field pitches of a target goes to that target."""
ROW_BAND = 16.0
"""Width of the band left of the fields where the row letters stand."""
COLUMN_BAND = 20.0
"""Height of the band above the fields where the field numbers stand."""
LABEL_FONT = 16
"""Font size of the edge names in pixels."""


def _row_length(row: int) -> int:
    return WIDE if row % 2 == 0 else WIDE - 1


@dataclass(frozen=True)
class HexGrid:
    """Where the fields are: origin (left, top), field width ``w`` and row pitch ``pitch``."""

    left: float
    top: float
    w: float
    radius: float
    """Vertical 'radius' of a stretched hex: centre to the top point."""
    row_band: float = 0.0
    column_band: float = 0.0

    @classmethod
    def fit(cls, x: float, y: float, width: float, height: float, row_band: float = ROW_BAND,
            column_band: float = COLUMN_BAND) -> HexGrid:
        """The fields stretched over the box (x, y, width, height) but for the edge names'
        bands, on the left and at the top."""
        w = (width - row_band) / WIDE
        radius = (height - column_band) / (1.5 * (ROW_COUNT - 1) + 2)
        return cls(left=x + row_band, top=y + height - column_band, w=w, radius=radius,
                   row_band=row_band, column_band=column_band)

    def labels(self) -> tuple[tuple[str, float, float], ...]:
        """(text, centre x, centre y) of the row letters (left band) and the field numbers
        (top band); none where the grid has no band."""
        found: list[tuple[str, float, float]] = []
        if self.row_band > 0:
            found += [(row, self.left - self.row_band / 2, self.top - self.radius - index *
                       self.pitch) for index, row in enumerate(ROWS)]
        if self.column_band > 0:
            found += [(str(number), self.left + (number - 0.5) * self.w,
                       self.top + self.column_band / 2) for number in range(1, WIDE + 1)]
        return tuple(found)

    @property
    def pitch(self) -> float:
        return 1.5 * self.radius

    @cached_property
    def _centres(self) -> dict[str, tuple[float, float]]:
        """The centres worked out so far (a redraw asks for the same fields many times)."""
        return {}

    def centre(self, name: str) -> tuple[float, float]:
        found = self._centres.get(name)
        if found is None:
            found = self._centres[name] = self._centre(name)
        return found

    def _centre(self, name: str) -> tuple[float, float]:
        row = ROWS.index(name[0])
        number = int(name[1:])
        shift = 0.5 if row % 2 else 0.0
        cx = self.left + (number - 0.5 + shift) * self.w
        cy = self.top - self.radius - row * self.pitch
        return cx, cy

    def corners(self, name: str, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(name)
        half, r = self.w / 2 * scale, self.radius * scale
        return [(cx, cy + r), (cx + half, cy + r / 2), (cx + half, cy - r / 2),
                (cx, cy - r), (cx - half, cy - r / 2), (cx - half, cy + r / 2)]

    def nearest(self, x: float, y: float, names: Iterable[str]) -> tuple[str | None, float]:
        """The field of ``names`` nearest to (x, y), and its distance in field pitches."""
        best, best_d = None, math.inf
        for name in names:
            cx, cy = self.centre(name)
            d = math.hypot((x - cx) / self.w, (y - cy) / (2 * self.radius))
            if d < best_d:
                best, best_d = name, d
        return best, best_d

    def field_at(self, x: float, y: float, targets: Iterable[str] = ()) -> str | None:
        """The field a tap at (x, y) means: a nearby target first, else the field under it."""
        under, distance = self.nearest(x, y, FIELD_NAMES)
        if under is None or distance > 0.75:
            under = None
        wanted = list(targets)
        if under is not None and under in wanted:
            return under
        target, target_d = self.nearest(x, y, wanted)
        if target is not None and target_d <= SNAP:
            return target
        return under

    def direction_vector(self, name: str, direction: int) -> tuple[float, float]:
        """The unit vector from ``name`` towards its neighbour in ``direction`` (on screen)."""
        dx = {0: 0.5, 1: 1.0, 2: 0.5, 3: -0.5, 4: -1.0, 5: -0.5}[direction] * self.w
        dy = {0: 1, 1: 0, 2: -1, 3: -1, 4: 0, 5: 1}[direction] * self.pitch
        length = math.hypot(dx, dy)
        return dx / length, dy / length


def edge(grid: HexGrid, name: str, direction: int) -> tuple[float, float, float, float]:
    """The side of ``name``'s hex facing its neighbour in ``direction``."""
    corners = grid.corners(name)
    # corner i sits between directions: 0 top, 1 upper right, 2 lower right, 3 bottom …
    pairs = {0: (0, 1), 1: (1, 2), 2: (2, 3), 3: (3, 4), 4: (4, 5), 5: (5, 0)}
    a, b = pairs[direction]
    return (*corners[a], *corners[b])


def tile_edges(grid: HexGrid) -> list[tuple[float, float, float, float]]:
    """The hex sides between fields of different tiles (drawn thicker: R20 counts tiles)."""
    lines = []
    for index, name in enumerate(FIELD_NAMES):
        for direction in (1, 2, 3):  # E, SE, SW: each shared side once
            other = NEIGHBOURS[index][direction]
            if other >= 0 and GEOMETRY.tile_of[other] != GEOMETRY.tile_of[index]:
                lines.append(edge(grid, name, direction))
    return lines


def move_chains(events: Sequence[str]) -> list[list[str]]:
    """The paths of the pieces that moved (``move``, ``pull``, ``op``), in the order they began;
    a piece that left the board afterwards is not animated (its red cross shows it)."""
    chains: list[list[str]] = []
    ends: dict[str, int] = {}
    for event in events:
        parts = event.split()
        if parts[0] in ("move", "pull", "op") and ">" in parts[1]:
            source, target = parts[1].split(">")
            if source == "start":
                continue
            if source in ends:
                index = ends.pop(source)
                chains[index].append(target)
            else:
                chains.append([source, target])
                index = len(chains) - 1
            ends[target] = index
        elif parts[0] in ("off", "back") and len(parts) > 2 and parts[2] in ends:
            chains[ends.pop(parts[2])] = []
        elif parts[0] in ("tile", "end"):
            break
    return [chain for chain in chains if chain]


__all__ = ["SNAP", "HexGrid", "edge", "move_chains", "tile_edges"]
