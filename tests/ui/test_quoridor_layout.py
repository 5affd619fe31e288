"""Where the Quoridor and PAC-MAN boards put their squares, walls and strip, and what a tap
means: Kivy-free geometry, as a second painter (an SVG for the phones) would read it."""

from __future__ import annotations

import itertools
import subprocess
import sys

from companion.games.quoridor.board import COLUMNS
from companion.geometry.pacman import PacmanGeometry
from companion.geometry.quoridor import GROOVE, LABEL_FONT, SQUARE_NAMES, Grid, Tap

GRID = Grid.fit(0, 0, 480, 480)
"""The board square of the play screen."""
PACMAN = PacmanGeometry.fit(0, 0, 480, 480)


def inside(box: tuple[float, float, float, float], outer: tuple[float, float, float, float]
           ) -> bool:
    x, y, w, h = box
    ox, oy, ow, oh = outer
    return ox - 0.01 <= x and x + w <= ox + ow + 0.01 and oy - 0.01 <= y and y + h <= oy + oh + 0.01


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def square_box(grid: Grid, name: str) -> tuple[float, float, float, float]:
    x, y, side = grid.square_rect(name)
    return x, y, side, side


def test_the_81_squares_lie_inside_the_board_apart_row_1_at_the_top() -> None:
    assert len(SQUARE_NAMES) == 81
    for name in SQUARE_NAMES:
        assert inside(square_box(GRID, name), (0, 0, 480, 480)), name
    for a, b in itertools.combinations(SQUARE_NAMES, 2):
        assert not overlaps(square_box(GRID, a), square_box(GRID, b)), (a, b)
    assert GRID.centre("e1")[1] > GRID.centre("e9")[1]          # row 1 at the top
    assert GRID.centre("a5")[0] < GRID.centre("i5")[0]          # column a on the left
    assert GRID.pitch > 48                          # a cell, groove included, takes a finger


def test_a_tap_on_a_square_means_it_and_one_in_the_groove_means_the_wall_slot() -> None:
    x, y = GRID.centre("e5")
    assert GRID.tap_at(x, y) == Tap("square", "e5")
    # the groove below e5 (between rows 5 and 6): over e5's right part the wall of e5 and f5,
    # over its left part the wall of d5 and e5 (a wall is two squares long)
    ex, ey, side = GRID.square_rect("e5")
    in_groove = ey - GRID.pitch * GROOVE / 4
    assert GRID.tap_at(ex + side * 0.9, in_groove) == Tap("wall", "e5h")
    assert GRID.tap_at(ex + side * 0.3, in_groove) == Tap("wall", "d5h")
    # the groove right of e5 (between columns e and f), in its upper half: wall e4v
    assert GRID.tap_at(ex + side + GRID.pitch * GROOVE / 4, ey + side * 0.8) == Tap("wall", "e4v")
    # the groove crossing at the corner below e5's right: horizontal or vertical by the nearer
    corner = (ex + side + GRID.pitch * GROOVE / 2, ey - GRID.pitch * GROOVE / 2)
    assert GRID.tap_at(corner[0] + 0.5, corner[1] + 2).kind == "wall"  # type: ignore[union-attr]


def test_a_finger_beside_the_groove_means_the_wall_unless_the_square_takes_the_whole_tap() -> None:
    ex, ey, side = GRID.square_rect("e5")
    near = (ex + side * 0.7, ey + GRID.pitch * 0.2)               # inside e5, near its bottom
    assert GRID.tap_at(*near) == Tap("wall", "e5h")
    assert GRID.tap_at(*near, whole_squares={"e5"}) == Tap("square", "e5")
    # in the groove itself the wall wins even over a destination
    assert GRID.tap_at(ex + side * 0.7, ey - 1, whole_squares={"e5", "e6"}) == Tap("wall", "e5h")


def test_the_board_edge_is_no_groove_and_off_the_grid_means_nothing() -> None:
    ax, ay, side = GRID.square_rect("a1")
    assert GRID.tap_at(ax + 2, ay + side / 2) == Tap("square", "a1")       # left edge of a1
    assert GRID.tap_at(GRID.left - 3, ay + side / 2) is None
    assert GRID.tap_at(ax + side / 2, GRID.top + 3) is None
    for name in SQUARE_NAMES:
        assert GRID.square_at(*GRID.centre(name)) == name


