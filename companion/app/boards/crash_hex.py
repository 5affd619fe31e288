"""Crash by Crash board geometry and drawing helpers (no state of their own).

The 188 fields (15 rows, 13/12 fields, pointy-top hexes, narrow rows shifted half a field to the
right, row ``a`` at the top) are stretched to fill the board square above the action strip:
at 480 × 428 px a field is about 37 px wide and 37 px tall, which is less than the 48 px a
finger wants. So taps are snapped forgivingly: a tap goes to the nearest *target* (a legal
field, an operator step, a card target) within most of a field's pitch, and only otherwise to
the field under the finger.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle, RoundedRectangle, Triangle

from companion.games.crash.board import (
    DIRECTIONS,
    FIELD_INDEX,
    FIELD_NAMES,
    GEOMETRY,
    NEIGHBOURS,
    ROWS,
)

ROW_COUNT = len(ROWS)
WIDE = 13
SNAP = 0.85
"""A tap within this many field pitches of a target goes to that target."""

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
TARGET_COLOUR = (0.15, 0.85, 0.35, 1)
SELECTED_COLOUR = (1.0, 0.55, 0.0, 1)
MOVE_COLOUR = (1.0, 0.85, 0.0, 1)
OFF_COLOUR = (0.95, 0.15, 0.15, 1)


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

    @classmethod
    def fit(cls, x: float, y: float, width: float, height: float) -> HexGrid:
        w = width / WIDE
        radius = height / (1.5 * (ROW_COUNT - 1) + 2)
        return cls(left=x, top=y + height, w=w, radius=radius)

    @property
    def pitch(self) -> float:
        return 1.5 * self.radius

    def centre(self, name: str) -> tuple[float, float]:
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


def fill_hex(grid: HexGrid, name: str, scale: float = 1.0) -> None:
    cx, cy = grid.centre(name)
    points = [(cx, cy), *grid.corners(name, scale)]
    vertices: list[float] = []
    for px, py in points:
        vertices.extend((px, py, 0, 0))
    indices = [0, 1, 2, 3, 4, 5, 6, 1]
    Mesh(vertices=vertices, indices=indices, mode="triangle_fan")


def outline_hex(grid: HexGrid, name: str, width: float, scale: float = 1.0) -> None:
    points: list[float] = []
    for px, py in grid.corners(name, scale):
        points.extend((px, py))
    Line(points=points, close=True, width=width)


def tile_edges(grid: HexGrid) -> list[tuple[float, float, float, float]]:
    """The hex sides between fields of different tiles (drawn thicker: R20 counts tiles)."""
    lines = []
    for index, name in enumerate(FIELD_NAMES):
        for direction in (1, 2, 3):  # E, SE, SW: each shared side once
            other = NEIGHBOURS[index][direction]
            if other >= 0 and GEOMETRY.tile_of[other] != GEOMETRY.tile_of[index]:
                lines.append(edge(grid, name, direction))
    return lines


class Texts:
    """A cache of text textures (drawing a letter is the expensive part of a redraw)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, int, bool, tuple[float, ...]], Any] = {}

    def texture(self, text: str, size: int, bold: bool = True,
                colour: Sequence[float] = (0, 0, 0, 1)) -> Any:
        key = (text, size, bold, tuple(colour))
        if key not in self._cache:
            label = CoreLabel(text=text, font_size=size, bold=bold, color=tuple(colour))
            label.refresh()
            self._cache[key] = label.texture
        return self._cache[key]

    def draw(self, text: str, cx: float, cy: float, size: int, bold: bool = True,
             colour: Sequence[float] = (0, 0, 0, 1)) -> None:
        texture = self.texture(text, size, bold, colour)
        Color(1, 1, 1, 1)
        Rectangle(texture=texture, size=texture.size,
                  pos=(cx - texture.width / 2, cy - texture.height / 2))


