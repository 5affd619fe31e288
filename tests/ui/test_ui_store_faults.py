"""The app on a memory card that fills up: it says so in plain words, lets the players play on
unsaved under a visible mark, and writes everything once the card takes writes again."""

from __future__ import annotations

from pathlib import Path

import pytest
from card import fill
from conftest import RunScenario


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_full_card_at_start_and_mid_game_loses_nothing(
    run_scenario: RunScenario, card: Path, lang: str
) -> None:
    fill(card)
    seen = run_scenario("card_full_at_start_then_mid_game", store=card / "games.sqlite3",
                        lang=lang)
    assert seen["dialog_at_start"] is True
    full = {"en": "the memory card is full", "cs": "paměťová karta je plná"}[lang]
    assert full in seen["message_at_start"]
    assert seen["mark_on_home"] is True
    assert seen["history_unsaved"] == ["e8", "e2"] and seen["mark_on_play"] is True
    assert seen["stored_id_unsaved"] is None
    assert seen["saved_after_retry"] == ["e8", "e2"] and seen["mark_after_retry"] is False
    assert seen["history_refused"] == ["e8", "e2"] and seen["dialog_mid_game"] is True
    assert seen["dialog_after_failed_retry"] is True
    assert seen["dialog_after_retry"] is False
    assert seen["history_end"] == ["e8", "e2", "e7"]
    assert seen["saved_end"] == ["e8", "e2", "e7"]
