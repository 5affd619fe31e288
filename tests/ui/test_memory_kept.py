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
