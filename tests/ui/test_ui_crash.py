"""Crash by Crash on the touchscreen, by real taps in a real window, in English and Czech.

Two players: the set-up by taps (first placer, operator start, the display from the card
picker, eight starting cars), Pat places a car on e4 pushing east with one battery (arrow,
battery button, preview, OK), a tap on a car is refused with the rule's reason and changes
nothing, undo; then, six evaluations into a game, Eva's car rings the last bell and the result
screen shows her win. The team game opens and places a car; the other actions (operator,
card with targets, end-of-turn draw and refill, magnet, swap, pass) are played by taps too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import run_scenario_script

SCRIPT = Path(__file__).parent / "scenarios" / "crash" / "game.py"
ROOT = Path(__file__).resolve().parents[2]

SETUP = ["first A", "operator-start n4", "display lambada rocket tandem", "init e5", "init e6",
         "init g7", "init i4", "init k9", "init c3", "init m10", "init h8"]

TEXTS = {
    "en": {
        "first": "First placer:",
        "operator": "Tap a green field: the operator's start",
        "turn": "Pat: action 1 of 2",
        "second": "Pat: action 2 of 2",
        "arrow": "Tap an arrow",
        "previewed": "Car on e4, push E, batteries: 1",  # the phone's words for the input
        "pushed": "Move the car of Pat from e6 to e8",  # pushed two fields: one line
        "refused": "A car already stands on c3. Choose an empty field.",
        "ring": "Lift the bell off g10 and put it on space 7 of the evaluation track",
        "evaluation": "Evaluation 7: Eva +2, Pat +4",
        "headline": "Eva wins!",
    },
    "cs": {
        "first": "První pokládá:",
        "operator": "Klepněte na zelené pole: start kolotočáře",
        "turn": "Pat: akce 1 ze 2",
        "second": "Pat: akce 2 ze 2",
        "arrow": "Klepněte na šipku",
        "previewed": "Autíčko na e4, tlačí V, baterie: 1",
        "pushed": "Přesuňte autíčko hráče Pat z e6 na e8",
        "refused": "Na c3 už stojí autíčko. Vyberte prázdné pole.",
        "ring": "Zvedněte zvonek z g10 a položte ho na políčko 7 stupnice vyhodnocení",
        "evaluation": "Vyhodnocení 7: Eva +2, Pat +4",
        "headline": "Eva vyhrává!",
    },
}


def run_crash(display: str, tmp_path: Path, scenario: str, lang: str) -> dict[str, Any]:
    return run_scenario_script(SCRIPT, scenario, display, tmp_path, lang,
                               store=tmp_path / f"{scenario}.sqlite3")


def lines(seen: dict[str, Any]) -> list[str]:
    """The action area's text, one line each."""
    return [line for text in seen["area"] for line in text.split("\n")]