def test_walls_lie_in_their_grooves_two_squares_long() -> None:
    thickness = GRID.wall_thickness()
    x, y, w, h = GRID.wall_rect("e3h", thickness)                # between rows 3 and 4, e–f
    e3, f4 = GRID.square_rect("e3"), GRID.square_rect("f4")
    assert h == thickness and abs(w - (2 * GRID.pitch - GRID.pitch * GROOVE)) < 0.01
    assert abs(x - e3[0]) < 0.01 and abs(x + w - (f4[0] + f4[2])) < 0.01
    assert e3[1] > y + h / 2 > f4[1] + f4[2]                        # in the groove, e3 above
    x, y, w, h = GRID.wall_rect("e3v", thickness)                # between columns e and f
    assert w == thickness and e3[0] + e3[2] < x + w / 2 < f4[0]
    assert abs(y + h - (e3[1] + e3[2])) < 0.01 and abs(y - GRID.square_rect("e4")[1]) < 0.01


def test_goal_strips_frame_the_grid_on_their_edges() -> None:
    strips = GRID.goal_strips()
    assert strips["row 1"][1] >= GRID.top                           # above row 1
    assert strips["row 9"][1] + strips["row 9"][3] <= GRID.bottom   # below row 9
    assert strips["column a"][0] + strips["column a"][2] <= GRID.left
    for strip in strips.values():
        assert inside(strip, GRID.frame())


def test_pacman_grid_and_strip_share_the_square_without_overlapping() -> None:
    grid = PACMAN.grid
    frame = grid.frame()
    assert inside(frame, (0, 0, 480, 480)) and inside(PACMAN.strip, (0, 0, 480, 480))
    assert frame[0] + frame[2] <= PACMAN.strip[0] + 0.01
    for index in range(4):                                           # eaten ghosts, at the top
        x, y = PACMAN.strip_slot(index)
        assert PACMAN.is_in_strip(x) and y > 240
    for life in range(3):                                            # lives, at the bottom
        x, y = PACMAN.life_centre(life)
        assert PACMAN.is_in_strip(x) and y < 240
    assert grid.square_at(*grid.centre("e7")) == "e7"
    assert grid.square_at(PACMAN.strip[0] + 5, 240) is None


def test_a_caption_stays_away_from_the_piece_it_is_about() -> None:
    grid = PACMAN.grid
    low = PACMAN.caption_box(30, near_row=2)                        # a piece near the top
    high = PACMAN.caption_box(30, near_row=8)
    assert low[1] < grid.centre("e8")[1] and high[1] > grid.centre("e2")[1]
    for box in (low, high):
        assert inside(box, grid.frame())
        assert not overlaps(box, square_box(grid, "a5")) and not overlaps(
            box, square_box(grid, "i5"))                            # the edge columns stay free


def test_the_edges_name_rows_1_to_9_downwards_and_columns_a_to_i_outside_the_frame() -> None:
    for grid, widget in ((GRID, (0, 0, 480, 480)), (PACMAN.grid, (0, 0, 440, 480))):
        labels = grid.labels()
        rows, columns = labels[:9], labels[9:]
        assert [label.text for label in rows] == [str(row) for row in range(1, 10)]
        assert [label.text for label in columns] == list(COLUMNS)
        for label in rows:                    # level with its row, left of the frame
            assert abs(label.y - grid.centre(f"e{label.text}")[1]) < 0.01
            assert label.x < grid.frame()[0]
        for label in columns:                 # under its column, below the frame
            assert abs(label.x - grid.centre(f"{label.text}5")[0]) < 0.01
            assert label.y < grid.frame()[1]
        # a glyph of the font (about 0.6 × 1.2 of its size) fits its band, inside the widget,
        # and hides no square
        row_band, column_band = grid.label_bands()
        assert row_band[2] >= 0.6 * LABEL_FONT and column_band[3] >= 1.2 * LABEL_FONT - 0.01
        for band in (row_band, column_band):
            assert inside(band, widget) and not overlaps(band, grid.frame())
        assert grid.tap_at(rows[4].x, rows[4].y) is None
        assert grid.square_at(columns[4].x, columns[4].y) is None


def test_the_edge_names_cost_the_squares_little() -> None:
    bare = Grid.fit(0, 0, 480, 480, row_band=0, column_band=0)
    assert GRID.pitch > 0.94 * bare.pitch
    assert Grid.fit(0, 0, 480, 480, row_band=0, column_band=0).labels() == ()


def test_the_geometry_imports_no_kivy() -> None:
    code = ("import sys, companion.geometry.quoridor, companion.geometry.pacman; "
            "print(any(name.startswith('kivy') for name in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"
    assert COLUMNS == "abcdefghi"
