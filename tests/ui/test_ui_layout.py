"""Nothing hidden or cut off on the play screen (issue #25, item 3).

The three scenarios in both languages are played one after another in one app a language
(``driver.in_turn``, once a run); each test reads its scenario's part."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import PartInTurn, RunScenario

IN_TURN = ("bottom_bar_keeps_menu", "long_names_choose", "banners_stay_until_a_tap")
Seen = Callable[[str, str], dict[str, Any]]


@pytest.fixture
def layout_seen(part_of_scenarios_in_turn: PartInTurn) -> Seen:
    """What a scenario of ``IN_TURN`` saw in a language, played in turn with the others."""
    return lambda name, lang: part_of_scenarios_in_turn(IN_TURN, name, lang)

LONG_NAMES = ["Alžběta", "Maximilián", "Bohumila", "Kristýna", "Bartoloměj", "Svatopluk"]
"""The players of ``scenarios.layout.long_names_choose``, in seat order."""


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_menu_stays_whole_after_the_hint_button_was_shown(
    layout_seen: Seen, lang: str
) -> None:
    seen = layout_seen("bottom_bar_keeps_menu", lang)
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


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_long_choices_wrap_and_every_button_is_in_view(
    layout_seen: Seen, lang: str
) -> None:
    seen = layout_seen("long_names_choose", lang)
    for players in (2, 3, 4, 5, 6):
        choose = seen[f"choose{players}"]
        assert choose["kind"] == "choice" and choose["legal"] == players, choose
        assert len(choose["buttons"]) == players, choose
        for button in choose["buttons"]:
            assert button["fits"] and button["font"] >= 20, (players, button)
            assert button["height"] >= 48, (players, button)   # a finger's target
            # every choice wholly in view: inside the window, not cut by a scrolling list
            assert button["in_view"], (players, button["clipped_by"], choose)
        texts = [button["text"] for button in choose["buttons"]]
        if players >= 4:
            # many: the names alone, two to a row (the status line asks the question)
            assert choose["paired"] and texts == LONG_NAMES[:players], choose
            assert choose["status"].startswith(LONG_NAMES[players - 1]), choose
        else:
            assert not choose["paired"] and all(LONG_NAMES[:players][n] in text
                                                for n, text in enumerate(texts)), choose
        if players >= 3:  # the scoreboard gives the choice its room: one-line cells
            assert choose["scoreboard"] == "line", choose


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_refusals_and_hints_hide_no_instruction_and_stay_until_the_next_tap(
    layout_seen: Seen, lang: str
) -> None:
    seen = layout_seen("banners_stay_until_a_tap", lang)
    refusal, hint = seen["refusal"], seen["hint"]
    assert refusal["text"] and refusal["rule"]
    assert refusal["instructions"], refusal          # there are instructions to hide
    assert not refusal["covers_status"] and not refusal["covers_instructions"], refusal
    assert hint["text"].startswith({"en": "Hint: ", "cs": "Rada: "}[lang])
    assert not hint["covers_status"] and not hint["covers_instructions"], hint
    # no timer: still there after six seconds
    assert seen["refusal_later"] == refusal["text"]
    assert seen["hint_later"] == hint["text"]
    # the next tap takes it away and does what it does; a tap on the banner only that
    assert seen["after_tap"] == ["", ["e8", "e2"]]
    assert seen["after_banner_tap"] == ["", ["e8", "e2"]]


def test_ui_the_screenshot_check_finds_cut_text_and_buttons_outside_the_window(
    run_scenario: RunScenario,
) -> None:
    seen = run_scenario("overflow_check_finds", lang="en")
    assert seen["before"] == [] and seen["after"] == []
    found = seen["found"]
    assert len(found) == 3, found
    assert found[0].startswith("Button 'Menu': button at x 760–860") and "outside" in found[0]
    assert found[1].startswith("Button 'Nápověda': ") and "word broken" in found[1]
    assert found[2].startswith("Label 'A sentence far too long") and "wide in 120" in found[2]
