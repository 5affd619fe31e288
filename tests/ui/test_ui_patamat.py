"""Pat a Mat on the touchscreen: a whole (short) game by real taps, in English and in Czech.

Two players, target one flag: the 15 cars are placed by tapping a car type and a field (one tap
on a semafor is refused with the rule's reason), the roll-off ties once, then the app plays
every roll and the board says what to change on the table (a car choice and a tractor's "go"
are big buttons), until Pat's go-kart reaches CÍL.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import run_scenario_script

SCRIPT = Path(__file__).parent / "scenarios" / "patamat.py"
ROOT = Path(__file__).resolve().parents[2]

PLACED = [
    "place kart F01", "place tractor F05", "place car F19", "place kart F31",
    "place kart F23", "place car F24", "place car F25", "place car F26", "place tractor F27",
    "place rusty F05", "place rusty F29", "place rusty B3", "place garbage B4",
    "place garbage A2", "place garbage F40",
]

TEXTS = {
    "en": {
        "banner": "No car may stand on F07: it is a traffic light. Put the car on a plain field.",
        "hint_start": "Pat: tap a plain field for go-kart (3 left)",
        "hint_car": "Pat: tap a plain field for car (4 left)",
        "tie": "Pat, Mat rolled the same and roll again",
        "after_pat_1": ["Pat: move to field F01", "Pat: get into the go-kart there"],
        "after_kart": ["Pat: move to field F19 and take the go-kart with you",
                       "Pat: get into the car there"],
        "after_mat_1": ["Mat: move to field F05",
                        "Mat: several cars stand there; choose one at your next turn"],
        "choices": ["Tractor: 2 fields forward", "Rusty car: sit out this turn"],
        "go_label": "Tractor: 2 fields forward",
        "after_go": ["Mat: move to field F07 and take the tractor with you",
                     "Mat stands on a traffic light: the next turn starts with a light roll"],
        "orange": ["Mat: orange light (4), roll at the light again"],
        "win": ["Pat: move to field CIL and take the go-kart with you",
                "Pat: finish! Take a flag (1 in all)", "Pat wins the race!"],
        "headline": "Pat wins!",
    },
    "cs": {
        "banner": "Na F07 nesmí stát auto: je to semafor. Polož auto na obyčejné pole.",
        "hint_start": "Pat: klepni na obyčejné pole – motokára (zbývá 3)",
        "hint_car": "Pat: klepni na obyčejné pole – auto (zbývá 4)",
        "tie": "Pat, Mat: padlo stejně, házejí znovu",
        "after_pat_1": ["Pat: posuň se na pole F01", "Pat: nasedni tam do motokáry"],
        "after_kart": ["Pat: posuň se na pole F19 a vezmi s sebou motokáru",
                       "Pat: nasedni tam do auta"],
        "after_mat_1": ["Mat: posuň se na pole F05",
                        "Mat: stojí tam víc aut, na začátku dalšího tahu si jedno vyber"],
        "choices": ["Traktor: o 2 pole dopředu", "Rezavé auto: tento tah stojíš"],
        "go_label": "Traktor: o 2 pole dopředu",
        "after_go": ["Mat: posuň se na pole F07 a vezmi s sebou traktor",
                     "Mat stojí na semaforu: další tah začne hodem na semafor"],
        "orange": ["Mat: oranžová (4), hoď na semaforu znovu"],
        "win": ["Pat: posuň se na pole CIL a vezmi s sebou motokáru",
                "Pat: cíl! Vezmi si vlaječku (celkem 1)", "Pat vyhrává závod!"],
        "headline": "Pat vyhrává!",
    },
}


def run_patamat(display: str, tmp_path: Path, lang: str,
                scenario: str = "whole_game") -> dict[str, Any]:
    return run_scenario_script(SCRIPT, scenario, display, tmp_path, lang)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_patamat_place_rolloff_rolls_light_undo_flag(display: str, tmp_path: Path,
                                                        lang: str) -> None:
    seen = run_patamat(display, tmp_path, lang)
    texts = TEXTS[lang]
    assert seen["board"] == "PatamatBoard"
    # set-up: nothing to roll yet; the board asks for a field for the selected car type
    assert seen["action_start"] == "info"
    assert seen["hint_start"] == texts["hint_start"]
    assert seen["hint_car"] == texts["hint_car"]
    # a tap on the semafor F07 is refused with the rule's reason and changes nothing
    assert seen["banner"] == texts["banner"]
    assert seen["after_refused"] == PLACED[:4]
    # all 15 cars placed by taps, in turn
    assert seen["placed"] == PLACED
    # the roll-off goes through the die area: 3 and 3 tie, then 5 against 2
    assert seen["action_rolloff"] == "roll"
    assert texts["tie"] in seen["rolloff_text"]["instructions"]
    assert seen["after_rolloff"] == ["roll 3", "roll 3", "roll 5", "roll 2"]
    assert re.sub(r"\[/?color[^\]]*\]", "", seen["status_first_turn"]).startswith("Pat:")
    # after each roll the board says what to do on the table
    assert seen["after_pat_1"]["instructions"] == texts["after_pat_1"]
    assert seen["after_kart"]["instructions"] == texts["after_kart"]
    assert seen["pawns_after_kart"] == {"Pat": "F19", "Mat": "F05"}
    assert seen["after_mat_1"]["instructions"] == texts["after_mat_1"]
    # Mat stands on the tractor and a rusty car: big buttons say what each does
    assert seen["action_choice"] == "choice"
    assert seen["choice_labels"] == texts["choices"]
    # Mat took the tractor, which needs no roll: OK in the action area confirms "go"
    assert seen["action_go"] == "preview"
    assert seen["go_label"] == texts["go_label"]
    assert seen["after_go"]["instructions"] == texts["after_go"]
    # the traffic light: 4 is orange, roll again
    assert seen["light_orange"]["instructions"] == texts["orange"]
    # undo takes back Mat's walk to the sign; the same roll again puts him there
    assert seen["before_undo"] == ["roll 4", "roll 2", "roll 3"]
    assert seen["pawns_before_undo"] == {"Pat": "F31", "Mat": "F10"}
    assert seen["after_undo"] == ["roll 4", "roll 2"]
    assert seen["pawns_after_undo"] == {"Pat": "F31", "Mat": "F07"}
    assert seen["after_reroll"] == ["roll 3"]
    assert seen["pawns_after_reroll"] == {"Pat": "F31", "Mat": "F10"}
    # Pat's go-kart from F31: 15 fields reach CÍL, the one flag wins
    assert seen["winning_text"]["instructions"] == texts["win"]
    assert seen["screen_after_win"] == "result"
    assert seen["headline"] == texts["headline"]
    for screen in ("setup", "setup_refused", "rolloff", "after_roll", "choice", "semafor",
                   "flag", "result"):
        assert f"patamat_{screen}_{lang}" in seen["screens"]


def test_ui_patamat_a_push_chain_is_spelled_out_pawn_by_pawn(display: str, tmp_path: Path) -> None:
    seen = run_patamat(display, tmp_path, "en", "bump_chain")
    assert seen["board"] == "PatamatBoard"
    assert seen["fixed"] is True
    assert seen["pawns"] == {"Pat": "F17", "Mat": "F16", "Eva": "F15"}
    assert seen["bump_text"]["instructions"] == [
        "Pat: move to field F17 and take the go-kart with you",
        "Mat goes back to field F16 and gets into the rusty car",
        "Eva goes back to field F15 and gets into the tractor",
        "Eva leaves the rusty car on field F16",
    ]
    assert "patamat_bumps_en" in seen["screens"]
    # Mat is in the rusty car now: a tap on his pawn confirms the skipped turn
    assert seen["action_rusty"] == "preview"
    assert seen["after_rusty"] == ["go"]
    assert seen["rusty_text"]["instructions"] == ["Mat sits out this turn in the rusty car"]


def test_ui_patamat_fix_the_position_by_taps_in_czech(display: str, tmp_path: Path) -> None:
    seen = run_patamat(display, tmp_path, "cs", "fix_by_taps")
    assert seen["fixing"] == [True, "PatamatFixPanel",
                              "Klepni na figurku nebo auto a pak na pole, kde stojí"]
    # Pat sits in the go-kart on F11: the tap asks whether the pawn (with the kart) is meant
    assert seen["which"] == ["Figurka hráče Pat", "Pat vystoupí"]
    assert seen["refused"] == "Tam už stojí jiná figurka"
    assert seen["flags_text"] == ["Eva: vlajky 0", "Mat: vlajky 1", "Pat: vlajky 0"]
    after = seen["after"]
    assert after["history"] == "fix boar" and after["fixing"] is False
    assert {name: (pawn["field"], pawn["car"]) for name, pawn in after["pawns"].items()} == {
        "Pat": ("F12", "kart1"), "Mat": ("F17", None), "Eva": ("F16", None)}
    assert (after["kart1"], after["car2"]) == ("F12", "F18")
    assert after["flags"] == {"Pat": 0, "Mat": 1, "Eva": 0} and after["turn"] == "Mat"
