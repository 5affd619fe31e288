"""The PAC-MAN variant's board as SVG: the touchscreen's picture from
:mod:`companion.geometry.pacman` (the Quoridor grid with fixed walls, four dots, PAC-MAN and
the ghosts, and the strip on the right with eaten ghosts, dots eaten and lives).

Tap targets: in PAC-MAN's phase each destination reached one way (one result, whichever path)
plays that path; a destination with several different results is left to the list of choices.
In the ghosts' phase a destination only one ghost to move can reach plays that ghost's move.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Any

from companion.geometry.pacman import (
    DOT_COLOUR,
    DOT_RADIUS,
    EATEN_COLOUR,
    FRAME_COLOUR,
    FRENZY_COLOUR,
    GHOST_COLOURS,
    GHOST_LETTERS,
    GHOST_SIZE,
    GHOSTS,
    LIFE_SIZE,
    PACMAN_COLOUR,
    PACMAN_LETTER,
    PACMAN_SIZE,
    SQUARE_COLOUR,
    STRIP,
    STRIP_COLOUR,
    WALL_COLOUR,
    PacmanGeometry,
)
from companion.geometry.quoridor import LABEL_COLOUR, LABEL_FONT, SQUARE_NAMES, Grid
from companion.web.svg.drawing import Drawing, hex_colour, is_dark, tap_class
from companion.web.svg.scene import Scene

SIDE = 480.0
BACKGROUND = "#1b1f27"
LAST_COLOUR = "#ffdb00"
INK = "#0d0d0d"


def draw(snapshot: dict[str, Any], scene: Scene) -> str:
    state = snapshot["state"]
    layout = PacmanGeometry.fit(0, 0, SIDE, SIDE)
    grid = layout.grid
    drawing = Drawing(SIDE, SIDE, label=scene.label, background=BACKGROUND)
    drawing.rect(drawing.box(*grid.frame()), fill=hex_colour(FRAME_COLOUR))
    for label in grid.labels():
        x, y = drawing.point(label.x, label.y)
        drawing.text(x, y, label.text, LABEL_FONT, fill=hex_colour(LABEL_COLOUR), class_="edge")
    for name in SQUARE_NAMES:
        x, y, side = grid.square_rect(name)
        drawing.rect(drawing.box(x, y, side, side), fill=hex_colour(SQUARE_COLOUR),
                     data_square=name)
    targets = tap_targets(state, scene.legal)
    for square in targets:
        _highlight(drawing, grid, square, hex_colour(PACMAN_COLOUR if state["phase"] == "pacman"
                                                     else (0.95, 0.95, 1.0, 1)))
    for name in state["walls"]:
        drawing.rect(drawing.box(*grid.wall_rect(name, grid.wall_thickness())),
                     fill=hex_colour(WALL_COLOUR), class_="wall", data_wall=name)
    for square in state["dots_remaining"]:
        _dot(drawing, grid, square)
    _last(drawing, grid, scene.last)
    _strip(drawing, layout, state)
    _ghosts(drawing, layout, state)
    _pacman(drawing, grid, state, scene.last)
    for square, line in targets.items():
        x, y, side = grid.square_rect(square)
        drawing.rect(drawing.box(x, y, side, side), fill="#000000", fill_opacity=0,
                     class_=tap_class(line, scene.last), data_input=line, data_square=square)
    return drawing.svg()


def tap_targets(state: dict[str, Any], legal: Collection[str]) -> dict[str, str]:
    """The squares a tap plays, with the input each plays (only inputs in ``legal``)."""
    found: dict[str, str] = {}
    if state["phase"] == "pacman":
        for square, options in state.get("pacman_moves", {}).items():
            paths = [path for path in options[0]["paths"] if path in legal]
            if len(options) == 1 and paths:
                found[square] = paths[0]
        return found
    reach: dict[str, list[str]] = {}
    for ghost in state.get("ghosts_to_move", []):
        for square in state.get("ghost_destinations", {}).get(ghost, []):
            if f"{ghost}:{square}" in legal:
                reach.setdefault(square, []).append(f"{ghost}:{square}")
    return {square: lines[0] for square, lines in reach.items() if len(lines) == 1}


def _highlight(drawing: Drawing, grid: Grid, square: str, colour: str) -> None:
    x, y, side = grid.square_rect(square)
    drawing.rect(drawing.box(x, y, side, side), fill=colour, fill_opacity=0.25,
                 class_="destination")
    drawing.rect(drawing.box(x + 2, y + 2, side - 4, side - 4), fill="none", stroke=colour,
                 stroke_width=2)


def _dot(drawing: Drawing, grid: Grid, square: str) -> None:
    x, y, side = grid.square_rect(square)
    cx, cy = drawing.point(x + side / 2, y + side / 2)
    colour = hex_colour(DOT_COLOUR)
    drawing.circle(cx, cy, side * 0.42, fill=colour, fill_opacity=0.25)
    drawing.circle(cx, cy, side * 0.27, fill=colour, stroke="#8c5940", stroke_width=1.5,
                   class_="dot", data_square=square)


def _last(drawing: Drawing, grid: Grid, last: str | None) -> None:
    """The last move: PAC-MAN's path drawn, or the square a ghost went to framed."""
    if last is None:
        return
    piece, _colon, rest = last.partition(":")
    squares = [s for s in rest.split("-") if s in SQUARE_NAMES]
    if not squares:
        return
    points = [drawing.point(*grid.centre(square)) for square in squares]
    if len(points) > 1:
        drawing.polyline(points, stroke=LAST_COLOUR, stroke_width=4, stroke_opacity=0.7,
                         stroke_linecap="round", stroke_linejoin="round", class_="last")
    x, y, side = grid.square_rect(squares[-1])
    drawing.rect(drawing.box(x + 2, y + 2, side - 4, side - 4), fill="none",
                 stroke=LAST_COLOUR, stroke_width=4, class_="last", data_square=squares[-1],
                 data_piece=piece)


