"""Whole games of Člověče and Pat a Mat with the table's own die: its faces tapped, in both
languages (Člověče from its start through a dozen faces, then from a corrected position near
its end to the result)."""

from __future__ import annotations

import re

import pytest
from conftest import RunScenario

from companion.app.screens.play.die_faces import FACE_MIN


@pytest.mark.parametrize("game", ["clovece", "patamat"])
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_game_played_to_its_end_with_the_table_die_only(
    run_scenario: RunScenario, game: str, lang: str,
) -> None:
    seen = run_scenario(f"table_die_{game}", lang=lang)
    assert seen["over"] and seen["screen_after"] == "result"
    assert seen["taps"] > 10 and seen["rolls_equal_taps"]
    assert sum(seen["table_counts"]) == seen["taps"]      # counted under the table's die
    assert sum(seen["software_counts"]) == 0
    assert seen["roll_buttons_shown"] == 0                # faces instead of the Roll button
    assert len(seen["face_sizes"]) == 6
    assert all(min(size) >= FACE_MIN for size in seen["face_sizes"])
    assert seen["faces_title"] == {"en": "Roll the die, tap the face",
                                   "cs": "Hoďte kostkou, ťukněte na číslo"}[lang]
    rolled = {"en": "rolled", "cs": "hod"}[lang]
    first = seen["rolloff_rows"][0]                       # Eva rolled, Pat rolls now
    assert rolled in first[0] and first[1] == {"en": "rolls now", "cs": "teď hází"}[lang]
    assert len(seen["refusals"]) == 3
    for refusal in seen["refusals"]:                     # plain words, the rule small
        assert refusal["history_unchanged"] and refusal["banner"]
        assert not re.search(r"\b[RSK]\d", refusal["banner"])
        assert re.fullmatch({"en": r"rule (§|[A-Z]+)\d+(\.\d+)?[a-z]?",
                             "cs": r"pravidlo (§|[A-Z]+)\d+(\.\d+)?[a-z]?"}[lang], refusal["rule"])


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_roll_held_opens_the_faces_for_a_roll_made_with_the_table_die(
    run_scenario: RunScenario, lang: str,
) -> None:
    seen = run_scenario("roll_held_opens_the_faces", lang=lang)
    assert seen["history_after_hold"] == []               # holding did not roll
    assert seen["dialog_title"] == {"en": "Which face does the die show?",
                                    "cs": "Co padlo na kostce?"}[lang]
    assert seen["history_after_face"] == ["roll 4"]
    assert seen["table_counts"] == [0, 0, 0, 1, 0, 0]
    assert len(seen["history_after_tap"]) == 2             # a tap still rolls
    assert sum(seen["software_counts"]) == 1


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_settings_choose_the_table_die_and_count_each_die_apart(
    run_scenario: RunScenario, lang: str,
) -> None:
    seen = run_scenario("settings_choose_the_table_die", lang=lang)
    assert seen["die_source"] == "table" and seen["remembered"] == "table"
    table, software, gpio = {"en": ("Table's die", "Software die", "GPIO button"),
                             "cs": ("Kostka na stole", "Kostka v aplikaci", "Tlačítko GPIO")}[lang]
    lines = seen["fairness"].splitlines()
    assert lines[0].startswith(table)                     # the chosen die first, none yet
    assert any(line.startswith(f"{software}: 1: 1  2: 2") for line in lines)
    assert any(line.startswith(f"{gpio}: ") and "5: 1" in line for line in lines)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_person_rolls_the_table_die_for_the_companion(
    run_scenario: RunScenario, lang: str,
) -> None:
    seen = run_scenario("companion_waits_for_the_table_die", lang=lang)
    assert seen["history_while_waiting"] == ["roll 3"]    # it does not roll by itself
    name = {"en": "Companion (normal)", "cs": "Společník (střední)"}[lang]  # its one name
    assert seen["faces_title"] == {"en": f"Roll the die for {name}",
                                   "cs": f"Hoďte za: {name}"}[lang]
    assert seen["history_after_face"] == ["roll 3", "roll 6"]
