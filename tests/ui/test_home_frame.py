"""The home screen's first frame (the cold start's end): it draws what it shows and no more,
with the same pixels as the frames after it."""

from __future__ import annotations

from conftest import SCREENSHOTS, RunScenario

BACKGROUND = [0.11, 0.12, 0.14, 1.0]


def test_home_first_frame_draws_no_stencil_no_background_rectangle_no_hidden_part(
        run_scenario: RunScenario) -> None:
    seen = run_scenario("home_first_frame", lang="en")
    first, after = seen["first_frame"], seen["after"]
    # the window is cleared to the screens' background: no screen draws a rectangle of it,
    # and the screen manager draws no stencil (Kivy's: two more window-sized rectangles)
    for frame in (first, after):
        assert frame["clear_colour"] == BACKGROUND
        assert frame["stencil_instructions"] == []
        assert frame["window_sized_rectangles"] == 0
    # the parts hidden while they have nothing to say are not made for the first frame, and
    # are made just after it (no tap builds them)
    assert first["hidden_parts_made"] == []
    assert first["parts_parsed"] is False and after["parts_parsed"] is True
    assert after["hidden_parts_made"] == ["continue_button", "watch_button", "unsaved_note",
                                          "warnings_label"]
    assert after["draw_calls"] > first["draw_calls"]
    # the labels' looks are kept LZ4-compressed under this software GL: LZ4 is loaded just
    # after the first frame, which keeps no look (and by no tap)
    assert first["compressor_loaded"] is False
    assert after["compressor_loaded"] is True
    # the same pixels: the first frame, the frame with the parts made, and the frame with the
    # background drawn as a rectangle of its own (as every screen drew it before)
    first_png = (SCREENSHOTS / "home_first_frame_en.png").read_bytes()
    assert (SCREENSHOTS / "home_after_first_frame_en.png").read_bytes() == first_png
    assert (SCREENSHOTS / "home_background_drawn_en.png").read_bytes() == first_png
    # made, they show what they are given
    assert seen["continue_button"] == ["Continue: Quoridor, Eva, Pat", 84]
    assert seen["warnings_label"] == "The card is nearly full."
    # a warning at start is made with the screen, the other hidden parts are not
    assert seen["prepared_with_a_warning"] == ["The card is nearly full.", ["warnings_label"]]
