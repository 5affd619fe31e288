"""The boards' batched drawing: many shapes become a few meshes, and the shapes stay the same.

Only the geometry is tested here (plain Python); that the boards draw with it, in few draw
calls, is checked on the real window by the scenarios (``board_draw_calls``).
"""

from __future__ import annotations

import math
from array import array

import pytest

from companion.app.boards.batch import (
    MAX_VERTICES,
    Glyphs,
    Shapes,
    circle_points,
    glyph_quad,
    outline_vertices,
    polygon_vertices,
)

WHITE = (1.0, 1.0, 1.0, 1.0)
BLUE = (0.2, 0.4, 0.9, 1.0)


def triangles_of(vertices: list[float], indices: list[int]) -> list[list[tuple[float, float]]]:
    points = [(vertices[i], vertices[i + 1]) for i in range(0, len(vertices), 4)]
    return [[points[i] for i in indices[n:n + 3]] for n in range(0, len(indices), 3)]


def area(triangle: list[tuple[float, float]]) -> float:
    (x1, y1), (x2, y2), (x3, y3) = triangle
    return abs((x2 - x1) * (y3 - y1) - (x3 - x1) * (y2 - y1)) / 2


def hexagon(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    return [(cx + radius * math.cos(math.radians(90 + 60 * n)),
             cy + radius * math.sin(math.radians(90 + 60 * n))) for n in range(6)]


def test_a_hundred_and_eighty_eight_hexes_in_four_colours_are_four_draw_calls() -> None:
    shapes = Shapes()
    colours = [WHITE, BLUE, (0.1, 0.2, 0.6, 1.0), (0.7, 0.8, 0.9, 1.0)]
    for number in range(188):
        shapes.polygon(colours[number % 4], hexagon(number * 20.0, 0.0, 10.0))
    meshes = shapes.meshes()
    assert len(meshes) == 4
    assert [colour for colour, _v, _i in meshes] == colours  # in the order first used
    assert sum(len(indices) // 3 for _c, _v, indices in meshes) == 188 * 4


def test_a_filled_polygon_covers_exactly_its_area() -> None:
    shapes = Shapes()
    shapes.rectangle(BLUE, 10, 20, 30, 40)
    [(_colour, vertices, indices)] = shapes.meshes()
    assert sum(area(t) for t in triangles_of(vertices, indices)) == pytest.approx(1200)


def test_a_disc_is_close_to_a_circle_in_area() -> None:
    shapes = Shapes()
    shapes.disc(WHITE, 0, 0, 10, segments=64)
    [(_colour, vertices, indices)] = shapes.meshes()
    covered = sum(area(t) for t in triangles_of(vertices, indices))
    assert covered == pytest.approx(math.pi * 100, rel=0.01)


def test_an_outline_is_a_band_as_wide_as_asked_around_the_edges() -> None:
    shapes = Shapes()
    corners = hexagon(100, 100, 20)
    shapes.outline(WHITE, corners, 4.0)
    [(_colour, vertices, indices)] = shapes.meshes()
    points = [(vertices[i], vertices[i + 1]) for i in range(0, len(vertices), 4)]
    outer, inner = points[:6], points[6:]
    apothem = 20 * math.cos(math.radians(30))
    for ring, expected in ((outer, apothem + 2), (inner, apothem - 2)):
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            middle = ((x1 + x2) / 2 - 100, (y1 + y2) / 2 - 100)
            assert math.hypot(*middle) == pytest.approx(expected)
    band = sum(area(t) for t in triangles_of(vertices, indices))
    perimeter = 6 * 20  # a regular hexagon's side equals its radius
    assert band == pytest.approx(perimeter * 4.0, rel=0.02)


def test_a_ring_and_a_polyline_have_the_width_asked() -> None:
    shapes = Shapes()
    shapes.ring(WHITE, 0, 0, 10, 2, segments=90)
    shapes.polyline(BLUE, [(0, 0), (50, 0)], 3)
    (_w, ring_vertices, ring_indices), (_b, line_vertices, line_indices) = shapes.meshes()
    ring_area = sum(area(t) for t in triangles_of(ring_vertices, ring_indices))
    assert ring_area == pytest.approx(math.pi * (11 ** 2 - 9 ** 2), rel=0.01)
    line_area = sum(area(t) for t in triangles_of(line_vertices, line_indices))
    assert line_area == pytest.approx((50 + 3) * 3)  # lengthened by half the width each end


def test_a_mesh_never_holds_more_vertices_than_kivy_can_index() -> None:
    shapes = Shapes()
    for number in range(MAX_VERTICES // 6 + 10):
        shapes.polygon(WHITE, hexagon(number, 0, 1))
    meshes = shapes.meshes()
    assert len(meshes) == 2
    assert all(len(vertices) // 4 <= MAX_VERTICES and max(indices) < len(vertices) // 4
               for _c, vertices, indices in meshes)


class Picture:
    """A text texture's two facts the batch reads (real ones need a GL window)."""

    def __init__(self, width: int, height: int) -> None:
        self.size = (width, height)
        self.tex_coords = (0, 1, 1, 1, 1, 0, 0, 0)  # a label's texture is flipped


def test_texts_sharing_a_texture_and_tint_are_one_draw_call() -> None:
    glyphs = Glyphs()
    two, three = Picture(10, 20), Picture(12, 20)
    for x in range(50):
        glyphs.place(two, x * 30, 0)
        glyphs.place(three, x * 30, 40)
    glyphs.place(two, 0, 80, tint=BLUE)
    meshes = glyphs.meshes()
    assert len(meshes) == 3
    texture, tint, vertices, indices = meshes[0]
    assert texture is two and tint == WHITE and len(indices) == 50 * 6
    # the first quad is centred on (0, 0) and keeps the texture's own (flipped) coordinates
    assert list(vertices[:16]) == [-5, -10, 0, 1, 5, -10, 1, 1, 5, 10, 1, 0, -5, 10, 0, 0]


def test_circle_points_lie_on_the_circle() -> None:
    for x, y in circle_points(3, 4, 5, 12):
        assert math.hypot(x - 3, y - 4) == pytest.approx(5)


def test_one_shape_repeated_at_many_places_is_the_same_mesh_as_added_one_by_one() -> None:
    """A board's targets: ~45 outlined and filled hexes, after other shapes of that colour."""
    places = [hexagon(number * 30.0, (number % 7) * 25.0, 12.0) for number in range(45)]
    one_by_one, repeated = Shapes(), Shapes()
    for shapes in (one_by_one, repeated):
        shapes.polygon(BLUE, hexagon(-50.0, -50.0, 8.0))  # the colour's mesh is not empty
    for corners in places:
        one_by_one.outline(WHITE, corners, 2.4)
        one_by_one.polygon(BLUE, corners)
    outlines = [outline_vertices(corners, 2.4) for corners in places]
    fills = [polygon_vertices(corners) for corners in places]
    repeated.repeated(WHITE, [vertices for vertices, _ in outlines], outlines[0][1])
    repeated.repeated(BLUE, [vertices for vertices, _ in fills], fills[0][1])
    assert {colour: (vertices, indices) for colour, vertices, indices in repeated.meshes()} == \
        {colour: (vertices, indices) for colour, vertices, indices in one_by_one.meshes()}


def test_a_repeated_shape_too_many_for_one_mesh_is_split_as_kivy_can_index() -> None:
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    vertices, indices = polygon_vertices(square)
    shapes = Shapes()
    shapes.repeated(WHITE, [vertices] * (MAX_VERTICES // 4 + 10), indices)
    meshes = shapes.meshes()
    assert len(meshes) == 2
    assert all(len(mesh_vertices) // 4 <= MAX_VERTICES for _, mesh_vertices, _ in meshes)
    assert sum(len(mesh_indices) for _, _, mesh_indices in meshes) == \
        6 * (MAX_VERTICES // 4 + 10)


def test_a_text_repeated_at_many_places_is_the_same_mesh_as_placed_one_by_one() -> None:
    two, three = Picture(10, 20), Picture(12, 20)
    places = [(x * 30.0, y * 26.0) for y in range(14) for x in range(13)]
    one_by_one, repeated = Glyphs(), Glyphs()
    one_by_one.place(three, 5, 5)
    for cx, cy in places:
        one_by_one.place(two, cx, cy)
    one_by_one.place(three, 7, 9, tint=BLUE)
    repeated.place(three, 5, 5)
    repeated.repeated(two, [glyph_quad(two, cx, cy) for cx, cy in places])
    repeated.repeated(three, [glyph_quad(three, 7, 9)], tint=BLUE)
    repeated.repeated(three, [])  # nothing to place: no mesh
    assert repeated.meshes() == one_by_one.meshes()
    # placed again after a repeat: the indices go on from the repeated quads
    one_by_one.place(two, 1, 1)
    repeated.repeated(two, [glyph_quad(two, 1, 1)])
    assert repeated.meshes() == one_by_one.meshes()


def test_a_batch_keeps_its_numbers_as_the_mesh_holds_them_c_floats_and_shorts() -> None:
    """Kivy's Mesh keeps the object it is given: a list would keep a Python float (32 bytes)
    for every coordinate of every mesh on the board, beside the mesh's own C floats."""
    shapes, glyphs = Shapes(), Glyphs()
    shapes.polygon(WHITE, hexagon(0, 0, 10))
    shapes.repeated(BLUE, [polygon_vertices(hexagon(n * 30.0, 0, 10))[0] for n in range(3)],
                    polygon_vertices(hexagon(0, 0, 10))[1])
    glyphs.place(Picture(10, 20), 0, 0)
    glyphs.repeated(Picture(12, 20), [glyph_quad(Picture(12, 20), 5, 5)])
    made = [(vertices, indices) for _c, vertices, indices in shapes.meshes()] + \
        [(vertices, indices) for _t, _c, vertices, indices in glyphs.meshes()]
    assert len(made) == 4
    for vertices, indices in made:
        assert isinstance(vertices, array) and vertices.typecode == "f"
        assert isinstance(indices, array) and indices.typecode == "H"


def test_shapes_worked_out_ahead_are_kept_as_c_floats() -> None:
    """What a board keeps per field (Crash by Crash: fills, outlines, texts' quads) is small."""
    corners = hexagon(50, 50, 12)
    for vertices in (outline_vertices(corners, 2.0)[0], polygon_vertices(corners)[0],
                     glyph_quad(Picture(10, 20), 5, 5)):
        assert isinstance(vertices, array) and vertices.typecode == "f"
