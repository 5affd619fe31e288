"""A game with a companion seat, in the window: one tap makes a seat the companion's, it
answers by itself, Undo goes back to the person, the coach hints, the store remembers.

The four games' hints are played one after another in one app a language (``driver.in_turn``,
once a run); each hint test reads its game's part."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import PartInTurn, RunScenario

HINTS = ("hint_clovece", "hint_patamat", "hint_pacman", "hint_crash")
HintSeen = Callable[[str, str], dict[str, Any]]


@pytest.fixture
def hint_seen(part_of_scenarios_in_turn: PartInTurn) -> HintSeen:
    """What a hint scenario saw in a language, played in turn with the other games' hints."""
    return lambda name, lang: part_of_scenarios_in_turn(HINTS, name, lang)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_the_companion_plays_a_seat_of_quoridor(run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("companion_quoridor", lang=lang)
    person, companion = {"en": ("Person", "Companion"), "cs": ("Člověk", "Společník")}[lang]
    assert seen["seat_kinds"][0] == person
    assert seen["seat_kinds"][1].startswith(companion)
    assert seen["names"] == ["Eva", {"en": "Companion (normal)",
                                     "cs": "Společník (střední)"}[lang]]
    assert seen["play_names"] == ["Eva", {"en": "Companion (strong)",     # tapped to strong
                                          "cs": "Společník (silný)"}[lang]]
    assert seen["level_after_second_tap"] == "strong"
    assert seen["hint_button"] is True
    assert seen["hint_banner"].startswith({"en": "Hint:", "cs": "Rada:"}[lang])
    assert seen["history_after_hint"] == []
    assert seen["hint_on_board"] == seen["hint_line"]     # the hint shows on the board too
    steps = seen["companion_step_progress"]               # its step is animated, not a jump:
    assert steps[0] == 0.0 and steps[-1] == 1.0 and len(steps) >= 3  # start, between, end
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


def hinted_and_played(hint: dict[str, Any], after: list[str]) -> bool:
    """The hint was shown without playing, then exactly that input was played."""
    return bool(hint["hint"]) and after == [*hint["history"], hint["hint"]]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_the_hint_shows_on_the_clovece_board(hint_seen: HintSeen, lang: str) -> None:
    seen = hint_seen("hint_clovece", lang)
    for key, after in (("enter", "after_enter"), ("move", "after_move")):
        assert seen[key]["preview"] == seen[key]["hint"]            # on the board
        assert seen[key]["action"] == "preview"                     # OK / Cancel beside it
        assert hinted_and_played(seen[key], seen[after])
    assert seen["enter"]["hint"].startswith("enter")
    assert seen["move"]["hint"].startswith("move") and seen["way"] > 2   # its way drawn


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_the_hint_shows_on_the_patamat_board(hint_seen: HintSeen, lang: str) -> None:
    seen = hint_seen("hint_patamat", lang)
    place = seen["place"]
    assert place["hint"].startswith("place ") and place["preview"] == place["hint"]
    assert seen["selected_kind"] == place["hint"].split()[1]
    assert place["panel"].startswith({"en": "Pat: put ", "cs": "Pat: polož "}[lang])
    assert hinted_and_played(place, seen["after_place"])           # its field tapped
    choose = seen["choose"]
    assert choose["hint"].startswith("choose ") and choose["preview"] == ""
    assert choose["action"] == "choice" and choose["choice"] == choose["hint"]
    assert seen["marked_buttons"] == [choose["hint"]]
    assert seen["after_choose"] == [choose["hint"]]                  # OK took it


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_the_hint_shows_on_the_pacman_board(hint_seen: HintSeen, lang: str) -> None:
    seen = hint_seen("hint_pacman", lang)
    pacman, ghost = seen["pacman"], seen["ghost"]
    assert pacman["hint"].startswith("P:") and pacman["preview"] == pacman["hint"]
    assert seen["destination"] == pacman["hint"].split("-")[-1]
    assert hinted_and_played(pacman, seen["after_pacman"])         # OK
    assert not ghost["hint"].startswith("P:") and ghost["preview"] == ghost["hint"]
    assert seen["selected_ghost"] == ghost["hint"].split(":")[0]
    assert hinted_and_played(ghost, seen["after_ghost"])           # its square tapped


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_the_hint_shows_on_the_crash_board(hint_seen: HintSeen, lang: str) -> None:
    seen = hint_seen("hint_crash", lang)
    first, operator = seen["first"], seen["operator"]
    assert first["preview"] == first["hint"] == "first A"
    assert seen["first_marked"] == ["Eva"]
    assert operator["hint"].startswith("operator-start ")
    assert operator["preview"] == operator["hint"]
    assert seen["operator_selected"] == operator["hint"].split()[1]
    assert seen["after_setup_hints"] == [first["hint"], operator["hint"]]
    assert seen["can_hint_display"] is False
    place = seen["place"]
    assert place["preview"] == place["hint"] and place["action"] == "preview"
    if place["hint"].startswith("place "):
        assert seen["mode"] == "battery"
        push = next((w[5:] for w in place["hint"].split() if w.startswith("push=")), "")
        assert seen["chosen_arrows"] == sorted(set(push.split(",")) - {""})
    assert seen["shown_events"]                                       # its result previewed
    assert seen["after_place"] == [place["hint"]]