def _strip(drawing: Drawing, layout: PacmanGeometry, state: dict[str, Any]) -> None:
    """The right strip: lives at the bottom, dots eaten in the middle (eaten ghosts: above)."""
    drawing.rect(drawing.box(*layout.strip), fill=hex_colour(STRIP_COLOUR))
    lives = int(state["lives"])
    for life in range(max(lives, 3)):
        cx, cy = drawing.point(*layout.life_centre(life))
        colour = PACMAN_COLOUR if life < lives else EATEN_COLOUR
        drawing.path(pacman_path(cx, cy, LIFE_SIZE / 2, 90.0), fill=hex_colour(colour),
                     stroke=INK, stroke_width=1.2, class_="life" if life < lives else "lost")
    for dot in range(int(state["dots_eaten"])):
        cx, cy = drawing.point(*layout.eaten_dot_centre(dot))
        drawing.circle(cx, cy, DOT_RADIUS, fill=hex_colour(DOT_COLOUR), class_="eaten-dot")


def _ghosts(drawing: Drawing, layout: PacmanGeometry, state: dict[str, Any]) -> None:
    grid = layout.grid
    to_move = state.get("ghosts_to_move", []) if state["phase"] == "ghosts" else []
    for index, ghost in enumerate(GHOSTS):
        info = state["ghosts"][ghost]
        square = info["square"]
        if square is None:
            cx, cy = drawing.point(*layout.strip_slot(index))
            _ghost(drawing, cx, cy, STRIP - 6, EATEN_COLOUR, ghost, is_eaten=True)
            continue
        cx, cy = drawing.point(*grid.centre(square))
        if ghost in to_move:
            x, y, side = grid.square_rect(square)
            if info["frenzy"]:
                drawing.rect(drawing.box(x, y, side, side), fill=hex_colour(FRENZY_COLOUR),
                             fill_opacity=0.55, class_="frenzy")
            drawing.circle(cx, cy, side * 0.5, fill="none", stroke="#ffffff", stroke_width=1.5)
        _ghost(drawing, cx, cy, grid.pitch * GHOST_SIZE, GHOST_COLOURS[ghost], ghost,
               square=square)


