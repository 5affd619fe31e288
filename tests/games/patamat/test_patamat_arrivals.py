"""Rules R11–R20 (§4.3): resolution order, bumping, arrival, signs, START, choice, CÍL, winning."""

from __future__ import annotations

import pytest
from games.patamat.positions import car_at, game, pawn, play_all

from companion.engine import open_game
from companion.games.patamat.rules import PatamatInput


def test_r11_event_order_of_one_resolution() -> None:
    # Pat rides the kart onto the semafor F07 where Mat sits in car2; Mat is pushed onto Eva.
    match = game(
        pawns={
            "Pat": 'field = "F04", car = "kart1"',
            "Mat": 'field = "F07", car = "car2"',
            "Eva": 'field = "F06"',
        },
        cars={"kart1": "F04", "car2": "F07", "tractor1": "F06", "rusty1": "F05"},
    )
    assert match.play("roll 1") == [
        "move Pat kart 3 F05>F06>F07",
        "leave kart1 F07",
        "bump Mat F07 F06",
        "lost Mat car2",
        "bump Eva F06 F05",
        "board Pat car2",
        "atlight Pat",
        "board Mat tractor1",
        "board Eva rusty1",
        "turn Mat",
    ]
    assert pawn(match, "Pat") == {"field": "F07", "car": "car2", "options": [], "light": True}
    assert pawn(match, "Mat")["car"] == "tractor1"
    assert pawn(match, "Eva")["car"] == "rusty1"


def test_r12_a_push_chain_ends_on_start() -> None:
    match = game(pawns={"Mat": 'field = "F02"', "Eva": 'field = "F01"'}, cars={"garbage1": "START"})
    assert match.play("roll 2") == [
        "move Pat walk 2 F01>F02",
        "bump Mat F02 F01",
        "bump Eva F01 START",
        "turn Mat",
    ]
    assert pawn(match, "Eva") == {"field": "START", "car": None, "options": [], "light": False}


def test_r12_pushed_pawn_loses_its_light_and_choice() -> None:
    match = game(
        pawns={
            "Pat": 'field = "F05"',
            "Mat": 'field = "F07", options = ["kart1", "car1"], light = true',
        },
        cars={"kart1": "F07", "car1": "F07"},
    )
    assert match.play("roll 2") == [
        "move Pat walk 2 F06>F07",
        "bump Mat F07 F06",
        "lost Mat kart1,car1",
        "options Pat kart1,car1",
        "atlight Pat",
        "turn Mat",
    ]
    assert pawn(match, "Mat") == {"field": "F06", "car": None, "options": [], "light": False}


def test_r13_one_type_boards_the_lowest_number_several_types_ask_later() -> None:
    match = game(cars={"car3": "F02", "car2": "F02"})
    assert match.play("roll 2") == ["move Pat walk 2 F01>F02", "board Pat car2", "turn Mat"]
    several = game(cars={"kart1": "F05", "car2": "F05", "car1": "F05"})
    assert several.play("roll 5")[1] == "options Pat kart1,car1,car2"


def test_r13_the_car_just_ridden_does_not_count_another_of_its_type_does() -> None:
    match = game(
        pawns={"Pat": 'field = "F01", car = "kart1"'}, cars={"kart1": "F01", "kart2": "F04"}
    )
    assert match.play("roll 1") == [
        "move Pat kart 3 F02>F03>F04",
        "leave kart1 F04",
        "board Pat kart2",
        "turn Mat",
    ]
    alone = game(pawns={"Pat": 'field = "F01", car = "kart1"'}, cars={"kart1": "F01"})
    assert alone.play("roll 1") == ["move Pat kart 3 F02>F03>F04", "leave kart1 F04", "turn Mat"]


def test_r13_semafor_and_sign_on_arrival() -> None:
    match = game(pawns={"Pat": 'field = "F04"', "Mat": 'field = "F08"'})
    assert match.play("roll 3") == ["move Pat walk 3 F05>F06>F07", "atlight Pat", "turn Mat"]
    assert match.play("roll 2") == ["move Mat walk 2 F09>F10", "sign Mat A1", "turn Eva"]


