"""A game with a companion seat, in the window: one tap makes a seat the companion's, it
answers by itself, Undo goes back to the person, the coach hints, the store remembers."""

from __future__ import annotations

import pytest
from conftest import RunScenario


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_the_companion_plays_a_seat_of_quoridor(run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("companion_quoridor", lang=lang)
    person, companion = {"en": ("Person", "Companion"), "cs": ("Člověk", "Společník")}[lang]
    assert seen["seat_kinds"][0] == person
    assert seen["seat_kinds"][1].startswith(companion)
    assert seen["names"] == ["Eva", companion]
    assert seen["level_after_second_tap"] == "strong"
    assert seen["hint_button"] is True
    assert seen["hint_banner"].startswith({"en": "Hint:", "cs": "Rada:"}[lang])
    assert seen["history_after_hint"] == []
    assert seen["history_after_answer"][0] == "e8" and len(seen["history_after_answer"]) == 2
    assert seen["action"]["instructions"]  # what to change on the table for the companion
    assert any(companion in line for line in seen["action"]["instructions"])
    assert seen["status"].startswith("Eva")
    assert seen["history_after_undo"] == []
    assert seen["history_after_redo"] == seen["history_after_answer"]
    assert seen["stored_companions"] == {"1": "strong"}


def test_ui_the_companion_rolls_for_itself_with_the_software_die(
    run_scenario: RunScenario,
) -> None:
    seen = run_scenario("companion_clovece_rolls_itself", lang="en")
    assert seen["history"][0] == "roll 1" and seen["history"][1].startswith("roll")
