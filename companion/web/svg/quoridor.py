"""The Quoridor board as SVG: the touchscreen's picture from :mod:`companion.geometry.quoridor`.

Squares, the grooves' frame with each seat's goal edge in its colour, walls, pawns (colour and
letter, the one to move ringed), the mover's destinations as dots, row numbers 1–9 down the
left and column letters a–i along the bottom. Tap targets for the ``legal`` inputs: a
destination square takes its whole square, a wall slot the finger-wide band around its groove
(the same partition as :meth:`Grid.tap_at`); a wall slot carries ``data-confirm`` — the page
previews it on the first tap and plays it on the second.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from typing import Any

from companion.games.quoridor.board import COLUMNS, parse_wall
from companion.geometry.quoridor import (
    BOARD_COLOUR,
    DESTINATION_DOT,
    LABEL_COLOUR,
    LABEL_FONT,
    PAWN_SIZE,
    PREVIEW_COLOUR,
    SIZE,
    SQUARE_COLOUR,
    SQUARE_NAMES,
    WALL_BAND,
    WALL_COLOUR,
    Grid,
)
from companion.web.svg.drawing import Drawing, Look, hex_colour, tap_class
from companion.web.svg.scene import Scene

SIDE = 480.0
"""The drawing's side in board pixels: the touchscreen's board square."""
BACKGROUND = "#1b1f27"
LAST_COLOUR = "#ffdb00"


def draw(snapshot: dict[str, Any], scene: Scene) -> str:
    """The board of ``snapshot`` (``match.snapshot()`` of a Quoridor or PAC-MAN-less game)."""
    state = snapshot["state"]
    grid = Grid.fit(0, 0, SIDE, SIDE)
    drawing = Drawing(SIDE, SIDE, label=scene.label, background=BACKGROUND)
    seats = state["seats"]
    to_move = snapshot.get("to_move")
    draw_grid(drawing, grid, [seat["goal"] for seat in seats], scene.looks)
    draw_destinations(drawing, grid, state.get("pawn_destinations", []), scene, to_move)
    draw_walls(drawing, grid, state["walls_on_board"], scene.last)
    draw_last_square(drawing, grid, scene.last)
    for seat, info in enumerate(seats):
        if seat < len(scene.looks):
            draw_pawn(drawing, grid, info["pawn"], scene.looks[seat], seat == to_move,
                      data_seat=seat)
    draw_wall_slots(drawing, grid, scene.legal, scene.last)
    draw_square_targets(drawing, grid, scene.legal, scene.last)
    return drawing.svg()


def draw_grid(drawing: Drawing, grid: Grid, goals: list[str], looks: list[Look],
              square_colour: tuple[float, ...] = SQUARE_COLOUR) -> None:
    """The frame, the goal strips in the seats' colours, the 81 squares and the edge names."""
    drawing.rect(drawing.box(*grid.frame()), fill=hex_colour(BOARD_COLOUR))
    strips = grid.goal_strips()
    for seat, goal in enumerate(goals):
        if seat < len(looks) and goal in strips:
            drawing.rect(drawing.box(*strips[goal]), fill=looks[seat].colour, class_="goal")
    drawing.raw(_squares_layer(grid, drawing.width, drawing.height, tuple(square_colour)))


@functools.lru_cache(maxsize=16)
def _squares_layer(grid: Grid, width: float, height: float,
                   square_colour: tuple[float, ...]) -> str:
    """The 81 squares and the edge names: the same on every board of this size, drawn once
    (the same bytes as drawn each time)."""
    drawing = Drawing(width, height)
    for name in SQUARE_NAMES:
        x, y, side = grid.square_rect(name)
        drawing.rect(drawing.box(x, y, side, side), fill=hex_colour(square_colour),
                     data_square=name)
    for label in grid.labels():
        x, y = drawing.point(label.x, label.y)
        drawing.text(x, y, label.text, LABEL_FONT, fill=hex_colour(LABEL_COLOUR),
                     class_="edge")
    return drawing.fragment()


def draw_destinations(drawing: Drawing, grid: Grid, destinations: Collection[str], scene: Scene,
                      to_move: int | None) -> None:
    """The mover's legal squares as dots in the mover's colour (this seat's only)."""
    if to_move is None or to_move >= len(scene.looks):
        return
    colour = scene.looks[to_move].colour
    for name in destinations:
        if name not in scene.legal:
            continue
        x, y, side = grid.square_rect(name)
        cx, cy = drawing.point(x + side / 2, y + side / 2)
        drawing.circle(cx, cy, side * DESTINATION_DOT / 2, fill=colour, fill_opacity=0.6,
                       class_="destination")


def draw_walls(drawing: Drawing, grid: Grid, walls: Collection[str], last: str | None) -> None:
    for name in walls:
        box = drawing.box(*grid.wall_rect(name, grid.wall_thickness()))
        is_last = name == last
        drawing.rect(box, fill=hex_colour(WALL_COLOUR), data_wall=name,
                     class_="wall last" if is_last else "wall",
                     stroke=LAST_COLOUR if is_last else None, stroke_width=3 if is_last else None)