def test_r14_a_skipped_turn_is_no_arrival() -> None:
    # Pat picks the rusty car over the kart; after the skip he does not board the kart.
    match = game(
        pawns={"Pat": 'field = "F16", options = ["kart1", "rusty1"]'},
        cars={"kart1": "F16", "rusty1": "F16"},
    )
    assert play_all(match, "choose rusty", "go") == [
        "chosen Pat rusty1",
        "skip Pat rusty",
        "turn Mat",
    ]
    assert pawn(match, "Pat") == {"field": "F16", "car": None, "options": [], "light": False}
    play_all(match, "roll 1", "roll 1")
    assert match.play("roll 1") == ["move Pat walk 1 F17", "turn Mat"]


def test_r15_a_move_starting_on_a_sign_takes_the_forced_edge_first() -> None:
    match = game(pawns={"Pat": 'field = "F10"'})
    assert match.play("roll 3") == ["move Pat walk 3 A1>A2>A3", "turn Mat"]
    detour = game(pawns={"Pat": 'field = "F30"'})
    assert detour.play("roll 2")[0] == "move Pat walk 2 B1>B2"


def test_r15_pushed_onto_a_sign_also_obeys_it() -> None:
    match = game(pawns={"Pat": 'field = "F09"', "Mat": 'field = "F11"'})
    assert match.play("roll 2") == [
        "move Pat walk 2 F10>F11",
        "bump Mat F11 F10",
        "sign Mat A1",
        "turn Mat",
    ]
    assert match.play("roll 4") == ["move Mat walk 4 A1>A2>A3>F17", "turn Eva"]


def test_r16_start_holds_any_number_and_parked_cars_are_never_boarded() -> None:
    match = game(
        pawns={"Pat": 'field = "F01", car = "garbage1"'},
        cars={"garbage1": "F01", "garbage2": "START", "kart1": "START"},
    )
    assert match.play("roll 1") == ["move Pat garbage 1 START", "leave garbage1 START", "turn Mat"]
    assert pawn(match, "Pat") == {"field": "START", "car": None, "options": [], "light": False}
    assert match.snapshot()["state"]["pawns"]["Mat"]["field"] == "START"


def test_r17_the_choice_is_asked_in_type_order_and_must_be_made() -> None:
    match = game(
        pawns={"Pat": 'field = "F05", options = ["car2", "kart3", "car1"]'},
        cars={"kart3": "F05", "car1": "F05", "car2": "F05"},
    )
    assert match.awaiting == "choice"
    assert match.legal() == ["choose kart", "choose car"]
    for line, code in (
        ("roll 3", "wrong-input"),
        ("go", "wrong-input"),
        ("choose tractor", "illegal-choice"),
        ("choose bus", "bad-value"),
    ):
        with pytest.raises(PatamatInput) as caught:
            match.play(line)
        assert caught.value.code == code
    with pytest.raises(PatamatInput) as caught:
        match.play("choose tractor")
    assert caught.value.reason == "R17: Pat cannot choose tractor: the cars there are kart, car"
    assert match.play("Choose CAR") == ["chosen Pat car1"]
    assert match.play("roll 1") == [
        "move Pat car 2 F06>F07",
        "leave car1 F07",
        "atlight Pat",
        "turn Mat",
    ]


def test_r18_lap_reset_keeps_the_cars_and_the_car_stays_on_the_finish() -> None:
    match = game(
        pawns={
            "Pat": 'field = "F42", car = "kart1"',
            "Mat": 'field = "F20", car = "car1"',
            "Eva": 'field = "F07", light = true',
        },
        cars={"kart1": "F42", "car1": "F20"},
    )
    assert match.play("roll 1") == [
        "move Pat kart 3 F43>F44>CIL",
        "leave kart1 CIL",
        "flag Pat 1",
        "reset",
        "turn Mat",
    ]
    state = match.snapshot()["state"]
    assert {name: item["field"] for name, item in state["pawns"].items()} == {
        "Pat": "START",
        "Mat": "START",
        "Eva": "START",
    }
    assert all(not item["car"] and not item["light"] for item in state["pawns"].values())
    assert state["cars"]["kart1"] == "CIL"
    assert state["cars"]["car1"] == "F20"
    assert match.counters() == {0: {"flags": 1}, 1: {"flags": 0}, 2: {"flags": 0}}


