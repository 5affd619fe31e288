"""R15–R22, C12: set-up through play(): first placer, operator start, display, initial cars."""

from __future__ import annotations

from games.crash.positions import rejected

from companion.engine import open_game


def test_two_player_set_up_reports_totals_and_the_starting_player() -> None:
    match = open_game("crash", players=2, names=["Eva", "Pat"])
    assert match.awaiting == "setup"
    assert match.legal() == ["first A", "first B"]
    match.play("first A")
    assert match.legal() == ["operator-start n4", "operator-start n9"]
    rejected(match, "operator-start e7", "E_OPERATOR_START")
    assert match.play("operator-start n4") == ["op start>n4"]
    assert "display lambada rocket tandem" in match.legal()
    match.play("display lambada rocket tandem")
    for line in ["init c2", "init b7", "init e5", "init g1", "init h9", "init j4", "init m12"]:
        match.play(line)
    events = match.play("init n10")
    assert events == ["place B n10", "totals A3 B4 start A", "turn 1 A"]
    assert match.awaiting == "move" and match.to_move == 0
    assert match.position() == (
        "board reference | bells a5 b10 e11 f2 f6 g4 g10 k3 l7 l11 | operator n4"
        " | A: c2 e5 h9 m12 | B: b7 g1 j4 n10 | score A=10 B=10 | batteries A=4 B=4"
        " | evals 0 | turn 1 A | first A | cards display=lambada,rocket,tandem hands=3,3 pile=30"
    )


def test_initial_cars_one_per_tile_and_not_on_bells_or_the_operator() -> None:
    match = open_game("crash", players=2)
    for line in ["first B", "operator-start n9", "display bright bright bright"]:
        match.play(line)
    assert match.to_move == 1
    match.play("init a1")
    rejected(match, "init a2", "E_TILE_TAKEN")
    rejected(match, "init a5", "E_NOT_EMPTY")   # a bell
    rejected(match, "init n9", "E_NOT_EMPTY")   # the operator
    rejected(match, "place b5 push=E", "E_NOT_NOW")
    assert "init a2" not in match.legal() and "init a4" in match.legal()


def test_equal_totals_let_the_first_placer_start() -> None:
    match = open_game("crash", players=2)
    for line in ["first B", "operator-start n4", "display lambada rocket tandem",
                 "init a1", "init a4", "init a12", "init a7", "init e1", "init i1",
                 "init o1", "init o13"]:
        events = match.play(line)
    # B: a1=1 a12=1 e1=2 o1=0 -> 4; A: a4=1 a7=0 i1=2 o13=0 -> 3
    assert events[-2:] == ["totals A3 B4 start A", "turn 1 A"]
    tie = open_game("crash", players=2)
    for line in ["first B", "operator-start n4", "display lambada rocket tandem",
                 "init a1", "init a4", "init a7", "init a9", "init e1", "init i1",
                 "init o1", "init o13"]:
        events = tie.play(line)
    # B: a1=1 a7=0 e1=2 o1=0 -> 3; A: a4=1 a9=0 i1=2 o13=0 -> 3: the first placer B starts
    assert events[-2:] == ["totals A3 B3 start B", "turn 1 B"]


def test_four_players_place_two_each_clockwise_without_a_display() -> None:
    match = open_game("crash", players=4)
    assert match.legal() == ["first A1", "first B1", "first A2", "first B2"]
    match.play("first B2")
    match.play("operator-start n4")
    seats = []
    for field in ["a1", "a4", "a7", "a9", "c13", "e1", "o1", "o13"]:
        seats.append(match.to_move)
        events = match.play(f"init {field}")
    assert seats == [3, 0, 1, 2, 3, 0, 1, 2]
    # B (B2, B1): a1 a7 c13 o1 = 3; A: a4 a9 e1 o13 = 3 -> tie, first placer's team B, B2 starts
    assert events[-2:] == ["totals A3 B3 start B", "turn 1 B2"]
    assert match.to_move == 3
    assert "cards hands=3,3,3,3 pile=27" in match.position()


def test_set_up_positions_round_trip() -> None:
    match = open_game("crash", players=2)
    for line in ["first A", "operator-start n4", "display lambada rocket tandem", "init c2"]:
        match.play(line)
        text = match.position()
        again = open_game("crash", players=2, position=text)
        assert again.state == match.state and again.position() == text
    assert "setup" in match.position() and "first A" in match.position()
