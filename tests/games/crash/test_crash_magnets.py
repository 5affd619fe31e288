"""R48–R56: the magnetic car and the magnet phase after every action."""

from __future__ import annotations

from games.crash.positions import game, rejected

CARDS = "cards display=lambada,rocket,tandem"


def test_a_new_magnet_pulls_a_car_two_fields_away() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A", CARDS)
    assert match.play("magnet e3") == ["place AM e3", "pull e5>e4 by e3"]
    assert "AM: e3" in match.position() and match.counters()[0]["magnet"] == 0


def test_a_magnet_that_pulls_nothing_is_illegal() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A", CARDS)
    rejected(match, "magnet g9", "R50/E_MAGNET_NO_PULL")
    assert "magnet g9" not in match.legal() and "magnet e3" in match.legal()


def test_a_pull_cancelled_by_another_magnet_does_not_count() -> None:
    # BM on e7 pulls e5 towards e6; a new magnet on e3 would pull it towards e4: cancelled
    match = game("board all=1", "operator o1", "A: a13", "B: e5", "BM: e7", "turn 1 A", CARDS)
    rejected(match, "magnet e3", "R50/E_MAGNET_NO_PULL")


def test_a_held_car_is_not_pulled_by_a_second_magnet() -> None:
    # BM on e3 holds the car on e4; a magnet on e6 acts on it too: it stays
    match = game("board all=1", "operator o1", "A: a13", "B: e4", "BM: e3", "turn 1 A", CARDS)
    rejected(match, "magnet e6", "R50/E_MAGNET_NO_PULL")


def test_two_pulls_to_the_same_field_are_a_conflict() -> None:
    base = ["board all=1", "operator o1", "A: a13", "B: e5 f4", "AM: e3", "turn 1 A", CARDS]
    alone = game(*base)
    assert alone.play("operator o2 o3") == ["op o1>o2", "op o2>o3", "pull e5>e4 by e3"]
    both = game(*base, "BM: d3")
    assert both.play("operator o2 o3") == ["op o1>o2", "op o2>o3"]


def test_magnets_two_apart_do_not_move_each_other() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: a1", "AM: e3", "BM: e5",
                 "turn 1 A", CARDS)
    assert match.play("operator o2 o3") == ["op o1>o2", "op o2>o3"]


def test_the_magnet_phase_runs_after_every_action_one_pass_only() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e6", "AM: e3", "turn 1 A", CARDS)
    # e6 is three fields away: nothing; a push brings it to e5, the next action's phase pulls it
    assert match.play("place e7 push=W") == ["place A e7", "move e6>e5", "pull e5>e4 by e3"]
    position = match.position()
    assert "B: e4" in position


def test_a_magnet_pull_onto_an_unlocked_bell_rings_it_after_the_movement() -> None:
    match = game("board all=1", "bells e6", "operator o1", "A: a13", "AM: d5", "B: a1 f6",
                 "turn 6 A", CARDS)
    events = match.play("operator o2 o3")
    assert events[:4] == ["op o1>o2", "op o2>o3", "pull f6>e6 by d5", "ring e6"]
    assert events[4] == "eval 1 A+2 B+2"
    assert "back B e6 tile" in events and events[-1] == "track e6 1"


def test_a_locked_bell_or_the_operator_between_stops_the_pull() -> None:
    locked = game("board all=1", "bells e6", "operator o1", "A: a13", "AM: d5", "B: a1 f6",
                  "turn 5 A", CARDS)
    assert locked.play("operator o2 o3") == ["op o1>o2", "op o2>o3"]
    blocked = game("board all=1", "operator e4", "A: a13", "AM: e3", "B: a1 e5", "turn 1 A",
                   CARDS)
    # the operator on e4 stands between the magnet and the car; once he leaves, the pull happens
    assert blocked.play("operator d4 c4") == ["op e4>d4", "op d4>c4", "pull e5>e4 by e3"]


def test_magnet_preview_query() -> None:
    from companion.games.crash.queries import legal_placement_fields, magnet_preview

    match = game("board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A", CARDS)
    preview = magnet_preview(match.state, "e3")
    assert preview["legal"] is True and preview["pulls"] == ["pull e5>e4 by e3"]
    assert magnet_preview(match.state, "g9")["legal"] is False
    assert magnet_preview(match.state, "e5") == {}
    fields = legal_placement_fields(match.state, "magnet")
    assert fields == sorted(fields, key=lambda f: (f[0], int(f[1:])))
    assert set(fields) == {line.split()[1] for line in match.legal() if line.startswith("magnet")}
