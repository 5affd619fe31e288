"""What a game keeps resident while it is played, tap after tap (issue #21 item 6)."""

from __future__ import annotations

from pathlib import Path

from conftest import run_scenario_script

SCRIPT = Path(__file__).parent / "scenarios" / "memory_kept.py"


def test_a_batch_drawn_keeps_its_vertices_in_four_bytes_a_coordinate(display: str,
                                                                      tmp_path: Path) -> None:
    # a list of Python floats would hold 8 bytes a coordinate for the list, 24 per float
    seen = run_scenario_script(SCRIPT, "mesh_vertices", display, tmp_path, "en")
    assert seen["canvas_drawn"]
    assert seen["coordinates"] == 2 * 2_000 * 16  # shapes and texts: 4 corners of x, y, u, v
    assert seen["bytes_kept_per_coordinate"] < 6


def test_the_panels_keep_one_set_of_line_labels_aside_between_them(display: str,
                                                                    tmp_path: Path) -> None:
    from companion.app.panels import INSTRUCTION_LINES_AHEAD

    seen = run_scenario_script(SCRIPT, "lines_aside", display, tmp_path, "en")
    assert {"roll", "info"} <= set(seen["panels_shown"])
    # eight aside for the five panels together (each kept its own eight: 40)
    assert seen["aside_before"] <= INSTRUCTION_LINES_AHEAD + 1  # (+ the texts' own probe)
    # the lines the panels show come from those: none is built while the game is played
    assert seen["built_while_playing"] == 0
    assert seen["aside_after"] <= INSTRUCTION_LINES_AHEAD + 8


def test_a_game_without_a_die_builds_no_die_panel(display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "die_panel", display, tmp_path, "en")
    assert seen["quoridor"] == {"die_panel": False, "die_areas_alive": 0}
    assert seen["patamat"] == {"die_panel": True, "die_areas_alive": 1}  # made ahead, once
