"""The table never drifts (issue #25), in a real window, in both languages. Screenshots:
``artifacts/screenshots/table_lines_*`` and ``settings_pace_*``."""

from __future__ import annotations

import pytest
from conftest import RunScenario

MOVE = {"en": "Move the ", "cs": "Přesuň "}


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_the_companions_round_is_said_and_stays_until_a_person_plays(
        run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("clovece_companion_rounds", lang=lang)
    thinking = seen["thinking"]
    assert thinking is not None and thinking["kind"] == "thinking"
    assert thinking["status"].endswith({"en": "is thinking…", "cs": "přemýšlí…"}[lang])
    assert thinking["buttons"] == []               # nothing for people to press meanwhile
    assert thinking["board_takes_taps"] is False
    lines = seen["round"]["instructions"]
    assert seen["round"]["instructions_visible"] is True
    assert any(MOVE[lang] in line for line in lines), lines  # its move, in words
    # whose roll brought the move: "Jan (6, 2): Move the blue piece …"
    assert any(line.startswith(("Jan (", "Ola (")) and MOVE[lang] in line for line in lines)
    assert seen["round_later"] == lines            # it stays while nobody plays
    assert seen["replaying"] and seen["replay_starts_before_the_round"]  # a tap: once more
    assert seen["replay_done"]                     # then the table's own position again
    assert seen["after_person"][0] == {"en": "Eva rolled 2", "cs": "Eva: padla 2"}[lang]
    assert not any(MOVE[lang] in line for line in seen["after_person"])


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_companions_round_of_three_or_four_lines_is_all_in_view_beside_the_die(
        run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("clovece_round_in_view", lang=lang)
    turn = {"en": "'s turn", "cs": "Na tahu je "}[lang]
    for size in (3, 4):
        round_ = seen[f"round{size}"]
        assert round_["kind"] == "roll", round_
        assert len(round_["instructions"]) >= size, round_
        # every line to act on is shown and wholly in view: nothing to scroll to
        assert round_["shown"] == round_["instructions"] and round_["hidden"] == [], round_
        # whose turn it is the status says; not a line of its own
        assert not any(turn in line for line in round_["instructions"]), round_
        assert any(MOVE[lang] in line for line in round_["instructions"]), round_


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_undo_says_what_to_take_back_and_redo_what_to_put_back(
        run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("quoridor_undo_says_what_to_take_back", lang=lang)
    assert seen["history_after_undo"] == []       # Eva's wall and the companion's answer
    undo = seen["after_undo"]
    assert len(undo) == 2 and seen["undo_kind"] == "info"
    wall = {"en": "Take the wall between rows 3 and 4", "cs": "Odeber z plánu překážku"}[lang]
    assert any(line.startswith(wall) and "Eva" in line for line in undo), undo
    assert any("Jan" in line for line in undo), undo
    assert len(seen["history_after_redo"]) == 2 and len(seen["after_redo"]) == 2
    assert seen["after_redo"] != undo


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_the_companions_pace_is_a_setting(run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("settings_companion_pace", lang=lang)
    assert seen["pace_before"] == "normal"
    assert seen["pause_slow"] == 2.0 and seen["pause_fast"] == 0.4


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_persons_own_input_says_what_follows_on_the_table_not_the_move_itself(
        run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("pacman_own_input_says_its_consequences", lang=lang)
    # before, the game's sentence of the move she made: "PAC-MAN eats the dot at a9: three
    # bonus steps" (her own path holds the bonus steps); now what she must still do
    assert seen["after_eva"]["instructions"] == [
        {"en": "Take the dot off a9", "cs": "Odstraň TEČKU z a9"}[lang]]