def is_dark(colour: Sequence[float]) -> bool:
    r, g, b = colour[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b < 0.6


def draw_car(texts: Texts, cx: float, cy: float, size: float, colour: Sequence[float],
             letter: str, is_magnet: bool, ghost: bool = False) -> None:
    """A normal car is a rounded square, the magnetic car a disc with a horseshoe ring."""
    alpha = 0.55 if ghost else 1.0
    half = size / 2
    Color(0.02, 0.02, 0.02, alpha)
    if is_magnet:
        Ellipse(pos=(cx - half - 2, cy - half - 2), size=(size + 4, size + 4))
        Color(*colour[:3], alpha)
        Ellipse(pos=(cx - half, cy - half), size=(size, size))
        Color(1, 1, 1, alpha)
        Line(circle=(cx, cy, half * 0.78, -120, 120), width=2.2)  # the magnet's horseshoe
        Color(0.02, 0.02, 0.02, alpha)
        Line(circle=(cx, cy, half * 0.78 + 2.2, -120, 120), width=1.0)
    else:
        RoundedRectangle(pos=(cx - half - 2, cy - half - 2), size=(size + 4, size + 4),
                         radius=[size * 0.22])
        Color(*colour[:3], alpha)
        RoundedRectangle(pos=(cx - half, cy - half), size=(size, size), radius=[size * 0.2])
    text_colour = (1, 1, 1, 1) if is_dark(colour) else (0, 0, 0, 1)
    texts.draw(letter, cx, cy, max(16, int(size * 0.62)), colour=text_colour)


def draw_bell(cx: float, cy: float, size: float) -> None:
    """A gold bell: dome, rim and clapper."""
    half = size / 2
    Color(0.05, 0.05, 0.05, 1)
    Ellipse(pos=(cx - half * 0.62 - 1.5, cy - half * 0.35 - 1.5),
            size=(half * 1.24 + 3, half * 1.3 + 3))
    Color(*BELL_COLOUR)
    Ellipse(pos=(cx - half * 0.62, cy - half * 0.35), size=(half * 1.24, half * 1.3))
    Rectangle(pos=(cx - half * 0.62, cy - half * 0.35), size=(half * 1.24, half * 0.5))
    Color(0.05, 0.05, 0.05, 1)
    Rectangle(pos=(cx - half * 0.85, cy - half * 0.5), size=(half * 1.7, half * 0.22))
    Ellipse(pos=(cx - half * 0.16, cy - half * 0.78), size=(half * 0.32, half * 0.32))


def draw_operator(texts: Texts, cx: float, cy: float, size: float) -> None:
    """The operator: a black diamond with a white ring and the letter Č."""
    half = size / 2 + 2
    Color(1, 1, 1, 1)
    Triangle(points=[cx - half - 2, cy, cx + half + 2, cy, cx, cy + half + 2])
    Triangle(points=[cx - half - 2, cy, cx + half + 2, cy, cx, cy - half - 2])
    Color(*OPERATOR_COLOUR)
    Triangle(points=[cx - half, cy, cx + half, cy, cx, cy + half])
    Triangle(points=[cx - half, cy, cx + half, cy, cx, cy - half])
    texts.draw("Č", cx, cy, max(16, int(size * 0.55)), colour=(1, 1, 1, 1))


def draw_arrow(x1: float, y1: float, x2: float, y2: float, width: float, head: float) -> None:
    """A straight arrow from (x1, y1) to (x2, y2)."""
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 1:
        return
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    bx, by = x2 - ux * head, y2 - uy * head
    Line(points=[x1, y1, bx, by], width=width)
    Triangle(points=[x2, y2, bx - uy * head * 0.6, by + ux * head * 0.6,
                     bx + uy * head * 0.6, by - ux * head * 0.6])


def field_names() -> Sequence[str]:
    return FIELD_NAMES


__all__ = [
    "DIRECTIONS", "FIELD_INDEX", "HexGrid", "Texts", "draw_arrow", "draw_bell", "draw_car",
    "draw_operator", "fill_hex", "outline_hex", "tile_edges",
]