def previews(seen: dict[str, Any], words: str) -> bool:
    """The action area says ``words`` first on a line ("…: tap it again or OK" may follow)."""
    return any(line.startswith(words) for line in lines(seen))


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_two_player_game_by_taps(display: str, tmp_path: Path, lang: str) -> None:
    seen = run_crash(display, tmp_path, "two_players", lang)
    texts = TEXTS[lang]
    assert seen["board"] == "CrashBoard"
    assert seen["modules_not_needed"] == []  # (hashlib with OpenSSL's digests: ~0.6 MB)
    assert seen["start"]["strip"] == texts["first"]
    assert seen["operator_stage"]["history"] == ["first A"]
    assert seen["operator_stage"]["strip"] == texts["operator"]
    # the picker's 13 card names were laid out and rendered while the table was idle: the
    # tap that opens it for the display renders none of them
    assert seen["card_names_rendered_at_display"] == 0
    assert seen["operator_stage"]["targets"] == ["n4", "n9"]   # flower centres without a bell
    assert seen["after_setup"]["history"] == SETUP
    # each starting car changes the covers of the values under the pieces and the targets:
    # their meshes are given new vertices, not made again (before: every one at every car);
    # a colour's first cover coming before another colour's makes the covers' four again
    assert seen["meshes_made_by_the_cars_set_up"]["covers"] <= 4
    assert seen["meshes_made_by_the_cars_set_up"]["targets"] <= 1
    assert seen["after_setup"]["status"] == texts["turn"]
    assert "e4" in seen["after_setup"]["targets"] and "c3" not in seen["after_setup"]["targets"]
    # every strip button shows its whole label, a finger wide at least, in both languages
    assert len(seen["after_setup"]["strip_buttons"]) == 5
    for state in ("start", "operator_stage", "after_setup", "after_field", "preview"):
        assert seen[state]["strip_cut"] == [], state
    # 188 hexes, their values, tile borders, 10 bells, 8 cars and the operator: batched into
    # meshes (field by field it was ~1,500 draw calls, each costing the GL driver memory);
    # the 28 edge names (rows a-o, numbers 1-13) are a texture, so a draw call, each
    assert seen["board_draw_calls"] < 250 + 28
    # the field: only the legal arrow (east, onto Eva's e5) is drawn, nothing placed yet
    assert seen["arrows"] == ["E"]
    assert seen["after_field"]["strip"] == texts["arrow"]
    assert seen["after_field"]["history"] == SETUP
    assert seen["after_arrow"]["preview"] == "place e4 push=E"
    # one battery: the preview says the row's last car goes two fields, OK places it
    assert seen["preview"]["preview"] == "place e4 push=E bat=1"
    assert seen["preview"]["action"] == "preview"
    assert previews(seen["preview"], texts["previewed"])
    assert seen["preview"]["history"] == SETUP
    assert seen["animating"]                           # the pushed car runs e6 → e7 → e8
    # the pieces on their way are worked out once a redraw (before: for the pieces layer,
    # which hides them, and again for the moving layer, which draws them)
    assert seen["moving_worked_out_in_a_redraw"] == 1
    # the arrows and crosses of what moved are painted when the events shown change: the
    # push played shows the events its preview showed, kept through the refresh and every
    # moment of the car's animation (before: painted again at each redraw); selecting a field
    # shows no events (the last action's arrows go): painted once, as empty
    assert seen["events_painted_by_a_selection"] == 1
    assert seen["events_painted_by_a_push"] == 0
    assert seen["after_place"]["history"] == [*SETUP, "place e4 push=E bat=1"]
    assert seen["after_place"]["status"] == texts["second"]
    assert texts["pushed"] in lines(seen["after_place"])
    # a tap on a car: the rule's reason, nothing changes
    assert seen["refused"]["banner"] == texts["refused"]
    assert seen["refused"]["history"] == seen["after_place"]["history"]
    assert seen["after_undo"]["history"] == SETUP
    assert seen["after_undo"]["status"] == texts["turn"]
    # the static layer (hexes, values, holes) for each tile a bell's evaluation may take away
    # is painted after the position's frame: the evaluation's hole shows without painting it
    assert seen["static_layers_near_end"] == [["now", []], ["ahead", ["b10"]], ["ahead", ["e11"]],
                                              ["ahead", ["g10"]], ["ahead", ["l11"]]]
    assert "now" not in [when for when, _bells in seen["static_layers_after_end"]]
    # the seventh evaluation by a second tap on the arrow, then the result screen
    assert seen["end_preview"]["preview"] == "place g8 push=E"
    assert seen["after_end"]["history"] == ["place g8 push=E"]
    assert texts["ring"] in lines(seen["after_end"])
    assert texts["evaluation"] in lines(seen["after_end"])
    assert seen["screen_after_end"] == "result"
    assert seen["headline"] == texts["headline"]
    assert seen["replay"] == {"targets": [], "strip": "", "buttons": 0,
                              "chains": [["g9", "g10"]]}


