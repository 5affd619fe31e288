"""Where the Crash by Crash board draws its 188 hexes, and how forgiving a tap is."""

from __future__ import annotations

import itertools
import math

from companion.games.crash.board import FIELD_NAMES, NEIGHBOURS
from companion.geometry.crash import HexGrid, move_chains

GRID = HexGrid.fit(0, 52, 480, 428)
"""The board square of the play screen, above the 52 px action strip."""


def test_the_hexes_fill_the_square_above_the_strip_without_overlapping() -> None:
    xs = [GRID.centre(name)[0] for name in FIELD_NAMES]
    ys = [GRID.centre(name)[1] for name in FIELD_NAMES]
    assert min(xs) - GRID.w / 2 >= -0.01 and max(xs) + GRID.w / 2 <= 480.01
    assert min(ys) - GRID.radius >= 51.99 and max(ys) + GRID.radius <= 480.01
    assert GRID.w > 36 and 2 * GRID.radius > 36          # about 37 × 37 px, under 48: see SNAP
    for a, b in itertools.combinations(FIELD_NAMES, 2):
        (ax, ay), (bx, by) = GRID.centre(a), GRID.centre(b)
        assert math.hypot(ax - bx, ay - by) > 0.9 * GRID.w


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
