"""What the Pat a Mat board reads of the input just played and what its panel says, on real
positions of the stand-in board: the path a pawn ran, the pawns it bumped, the traffic light,
a car type to place, the roll-off's rolls.

Plain Python (``last_move`` and ``panel_words`` are Kivy-free): the real rules play the inputs.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

import pytest
from games.patamat.positions import game

from companion.app.boards.patamat import panel_words
from companion.app.boards.patamat.last_move import LastMove, lit_lamp
from companion.engine import Match, open_game

NAMES = {"Pat": "Pat", "Mat": "Mat", "Eva": "Eva", "P1": "Jana", "P2": "Petr"}


def name(token: str) -> str:
    return NAMES.get(token, token)


def english(text: str) -> str:
    return text


def pawns_now(match: Match) -> dict[str, str]:
    return {token: pawn["field"] for token, pawn in state(match)["pawns"].items()}


def state(match: Match) -> dict[str, Any]:
    return match.snapshot()["state"]


def played(match: Match, line: str) -> LastMove:
    before = pawns_now(match)
    return LastMove.read(match.play(line), before)


def test_a_walk_runs_from_where_the_pawn_stood_along_its_path() -> None:
    match = game(pawns={"Pat": 'field = "F02"'})
    move = played(match, "roll 3")
    assert move == LastMove(trail=("F02", "F03", "F04", "F05"), mover="Pat")
    with pytest.raises(FrozenInstanceError):
        move.mover = "Mat"  # type: ignore[misc]


def test_a_push_chain_is_read_as_bumps_back_to_start() -> None:
    match = game(pawns={"Mat": 'field = "F02"', "Eva": 'field = "F01"'}, cars={"garbage1": "START"})
    move = played(match, "roll 2")
    assert move.trail == ("START", "F01", "F02")  # Pat ran from START
    assert move.bumps == (("Mat", "F02", "F01"), ("Eva", "F01", "START"))
    assert move.light == ""


def test_the_traffic_light_lamp_is_the_last_one_lit_and_the_panel_shows_it() -> None:
    match = game(pawns={"Pat": 'field = "F07", light = true, car = "car1"'}, cars={"car1": "F07"})
    assert panel_words.shown_lamp(state(match), "") == "wait"
    assert panel_words.hint(state(match), "", name, english) == (
        "Pat stands at the traffic light: 1–3 green, 4 orange, 5–6 red")
    move = played(match, "roll 4")
    assert move == LastMove(light="orange")
    assert panel_words.shown_lamp(state(match), move.light) == "orange"
    assert lit_lamp(match.play("roll 6")) == "red"


def test_placing_cars_says_who_places_which_car_and_how_many_are_left() -> None:
    match = open_game("patamat", players=2)
    left = match.snapshot()["state"]["expect"]["legal"]["types"]
    assert "kart" in left
    assert panel_words.hint(state(match), "kart", name, english) == (
        "Jana: tap a plain field for go-kart (3 left)")
    field = next(line.split()[2] for line in match.legal() if line.startswith("place kart "))
    match.play(f"place kart {field}")
    assert panel_words.hint(state(match), "kart", name, english) == (
        "Petr: tap a plain field for go-kart (2 left)")
    assert not panel_words.is_rolloff(state(match))


def test_the_rolloff_line_names_each_roll_so_far() -> None:
    match = open_game("patamat", players=2)
    while match.snapshot()["state"]["expect"]["want"] == "place":
        match.play(match.legal()[0])
    now = state(match)
    assert panel_words.is_rolloff(now)
    hint = panel_words.hint(now, "", name, english)
    assert hint == "Who starts? Everyone rolls once; the highest roll starts"
    assert panel_words.rolloff_line(now, hint, name) == f"{hint}: Jana ?, Petr ?"
    match.play("roll 5")
    now = state(match)
    described = ["line one", "line two", "line three"]
    assert panel_words.paragraph(now, described, hint, name) == (
        f"{hint}: Jana 5, Petr ?\nline two\nline three")


def test_out_of_the_rolloff_the_paragraph_is_what_to_change_else_the_hint() -> None:
    match = game(pawns={"Pat": 'field = "F02"'})
    match.play("roll 1")
    now = state(match)
    assert panel_words.paragraph(now, ["Move Pat to F03."], "a hint", name) == "Move Pat to F03."
    assert panel_words.paragraph(now, [], "a hint", name) == "a hint"
    assert panel_words.paragraph(now, [], "", name) == ""