def _ghost(drawing: Drawing, cx: float, cy: float, size: float,
           colour: tuple[float, float, float, float], ghost: str, is_eaten: bool = False,
           square: str | None = None) -> None:
    """A dome with a zig-zag skirt and the ghost's letter (as the touchscreen draws it)."""
    half = size / 2
    skirt = cy + half - size * 0.14
    teeth = 4
    width = size / teeth
    d = [f"M {cx - half:.2f} {cy:.2f}", f"A {half:.2f} {half:.2f} 0 0 1 {cx + half:.2f} {cy:.2f}",
         f"L {cx + half:.2f} {skirt:.2f}"]
    for tooth in reversed(range(teeth)):
        left = cx - half + tooth * width
        d += [f"L {left + width / 2:.2f} {cy + half:.2f}", f"L {left:.2f} {skirt:.2f}"]
    d.append("Z")
    drawing.open_group(class_="ghost eaten" if is_eaten else "ghost", data_ghost=ghost,
                       data_square=square)
    drawing.path(" ".join(d), fill=hex_colour(colour), stroke=INK, stroke_width=1)
    if is_eaten:
        drawing.line((cx - half, cy + half), (cx + half, cy - half), stroke="#d91a1a",
                     stroke_width=1.5)
    drawing.text(cx, cy, GHOST_LETTERS[ghost], max(12.0, size * 0.55),
                 fill="#ffffff" if is_dark(colour) else INK)
    drawing.close_group()


def _pacman(drawing: Drawing, grid: Grid, state: dict[str, Any], last: str | None) -> None:
    square = state["pacman_square"]
    cx, cy = drawing.point(*grid.centre(square))
    radius = grid.pitch * PACMAN_SIZE / 2
    if state["phase"] == "pacman":
        drawing.circle(cx, cy, grid.pitch * 0.47, fill="none", stroke="#ffffff", stroke_width=3)
    drawing.open_group(class_="pacman", data_square=square)
    drawing.path(pacman_path(cx, cy, radius, facing(grid, last)),
                 fill=hex_colour(PACMAN_COLOUR), stroke=INK, stroke_width=1.2)
    drawing.text(cx, cy, PACMAN_LETTER, max(12.0, radius * 0.9), fill=INK)
    drawing.close_group()


def facing(grid: Grid, last: str | None) -> float:
    """PAC-MAN looks the way of his last step (right before he has moved): degrees, 0 up."""
    if last is None or not last.startswith("P:"):
        return 90.0
    squares = last[2:].split("-")
    if len(squares) < 2 or not all(s in SQUARE_NAMES for s in squares[-2:]):
        return 90.0
    (fx, fy), (tx, ty) = grid.centre(squares[-2]), grid.centre(squares[-1])
    if abs(tx - fx) >= abs(ty - fy):
        return 90.0 if tx >= fx else 270.0
    return 0.0 if ty > fy else 180.0


def pacman_path(cx: float, cy: float, radius: float, facing_degrees: float) -> str:
    """A disc with a mouth towards ``facing_degrees`` (0 up, clockwise), SVG y down."""
    def at(degrees: float) -> tuple[float, float]:
        angle = math.radians(degrees)
        return cx + radius * math.sin(angle), cy - radius * math.cos(angle)

    (x1, y1), (x2, y2) = at(facing_degrees + 35), at(facing_degrees + 325)
    return (f"M {cx:.2f} {cy:.2f} L {x1:.2f} {y1:.2f} "
            f"A {radius:.2f} {radius:.2f} 0 1 1 {x2:.2f} {y2:.2f} Z")


__all__ = ["draw", "facing", "pacman_path", "tap_targets"]
