"""Drawing the PAC-MAN variant's figures: the ghosts and PAC-MAN himself (Kivy canvas).

``letter(text, size, on_dark)`` gives the texture of a figure's letter (the board caches them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Rectangle

from companion.app.boards.batch import Shapes
from companion.app.boards.quoridor.board import _is_dark as is_dark
from companion.geometry.pacman import GHOST_COLOURS, GHOST_LETTERS, PACMAN_COLOUR, PACMAN_LETTER

LetterTexture = Callable[[str, int, bool], Any]


def draw_ghost(letter: LetterTexture, cx: float, cy: float, size: float,
               colour: Sequence[float], ghost: str, is_eaten: bool = False) -> None:
    """A dome with a zig-zag skirt and the ghost's letter."""
    half = size / 2
    top = cy + half
    bottom = cy - half
    body = Shapes()  # the dome, the body and the skirt's teeth: one draw call, not six
    body.kivy_ellipse(colour, cx - half, top - size, size, size, angle_start=-90, angle_end=90)
    body.kivy_rectangle(colour, cx - half, bottom + size * 0.14, size, half - size * 0.14)
    teeth = 4
    width = size / teeth
    for tooth in range(teeth):
        left = cx - half + tooth * width
        body.triangles(colour, [(left, bottom + size * 0.15), (left + width, bottom + size * 0.15),
                                (left + width / 2, bottom)], (0, 1, 2))
    body.draw()
    Color(0.05, 0.05, 0.05, 1)
    Line(points=[cx - half, bottom + size * 0.14, cx - half, cy], width=1)
    Line(points=[cx + half, bottom + size * 0.14, cx + half, cy], width=1)
    Line(ellipse=(cx - half, top - size, size, size, -90, 90), width=1)
    if is_eaten:
        Color(0.85, 0.1, 0.1, 1)
        Line(points=[cx - half, bottom, cx + half, top], width=1.5)
    texture = letter(GHOST_LETTERS[ghost], max(20, int(size * 0.55)), is_dark(colour))
    Color(1, 1, 1, 1)
    Rectangle(texture=texture, size=texture.size,
              pos=(cx - texture.width / 2, cy - texture.height / 2 - size * 0.02))


def draw_ghost_hint(letter: LetterTexture, start: tuple[float, float], end: tuple[float, float],
                    size: float, colour: Sequence[float], ghost: str) -> None:
    """The coach's hint for a ghost: an arrow from it to its square, the ghost drawn there
    faintly inside a thick ring in its colour."""
    (x0, y0), (x1, y1) = start, end
    r, g, b = colour[:3]
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * size * 0.55, y1 - uy * size * 0.55)
    for line_colour, width in (((0.02, 0.02, 0.05, 0.9), 7.0), ((r, g, b, 1), 4.5)):
        Color(*line_colour)
        Line(points=[x0 + ux * size * 0.45, y0 + uy * size * 0.45, *tip], width=width,
             cap="round")
    draw_ghost(letter, x1, y1, size * 0.8, (r, g, b, 0.45), ghost)
    for ring_colour, width in (((0.02, 0.02, 0.05, 1), 6.0), ((r, g, b, 1), 4.0)):
        Color(*ring_colour)
        Line(circle=(x1, y1, size * 0.62), width=width)


def draw_pacman(letter: LetterTexture, cx: float, cy: float, size: float, facing: float,
                colour: Sequence[float] = PACMAN_COLOUR, with_letter: bool = True) -> None:
    """A yellow disc with a mouth opening towards ``facing`` (degrees, 0 = up, clockwise)."""
    half = size / 2
    Color(*colour)
    Ellipse(pos=(cx - half, cy - half), size=(size, size),
            angle_start=facing + 35, angle_end=facing + 325)
    Color(0.05, 0.05, 0.05, 1)
    Line(ellipse=(cx - half, cy - half, size, size, facing + 35, facing + 325), width=1.2)
    if with_letter:
        texture = letter(PACMAN_LETTER, max(20, int(size * 0.45)), False)
        away = {0.0: (0, -1), 90.0: (-1, 0), 180.0: (0, 1), 270.0: (1, 0)}[facing % 360]
        Color(1, 1, 1, 1)
        Rectangle(texture=texture, size=texture.size,
                  pos=(cx - texture.width / 2 + away[0] * size * 0.1,
                       cy - texture.height / 2 + away[1] * size * 0.1))


__all__ = ["GHOST_COLOURS", "GHOST_LETTERS", "PACMAN_COLOUR", "PACMAN_LETTER", "draw_ghost",
           "draw_ghost_hint", "draw_pacman"]
