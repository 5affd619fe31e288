"""The Crash by Crash board's static layer (background, hexes, values, holes, tile borders) as
batches of mesh vertices, Kivy-free.

The fields' shapes depend only on the grid, so they are worked out once per grid
(:class:`StaticShapes`); a position (which fields are holes, each field's value) only picks
them. A hole that opens paints the whole layer again (it changes the fills, the outlines and the
values around it); picking ready lists keeps that repaint short, and the layers a tap may need
next (:func:`layers_ahead`: a bell's tile taken away) can be painted before the tap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.app.boards.batch import (
    Colour,
    Indices,
    Shapes,
    Vertices,
    index_array,
    outline_vertices,
    polygon_vertices,
    vertex_array,
)
from companion.app.boards.crash.shown_fields import StaticField
from companion.games.crash.board import FIELD_INDEX, FIELD_NAMES, GEOMETRY
from companion.geometry.crash import (
    BACKGROUND,
    EDGE_COLOUR,
    HOLE_COLOUR,
    TILE_EDGE_COLOUR,
    VALUE_COLOURS,
    HexGrid,
    tile_edges,
)

HOLE_MARK_COLOUR = (0.35, 0.30, 0.26, 1)
FILL_SCALE = 0.97
"""A field's fill, inside its outline."""
OUTLINE_WIDTH = 1.0
HOLE_MARK_WIDTH = 1.2
TILE_EDGE_WIDTH = 1.8
COVER_SCALE = 0.86
"""A field's value is covered by a hex this big (inside its outline and the tile borders)."""
Segment = tuple[float, float, float, float]


class StaticShapes:
    """The static layer's shapes on one grid, as mesh vertices (x, y, u, v…): each field's
    fill, outline, hole and hole mark, the cover of its value under a piece, and the tile
    borders."""

    def __init__(self, grid: HexGrid) -> None:
        self.grid = grid
        self.fills: dict[str, Vertices] = {}
        self.outlines: dict[str, Vertices] = {}
        self.holes: dict[str, Vertices] = {}
        self.hole_marks: dict[str, Vertices] = {}
        self.covers: dict[str, Vertices] = {}
        self.fan: Sequence[int] = []
        self.outline_indices: Sequence[int] = []
        self.hole_mark_indices: Sequence[int] = []
        for name in FIELD_NAMES:
            self.fills[name], self.fan = polygon_vertices(grid.corners(name, FILL_SCALE))
            self.holes[name], _fan = polygon_vertices(grid.corners(name))
            self.covers[name], _fan = polygon_vertices(grid.corners(name, COVER_SCALE))
            self.outlines[name], self.outline_indices = outline_vertices(grid.corners(name),
                                                                         OUTLINE_WIDTH)
            self.hole_marks[name], self.hole_mark_indices = segments_mesh(
                [hole_mark(grid, name)], HOLE_MARK_WIDTH)
        self.tile_edges = segments_mesh(tile_edges(grid), TILE_EDGE_WIDTH)


def layers_ahead(fields: Sequence[StaticField],
                 bells: Iterable[str]) -> list[tuple[StaticField, ...]]:
    """The static layers a next input may bring: one for each tile under one of ``bells`` (the
    fields they stand on), that tile's fields holes (R87: an evaluation takes the rung bell's
    tile away; nothing else makes a hole). A tile is listed once."""
    tiles = sorted({GEOMETRY.tile_of[FIELD_INDEX[name]] for name in bells})
    ahead = []
    for tile in tiles:
        taken = {FIELD_NAMES[index] for index in GEOMETRY.tile_fields[tile]}
        ahead.append(tuple((name, hole or name in taken, value) for name, hole, value in fields))
    return ahead


def hole_mark(grid: HexGrid, name: str) -> Segment:
    """The stroke across a hole."""
    cx, cy = grid.centre(name)
    return (cx - grid.w * 0.22, cy - grid.radius * 0.3, cx + grid.w * 0.22, cy + grid.radius * 0.3)


