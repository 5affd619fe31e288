"""What a game keeps resident while it is played, tap after tap (issue #21 item 6)."""

from __future__ import annotations

from pathlib import Path

from conftest import run_scenario_script

SCRIPT = Path(__file__).parent / "scenarios" / "memory_kept.py"


def test_the_panels_keep_one_set_of_line_labels_aside_between_them(display: str,
                                                                    tmp_path: Path) -> None:
    from companion.app.screens.play.table_lines import INSTRUCTION_LINES_AHEAD

    seen = run_scenario_script(SCRIPT, "lines_aside", display, tmp_path, "en")
    assert {"roll", "info"} <= set(seen["panels_shown"])
    # sixteen made ahead for the five panels together (each had its own eight: 40)
    assert seen["aside_before"] <= INSTRUCTION_LINES_AHEAD + 1  # (+ the texts' own probe)
    # the lines the panels show come from those: none is built while the game is played
    assert seen["built_while_playing"] == 0
    assert seen["aside_after"] <= INSTRUCTION_LINES_AHEAD + 1


def test_a_new_game_keeps_the_choice_buttons_and_line_labels_the_last_one_left(
        display: str, tmp_path: Path) -> None:
    from companion.app.screens.play.panels import CHOICE_BUTTONS_AHEAD
    from companion.app.screens.play.table_lines import INSTRUCTION_LINES_AHEAD

    seen = run_scenario_script(SCRIPT, "games_in_a_row", display, tmp_path, "en")
    assert seen["choices_shown"] > 0  # the games' choices took the buttons and changed them
    # the first game's panel makes its six ahead; the next games take the buttons it left
    assert seen["built_with_panels"][0] >= CHOICE_BUTTONS_AHEAD
    assert seen["built_with_panels"][1:] == [0, 0]
    # so a game no longer leaves six more alive behind it
    assert seen["alive"][2] == seen["alive"][1]
    # the line labels alike: the first game's panels make the sixteen ahead, the next games'
    # panels keep what they took
    assert seen["lines_built_with_panels"][0] >= INSTRUCTION_LINES_AHEAD
    assert seen["lines_built_with_panels"][1:] == [0, 0]
    # and no game built one while it was played (the texts' own probe apart)
    assert seen["lines_built_in_all"] <= sum(seen["lines_built_with_panels"]) + 1
    # the same three players again: the first game's score rows and one-line cells (three
    # of each, ~100–200 kB of widgets a row) serve the next games, restyled for their texts,
    # instead of being made again while the last game's wait for the collector
    assert seen["rows_built"][0] >= 6
    assert seen["rows_built"][1:] == [0, 0]
    assert seen["rows_shown"] == ["Pat", "Mat", "Eva"]


def test_a_new_game_brings_a_full_collection_after_its_first_frame(display: str,
                                                                   tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "last_game_let_go", display, tmp_path, "en")
    assert seen["rows_before"] == 3 and seen["rows_shown_now"] == 3
    # the last game's score rows are garbage in reference cycles (as every Kivy widget),
    # with their labels' textures: the app owes a full pass after the new game's first
    # frame, not ~100 taps later (a middle one left them alive); mostly they are gone then
    # (a pass while something still held them for a moment leaves them to the next one)
    assert 2 in seen["passes"]
    assert seen["textures_before"] >= 3


def test_crash_pieces_the_board_no_longer_shows_are_freed_at_once(display: str,
                                                                 tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "pieces_let_go", display, tmp_path, "en")
    assert seen["canvases_let_go"] >= 5  # cars placed and moved: their fields drawn anew
    # each canvas let go is cleared: its instructions (and their vertex buffers) no longer
    # refer to it, so they are freed at once, not left to the cycle collector
    assert seen["garbage_drawings"] == 0


def test_a_table_lines_measure_is_kept_once() -> None:
    from companion.app.labels.lines import wrapped_lines

    # one cache of the measures (1,024 kept), not a cache of a cache of 256 more
    assert wrapped_lines.cache_info().maxsize == 1024
    assert not hasattr(wrapped_lines.__wrapped__, "cache_info")
