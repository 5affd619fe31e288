"""Less common readings of the spec, each pinned by a scenario (A12, A48, A52, R38, C2 …)."""

from __future__ import annotations

from games.crash.positions import game, rejected

CARDS = "cards display=lambada,rocket,tandem"
BASE = ["board all=1", "operator o1", "A: a13"]


def test_leftover_force_is_lost_after_a_ring() -> None:
    match = game(*BASE, "bells e6", "B: a1 e5", "turn 6 A", CARDS)
    events = match.play("place e4 push=E bat=2")
    assert events[2:4] == ["move e5>e6", "ring e6"]
    assert not [e for e in events if e.startswith("move e6")]


def test_two_bells_in_one_magnet_phase_ring_neither() -> None:
    # the magnet on c8 would pull a9 onto the bell on b8 and e7 onto the bell on d7 (A48)
    both = game("board all=1", "bells b8 d7", "operator o1", "A: a13", "AM: c8",
                "B: a1 a9 e7", "turn 6 A", CARDS)
    assert both.play("operator o2 o3") == ["op o1>o2", "op o2>o3"]
    single = game("board all=1", "bells b8", "operator o1", "A: a13", "AM: c8",
                  "B: a1 a9 e7", "turn 6 A", CARDS)
    events = single.play("operator o2 o3")
    assert events[2:5] == ["pull a9>b8 by c8", "ring b8", "pull e7>d7 by c8"]
    assert events[5] == "eval 1 A+2 B+3"


def test_a_car_on_a_rung_bell_field_may_be_pushed_again_by_the_operator() -> None:
    match = game("board all=1", "bells e6", "operator e3", "A: a13", "B: a1 e4 e5",
                 "turn 6 A", CARDS)
    events = match.play("operator e4 e5")
    # the first step rings e6; the second pushes the row on to e7, an ordinary field now
    assert events[:4] == ["move e5>e6", "ring e6", "move e4>e5", "op e3>e4"]
    assert events[4:7] == ["move e6>e7", "move e5>e6", "op e4>e5"]


def test_a_yellow_card_satisfied_by_its_own_magnet_phase() -> None:
    match = game(*BASE, "bells e6", "AM: d5", "B: a1 f6", "turn 6 A", CARDS)
    events = match.play("card heartless")
    assert events[:3] == ["card A heartless", "pull f6>e6 by d5", "ring e6"]
    assert "tile t23 removed" not in events
    assert "pass" in match.legal()
    assert "turn 6 A action=2 evaluated effect=heartless" in match.position()


def test_a_blue_card_without_a_possible_placement_is_refused() -> None:
    match = game(*BASE, "B: e5", "turn 1 A", CARDS)
    rejected(match, "card double", "R67/E_BLUE_NEEDS_PLACEMENT")
    assert "card double" not in match.legal() and "card rocket" in match.legal()


def test_the_four_step_move_needs_a_score_above_two() -> None:
    match = game("board all=1", "operator e5", "A: a13", "B: a1", "score A=2 B=10",
                 "turn 1 A", CARDS)
    rejected(match, "operator e6 e7 e8 e9", "R95/E_SCORE_FLOOR")
    assert all(len(line.split()) == 3 for line in match.legal() if line.startswith("operator"))


def test_saboteur_on_a_magnet_returns_it_and_it_may_be_placed_again() -> None:
    match = game(*BASE, "B: a1 e5", "BM: e3", "turn 1 A", CARDS)
    assert match.play("card saboteur e3") == ["card A saboteur", "back B e3 saboteur"]
    assert match.counters()[1]["magnet"] == 1


def test_rocket_drive_stops_before_the_operator_and_at_a_locked_bell() -> None:
    operator = game("board all=1", "operator e9", "A: a13", "B: a1 e5",
                    "turn 1 A action=2 effect=rocket", CARDS)
    assert operator.play("place e4 push=E")[:4] == ["place A e4", "move e5>e6", "move e6>e7",
                                                    "move e7>e8"]
    bell = game(*BASE, "bells e8", "B: a1 e5", "turn 1 A action=2 effect=rocket", CARDS)
    assert bell.play("place e4 push=E")[:3] == ["place A e4", "move e5>e6", "move e6>e7"]
    ring = game(*BASE, "bells e8", "B: a1 e5", "turn 6 A action=2 effect=rocket", CARDS)
    assert ring.play("place e4 push=E")[:5] == ["place A e4", "move e5>e6", "move e6>e7",
                                                "move e7>e8", "ring e8"]


def test_reaction_recoil_off_the_board_returns_ones_own_car_without_points() -> None:
    match = game(*BASE, "B: a1 e2", "turn 1 A action=2 effect=reaction", CARDS)
    events = match.play("place e1 push=E")
    assert events[:3] == ["place A e1", "move e2>e3", "off A e1 edge"]
    assert match.counters()[0]["score"] == 10


def test_the_second_placement_of_a_magnet_costs_four_too() -> None:
    match = game(*BASE, "B: a1 e5", "turn 1 A action=2 placed=1", CARDS)
    assert match.play("magnet e3")[:2] == ["pts A -4 second-placement", "place AM e3"]