def segments_mesh(segments: Iterable[Segment], width: float) -> tuple[Vertices, Indices]:
    """The vertices and triangles of straight segments (x1, y1, x2, y2) ``width`` wide, as
    :meth:`Shapes.polyline` lays them into a mesh, one after another."""
    shapes = Shapes()
    for x1, y1, x2, y2 in segments:
        shapes.polyline((0, 0, 0, 1), [(x1, y1), (x2, y2)], width)
    meshes = shapes.meshes()
    if not meshes:  # every segment of length 0 (a board not laid out yet)
        return vertex_array(), index_array()
    ((_colour, vertices, indices),) = meshes
    return vertices, indices


def is_dark(colour: Sequence[float]) -> bool:
    r, g, b = colour[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b < 0.6


def value_text_colour(colour: Colour) -> Colour:
    """A field's value: white on the dark blues, dark on the light fields."""
    return (1, 1, 1, 0.95) if is_dark(colour) else (0.1, 0.1, 0.15, 0.85)


def static_batches(shapes: StaticShapes, fields: Iterable[StaticField],
                   background: tuple[float, float, float, float],
                   ) -> tuple[Shapes, Shapes, list[tuple[int, Colour, float, float]]]:
    """The fills (drawn first), the lines (drawn last) and the values to write between them
    (value, text colour, centre x, centre y) of the fields as ``fields`` show them
    (:func:`~companion.app.boards.crash.shown_fields.static_fields`), over a
    ``background`` square (x, y, width, height). Each colour's shapes come in the order of the
    fields and the colours in the order first used, as a field-by-field drawing lays them out
    (all shapes of one colour are alike: one index pattern per colour)."""
    fills, lines = Shapes(), Shapes()
    fills.rectangle(BACKGROUND, *background)
    fill_chunks: dict[Colour, list[Vertices]] = {}
    line_chunks: dict[Colour, list[Vertices]] = {}
    values: list[tuple[int, Colour, float, float]] = []
    for name, hole, value in fields:
        if hole:
            fill_chunks.setdefault(HOLE_COLOUR, []).append(shapes.holes[name])
            line_chunks.setdefault(HOLE_MARK_COLOUR, []).append(shapes.hole_marks[name])
            continue
        colour: Colour = VALUE_COLOURS.get(value, VALUE_COLOURS[0])
        fill_chunks.setdefault(colour, []).append(shapes.fills[name])
        line_chunks.setdefault(EDGE_COLOUR, []).append(shapes.outlines[name])
        values.append((value, colour, *shapes.grid.centre(name)))
    for colour, chunks in fill_chunks.items():
        fills.repeated(colour, chunks, shapes.fan)
    for colour, chunks in line_chunks.items():
        lines.repeated(colour, chunks, shapes.outline_indices if colour == EDGE_COLOUR
                       else shapes.hole_mark_indices)
    edges, edge_indices = shapes.tile_edges
    if edges:
        lines.repeated(TILE_EDGE_COLOUR, [edges], edge_indices)
    return fills, lines, values


def cover_batch(shapes: StaticShapes, fields: Iterable[Mapping[str, Any]]) -> Shapes:
    """The covers of the values under a car, a bell or the operator among ``fields`` (the
    snapshot's), each in its field's colour: picked from ``shapes`` (worked out once per grid),
    in the order a field-by-field drawing lays them out (colour by colour as first used, each
    colour's in the fields' order). A move changes some pieces: the covers are picked anew,
    not worked out anew."""
    chunks: dict[Colour, list[Vertices]] = {}
    for field in fields:
        if not field["hole"] and (field["car"] or field["bell"] or field["operator"]):
            colour: Colour = VALUE_COLOURS.get(field["value"], VALUE_COLOURS[0])
            chunks.setdefault(colour, []).append(shapes.covers[field["name"]])
    covers = Shapes()
    for colour, places in chunks.items():
        covers.repeated(colour, places, shapes.fan)
    return covers


__all__ = [
    "COVER_SCALE", "HOLE_MARK_COLOUR", "StaticShapes", "cover_batch", "is_dark",
    "layers_ahead", "segments_mesh", "static_batches", "value_text_colour",
]
