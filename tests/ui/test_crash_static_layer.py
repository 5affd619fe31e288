"""The Crash by Crash board's static layer: the batches made from shapes kept per grid are the
very meshes a field-by-field drawing makes, whatever fields are holes.

Plain Python (``static_layer`` is Kivy-free); the screenshots show the layer on the window.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.app.boards.batch import Shapes
from companion.app.boards.crash.shown_fields import static_fields
from companion.app.boards.crash.static_layer import (
    COVER_SCALE,
    HOLE_MARK_COLOUR,
    StaticShapes,
    cover_batch,
    layers_ahead,
    static_batches,
    value_text_colour,
)
from companion.games.crash.board import FIELD_NAMES, GEOMETRY
from companion.geometry.crash import (
    BACKGROUND,
    EDGE_COLOUR,
    HOLE_COLOUR,
    TILE_EDGE_COLOUR,
    VALUE_COLOURS,
    HexGrid,
    tile_edges,
)

GRID = HexGrid.fit(12.0, 64.0, 456.0, 416.0)
BACKGROUND_BOX = (12.0, 8.0, 456.0, 472.0)


def fields_with_holes(holes: set[str]) -> list[dict[str, Any]]:
    return [{"name": name, "hole": name in holes, "value": number % 4, "car": None,
             "bell": False, "operator": False} for number, name in enumerate(FIELD_NAMES)]


def drawn_field_by_field(fields: list[dict[str, Any]]) -> tuple[Shapes, Shapes, list[Any]]:
    """The static layer as it was drawn before: each field's shapes in turn, then the borders."""
    fills, lines, values = Shapes(), Shapes(), []
    fills.rectangle(BACKGROUND, *BACKGROUND_BOX)
    for field in fields:
        name = field["name"]
        cx, cy = GRID.centre(name)
        if field["hole"]:
            fills.polygon(HOLE_COLOUR, GRID.corners(name))
            lines.polyline(HOLE_MARK_COLOUR, [(cx - GRID.w * 0.22, cy - GRID.radius * 0.3),
                                              (cx + GRID.w * 0.22, cy + GRID.radius * 0.3)], 1.2)
            continue
        colour = VALUE_COLOURS[field["value"]]
        fills.polygon(colour, GRID.corners(name, 0.97))
        lines.outline(EDGE_COLOUR, GRID.corners(name), 1.0)
        values.append((field["value"], colour, cx, cy))
    for x1, y1, x2, y2 in tile_edges(GRID):
        lines.polyline(TILE_EDGE_COLOUR, [(x1, y1), (x2, y2)], 1.8)
    return fills, lines, values


@pytest.mark.parametrize("holes", [set(), {"c8"}, {"a1", "c8", "g7", "n13"},
                                   set(FIELD_NAMES[40:75])])
def test_the_static_layer_is_the_field_by_field_drawing(holes: set[str]) -> None:
    fields = fields_with_holes(holes)
    fills, lines, values = static_batches(StaticShapes(GRID), static_fields(fields),
                                          BACKGROUND_BOX)
    expected_fills, expected_lines, expected_values = drawn_field_by_field(fields)
    assert fills.meshes() == expected_fills.meshes()
    assert lines.meshes() == expected_lines.meshes()
    assert values == expected_values


def test_an_opened_hole_takes_its_fields_value_and_outline_away() -> None:
    shapes = StaticShapes(GRID)
    _fills, lines, values = static_batches(shapes, static_fields(fields_with_holes(set())),
                                           BACKGROUND_BOX)
    _fills, holed_lines, holed_values = static_batches(
        shapes, static_fields(fields_with_holes({"c8"})), BACKGROUND_BOX)
    assert len(holed_values) == len(values) - 1 == len(FIELD_NAMES) - 1
    assert HOLE_MARK_COLOUR in [colour for colour, _v, _i in holed_lines.meshes()]
    assert HOLE_MARK_COLOUR not in [colour for colour, _v, _i in lines.meshes()]


def test_values_are_white_on_dark_blue_and_dark_on_white() -> None:
    assert value_text_colour(VALUE_COLOURS[3]) == (1, 1, 1, 0.95)
    assert value_text_colour(VALUE_COLOURS[0]) == (0.1, 0.1, 0.15, 0.85)


def tile_of(name: str) -> set[str]:
    """The fields of the tile ``name`` lies on."""
    tile = GEOMETRY.tile_of[FIELD_NAMES.index(name)]
    return {FIELD_NAMES[index] for index in GEOMETRY.tile_fields[tile]}


def test_the_layers_ahead_take_away_one_bells_tile_each() -> None:
    holes = tile_of("c8")
    fields = static_fields(fields_with_holes(holes))
    beside_g10 = min(tile_of("g10") - {"g10"})
    ahead = layers_ahead(fields, ["g10", "b10", beside_g10])
    assert len(ahead) == 2  # one layer per tile: two fields of one tile give one
    opened = [{name for name, hole, _value in layer if hole} - holes for layer in ahead]
    assert sorted(map(sorted, opened)) == sorted([sorted(tile_of("b10")), sorted(tile_of("g10"))])
    for layer in ahead:  # the old holes stay, every value stays
        assert [(name, value) for name, _hole, value in layer] == [
            (name, value) for name, _hole, value in fields]
        assert holes <= {name for name, hole, _value in layer if hole}
    assert layers_ahead(fields, []) == []


def position_with_pieces() -> list[dict[str, Any]]:
    """Fields with holes, cars (one magnetic), bells and the operator, values 0–3."""
    fields = fields_with_holes({"c8", "a1"})
    for name, what in (("e5", "car"), ("e6", "car"), ("k9", "bell"), ("n4", "operator"),
                       ("c8", "car"), ("g7", "bell"), ("g8", "car")):
        field = fields[FIELD_NAMES.index(name)]
        field[what] = {"side": "A", "magnet": name == "g8"} if what == "car" else True
    return fields


def test_the_covers_are_the_field_by_field_drawing_and_picked_not_worked_out() -> None:
    fields = position_with_pieces()
    expected = Shapes()  # as the covers were drawn before: field by field, corners anew
    for field in fields:
        if not field["hole"] and (field["car"] or field["bell"] or field["operator"]):
            expected.polygon(VALUE_COLOURS[field["value"]],
                             GRID.corners(field["name"], COVER_SCALE))
    shapes = StaticShapes(GRID)
    assert cover_batch(shapes, fields).meshes() == expected.meshes()
    assert len(expected.meshes()) >= 2  # several colours: their order is the drawing's
    # the next position's covers (a car moved, another placed) come from the same shapes:
    # no field's corners are worked out again
    moved = position_with_pieces()
    moved[FIELD_NAMES.index("e6")]["car"] = None
    moved[FIELD_NAMES.index("f6")]["car"] = {"side": "B", "magnet": False}
    asked: list[str] = []
    corners = HexGrid.corners

    def counted(grid: HexGrid, name: str, *scale: float) -> Any:
        asked.append(name)
        return corners(grid, name, *scale)

    try:
        HexGrid.corners = counted  # type: ignore[method-assign]
        covers = cover_batch(shapes, moved)
    finally:
        HexGrid.corners = corners  # type: ignore[method-assign]
    assert asked == []
    assert sum(len(vertices) for _c, vertices, _i in covers.meshes()) == sum(
        len(vertices) for _c, vertices, _i in expected.meshes())  # one cover left, one came
