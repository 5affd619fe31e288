"""R64–R81: the 13 cards, their timing and obligations (C2, C3)."""

from __future__ import annotations

from games.crash.positions import game, rejected

CARDS = "cards display=lambada,rocket,tandem"
BASE = ["board all=1", "operator o1", "A: a13"]


def test_bell_shift_moves_a_bell_to_a_flower_without_one() -> None:
    match = game(*BASE, "bells b4 e7", "B: a1", "turn 1 A", CARDS)
    assert match.play("card fluct b4 b5") == ["card A fluct", "bell b4>b5"]
    rejected(match, "card fluct e7 a1", "E_CARD_TARGET")      # a car, and an X tile
    rejected(match, "card fluct e7 b3", "E_CARD_TARGET")      # the flower of b5 has a bell
    rejected(match, "card fluct g9 e2", "E_CARD_TARGET")      # no bell on g9
    assert "card fluct e7 e2" in match.legal() and "card fluct e7 g1" not in match.legal()


def test_lambada_swaps_two_adjacent_cars() -> None:
    match = game(*BASE, "B: a12 a1", "turn 1 A", CARDS)
    assert match.play("card lambada a12 a13") == ["card A lambada", "swap a12<>a13"]
    assert "A: a12" in match.position() and "B: a1 a13" in match.position()
    rejected(match, "card lambada a1 a12", "E_CARD_TARGET")


def test_free_ride_moves_any_car_and_may_ring_an_unlocked_bell() -> None:
    match = game(*BASE, "bells e6", "B: a1 e5", "turn 6 A", CARDS)
    events = match.play("card ticket e5 e6")
    assert events[:4] == ["card A ticket", "move e5>e6", "ring e6", "eval 1 A+1 B+2"]
    early = game(*BASE, "bells e6", "B: a1 e5", "turn 5 A", CARDS)
    rejected(early, "card ticket e5 e6", "E_CARD_TARGET")
    rejected(early, "card ticket e5 o1", "E_CARD_TARGET")
    assert early.play("card ticket e5 e4") == ["card A ticket", "move e5>e4"]


def test_saboteur_returns_an_opponent_car_without_points() -> None:
    match = game(*BASE, "B: a1 e5", "turn 1 A", CARDS)
    assert match.play("card saboteur e5") == ["card A saboteur", "back B e5 saboteur"]
    assert match.counters()[0]["score"] == 10
    rejected(match, "card saboteur a13", "E_CARD_TARGET")
    last = game(*BASE, "B: e5", "turn 1 A", CARDS)
    assert last.play("card saboteur e5")[-1] == "end nocars A10 B10 draw"


def test_flying_cestmir_moves_the_operator_to_an_empty_field() -> None:
    match = game(*BASE, "bells e6", "B: a1", "turn 1 A", CARDS)
    assert match.play("card flying g9") == ["card A flying", "op o1>g9"]
    rejected(match, "card flying e6", "E_CARD_TARGET")
    rejected(match, "card flying a1", "E_CARD_TARGET")


def test_dead_battery_takes_a_battery_and_bans_the_next_turn() -> None:
    match = game(*BASE, "B: e5", "batteries A=4 B=2", "turn 1 A", CARDS)
    assert match.play("card deadbat") == ["card A deadbat", "bat B -1", "ban B"]
    match.play("pass")
    match.play("draw blind")
    assert match.to_move == 1 and "nobat=B" in match.position()
    rejected(match, "place e6 push=W bat=1", "R74/E_BATTERY_BANNED")
    match.play("pass")
    assert "nobat" not in match.position()
    empty = game(*BASE, "B: e5", "batteries A=4 B=0", "turn 1 A", CARDS)
    assert empty.play("card deadbat") == ["card A deadbat", "ban B"]


def test_yellow_cards_need_turn_6_action_1_and_an_evaluation() -> None:
    early = game(*BASE, "bells e6", "B: a1 e5", "turn 5 A", CARDS)
    rejected(early, "card bright", "R90/E_YELLOW_TOO_EARLY")
    second = game(*BASE, "bells e6", "B: a1 e5", "turn 6 A action=2", CARDS)
    rejected(second, "card bright", "R65/E_CARD_TIMING")
    match = game(*BASE, "bells e6", "B: a1 e5", "turn 6 A", CARDS)
    assert match.play("card bright") == ["card A bright"]
    rejected(match, "pass", "R27/E_PASS_WITH_OBLIGATION")
    rejected(match, "place d5 push=SW", "R68/E_YELLOW_NO_EVALUATION")
    legal = match.legal()
    assert "place e4 push=E" in legal and "place d5 push=SW" not in legal
    assert "pass" not in legal and "card ticket e5 e6" in legal and "magnet e7" in legal
    events = match.play("place e4 push=E")
    assert "eval 1 A+4 B+4" in events  # inverted table: every field worth 1 scores 2


def test_a_yellow_card_with_no_way_to_ring_is_refused() -> None:
    match = game(*BASE, "bells e6", "B: g9 i9", "turn 6 A", CARDS)
    rejected(match, "card heartless", "R68/E_YELLOW_NO_EVALUATION")
    assert "card heartless" not in match.legal()
    # ending the game releases the obligation (C10): pushing B's last car off is a way out
    last = game(*BASE, "bells e6", "B: a1", "turn 6 A", CARDS)
    last.play("card heartless")
    assert last.legal() == [
        "place a2 push=W", "place a2 push=W bat=1", "place a2 push=W bat=2",
        "place b1 push=NW", "place b1 push=NW bat=1", "place b1 push=NW bat=2",
        "card saboteur a1"]


