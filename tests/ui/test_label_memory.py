"""RememberedLabel (app/labels/remembered.py): a look shown again comes back unchanged without a
render, and a look not shown keeps its pixels compressed, not a texture;
a rendered label keeps no surface, and its pixels are those Kivy renders. And the status
line's lines, counted without rendering, are those a rendered label shows. Text widths
remembered per font (app/labels/extents.py) lay labels out as measuring anew does."""

from __future__ import annotations

from pathlib import Path

from conftest import run_scenario_script

SCRIPT = Path(__file__).parent / "scenarios" / "labels.py"


def test_a_look_shown_again_comes_back_without_a_render(display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "looks_come_back", display, tmp_path, "en")
    assert seen["plain_again_not_rendered"] and seen["plain_pixels_kept"]
    assert seen["bold_again_not_rendered"] and seen["bold_pixels_kept"]
    assert seen["new_look_is_new_texture"]
    assert seen["new_look_size"][0] == seen["new_look_size"][1]
    # rendered: Eva, Eva bold, Pat, Ida, Ota, Ema and Eva again (forgotten after 4 newer looks)
    assert seen["renders"] == ["Eva", "Eva/b", "Pat", "Ida", "Ota", "Ema", "Eva"]


def test_looks_not_shown_keep_their_pixels_not_a_texture(display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "looks_kept_as_pixels", display, tmp_path, "en")
    # a table line shown in four texts: one texture of its size alive (it was four)
    assert seen["looks_kept"] == 4
    assert seen["line_textures_alive"] == 1
    assert seen["looks_not_shown_with_a_texture"] == 0
    # each look's 300 x 48 pixels (57,600 bytes) kept compressed, at most a tenth of that
    assert all(0 < size < 5760 for size in seen["pixels_kept_bytes"])
    # taken back: not rendered, Kivy's own label's pixels, the line's one texture filled again
    assert seen["renders_taking_back"] == []
    assert seen["filled_by_the_frame"] == [True, True, True]
    assert seen["same_pixels_as_kivys"] == [True, True, True]
    assert seen["same_texture_filled_again"] == [True, True, True]


def test_a_label_set_aside_lets_its_texture_go_and_gets_it_back_when_shown(
        display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "set_aside_lets_its_texture_go", display, tmp_path, "en")
    assert seen["kept_when_back_at_once"]
    assert seen["aside_has_no_texture"] and seen["aside_keeps_its_size"]
    assert seen["shown_texture_freed"], seen["its_holders"]
    assert seen["back_renders"] == [] and seen["back_with_kivys_pixels"]
    assert seen["its_look_let_go"]
    assert seen["back_again_renders"] == [] and seen["back_again_with_kivys_pixels"]


def test_with_a_gpu_a_look_keeps_its_texture(display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "looks_on_a_gpu", display, tmp_path, "en")
    assert seen["first_texture_again"]
    assert seen["looks_with_a_texture"] == 2
    assert seen["aside_keeps_its_texture"]


def test_a_rendered_label_lets_its_surface_go_and_keeps_kivys_pixels(display: str,
                                                                     tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "pixels_let_go", display, tmp_path, "en")
    assert seen["kivy_keeps_its_surface"] and seen["app_keeps_none"]
    assert seen["same_pixels"] and seen["widget_drawn"]


def test_a_markup_look_is_rendered_when_drawn_with_kivys_pixels(display: str,
                                                               tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "markup_drawn_later", display, tmp_path, "en")
    # before the frame only the text that names a place is rendered (its places are known)
    assert [text for text in seen["rendered_before_the_frame"] if "Player 1" in text] == []
    assert any("ref=rules" in text for text in seen["rendered_before_the_frame"])
    assert seen["place_refs"] == ["rules"]
    # the score row is rendered once, when the frame draws it: the pixels Kivy renders
    assert len([text for text in seen["rendered_when_drawn"] if "Player 1" in text]) == 1
    assert seen["same_size"] and seen["same_pixels"]


def test_status_lines_are_counted_as_a_rendered_label_shows_them(display: str,
                                                                 tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "status_lines_measured", display, tmp_path, "en")
    measured = seen["measured"]
    assert len(measured) == 80
    assert [row for row in measured if row[3] != row[4]] == []
    assert {row[3] for row in measured} >= {1, 2, 3}  # one line, wrapped, wrapped more


def test_labels_laid_out_with_remembered_widths_are_the_same(display: str,
                                                             tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "extents_remembered", display, tmp_path, "en")
    assert seen["installed"]
    assert seen["sizes"] == seen["own_sizes"]
    assert seen["same_as_own"] == [True] * 5 and seen["again_same"] == [True] * 5
    assert seen["sizes"][0][1] >= 2 * 20  # the score row wraps: two lines of 20 px
    assert seen["asked_first"] > 20  # the words and lines measured once…
    assert seen["asked_again"] == 0  # …and not again
    # a score row laid out again: its font worked out once a run of text (Kivy's cached
    # extents), not at each of its ~25 measurements; nothing measured anew, the same pixels
    assert seen["row_fonts_worked_out"] <= 6 and seen["row_asked"] == 0 and seen["row_same"]


def test_a_changed_label_renders_with_its_core_label_into_its_texture(display: str,
                                                                     tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "changes_keep_the_core_label", display, tmp_path, "en")
    # a score row changed frame after frame: no core label and no texture made per change
    assert seen["changes_kept_core"] == [True, True, True]
    assert seen["changes_kept_texture"] == [True, True, True]
    # changed twice before a frame: the first look's core label stays with it, undrawn
    assert seen["second_change_new_core"] and seen["then_kept_core"]
    # every look drawn with the pixels Kivy's own label renders for its text
    assert seen["same_pixels"] == [True] * 7
