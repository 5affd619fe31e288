"""Rules R1–R10 (§4.3) as table scenarios on the stand-in board (START, F01…F44, CIL)."""

from __future__ import annotations

import pytest
from games.patamat.positions import car_at, game, pawn, play_all

from companion.games.patamat.rules import PatamatInput


def test_r1_turns_go_in_seat_order() -> None:
    match = game(turn="Mat")
    assert match.play("roll 1")[-1] == "turn Eva"
    assert match.play("roll 1")[-1] == "turn Pat"
    assert match.play("roll 2")[-1] == "turn Mat"


def test_r1_turns_continue_across_laps_with_the_player_after_the_flag_winner() -> None:
    match = game(turn="Mat", pawns={"Mat": 'field = "F44"', "Pat": 'field = "F20"'})
    events = match.play("roll 3")
    assert events == ["move Mat walk 3 CIL stop", "flag Mat 1", "reset", "turn Eva"]


@pytest.mark.parametrize(
    ("line", "code", "reason"),
    [
        ("go", "wrong-input", "R2: 'go' is not the input now: Pat rolls to move (roll 1 to 6)"),
        ("choose kart", "wrong-input", "R2: 'choose kart' is not the input now: Pat rolls to move"),
        ("place kart F05", "wrong-input", "R2: 'place kart F05' is not the input now"),
        ("roll 7", "bad-value", "R2: '7' is not a die value: a roll is 1 to 6"),
        ("roll 0", "bad-value", "R2: '0' is not a die value"),
        ("roll six", "bad-value", "R2: 'six' is not a die value"),
        ("roll 1 2", "bad-value", "R2: '1 2' is not a die value"),
        ("jump", "wrong-input", "R2: 'jump' is not the input now"),
    ],
)
def test_r2_only_the_wanted_input_is_accepted(line: str, code: str, reason: str) -> None:
    match = game()
    before = match.position()
    with pytest.raises(PatamatInput) as caught:
        match.play(line)
    assert caught.value.code == code
    assert caught.value.reason.startswith(reason)
    assert match.position() == before
    assert match.legal() == [f"roll {value}" for value in range(1, 7)]
    assert match.play("ROLL 2") == ["move Pat walk 2 F01>F02", "turn Mat"]


def test_r3_light_then_choice_then_movement() -> None:
    match = game(
        pawns={"Pat": 'field = "F07", options = ["kart1", "car1"], light = true'},
        cars={"kart1": "F07", "car1": "F07"},
    )
    assert match.awaiting == "roll"
    with pytest.raises(PatamatInput) as caught:
        match.play("choose kart")
    assert caught.value.reason.startswith(
        "R10: 'choose kart' is not the input now: Pat rolls at the traffic light"
    )
    assert match.play("roll 2") == ["light Pat 2 green"]
    assert match.awaiting == "choice"
    assert match.legal() == ["choose kart", "choose car"]
    assert match.play("choose kart") == ["chosen Pat kart1"]
    assert match.play("roll 1") == [
        "move Pat kart 3 F08>F09>F10",
        "leave kart1 F10",
        "sign Pat A1",
        "turn Mat",
    ]


def test_r4_walking_moves_the_roll_forward() -> None:
    match = game()
    assert match.play("roll 4") == ["move Pat walk 4 F01>F02>F03>F04", "turn Mat"]
    assert pawn(match, "Pat")["field"] == "F04"


def test_r5_the_car_travels_along_and_is_put_down_even_among_other_cars() -> None:
    match = game(
        pawns={"Pat": 'field = "F03", car = "car1"'},
        cars={"car1": "F03", "car2": "F09", "kart2": "F09"},
    )
    events = match.play("roll 3")
    assert events == [
        "move Pat car 6 F04>F05>F06>F07>F08>F09",
        "leave car1 F09",
        "options Pat kart2,car2",
        "turn Mat",
    ]
    assert car_at(match, "car1") == "F09"
    assert pawn(match, "Pat") == {
        "field": "F09",
        "car": None,
        "options": ["kart2", "car2"],
        "light": False,
    }


def test_r5_a_car_works_for_one_turn_only() -> None:
    match = game(pawns={"Pat": 'field = "F03", car = "car1"'}, cars={"car1": "F03"})
    play_all(match, "roll 1", "roll 1", "roll 1")
    assert pawn(match, "Pat")["car"] is None
    assert match.play("roll 1") == ["move Pat walk 1 F06", "turn Mat"]
    assert car_at(match, "car1") == "F05"


@pytest.mark.parametrize(
    ("car", "line", "expected"),
    [
        ("kart1", "roll 2", "move Pat kart 6 F13>F14>F15>F16>F17>F18"),
        ("car1", "roll 2", "move Pat car 4 F13>F14>F15>F16"),
        ("tractor1", "go", "move Pat tractor 2 F13>F14"),
        ("garbage1", "roll 2", "move Pat garbage 2 F11>F10"),
    ],
)
def test_r6_car_effects(car: str, line: str, expected: str) -> None:
    match = game(pawns={"Pat": f'field = "F12", car = "{car}"'}, cars={car: "F12"})
    events = match.play(line)
    assert events[0] == expected
    assert events[1] == f"leave {car} {expected.split('>')[-1]}"


