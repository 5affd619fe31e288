"""R57–R63: dealing with the carousel operator."""

from __future__ import annotations

from games.crash.positions import game, rejected

CARDS = "cards display=lambada,rocket,tandem"


def test_two_steps_are_free_and_four_cost_two() -> None:
    match = game("board all=1", "operator e5", "A: a13", "B: a1", "turn 1 A", CARDS)
    assert match.play("operator e6 e7") == ["op e5>e6", "op e6>e7"]
    events = match.play("operator E E SE SW")
    assert events == ["pts A -2 operator4", "op e7>e8", "op e8>e9", "op e9>f9", "op f9>g9",
                      "turn 2 B"]
    assert match.counters()[0]["score"] == 8


def test_the_operator_pushes_the_whole_row_sokoban_style() -> None:
    match = game("board all=1", "operator e3", "A: a13", "B: e4 e5", "turn 1 A", CARDS)
    assert match.play("operator e4 d4") == ["move e5>e6", "move e4>e5", "op e3>e4", "op e4>d4"]
    assert "B: e5 e6" in match.position()


def test_the_operator_pushes_a_car_off_the_board_for_two_points() -> None:
    match = game("board all=1", "operator e11", "A: a13", "B: a1 e12 e13", "turn 1 A", CARDS)
    events = match.play("operator e12 d12")
    assert events == ["off B e13 edge", "pts A +2 pushoff", "move e12>e13", "op e11>e12",
                      "op e12>d12"]


def test_a_locked_bell_in_front_of_the_row_blocks_the_step() -> None:
    match = game("board all=1", "bells e6", "operator e3", "A: a13", "B: e4 e5", "turn 1 A",
                 CARDS)
    rejected(match, "operator e4 d4", "R60/E_OP_BLOCKED")
    assert not any(line.startswith("operator e4") for line in match.legal())


def test_an_unlocked_bell_rings_when_the_operator_pushes_a_car_onto_it() -> None:
    match = game("board all=1", "bells e6", "operator e3", "A: a13", "B: a1 e4 e5", "turn 8 A",
                 CARDS)
    events = match.play("operator e4 d4")
    assert events[:4] == ["move e5>e6", "ring e6", "move e4>e5", "op e3>e4"]
    assert events[5] == "eval 1 A+1 B+3"
    assert "back B e6 tile" in events and "tile t23 removed" in events


def test_operator_path_rejections() -> None:
    match = game("board all=1", "operator e5", "A: a13", "B: a1", "turn 1 A", CARDS)
    rejected(match, "operator e6", "R57/E_OP_STEPS")
    rejected(match, "operator e6 e7 e8", "R57/E_OP_STEPS")
    rejected(match, "operator e6 e5", "R58/E_OP_REVISIT")
    rejected(match, "operator e7 e8", "R57/E_OP_NOT_ADJACENT")
    corner = game("board all=1", "operator a1", "A: a13", "B: e1", "turn 1 A", CARDS)
    rejected(corner, "operator NW a2", "R58/E_OP_OFF_BOARD")
    rejected(corner, "operator a2/E a3", "E_OP_DIRECTION")


def test_through_a_hole_with_a_stated_push_direction() -> None:
    position = ["board all=1", "holes Ht23", "operator d5", "A: a13", "B: a1 f5", "turn 1 A",
                CARDS]
    match = game(*position)
    rejected(match, "operator Ht23 f5", "R62/E_OP_DIRECTION_NEEDED")
    rejected(match, "operator Ht23 f5/E", "R62/E_OP_NOT_ADJACENT")
    legal = match.legal()
    assert "operator Ht23 f5/SW" in legal and "operator Ht23 f5/W" in legal
    assert "operator Ht23 f5" not in legal
    events = match.play("operator Ht23 f5/SW f4 e4")
    assert events == ["pts A -2 operator4", "op d5>Ht23", "move f5>g5", "op Ht23>f5",
                      "op f5>f4", "op f4>e4"]


def test_an_operator_in_a_hole_does_not_stop_cars_falling_in() -> None:
    match = game("board all=1", "holes Ht23", "operator Ht23", "A: a13", "B: a1 e5",
                 "turn 1 A", CARDS)
    assert match.play("place e4 push=E") == ["place A e4", "off B e5 hole", "pts A +2 pushoff"]


def test_the_operator_stays_in_the_hole_when_his_tile_is_removed() -> None:
    match = game("board all=1", "bells e6", "operator e8", "A: a13", "B: a1 e5", "turn 6 A",
                 CARDS)
    match.play("place e4 push=E")
    assert "operator Ht23" in match.position()
    steps = match.legal()
    assert any(line.startswith("operator d8 ") for line in steps)
