"""Pat a Mat's "Fix the position" by taps: pawns and car tokens put where they stand, a pawn in
its car, flags and the turn; the engine takes the result as ``fix`` or says what is wrong."""

from __future__ import annotations

import pytest

from companion.app.boards.patamat.corrections import PatamatFix
from companion.engine import IllegalInput, Match, open_game

POSITION = "\n".join([
    'board = "standin-v1"',
    'players = ["Pat", "Mat", "Eva"]',
    "target = 3",
    'turn = "Pat"',
    "flags = { Pat = 0, Mat = 0, Eva = 2 }",
    'cars = { kart1 = "F11", kart2 = "F02", kart3 = "F03", car1 = "F04", car2 = "F24", '
    'car3 = "F25", car4 = "F26", tractor1 = "F15", tractor2 = "F27", rusty1 = "F16", '
    'rusty2 = "F16", rusty3 = "F29", garbage1 = "F33", garbage2 = "F34", garbage3 = "F35" }',
    "[pawns]",
    'Pat = { field = "F11", car = "kart1" }',
    'Mat = { field = "F17" }',
    'Eva = { field = "F16", car = "rusty1" }',
    "",
])
"""Pat in the go-kart on F11, Mat on foot on F17, Eva in rusty1 beside rusty2 on F16."""


def fixing() -> tuple[Match, PatamatFix]:
    match = open_game("patamat", players=3, names=["Pat", "Mat", "Eva"], position=POSITION)
    return match, PatamatFix(match.snapshot()["state"])


def pawn(match: Match, name: str) -> tuple[str, str | None]:
    info = match.snapshot()["state"]["pawns"][name]
    return info["field"], info["car"]


def test_unchanged_the_fix_is_the_same_position() -> None:
    match, fix = fixing()
    before = match.position()
    match.play("fix " + fix.position())
    assert match.position() == before


def test_a_pawn_in_its_car_moves_with_it_and_a_car_with_its_rider() -> None:
    match, fix = fixing()
    assert fix.choices_at("F11") == ["pawn Pat", "out Pat"]
    fix.choose("pawn Pat")
    fix.put("F12")
    fix.choose("pawn Eva")           # Eva rides rusty1: it comes along
    fix.put("F18")
    match.play("fix " + fix.position())
    assert pawn(match, "Pat") == ("F12", "kart1") and pawn(match, "Eva") == ("F18", "rusty1")
    cars = match.snapshot()["state"]["cars"]
    assert (cars["kart1"], cars["rusty1"], cars["rusty2"]) == ("F12", "F18", "F16")


def test_sitting_in_a_car_and_getting_out_are_one_choice_each() -> None:
    match, fix = fixing()
    assert fix.choices_at("F16") == ["pawn Eva", "out Eva", "car rusty2"]
    fix.choose("out Eva")
    assert fix.choices_at("F16") == ["pawn Eva", "sit Eva rusty1", "sit Eva rusty2",
                                     "car rusty1", "car rusty2"]
    fix.choose("sit Eva rusty2")
    match.play("fix " + fix.position())
    assert pawn(match, "Eva") == ("F16", "rusty2")


def test_two_pawns_never_share_a_field_but_start_holds_any() -> None:
    _match, fix = fixing()
    fix.choose("pawn Mat")
    fix.put("F11")
    assert fix.message == "Another pawn stands there"
    assert fix.pawns["Mat"]["field"] == "F17" and fix.picked == ""
    for name in ("Mat", "Pat"):
        fix.choose(f"pawn {name}")
        fix.put("START")
    assert fix.pawns_on("START") == ["Pat", "Mat"]
    assert fix.pawns["Pat"]["car"] is None and fix.cars["kart1"] == "F11"  # kart stays


def test_flags_count_up_to_one_short_of_winning_and_the_turn_moves_on() -> None:
    match, fix = fixing()
    fix.next_flags("Eva")
    assert fix.flags["Eva"] == 0      # 2 was the most short of 3: back to 0
    fix.next_flags("Mat")
    fix.next_turn()
    match.play("fix " + fix.position())
    state = match.snapshot()["state"]
    assert state["flags"] == {"Pat": 0, "Mat": 1, "Eva": 0} and state["turn"] == "Mat"


def test_a_position_the_engine_cannot_load_is_refused_and_nothing_changes() -> None:
    match, fix = fixing()
    fix.choose("car car2")
    fix.put("NOWHERE")               # not a field of the board
    before = match.position()
    with pytest.raises(IllegalInput):
        match.play("fix " + fix.position())
    assert match.position() == before
