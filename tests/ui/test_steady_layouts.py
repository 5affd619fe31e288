"""Steady layouts (app/frames/steady_layouts.py) place children as Kivy's own layouts do and skip
only the passes that would change nothing; the Pat a Mat board's paragraph heights, measured
without rendering, are those of the rendered texts; a switch of the scoreboard lays the die
panel out once, at its new height."""

from __future__ import annotations

from pathlib import Path

from conftest import run_scenario_script

SCRIPT = Path(__file__).parent / "scenarios" / "steady.py"


def test_steady_layouts_place_as_kivy_and_skip_only_passes_that_change_nothing(
        display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "steady_layouts", display, tmp_path, "en")
    for plain, steady in seen["places"]:  # shown, again, taller, a child's height, one more, moved
        assert steady == plain
    shown, again, taller, child, added, moved = seen["passes"]
    for name in ("box", "grid"):
        # the plain layout resized its children and was laid out again for it: the steady
        # one was not; asked again with nothing changed, the steady one does nothing
        assert shown[f"{name} plain"] > shown[f"{name} steady"] >= 1
        assert again[f"{name} plain"] >= 1 and again.get(f"{name} steady", 0) == 0
        for changed in (taller, child, added):  # a real change: laid out again
            assert changed[f"{name} steady"] >= 1
    # moved, nothing else: the steady box moved its children without a pass (the places
    # above are Kivy's); the grid lays out as before
    assert moved["box plain"] >= 1 and moved.get("box steady", 0) == 0
    assert moved["grid steady"] >= 1


def test_patamat_paragraph_heights_measured_are_those_rendered(display: str,
                                                               tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "paragraph_heights", display, tmp_path, "en")
    rows = seen["heights"]
    assert len(rows) == 12
    assert [row for row in rows if row[2] != row[3]] == []
    assert len({row[2] for row in rows}) >= 4  # one line, wrapped, several lines, two sizes


def test_a_switch_of_scoreboard_lays_the_die_panel_out_at_its_new_height_only(
        display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "scoreboard_switch", display, tmp_path, "en")
    styles = seen["styles"]
    # the rows stepped aside for the table lines and came back, more than once
    switches = sum(1 for before, after in zip(styles, styles[1:]) if before != after)
    assert "rows" in styles and "line" in styles and switches >= 2, styles
    assert seen["stale"] == []  # the rows shown show the position
    # a switch in front of the die panel: laid out once, at its new height (not first at
    # the height the old scoreboard left it)
    assert seen["die_heights"], styles
    assert [heights for heights in seen["die_heights"] if len(heights) != 1] == []
