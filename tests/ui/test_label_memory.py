"""RememberedLabel (app/label_memory.py): a look shown again takes its texture back unchanged."""

from __future__ import annotations

from pathlib import Path

from conftest import run_scenario_script

SCRIPT = Path(__file__).with_name("scenarios_labels.py")


def test_a_look_shown_again_is_the_texture_first_rendered(display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "looks_come_back", display, tmp_path, "en")
    assert seen["plain_again_is_the_first"] and seen["plain_pixels_kept"]
    assert seen["bold_again_is_the_first"] and seen["bold_pixels_kept"]
    assert seen["new_look_is_new_texture"]
    assert seen["new_look_size"][0] == seen["new_look_size"][1]
    assert seen["forgotten_is_rendered_again"]
    # rendered: Eva, Eva bold, Pat, Ida, Ota, Ema and Eva again (forgotten after 4 newer looks)
    assert seen["renders"] == ["Eva", "Eva/b", "Pat", "Ida", "Ota", "Ema", "Eva"]
