"""Set-up (§3): players, target, car placement S3 with its refusals, the roll-off S5, order S6."""

from __future__ import annotations

import pytest
from games.patamat.positions import NAMES, new_game, play_all

from companion.engine import IllegalInput, Match, open_game
from companion.games.patamat.rules import PatamatInput

# One placement per car, seat order Pat, Mat, Eva, Pat, ... (15 inputs).
PLACEMENTS = (
    "place kart F04",
    "place kart F14",
    "place kart A2",
    "place car F03",
    "place car F19",
    "place car F26",
    "place car F40",
    "place tractor F12",
    "place tractor F33",
    "place rusty F16",
    "place rusty F28",
    "place rusty B3",
    "place garbage F23",
    "place garbage F35",
    "place garbage F42",
)


def placed_game() -> Match:
    match = new_game()
    play_all(match, *PLACEMENTS)
    return match


def test_s1_player_count_and_names() -> None:
    for count in (2, 3, 4, 5, 6):
        assert open_game("patamat", players=count).to_move == 0
    for count in (1, 7):
        with pytest.raises(ValueError):
            open_game("patamat", players=count)


def test_s2_target_option() -> None:
    assert "target = 3" in new_game().position()
    assert "target = 10" in new_game(target=10).position()
    for bad in (0, 11, "3", True):
        with pytest.raises(ValueError, match="option 'target'"):
            new_game(target=bad)
    with pytest.raises(ValueError, match="'laps'"):
        new_game(laps=2)


def test_s3_placement_in_seat_order_and_numbering() -> None:
    match = new_game()
    assert match.awaiting == "setup"
    assert play_all(match, "place kart F04", "place kart F14", "place car F04") == [
        "place P1 kart1 F04",
        "place P2 kart2 F14",
        "place P3 car1 F04",
    ]
    # Seat 1 again, then the last kart; cars of one field may share it, branches are allowed.
    assert match.to_move == 0
    assert match.play("PLACE Kart a2") == ["place P1 kart3 A2"]
    assert "place kart F05" not in match.legal()
    assert "place car F05" in match.legal()


def test_s3_legal_placements_are_every_unplaced_type_on_every_normal_field() -> None:
    legal = new_game().legal()
    assert len(legal) == 5 * 47
    assert legal[0] == "place kart F01"
    assert "place kart F07" not in legal  # semafor
    assert "place kart F10" not in legal  # sign
    assert "place kart START" not in legal
    assert "place kart CIL" not in legal
    assert "place kart B3" in legal


@pytest.mark.parametrize(
    ("line", "code", "reason"),
    [
        ("place kart START", "special-field", "S3: no car may be placed on START: it is the start"),
        ("place kart CIL", "special-field", "S3: no car may be placed on CIL: it is the finish"),
        ("place car F07", "special-field", "S3: no car may be placed on F07: it is a semafor"),
        (
            "place car f30",
            "special-field",
            "S3: no car may be placed on F30: it is a direction sign",
        ),
        ("place car F99", "bad-field", "S3: there is no field 'F99' on board standin-v1"),
        ("place bus F05", "bad-value", "S3: 'bus' is not a car type"),
        ("roll 4", "wrong-input", "S3: 'roll 4' is not the input now: P1 places a car"),
    ],
)
def test_s3_refused_placements_say_why_and_change_nothing(
    line: str, code: str, reason: str
) -> None:
    match = new_game()
    before = match.position()
    with pytest.raises(PatamatInput) as caught:
        match.play(line)
    assert caught.value.code == code
    assert caught.value.reason.startswith(reason)
    assert match.position() == before
    assert match.history == []
    assert match.play("place car F05") == ["place P1 car1 F05"]  # the same player places again


def test_s3_no_car_of_that_type_left() -> None:
    match = new_game()
    play_all(match, "place tractor F01", "place tractor F02")
    with pytest.raises(PatamatInput) as caught:
        match.play("place tractor F03")
    assert caught.value.code == "no-car-left"
    assert caught.value.reason == "S3: all 2 cars of type tractor are placed already"


def test_s4_after_placement_every_pawn_on_start_without_flags() -> None:
    match = placed_game()
    state = match.snapshot()["state"]
    assert all(pawn["field"] == "START" for pawn in state["pawns"].values())
    assert state["flags"] == {"P1": 0, "P2": 0, "P3": 0}
    assert state["cars"]["rusty3"] == "B3"
    assert match.awaiting == "roll"
    assert match.legal() == [f"roll {value}" for value in range(1, 7)]


def test_s5_highest_roll_starts() -> None:
    match = placed_game()
    events = play_all(match, "roll 3", "roll 5", "roll 2")
    assert events == ["rolloff P1 3", "rolloff P2 5", "rolloff P3 2", "starts P2", "turn P2"]
    assert match.to_move == 1
    assert match.awaiting == "roll"


def test_s5_only_the_players_tied_for_highest_roll_again() -> None:
    match = new_game(names=("A", "B", "C", "D"))
    play_all(match, *PLACEMENTS)
    # B and D tie at 6; A and C tie lower down, which does not matter.
    events = play_all(match, "roll 2", "roll 6", "roll 2", "roll 6")
    assert events[-1] == "tie P2,P4"
    assert match.to_move == 1
    assert 'phase = "rolloff"' in match.position()
    assert play_all(match, "roll 4", "roll 4") == ["rolloff P2 4", "rolloff P4 4", "tie P2,P4"]
    assert play_all(match, "roll 1", "roll 3") == [
        "rolloff P2 1",
        "rolloff P4 3",
        "starts P4",
        "turn P4",
    ]


def test_s6_play_goes_on_in_seat_order_from_the_starter() -> None:
    match = placed_game()
    play_all(match, "roll 1", "roll 1", "roll 6")  # P3 starts
    assert match.to_move == 2
    events = match.play("roll 1")  # P3 walks to F01
    assert events[-1] == "turn P1"
    events = match.play("roll 2")
    assert events[-1] == "turn P2"


def test_names_from_a_position_with_letters_of_any_language() -> None:
    names = ("Tomáš", "Zdeněk")
    match = new_game(names=names)
    text = match.position().replace('"P1"', '"Tomáš"').replace('"P2"', '"Zdeněk"')
    text = text.replace("P1 = ", '"Tomáš" = ').replace("P2 = ", '"Zdeněk" = ')
    loaded = open_game("patamat", players=2, names=list(names), position=text)
    assert loaded.play("place kart F05") == ["place Tomáš kart1 F05"]
    assert loaded.position().count("Tomáš") >= 3
    bad = text.replace('"Zdeněk"', '"tomáš"')
    with pytest.raises(ValueError, match="used twice"):
        open_game("patamat", players=2, position=bad)


def test_rejections_are_illegal_input() -> None:
    match = new_game()
    with pytest.raises(IllegalInput):
        match.play("go")
    assert NAMES == ("Pat", "Mat", "Eva")


def test_p1_names_given_to_open_game_reach_events_and_positions() -> None:
    from companion.engine import open_game

    match = open_game("patamat", players=2, names=["Tomáš", "Zdeněk"])
    assert match.play("place kart F04") == ["place Tomáš kart1 F04"]
    assert 'players = ["Tomáš", "Zdeněk"]' in match.position()
