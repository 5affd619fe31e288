"""What the screen gets (§6.4): expect(), the JSON snapshot and a movement's result."""

from __future__ import annotations

import json

from games.patamat.positions import game, new_game

from companion.games.patamat.view import expect, result


def test_expect_during_setup_rolloff_and_play() -> None:
    match = new_game()
    wanted = expect(match.state)
    assert wanted["phase"] == "setup"
    assert wanted["want"] == "place"
    assert wanted["legal"]["types"] == ["kart", "car", "tractor", "rusty", "garbage"]
    assert "F07" not in wanted["legal"]["fields"]
    riding = game(pawns={"Pat": 'field = "F12", car = "kart1"'}, cars={"kart1": "F12"})
    wanted = expect(riding.state)
    assert wanted == {
        "phase": "play",
        "player": "Pat",
        "want": "roll",
        "purpose": "move",
        "legal": [1, 2, 3, 4, 5, 6],
        "car": "kart1",
        "rule": "kart: 3 × roll, forward",
        "light_pending": False,
        "winner": None,
    }
    light = game(
        pawns={"Pat": 'field = "F07", car = "tractor1", light = true'}, cars={"tractor1": "F07"}
    )
    assert expect(light.state)["purpose"] == "light"
    assert expect(light.state)["light_pending"] is True
    light.play("roll 2")
    assert expect(light.state)["want"] == "go"
    assert expect(light.state)["rule"] == "tractor: 2 forward, no roll"


def test_snapshot_is_json_and_draws_the_board() -> None:
    match = game(
        pawns={"Pat": 'field = "F05", options = ["kart1", "car1"]'},
        cars={"kart1": "F05", "car1": "F05"},
    )
    snapshot = match.snapshot()
    json.dumps(snapshot)
    state = snapshot["state"]
    assert len(state["board"]["fields"]) == 54
    assert state["pawns"]["Pat"] == {
        "field": "F05",
        "car": None,
        "options": ["kart1", "car1"],
        "light": False,
    }
    assert state["expect"]["want"] == "choose"
    assert state["expect"]["legal"] == ["kart", "car"]
    assert snapshot["counters"] == {"0": {"flags": 0}, "1": {"flags": 0}, "2": {"flags": 0}}


def test_result_of_a_movement_with_bumps() -> None:
    match = game(
        pawns={"Pat": 'field = "F11", car = "kart1"', "Mat": 'field = "F17"'},
        cars={"kart1": "F11", "rusty1": "F16"},
    )
    found = result(match.play("roll 2"))
    assert found is not None
    assert found["mode"] == "kart"
    assert found["roll"] == 2
    assert found["planned"] == 6
    assert found["path"] == ["F12", "F13", "F14", "F15", "F16", "F17"]
    assert found["car_left"] == {"car": "kart1", "field": "F17"}
    assert found["bumps"] == [{"player": "Mat", "from": "F17", "to": "F16", "lost": []}]
    assert found["arrivals"] == [
        {
            "player": "Pat",
            "field": "F17",
            "car": None,
            "options": [],
            "light": False,
            "sign_to": None,
        },
        {
            "player": "Mat",
            "field": "F16",
            "car": "rusty1",
            "options": [],
            "light": False,
            "sign_to": None,
        },
    ]


def test_result_of_a_flag_and_of_a_skip() -> None:
    match = game(pawns={"Pat": 'field = "F44"'}, flags={"Pat": 2})
    found = result(match.play("roll 6"))
    assert found is not None
    assert found["stopped"] == "CIL"
    assert found["flag"] == {"player": "Pat", "total": 3}
    assert found["winner"] == "Pat"
    assert found["arrivals"] == []
    rusty = game(pawns={"Pat": 'field = "F16", car = "rusty1"'}, cars={"rusty1": "F16"})
    skipped = result(rusty.play("go"))
    assert skipped is not None and skipped["skipped"] == "rusty"
    assert result(["turn Pat"]) is None