def draw_last_square(drawing: Drawing, grid: Grid, last: str | None) -> None:
    """The square the last pawn move went to, framed."""
    if last is None or last not in SQUARE_NAMES:
        return
    x, y, side = grid.square_rect(last)
    drawing.rect(drawing.box(x + 2, y + 2, side - 4, side - 4), fill="none", stroke=LAST_COLOUR,
                 stroke_width=4, class_="last", data_square=last)


def draw_pawn(drawing: Drawing, grid: Grid, square: str, look: Look, is_to_move: bool,
              **extra: str | float | None) -> None:
    """A pawn: a disc in the seat's colour with its letter, ringed white when it is to move."""
    x, y, side = grid.square_rect(square)
    cx, cy = drawing.point(x + side / 2, y + side / 2)
    radius = side * PAWN_SIZE / 2
    drawing.open_group(class_="pawn", data_square=square, **extra)
    drawing.title(look.name)
    if is_to_move:
        drawing.circle(cx, cy, radius + 3, fill="none", stroke="#ffffff", stroke_width=3)
        drawing.circle(cx, cy, radius + 6, fill="none", stroke="#000000", stroke_width=1.5)
    drawing.circle(cx, cy, radius, fill=look.colour, stroke="#0d0d0d", stroke_width=1.5)
    drawing.text(cx, cy, look.letter, radius * 1.2, fill=look.ink)
    drawing.close_group()


def draw_square_targets(drawing: Drawing, grid: Grid, legal: Collection[str],
                        last: str | None) -> None:
    """A tap target over each legal destination square (its whole square, as on the screen)."""
    for name in SQUARE_NAMES:
        if name not in legal:
            continue
        x, y, side = grid.square_rect(name)
        drawing.rect(drawing.box(x, y, side, side), fill="#000000", fill_opacity=0,
                     class_=tap_class(name, last), data_input=name)


def draw_wall_slots(drawing: Drawing, grid: Grid, legal: Collection[str],
                    last: str | None) -> None:
    """A tap target per legal wall slot: the band around its groove where a tap means it."""
    for column in COLUMNS[: SIZE - 1]:
        for row in range(1, SIZE):
            for direction in "hv":
                name = f"{column}{row}{direction}"
                if name in legal:
                    drawing.raw(_wall_slot(grid, drawing.width, drawing.height, name,
                                           name == last))


@functools.lru_cache(maxsize=1024)
def _wall_slot(grid: Grid, width: float, height: float, name: str, is_last: bool) -> str:
    """One wall slot's tap target (its band and its hidden preview), drawn once."""
    drawing = Drawing(width, height)
    drawing.open_group(class_=tap_class(name, name if is_last else None, "slot"),
                       data_input=name, data_confirm="wall")
    drawing.polygon([drawing.point(*p) for p in slot_band(grid, name)],
                    fill="#000000", fill_opacity=0)
    box = drawing.box(*grid.wall_rect(name, grid.wall_thickness(is_preview=True)))
    drawing.rect(box, fill=hex_colour(PREVIEW_COLOUR), stroke="#000000",
                 stroke_width=1.5, class_="shows-preview", visibility="hidden")
    drawing.close_group()
    return drawing.fragment()


def slot_band(grid: Grid, name: str) -> list[tuple[float, float]]:
    """Where a tap means the wall ``name`` (geometry pixels, y up), as :meth:`Grid.tap_at`
    decides: within ``WALL_BAND`` of its groove along its middle square's length, nearer to
    its own groove than to the crossing one (a bow tie at the crossing)."""
    wall = parse_wall(name)
    band = WALL_BAND * grid.pitch
    # Along the groove, in pitches from the grid's left (or top) edge: the wall's middle
    # square, stretched to the edge for the first and last slot.
    anchor = wall.column if wall.is_horizontal else wall.row
    start = 0.0 if anchor == 0 else anchor + 0.5
    end = float(SIZE) if anchor == SIZE - 2 else anchor + 1.5
    cross = (anchor + 1) * grid.pitch
    line = ((wall.row if wall.is_horizontal else wall.column) + 1) * grid.pitch
    along = [start * grid.pitch, cross - band, cross, cross + band, end * grid.pitch]
    outline = [(along[0], line - band), (along[1], line - band), (along[2], line),
               (along[3], line - band), (along[4], line - band), (along[4], line + band),
               (along[3], line + band), (along[2], line), (along[1], line + band),
               (along[0], line + band)]
    if wall.is_horizontal:  # along x from the left, across y from the top
        return [(grid.left + a, grid.top - c) for a, c in outline]
    return [(grid.left + c, grid.top - a) for a, c in outline]


__all__ = ["draw", "draw_grid", "draw_pawn", "slot_band"]
