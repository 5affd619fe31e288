"""Batched shapes (``companion/app/boards/batch.py``) draw the pixels Kivy's own instructions
draw: a dozen bells in three draw calls look as a dozen bells in sixty did."""

from __future__ import annotations

from pathlib import Path

from conftest import run_scenario_script

SCRIPT = Path(__file__).parent / "scenarios" / "batched_pixels.py"


def test_bells_and_rectangles_batched_cover_the_same_pixels(display: str,
                                                            tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "same_pixels", display, tmp_path, "en")
    assert seen["bells_drawn"]
    assert seen["bells_same"]
    assert seen["bells_taken_as_kept"]  # drawn again, each bell's triangles as worked out
    assert seen["bells_again_same"]
    # bells of one shape are laid into each of the three batches in one go (their indices a
    # slice of one template), not each bell's offset on its own (before: 3 for each bell)
    assert seen["bells_laid_one_by_one"] == 0
    assert seen["rectangles_same"]
    assert seen["rounded_same"]
    assert seen["slices_same"]  # parts of ellipses (a ghost's dome) and triangles, see-through