def test_team_game_places_a_car(display: str, tmp_path: Path) -> None:
    seen = run_crash(display, tmp_path, "team_game", "en")
    assert seen["start"]["status"] == "Pat: action 1 of 2"
    assert seen["arrows"] == ["NE", "NW"]
    assert seen["after"]["history"] == ["place f5 push=NE"]
    assert seen["after"]["status"] == "Pat: action 2 of 2"
    assert "Move the car of Pat & Ota from e6 to d6" in lines(seen["after"])
    # the team game draws 2 blind per card played and discards one: its kind from the board's
    # picker, so the play screen lists no choice buttons (only the instructions)
    assert seen["draw4"]["action"] == "info" and seen["draw4_picker"] == "draw4"
    assert seen["next_turn"]["history"] == ["place f5 push=NE", "card deadbat",
                                            "draw4 discard=rocket"]
    assert seen["next_turn"]["status"] == "Ida: action 1 of 2"


def test_fix_the_position_by_taps_each_correction_at_once_in_czech(
        display: str, tmp_path: Path) -> None:
    seen = run_crash(display, tmp_path, "fix_by_taps", "cs")
    a, b, c = seen["empty"]
    hole_field, hole_tile = seen["hole"]
    assert seen["fixing"] == [True, "CrashFixPanel", "Oprava pozice: viz vpravo"]
    assert seen["picked"] == ["Teď ťukni tam, kde autíčko stojí (díra: mimo plán)", "g9"]
    assert seen["new_car"] == "Přidat: magnetické autíčko hráče Eva"
    fixes = [f"fix move g9 {a}", f"fix put AM {b}", "fix remove c3", f"fix op H{hole_tile}",
             "fix score A 34"]
    # every pair of taps was one correction, played at once; a move onto a car was refused
    assert seen["during"] == [fixes, True]
    assert seen["refused"] == "Na tom poli už autíčko stojí"
    assert seen["after_done"] == [fixes, False, False]
    # Cancel takes back what this fix mode corrected, nothing before it
    assert seen["second"] == [*fixes, f"fix move i10 {c}"]
    assert seen["after_cancel"] == [fixes, False]
    assert hole_field != a


def test_operator_cards_magnet_swap_and_pass_by_taps(display: str, tmp_path: Path) -> None:
    seen = run_crash(display, tmp_path, "other_actions", "en")
    assert seen["operator_targets"] == ["m4", "m5", "n3", "n5", "o4", "o5"]
    assert seen["operator_preview"]["preview"] == "operator m5 l5"
    assert seen["operator_preview"]["history"] == []
    assert previews(seen["operator_preview"], "Operator: m5, l5")   # as the phones say it
    assert seen["after_operator"]["history"] == ["operator m5 l5"]
    assert seen["after_operator"]["status"] == "Pat: action 2 of 2"
    # only the cards that have a legal target can be tapped (no yellow before turn 6)
    assert seen["playable"] == ["deadbat", "fluct", "flying", "lambada", "saboteur", "ticket"]
    assert seen["lambada_targets"] == ["e5"]
    assert seen["card_preview"]["preview"] == "card lambada e5 e6"
    assert previews(seen["card_preview"], "Lambada e5 e6")
    # OK plays the card: the board is redrawn once, with the new position (not first with the
    # operator's old animation set back to its start)
    assert seen["redraws_in_tap"] == 1
    assert seen["draw"]["action"] == "choice"
    # the choice list's buttons were made while the table was idle after the game opened:
    # the taps up to the end of the turn's draw, which shows them, made none
    assert len(seen["draw_choice_buttons"]) >= 2
    assert seen["choice_buttons_made_in_taps"] == 0
    assert seen["labels_made_in_taps"] == 0  # nor a label, nor a probe to measure a line
    assert seen["eva_turn"]["history"] == [
        "operator m5 l5", "card lambada e5 e6", "draw d:rocket", "refill saboteur"]
    # the five actions came back to the strip after the turn's end: their row was laid out
    # once, at the width the strip gives it (the strip's pass first, in the tap), not at its
    # old width and again
    assert seen["strip_row_passes_at_new_turn"] == [5, 1]
    assert seen["magnet_preview"]["preview"].startswith("magnet ")
    assert seen["swap_preview"]["preview"] == "swap fluct ticket take=blind,blind"
    assert previews(seen["swap_preview"], "Swap Bell Shift and Free Ride")
    # the swap's lines, more than were shown: each panel showing them laid them out once,
    # every label asked for its look at the width it is shown at (added with its text set and
    # at the lines' width: not at Kivy's default width first, then again, and laid out again)
    assert seen["line_passes_at_swap"] != []
    assert all(shown >= 5 and passes == 1 for shown, passes in seen["line_passes_at_swap"]), \
        seen["line_passes_at_swap"]
    assert seen["lines_asked_at_other_widths"] == []
    assert seen["after_pass"]["history"][-2:] == ["swap fluct ticket take=blind,blind", "pass"]
    assert seen["after_pass"]["status"] == "Eva: action 1 of 2"
    # the table lines' labels too were made while the table was idle: none in these taps
    # (the swap tells five lines, the refill four)
    assert seen["instruction_lines_made_in_taps"] == 0
    # Double Hit: one arrow per direction, the first chosen, then the second, then placed
    assert seen["double_first"] == ["SE", "W"]
    assert seen["double_second"] == ["SE", "W"]
    assert seen["double_preview"]["preview"] == "place g8 push=W,SE"
    assert seen["after_double"]["history"][-2:] == ["card double", "place g8 push=W,SE"]


