"""R31–R47, R85–R88, R92–R95: placing a normal car, pushes, batteries, holes, bells."""

from __future__ import annotations

from games.crash.positions import game, rejected

CARDS = "cards display=lambada,rocket,tandem"


def test_a_placed_car_bumps_its_neighbour_one_field() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A", CARDS)
    assert match.play("place e4 push=E") == ["place A e4", "move e5>e6"]
    assert "turn 1 A action=2 placed=1" in match.position()
    assert match.counters()[0]["cars"] == 8


def test_only_the_last_car_of_a_row_moves() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5 e6", "turn 1 A", CARDS)
    assert match.play("place e4 push=E") == ["place A e4", "move e6>e7"]


def test_batteries_add_force_and_leftover_goes_to_the_hit_row() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5 e6 e8", "turn 1 A", CARDS)
    events = match.play("place e4 push=E bat=2")
    assert events == ["bat A -2", "place A e4", "move e6>e7", "move e8>e9", "move e9>e10"]
    assert "batteries A=2 B=4" in match.position()


def test_pushing_an_opponent_off_the_edge_scores_two() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: a10 e12 e13", "turn 1 A", CARDS)
    events = match.play("place e11 push=E")
    assert events == ["place A e11", "off B e13 edge", "pts A +2 pushoff"]
    assert match.counters()[0]["score"] == 12 and match.counters()[1]["cars"] == 8


def test_pushing_ones_own_car_off_scores_nothing() -> None:
    match = game("board all=1", "operator o1", "A: a13 e13", "B: e12", "turn 1 A", CARDS)
    assert match.play("place e11 push=E") == ["place A e11", "off A e13 edge"]
    assert match.counters()[0]["score"] == 10


def test_a_car_pushed_into_a_hole_is_removed_and_force_is_lost() -> None:
    match = game("board all=1", "holes Ht23", "operator o1", "A: a13", "B: a10 e5",
                 "turn 1 A", CARDS)
    events = match.play("place e4 push=E bat=1")
    assert events == ["bat A -1", "place A e4", "off B e5 hole", "pts A +2 pushoff"]


def test_the_operator_absorbs_a_push_and_batteries_are_still_spent() -> None:
    match = game("board all=1", "operator e6", "A: a13", "B: e5", "turn 1 A", CARDS)
    assert match.play("place e4 push=E bat=2") == ["bat A -2", "place A e4"]
    assert "batteries A=2" in match.position()


def test_a_locked_bell_is_an_obstacle_before_turn_6() -> None:
    match = game("board all=1", "bells e6", "operator o1", "A: a13", "B: e5", "turn 5 A",
                 CARDS)
    assert match.play("place e4 push=E") == ["place A e4"]


def test_an_unlocked_bell_rings_and_the_evaluation_removes_its_tile() -> None:
    match = game("board all=1", "bells e6", "operator o1", "A: a13", "B: a10 e5",
                 "turn 6 A", CARDS)
    events = match.play("place e4 push=E bat=2")
    assert events == [
        "bat A -2", "place A e4", "move e5>e6", "ring e6",
        "eval 1 A+2 B+2", "evalcar B a10 1", "evalcar A a13 1", "evalcar A e4 1",
        "evalcar B e6 1", "back B e6 tile", "tile t23 removed", "track e6 1",
    ]
    position = match.position()
    assert "holes Ht23" in position and "evals 1" in position
    assert "score A=12 B=12" in position
    assert "turn 6 A action=2 placed=1 evaluated" in position
    assert match.snapshot()["state"]["bells_unlocked"] is False


def test_after_the_evaluation_bells_are_locked_for_the_rest_of_the_turn() -> None:
    match = game("board all=1", "bells b4", "operator o1", "A: a13", "B: a10 b5",
                 "turn 6 A action=2 evaluated", CARDS)
    assert match.play("place b6 push=W") == ["place A b6", "turn 7 B"]
    assert "B: a10 b5" in match.position()


def test_the_second_placement_costs_four() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A action=2 placed=1",
                 CARDS)
    events = match.play("place e4 push=E")
    assert events == ["pts A -4 second-placement", "place A e4", "move e5>e6", "turn 2 B"]
    assert match.counters()[0]["score"] == 6


def test_the_score_floor_forbids_a_cost_that_would_reach_zero() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5", "score A=4 B=10",
                 "turn 1 A action=2 placed=1", CARDS)
    rejected(match, "place e4 push=E", "R95/E_SCORE_FLOOR")
    assert not [line for line in match.legal() if line.startswith(("place", "magnet"))]
    ok = game("board all=1", "operator o1", "A: a13", "B: e5", "score A=5 B=10",
              "turn 1 A action=2 placed=1", CARDS)
    ok.play("place e4 push=E")
    assert ok.counters()[0]["score"] == 1


def test_placement_rejections_name_rule_and_code() -> None:
    match = game("board all=1", "bells b4", "holes Ht23", "operator o1",
                 "A: a13", "B: e5 b5", "batteries A=1 B=4", "turn 1 A", CARDS)
    rejected(match, "place e5 push=E", "R41/E_NOT_EMPTY")
    rejected(match, "place b4 push=E", "R41/E_NOT_EMPTY")
    rejected(match, "place o1 push=E", "R41/E_NOT_EMPTY")
    rejected(match, "place e6 push=W", "R41/E_NOT_EMPTY")
    rejected(match, "place g9 push=E", "R41/E_NOT_ADJACENT")
    rejected(match, "place e4 push=W", "R42/E_NO_CAR_IN_DIRECTION")
    rejected(match, "place e4", "R42/E_NO_CAR_IN_DIRECTION")
    rejected(match, "place e4 push=E,W", "E_PUSH_DIRECTIONS")
    rejected(match, "place e4 push=E bat=2", "R43/E_NO_BATTERY")
    rejected(match, "place e4 push=E bat=3", "E_SYNTAX")
    banned = game("board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A nobat=A", CARDS)
    rejected(banned, "place e4 push=E bat=1", "R74/E_BATTERY_BANNED")
    assert "place e4 push=E bat=1" not in banned.legal()
    assert "place e4 push=E" in banned.legal()


def test_no_normal_car_left_in_the_supply() -> None:
    match = game("board all=1", "operator o1", "A: a1 a2 a3 a4 a5 a6 a7 a8 a9 a10",
                 "B: e5", "turn 1 A", CARDS)
    rejected(match, "place e4 push=E", "R41/E_NO_SUPPLY")


def test_legal_lists_placements_with_battery_counts() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5", "batteries A=1 B=4",
                 "turn 1 A", CARDS)
    legal = match.legal()
    assert "place e4 push=E" in legal and "place e4 push=E bat=1" in legal
    assert "place e4 push=E bat=2" not in legal
    assert "place d5 push=SW" in legal and "place f4 push=NE" in legal
    assert legal[-1] == "pass"


def test_a_pass_ends_the_turn_and_a_player_may_pass_at_once() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5", "turn 3 A", CARDS)
    assert match.play("pass") == ["pass A", "turn 4 B"]
    assert match.to_move == 1
