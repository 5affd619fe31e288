"""Nothing hidden or cut off on the play screen (issue #25, item 3)."""

from __future__ import annotations

import pytest
from conftest import RunScenario


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_menu_stays_whole_after_the_hint_button_was_shown(
    run_scenario: RunScenario, lang: str
) -> None:
    seen = run_scenario("bottom_bar_keeps_menu", lang=lang)
    hint = {"en": "Hint", "cs": "Rada"}[lang]
    # the coach on: four buttons, Menu whole
    assert hint in seen["coached"]["texts"] and seen["coached"]["menu_whole"]
    # a game without the coach after it: the Hint button gone, Menu whole
    assert hint not in seen["after_coach"]["texts"] and seen["after_coach"]["menu_whole"]
    # the companion's turn (no hint then) and the person's turn after it: Menu whole
    assert seen["history_during_companion"] == ["e8"]
    assert hint not in seen["companion_turn"]["texts"] and seen["companion_turn"]["menu_whole"]
    assert hint in seen["back_to_person"]["texts"] and seen["back_to_person"]["menu_whole"]
    for bar in ("coached", "after_coach", "companion_turn", "back_to_person"):
        for left, _bottom, right, _top in seen[bar]["rects"].values():
            assert 0 <= left and right <= 800 and right - left >= 48, (bar, seen[bar])