def test_the_end_of_turn_choices_shown_again_are_not_rendered_or_laid_out_again(
        display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "choices_again", display, tmp_path, "en")
    first, again = seen["shown"]
    assert first["choices"] == ["Lambada", "Rocket Drive", "Tandem", "blind"]
    assert again["choices"] == ["Rocket Drive", "Tandem", "Bell Shift", "blind"]
    # only the new display card is rendered: the others' looks are taken back in any button
    # (before: Rocket Drive, Bell Shift and blind, each in another button than the last time)
    assert again["renders"] == ["Bell Shift"]
    # the buttons stand where they stood: no pass (before: 4); the panel that made room for
    # the choices is not laid out aside from the window (before: once each time); the choice
    # area taken back with its parts as they were is not laid out again (before: once)
    assert again["passes"] == []
    assert "info set aside" not in first["passes"]
    assert first["passes"].count("area") == 1  # (before: 2, the second changing nothing)
    assert first["passes"].count("choice") <= 4  # (before: 12, then 8)
    # the first list's buttons (made ahead, as wide as the list) render each text once, at
    # the width it keeps (before: each first at 88 px, the width of a button Kivy made)
    assert sorted(first["renders"]) == sorted(first["choices"])
    assert "picker set aside" not in seen["passes_at_refill"]  # the card picker's, likewise


def test_the_strips_buttons_render_their_texts_once_at_the_width_they_keep(
        display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "strip_widths", display, tmp_path, "en")
    steps = seen["steps"]
    assert [step["tapped"] for step in steps] == ["Operator", "Cancel", "Operator", "Cancel"]
    # the first Cancel (a button made ahead) is rendered, once; the five actions' looks and
    # Cancel's are taken back after
    assert [text for text, _width in steps[0]["renders"]] == ["Cancel"]
    assert all(not step["renders"] for step in steps[1:])
    for step in steps:
        kept = dict(step["buttons"])
        # each text rendered once at most, at the width its button keeps (before: a button
        # made ahead or given another width rendered at its old width first, then again)
        assert len({text for text, _width in step["renders"]}) == len(step["renders"]), step
        assert all(kept.get(text) == width for text, width in step["renders"]), step


def test_the_status_lines_sentences_come_back_without_a_render(display: str,
                                                                tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "status_looks", display, tmp_path, "en")
    # 11 sentences: each seat's two actions and cards to draw, the display's new cards (one
    # of them shown already); the second time round, none rendered (before: all 11 again)
    first, again = seen["renders_by_round"]
    assert seen["sentences"] == 11 and first >= 10 and again == 0