def test_r6_tractor_and_rusty_take_go_not_a_roll() -> None:
    match = game(pawns={"Pat": 'field = "F12", car = "tractor1"'}, cars={"tractor1": "F12"})
    assert match.legal() == ["go"]
    assert match.awaiting == "move"
    with pytest.raises(PatamatInput) as caught:
        match.play("roll 3")
    assert caught.value.code == "wrong-input"
    rusty = game(pawns={"Pat": 'field = "F16", car = "rusty1"'}, cars={"rusty1": "F16"})
    assert rusty.legal() == ["go"]
    assert rusty.play("go") == ["skip Pat rusty", "turn Mat"]
    assert car_at(rusty, "rusty1") == "F16"
    assert pawn(rusty, "Pat") == {"field": "F16", "car": None, "options": [], "light": False}


def test_r7_reaching_the_finish_stops_the_movement() -> None:
    match = game(pawns={"Pat": 'field = "F43"'})
    assert match.play("roll 5")[:2] == ["move Pat walk 5 F44>CIL stop", "flag Pat 1"]
    exact = game(pawns={"Pat": 'field = "F44"'})
    assert exact.play("roll 1")[0] == "move Pat walk 1 CIL"


def test_r8_backward_stops_on_start_and_uses_back_at_a_merge() -> None:
    match = game(pawns={"Pat": 'field = "F02", car = "garbage1"'}, cars={"garbage1": "F02"})
    assert match.play("roll 5") == [
        "move Pat garbage 5 F01>START stop",
        "leave garbage1 START",
        "turn Mat",
    ]
    merge = game(pawns={"Pat": 'field = "F18", car = "garbage1"'}, cars={"garbage1": "F18"})
    assert merge.play("roll 3")[0] == "move Pat garbage 3 F17>F16>F15"


def test_r8_backward_ignores_the_sign() -> None:
    match = game(pawns={"Pat": 'field = "F10", car = "garbage1"'}, cars={"garbage1": "F10"})
    assert match.play("roll 1")[0] == "move Pat garbage 1 F09"


def test_r9_passing_over_pawns_cars_semafor_and_sign_does_nothing() -> None:
    match = game(
        pawns={"Pat": 'field = "F05", car = "car1"', "Mat": 'field = "F08"'},
        cars={"car1": "F05", "kart1": "F09"},
    )
    assert match.play("roll 3") == [
        "move Pat car 6 F06>F07>F08>F09>F10>F11",
        "leave car1 F11",
        "turn Mat",
    ]
    assert pawn(match, "Mat")["field"] == "F08"
    assert pawn(match, "Pat") == {"field": "F11", "car": None, "options": [], "light": False}


def on_light(**extra: str) -> str:
    return 'field = "F07", light = true' + "".join(
        f", {key} = {value}" for key, value in extra.items()
    )


def test_r10_orange_rolls_again_then_red_loses_the_car_and_the_turn() -> None:
    match = game(pawns={"Pat": on_light(car='"car1"')}, cars={"car1": "F07"})
    assert match.play("roll 4") == ["light Pat 4 orange"]
    assert match.to_move == 0
    assert match.legal() == [f"roll {value}" for value in range(1, 7)]
    assert match.play("roll 6") == ["light Pat 6 red", "lost Pat car1", "turn Mat"]
    assert car_at(match, "car1") == "F07"
    assert pawn(match, "Pat") == {"field": "F07", "car": None, "options": [], "light": False}
    play_all(match, "roll 1", "roll 1")
    # Next turn he rolls normally: no new light, no car (R14).
    assert match.play("roll 2") == ["move Pat walk 2 F08>F09", "turn Mat"]


def test_r10_green_then_a_new_roll_is_the_movement() -> None:
    match = game(pawns={"Pat": on_light(car='"car1"')}, cars={"car1": "F07"})
    assert match.play("roll 3") == ["light Pat 3 green"]
    assert match.awaiting == "roll"
    assert match.play("roll 1") == ["move Pat car 2 F08>F09", "leave car1 F09", "turn Mat"]


def test_r10_red_loses_a_pending_choice() -> None:
    match = game(
        pawns={"Pat": on_light(options='["kart1", "car1"]')}, cars={"kart1": "F07", "car1": "F07"}
    )
    assert match.play("roll 5") == ["light Pat 5 red", "lost Pat kart1,car1", "turn Mat"]


def test_r10_walking_player_red_light_loses_nothing() -> None:
    match = game(pawns={"Pat": on_light()})
    assert match.play("roll 5") == ["light Pat 5 red", "turn Mat"]
