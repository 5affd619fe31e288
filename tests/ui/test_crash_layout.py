"""Where the Crash by Crash board draws its 188 hexes, and how forgiving a tap is."""

from __future__ import annotations

import itertools
import math

from companion.games.crash.board import FIELD_NAMES, NEIGHBOURS
from companion.geometry.crash import COLUMN_BAND, LABEL_FONT, ROW_BAND, HexGrid, move_chains

GRID = HexGrid.fit(0, 52, 480, 428)
"""The board square of the play screen, above the 52 px action strip."""


def test_the_hexes_fill_the_square_above_the_strip_without_overlapping() -> None:
    xs = [GRID.centre(name)[0] for name in FIELD_NAMES]
    ys = [GRID.centre(name)[1] for name in FIELD_NAMES]
    assert min(xs) - GRID.w / 2 >= ROW_BAND - 0.01 and max(xs) + GRID.w / 2 <= 480.01
    assert min(ys) - GRID.radius >= 51.99 and max(ys) + GRID.radius <= 480.01 - COLUMN_BAND
    assert GRID.w > 35 and 2 * GRID.radius > 35          # about 36 × 35 px, under 48: see SNAP
    for a, b in itertools.combinations(FIELD_NAMES, 2):
        (ax, ay), (bx, by) = GRID.centre(a), GRID.centre(b)
        # rows 1.5 radius apart: 0.9 w for hexes as tall as wide, a shade less with the bands
        assert math.hypot(ax - bx, ay - by) > 0.89 * GRID.w


def test_the_edges_name_the_rows_a_to_o_and_the_numbers_1_to_13_beside_the_fields() -> None:
    """The lines say "put a car on g7": g's letter level with row g, 7 over row a's 7th field,
    each in a band left of or above the fields, where no field is."""
    labels = GRID.labels()
    rows, numbers = labels[:15], labels[15:]
    assert [text for text, _x, _y in rows] == list("abcdefghijklmno")
    assert [text for text, _x, _y in numbers] == [str(n) for n in range(1, 14)]
    half_width, half_height = 0.35 * LABEL_FONT, 0.6 * LABEL_FONT    # a glyph's box, about
    for text, x, y in rows:                   # left of the wide rows' first field, on screen
        assert abs(y - GRID.centre(f"{text}1")[1]) < 0.01
        assert 0 <= x - half_width and x + half_width <= GRID.left
    for text, x, y in numbers:                # above row a's pointed tops, on screen
        assert abs(x - GRID.centre(f"a{text}")[0]) < 0.01
        assert GRID.top <= y - half_height and y + half_height <= 480
    bare = HexGrid.fit(0, 52, 480, 428, row_band=0, column_band=0)
    assert bare.labels() == () and GRID.w > 0.96 * bare.w and GRID.radius > 0.95 * bare.radius


def test_neighbours_lie_in_their_direction_on_screen() -> None:
    e5 = FIELD_NAMES.index("e5")
    x, y = GRID.centre("e5")
    for direction, neighbour in enumerate(NEIGHBOURS[e5]):
        nx, ny = GRID.centre(FIELD_NAMES[neighbour])
        ux, uy = GRID.direction_vector("e5", direction)
        assert (nx - x) * ux + (ny - y) * uy > 0.99 * math.hypot(nx - x, ny - y)
    assert GRID.centre("f5")[0] > x and GRID.centre("f5")[1] < y   # f5 is SE of e5


def test_a_tap_goes_to_the_field_under_it_or_to_a_nearby_target() -> None:
    x, y = GRID.centre("e5")
    assert GRID.field_at(x, y) == "e5"
    assert GRID.field_at(x + 0.45 * GRID.w, y) in ("e5", "e6")
    # a finger that lands inside e6, near the only legal field e5, still means e5
    ex, ey = GRID.centre("e6")
    inside_e6 = (x + 0.7 * (ex - x), y + 0.7 * (ey - y))
    assert GRID.field_at(*inside_e6) == "e6"
    assert GRID.field_at(*inside_e6, targets=["e5"]) == "e5"
    # but not a target two fields away
    gx, gy = GRID.centre("e7")
    assert GRID.field_at(gx, gy, targets=["e5"]) == "e7"
    assert GRID.field_at(-200, -200) is None


def test_moves_are_animated_as_chains_in_order() -> None:
    events = ["bat B -1", "place B e4", "move e6>e7", "move e7>e8", "pull c3>d3 by e4"]
    assert move_chains(events) == [["e6", "e7", "e8"], ["c3", "d3"]]
    assert move_chains(["op n4>m5", "op m5>Ht32", "move a2>a1", "off A a1 edge"]) == [
        ["n4", "m5", "Ht32"]]
