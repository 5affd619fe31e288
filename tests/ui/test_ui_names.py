"""Names as people type them (issue #25), in a real window: the on-screen keyboard never
covers the name being typed, Shift makes a capital with one finger, Czech letters are keys.
Screenshots: ``artifacts/screenshots/names_*``."""

from __future__ import annotations

import pytest
from conftest import RunScenario


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_the_name_being_typed_stays_above_the_keyboard(run_scenario: RunScenario,
                                                          lang: str) -> None:
    seen = run_scenario("keyboard_over_names", lang=lang)
    assert seen["placeholder"] == ["", {"en": "Player 3", "cs": "Hráč 3"}[lang]]  # a hint
    assert seen["keyboard_layout"] == f"{lang}.json"
    assert seen["focus"]
    assert not seen["overlap"], (seen["field_rect"], seen["keyboard_rect"])
    assert seen["field_on_screen"]
    assert seen["keyboard_rect"][2] == pytest.approx(800, abs=1)   # docked, the full width
    assert min(seen["key_heights"]) >= 44                          # cells of ≥ 48 px
    assert seen["typed"] == seen["expected"] == {"en": "Ola", "cs": "Šárka"}[lang]
    assert seen["shift_after"] is False                            # one capital, then small
    assert not seen["focus_after_enter"] and seen["lift_after_enter"] == 0
    assert seen["names"][2] == seen["expected"]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_players_differing_only_in_case_are_merged_only_when_asked(
        run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("merge_case_twins", lang=lang)
    before = sorted(row[:3] for row in seen["players_before"])
    assert before == [["Jan", "2", "0"], ["Šárka", "1", "1"], ["šárka", "1", "1"]]
    assert seen["alike_text"] == {
        "en": "Šárka and šárka differ only in capitals: the same player?",
        "cs": "Šárka a šárka se liší jen velkými písmeny: je to tentýž hráč?"}[lang]
    assert seen["offer_button"] == {"en": "Merge", "cs": "Sloučit"}[lang]
    assert seen["merge_text"] == {                        # what will happen, said first
        "en": "Šárka's games become šárka's, and Šárka leaves the list.",
        "cs": "Hry hráče Šárka připadnou hráči šárka a Šárka zmizí ze seznamu."}[lang]
    assert seen["players_while_asking"] == 3             # nothing merged before the 2nd tap
    assert seen["card_after"] == ["šárka", ""]
    after = sorted(row[:3] for row in seen["players_after"])
    assert after == [["Jan", "2", "0"], ["šárka", "2", "2"]]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_placeholder_is_a_hint_never_a_player(run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("placeholders_are_hints", lang=lang)
    player = {"en": "Player", "cs": "Hráč"}[lang]
    assert seen["names"] == ["Eva", "Jan", "", ""]
    assert seen["hints"] == [f"{player} {seat}" for seat in (1, 2, 3, 4)]
    assert seen["chips"] == ["Eva", "Jan"]                 # not the old "Player 1"
    assert seen["problem"] == {"en": "Player 3 has no name: type one in.",
                               "cs": "Hráč 3 nemá jméno: napiš nějaké."}[lang]
    assert seen["screen"] == "newgame"
    assert seen["started"] == "play"
    assert seen["match_names"] == ["Eva", "Jan", "Ola", "Petr"]
    assert seen["players"] == ["Eva", "Jan", "Ola", "Petr", "Player 1"]  # none new


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_game_ended_early_is_in_the_history_and_the_companion_has_one_name(
        run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("ended_early", lang=lang)
    strong = {"en": "Companion (strong)", "cs": "Společník (silný)"}[lang]
    game = "Quoridor"
    assert seen["newgame_names"] == ["Eva", strong]
    assert seen["play_names"] == ["Eva", strong]
    assert seen["end_question"] == {
        "en": "End this game? It stays in History, marked as ended early.",
        "cs": "Ukončit tuto hru? Zůstane v historii označená jako ukončená předčasně."}[lang]
    ended = {"en": "ended early", "cs": "ukončeno předčasně"}[lang]
    winner = {"en": "winner: Eva", "cs": "vítěz: Eva"}[lang]
    assert seen["history"] == [f"{game} · Eva, {strong} · {ended}",
                               f"{game} · Eva, {strong} · {winner}"]
    assert seen["replay_screen"] == "replay"
    assert seen["replay_start"] == {"en": "Start of the game (2 moves)",
                                    "cs": "Začátek hry (2 tahů)"}[lang]
    assert seen["replay_end"] == {"en": "Move 2 of 2", "cs": "Tah 2 z 2"}[lang]
    assert seen["stats_names"] == sorted(["Eva", strong])
    assert seen["stats_letters"] == sorted(["E", strong[0]])  # "S" for Společník
    assert seen["stats_colour"] == seen["table_colour"]     # purple, at the table and here
