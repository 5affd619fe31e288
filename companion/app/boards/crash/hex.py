"""Drawing helpers of the Crash by Crash board: hexes, cars, bells, the operator, arrows.

Cars differ by owner in colour AND letter, and by kind in shape: a normal car is a rounded
square, the magnetic car a disc with a white horseshoe arc. Geometry is in ``crash_layout``.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle, RoundedRectangle, Triangle

from companion.app.boards.batch import Shapes
from companion.app.boards.crash.static_layer import is_dark
from companion.games.crash.board import DIRECTIONS, FIELD_INDEX
from companion.geometry.crash import (
    BELL_COLOUR,
    OPERATOR_COLOUR,
    HexGrid,
    tile_edges,
)

TARGET_COLOUR = (0.15, 0.85, 0.35, 1)
SELECTED_COLOUR = (1.0, 0.55, 0.0, 1)
MOVE_COLOUR = (1.0, 0.85, 0.0, 1)
OFF_COLOUR = (0.95, 0.15, 0.15, 1)
SEGMENTS = 32
"""Segments of a small disc (Kivy's default of 180 costs vertices and nothing shows)."""


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


def draw_car(texts: Texts, cx: float, cy: float, size: float, colour: Sequence[float],
             letter: str, is_magnet: bool, ghost: bool = False) -> None:
    """A normal car is a rounded square, the magnetic car a disc with a horseshoe ring."""
    alpha = 0.55 if ghost else 1.0
    half = size / 2
    Color(0.02, 0.02, 0.02, alpha)
    if is_magnet:
        Ellipse(pos=(cx - half - 2, cy - half - 2), size=(size + 4, size + 4), segments=SEGMENTS)
        Color(*colour[:3], alpha)
        Ellipse(pos=(cx - half, cy - half), size=(size, size), segments=SEGMENTS)
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
            size=(half * 1.24 + 3, half * 1.3 + 3), segments=SEGMENTS)
    Color(*BELL_COLOUR)
    Ellipse(pos=(cx - half * 0.62, cy - half * 0.35), size=(half * 1.24, half * 1.3),
            segments=SEGMENTS)
    Rectangle(pos=(cx - half * 0.62, cy - half * 0.35), size=(half * 1.24, half * 0.5))
    Color(0.05, 0.05, 0.05, 1)
    Rectangle(pos=(cx - half * 0.85, cy - half * 0.5), size=(half * 1.7, half * 0.22))
    Ellipse(pos=(cx - half * 0.16, cy - half * 0.78), size=(half * 0.32, half * 0.32),
            segments=SEGMENTS)


INK = (0.05, 0.05, 0.05, 1)
"""The bells' edges, rims and clappers."""


BELLS_KEPT = 16
"""Bells whose triangles are kept (~3 kB each): a board shows ten, and a bell moved by an
evaluation stands where it was never drawn before."""


def draw_bells(places: Sequence[tuple[float, float, float]]) -> None:
    """Bells at (cx, cy, size) each, pixel for pixel as :func:`draw_bell` draws one, in three
    draw calls for them all (their black edges, their gold, their rims and clappers; bells
    on different fields never overlap) instead of five each: a board shows up to a dozen, and
    every draw call costs the software GL ~37 kB for the frame. Each bell's triangles are
    worked out once per place (:func:`bell_triangles`): an evaluation moves or lifts one or
    two bells, and the others' were worked out anew in its tap (~0.6 ms). Bells of one size
    are alike: their triangles are laid into each batch in one go (their indices a slice of
    one template), not offset bell by bell."""
    bells = [bell_triangles(cx, cy, size) for cx, cy, size in places]
    for number in range(3):
        batch = Shapes()
        parts = [bell[number] for bell in bells]
        if parts and all(len(vertices) == len(parts[0][1]) and indices == parts[0][2]
                         for _colour, vertices, indices in parts):
            batch.repeated(parts[0][0], [vertices for _colour, vertices, _ in parts],
                           parts[0][2])
        else:
            for colour, vertices, indices in parts:
                batch.add_vertices(colour, vertices, indices)
        batch.draw()


@lru_cache(maxsize=BELLS_KEPT)
def bell_triangles(cx: float, cy: float, size: float) -> tuple[
        tuple[tuple[float, ...], array, array], ...]:
    """One bell's triangles in :func:`draw_bells`' three batches: (colour, vertices, indices)
    each, the vertices in 32-bit floats (as the mesh holds them: the same pixels) to keep
    them small."""
    edges, gold, rims = Shapes(), Shapes(), Shapes()
    half = size / 2
    edges.kivy_ellipse(INK, cx - half * 0.62 - 1.5, cy - half * 0.35 - 1.5,
                       half * 1.24 + 3, half * 1.3 + 3, SEGMENTS)
    gold.kivy_ellipse(BELL_COLOUR, cx - half * 0.62, cy - half * 0.35, half * 1.24,
                      half * 1.3, SEGMENTS)
    gold.kivy_rectangle(BELL_COLOUR, cx - half * 0.62, cy - half * 0.35, half * 1.24,
                        half * 0.5)
    rims.kivy_rectangle(INK, cx - half * 0.85, cy - half * 0.5, half * 1.7, half * 0.22)
    rims.kivy_ellipse(INK, cx - half * 0.16, cy - half * 0.78, half * 0.32, half * 0.32,
                      SEGMENTS)
    parts = []
    for batch in (edges, gold, rims):
        ((colour, vertices, indices),) = batch.meshes()  # one colour, one mesh
        parts.append((colour, vertices, indices))
    return tuple(parts)


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


__all__ = [
    "DIRECTIONS", "FIELD_INDEX", "SEGMENTS", "HexGrid", "Texts", "draw_arrow", "draw_bell",
    "draw_bells",
    "draw_car", "draw_operator", "fill_hex", "is_dark", "outline_hex", "tile_edges",
]
