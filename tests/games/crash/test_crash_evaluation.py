"""R86–R99: evaluations, the Bright Exception table, Heartless Bell, the end and the winner."""

from __future__ import annotations

from games.crash.positions import game

from companion.engine import open_game

CARDS = "cards display=lambada,rocket,tandem"


def test_the_evaluation_sums_every_car_including_magnets() -> None:
    match = game("board all=0 e4=3 a13=2 a1=1", "bells e6", "operator o1", "A: a13", "AM: o13",
                 "B: a1 e5", "turn 6 A", CARDS)
    events = match.play("place e4 push=E")
    assert "eval 1 A+5 B+1" in events
    assert [e for e in events if e.startswith("evalcar")] == [
        "evalcar B a1 1", "evalcar A a13 2", "evalcar A e4 3"]
    from companion.games.crash.queries import current_evaluation_sums

    assert current_evaluation_sums(match.state) == {"A": 5, "B": 1}


def test_bright_exception_uses_the_inverted_table() -> None:
    match = game("board all=0 e4=3", "bells e6", "operator o1", "A: a13", "B: a1 e5",
                 "turn 6 A action=2 effect=bright", CARDS)
    events = match.play("place e4 push=E")
    # white fields score 3, the dark e4 scores 0; the ringing car on e6 counts too
    assert "eval 1 A+3 B+6" in events


def test_heartless_bell_keeps_the_tile_and_its_cars_but_uses_up_the_bell() -> None:
    match = game("board all=1", "bells e6", "operator o1", "A: a13", "B: a1 e5",
                 "turn 6 A action=2 effect=heartless", CARDS)
    events = match.play("place e4 push=E")
    assert events[-2:] == ["track e6 1", "turn 7 B"]
    assert not any(e.startswith(("tile", "back")) for e in events)
    position = match.position()
    assert "holes" not in position and "bells" not in position and "B: a1 e6" in position


def test_the_seventh_evaluation_ends_the_game_at_once() -> None:
    match = game("board all=1", "bells e6", "operator o1", "A: a13", "AM: o13", "B: a1 e5",
                 "evals 6", "score A=20 B=20", "turn 20 A", CARDS)
    events = match.play("place e4 push=E")
    assert events[-1] == "end eval7 A23 B22 winner A"
    assert "pull" not in " ".join(events)
    assert match.outcome is not None and match.outcome.ranking == ((0,), (1,))
    assert match.outcome.reason == "seventh evaluation"
    assert match.awaiting == "over" and match.to_move is None and match.legal() == []


def test_a_player_without_cars_ends_the_game() -> None:
    match = game("board all=1", "operator o1", "A: e12", "B: e13", "score A=10 B=12",
                 "turn 3 A", CARDS)
    events = match.play("place e11 push=E")
    assert events == ["place A e11", "off B e13 edge", "pts A +2 pushoff",
                      "end nocars A12 B12 draw"]
    assert match.outcome is not None and match.outcome.ranking == ((0, 1),)
    assert match.outcome.reason == "no cars"


def test_team_outcome_groups_team_mates() -> None:
    match = game("board all=1", "operator o1", "A: e12", "B: e13", "score A=10 B=12",
                 "turn 3 A1", players=4)
    match.play("place e11 push=E")
    assert match.outcome is not None and match.outcome.ranking == ((0, 1, 2, 3),)
    win = game("board all=1", "operator o1", "A: e12", "B: e13", "score A=11 B=12",
               "turn 3 B1", players=4)
    assert win.outcome is None
    win.play("pass")
    counters = win.counters()
    assert counters[0]["score"] == counters[2]["score"] == 11


def test_a_finished_position_is_over() -> None:
    match = open_game("crash", players=2, position="operator o1 | A: a1 | turn 9 B | evals 7")
    assert match.outcome is not None and match.outcome.reason == "seventh evaluation"


def test_nothing_is_accepted_after_the_end() -> None:
    from games.crash.positions import rejected

    match = game("board all=1", "operator o1", "A: e12", "B: e13", "turn 3 A", CARDS)
    match.play("place e11 push=E")
    rejected(match, "pass", "R97/E_GAME_OVER")
    assert match.play("fix score A 20") == ["fix score A 20"]