def test_blue_cards_are_action_1_and_demand_their_placement() -> None:
    match = game(*BASE, "B: a1 e5", "turn 1 A", CARDS)
    late = game(*BASE, "B: a1 e5", "turn 1 A action=2", CARDS)
    rejected(late, "card rocket", "R65/E_CARD_TIMING")
    assert match.play("card rocket") == ["card A rocket"]
    assert match.snapshot()["state"]["obligation"] == "blue"
    rejected(match, "pass", "E_PASS_WITH_OBLIGATION")
    rejected(match, "operator o2 o3", "E_BLUE_NEEDS_PLACEMENT")
    rejected(match, "magnet e3", "E_BLUE_NEEDS_PLACEMENT")
    rejected(match, "place e4 push=E bat=1", "R43/E_BATTERY_WITH_BLUE")
    assert all(line.startswith("place") for line in match.legal())
    none_left = game("board all=1", "operator o1", "A: a1 a2 a3 a4 a5 a6 a7 a8 a9 a10",
                     "B: e5", "turn 1 A", CARDS)
    rejected(none_left, "card tandem", "R66/E_NO_SUPPLY")


def test_rocket_drive_slides_to_the_next_car_and_bumps_it() -> None:
    match = game(*BASE, "B: e5 e9", "turn 1 A action=2 effect=rocket", CARDS)
    assert match.play("place e4 push=E") == [
        "place A e4", "move e5>e6", "move e6>e7", "move e7>e8", "move e9>e10", "turn 2 B"]


def test_rocket_drive_flies_off_the_board() -> None:
    match = game(*BASE, "B: a1 e9", "turn 1 A action=2 effect=rocket", CARDS)
    events = match.play("place e8 push=E")
    assert events[-3:] == ["off B e13 edge", "pts A +2 pushoff", "turn 2 B"]


def test_double_hit_pushes_two_ways_in_the_order_given() -> None:
    match = game(*BASE, "B: e5 d4", "turn 1 A", CARDS)
    match.play("card double")
    legal = match.legal()
    assert "place e4 push=E,NE" in legal and "place e4 push=NE,E" in legal
    rejected(match, "place e4 push=E", "R77/E_PUSH_DIRECTIONS")
    assert match.play("place e4 push=NE,E") == ["place A e4", "move d4>c5", "move e5>e6"]
    assert match.awaiting == "choice"


def test_action_and_reaction_recoils_the_placed_car() -> None:
    match = game(*BASE, "B: e5", "turn 1 A action=2 effect=reaction", CARDS)
    assert match.play("place e4 push=E")[:3] == ["place A e4", "move e5>e6", "move e4>e3"]
    row = game(*BASE, "B: e5 e3", "turn 1 A action=2 effect=reaction", CARDS)
    assert row.play("place e4 push=E")[:3] == ["place A e4", "move e5>e6", "move e3>e2"]


def test_tandem_moves_the_last_two_cars_or_the_placed_car_with_one() -> None:
    pair = game(*BASE, "B: e5 e6", "turn 1 A action=2 effect=tandem", CARDS)
    assert pair.play("place e4 push=E")[:3] == ["place A e4", "move e6>e7", "move e5>e6"]
    single = game(*BASE, "B: e5", "turn 1 A action=2 effect=tandem", CARDS)
    assert single.play("place e4 push=E")[:3] == ["place A e4", "move e5>e6", "move e4>e5"]
    blocked = game("board all=1", "operator e6", "A: a13", "B: e5",
                   "turn 1 A action=2 effect=tandem", CARDS)
    assert blocked.play("place e4 push=E")[:2] == ["place A e4", "turn 2 B"]


def test_permitted_expansion_waives_adjacency_and_attraction() -> None:
    match = game(*BASE, "B: e5", "turn 1 A", CARDS)
    match.play("card expansion")
    legal = match.legal()
    assert "place g9" in legal and "magnet g9" in legal and "place e4 push=E" in legal
    assert match.play("magnet g9") == ["place AM g9"]
    other = game(*BASE, "B: e5", "turn 1 A action=2 effect=expansion", CARDS)
    assert other.play("place g9") == ["place A g9", "turn 2 B"]


def test_card_claims_that_cannot_be_true() -> None:
    match = game(*BASE, "B: e5", "turn 1 A", "cards display=lambada,rocket,tandem "
                 "discard=saboteur,saboteur known=B:saboteur")
    rejected(match, "card saboteur e5", "R112/E_CARD_IMPOSSIBLE")
    assert not any(line.startswith("card saboteur") for line in match.legal())
    known = game(*BASE, "B: e5", "turn 1 A", "cards display=lambada,rocket,tandem hands=1,3 "
                 "known=A:flying")
    events = known.play("card deadbat")
    assert events[:2] == ["card A deadbat", "warn A holds only known cards and no deadbat"]
    empty = game(*BASE, "B: e5", "turn 1 A", "cards display=lambada,rocket,tandem hands=0,3")
    rejected(empty, "card deadbat", "R112/E_HAND_SIZE")