def test_r19_the_winning_flag_ends_the_game() -> None:
    match = game(turn="Mat", pawns={"Mat": 'field = "F40"'}, flags={"Mat": 2})
    assert match.play("roll 6") == [
        "move Mat walk 6 F41>F42>F43>F44>CIL stop",
        "flag Mat 3",
        "win Mat",
    ]
    assert match.outcome is not None
    assert match.outcome.ranking == ((1,), (0, 2))
    assert match.outcome.reason == "flags"
    assert match.awaiting == "over"
    assert match.to_move is None
    assert match.legal() == []
    with pytest.raises(PatamatInput) as caught:
        match.play("roll 1")
    assert caught.value.code == "game-over"
    assert caught.value.reason == "R19: the game is over: Mat has won"
    again = open_game("patamat", players=3, position=match.position())
    assert again.state == match.state
    assert 'winner = "Mat"' in match.position()


def test_r20a_a_car_lost_at_red_is_boarded_by_the_next_to_stop_there() -> None:
    match = game(
        pawns={"Pat": 'field = "F07", car = "car1", light = true', "Mat": 'field = "F05"'},
        cars={"car1": "F07"},
    )
    play_all(match, "roll 6")
    # Mat lands on F07: Pat is pushed back; Mat gets car1 and the light.
    assert match.play("roll 2") == [
        "move Mat walk 2 F06>F07",
        "bump Pat F07 F06",
        "board Mat car1",
        "atlight Mat",
        "turn Eva",
    ]


def test_r20b_tractor_on_a_semafor_rolls_the_light_then_goes() -> None:
    match = game(
        pawns={"Pat": 'field = "F07", car = "tractor1", light = true'}, cars={"tractor1": "F07"}
    )
    assert match.legal() == [f"roll {value}" for value in range(1, 7)]
    assert match.play("roll 1") == ["light Pat 1 green"]
    assert match.legal() == ["go"]
    assert match.play("go") == ["move Pat tractor 2 F08>F09", "leave tractor1 F09", "turn Mat"]


def test_r20d_garbage_truck_onto_an_occupied_field_pushes_further_back() -> None:
    match = game(
        pawns={
            "Pat": 'field = "F08", car = "garbage1"',
            "Mat": 'field = "F05"',
            "Eva": 'field = "F04"',
        },
        cars={"garbage1": "F08", "kart1": "F05"},
    )
    assert match.play("roll 3") == [
        "move Pat garbage 3 F07>F06>F05",
        "leave garbage1 F05",
        "bump Mat F05 F04",
        "bump Eva F04 F03",
        "board Pat kart1",
        "turn Mat",
    ]


def test_r20f_the_arriving_player_takes_the_car_of_the_pushed_one() -> None:
    match = game(
        pawns={"Pat": 'field = "F11", car = "kart1"', "Mat": 'field = "F17", car = "kart2"'},
        cars={"kart1": "F11", "kart2": "F17", "rusty1": "F16"},
    )
    assert match.play("roll 2") == [
        "move Pat kart 6 F12>F13>F14>F15>F16>F17",
        "leave kart1 F17",
        "bump Mat F17 F16",
        "lost Mat kart2",
        "board Pat kart2",
        "board Mat rusty1",
        "turn Mat",
    ]
    assert car_at(match, "kart1") == "F17"


def test_r20h_sign_with_a_car_forced_edge_then_main() -> None:
    match = game(pawns={"Pat": 'field = "F10", car = "kart1"'}, cars={"kart1": "F10"})
    assert match.play("roll 2")[0] == "move Pat kart 6 A1>A2>A3>F17>F18>F19"


def test_r20i_riding_into_the_finish_gives_a_flag_and_leaves_the_car_there() -> None:
    match = game(pawns={"Pat": 'field = "F43", car = "tractor1"'}, cars={"tractor1": "F43"})
    assert match.play("go") == [
        "move Pat tractor 2 F44>CIL",
        "leave tractor1 CIL",
        "flag Pat 1",
        "reset",
        "turn Mat",
    ]
