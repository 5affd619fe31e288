"""The companion as a Crash by Crash player (companion/games/crash/strategy.py): every set-up
choice, action and end-of-turn draw at every level, in every seat, to the end of the game; the
same input for the same history; the match left alone; and the obvious gains taken (a push-off,
a bell rung while ahead, the last car of the other side removed)."""

from __future__ import annotations

import pytest
from games.crash.positions import game
from games.playout import play_out

from companion.engine import Match, choose_input, open_game
from companion.engine.strategy import LEVELS

UNHURRIED = 60.0
"""A time budget that never cuts a search short: the tests see the work-bounded answer."""


@pytest.mark.parametrize(
    ("levels", "seed"),
    [
        (["easy", "easy"], 1),
        (["normal", "easy"], 2),
        (["easy", "normal", "easy", "normal"], 3),
    ],
)
def test_every_seat_plays_a_whole_game_from_the_set_up(levels: list[str], seed: int) -> None:
    match = open_game("crash", players=len(levels))
    chosen = play_out(match, levels, seed, limit=2000, check_legal=False)
    heads = {line.split()[0] for line in chosen}
    assert {"first", "operator-start", "init", "place"} <= heads
    assert match.outcome is not None


LATE = (
    "board reference | holes Ht12 Ht21 Ht23 Ht32 Ht43 | bells b10 e11 g10 k3 l11 | operator o8"
    " | A: a7 d4 | B: b6 d3 i7 k10 n9 | AM: c3 | BM: g2 | score A=60 B=62"
    " | batteries A=1 B=2 | evals 5 | turn 21 A"
    " | cards display=heartless,lambada,ticket hands=3,3 known=A:saboteur"
)
"""Five evaluations done: two more end the game."""


@pytest.mark.parametrize("levels", [["strong", "normal"], ["normal", "strong"], ["easy", "strong"]])
def test_the_strong_level_plays_a_late_game_to_the_end(levels: list[str]) -> None:
    match = open_game("crash", players=2, position=LATE)
    play_out(match, levels, seed=4, limit=2000, check_legal=False)
    assert match.outcome is not None


@pytest.mark.parametrize("level", LEVELS)
def test_known_cards_are_played_through_their_obligations(level: str) -> None:
    # A knows a blue, a yellow and another blue card; B knows three too.
    match = open_game("crash", players=2, position=LATE.replace(
        "known=A:saboteur", "known=A:double,bright,rocket known=B:tandem,expansion,heartless"))
    chosen = play_out(match, [level, level], seed=2)
    assert match.outcome is not None
    if level != "strong":
        assert any(line.startswith("card ") for line in chosen)


def test_the_companion_plays_only_the_cards_it_knows_and_never_swaps() -> None:
    match = open_game("crash", players=2, position=LATE.replace(" known=A:saboteur", ""))
    for line in play_out(match, ["normal", "normal"], seed=5):
        assert not line.startswith(("card ", "swap "))


# -- determinism, and the match left alone --------------------------------------------------------


def _positions() -> list[Match]:
    opening = open_game("crash", players=2)
    middle = open_game("crash", players=2)
    for _ in range(30):
        middle.play(choose_input(middle, "normal", seed=6, time_budget=UNHURRIED))
    return [opening, middle, open_game("crash", players=2, position=LATE)]


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_history_level_and_seed_give_the_same_input(level: str) -> None:
    for match in _positions():
        first = choose_input(match, level, seed=3, time_budget=UNHURRIED)
        assert choose_input(match, level, seed=3, time_budget=UNHURRIED) == first
    middle = _positions()[1]
    replayed = open_game("crash", players=2)
    for line in middle.history:
        replayed.play(line)
    assert choose_input(replayed, level, seed=3, time_budget=UNHURRIED) == choose_input(
        middle, level, seed=3, time_budget=UNHURRIED
    )


@pytest.mark.parametrize("level", LEVELS)
def test_choosing_leaves_the_match_as_it_was(level: str) -> None:
    for match in _positions():
        position, history = match.position(), list(match.history)
        choose_input(match, level, seed=1, time_budget=UNHURRIED)
        assert match.position() == position and match.history == history


# -- tactics ------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_car_on_the_rim_is_pushed_off(level: str) -> None:
    match = game("board all=1", "operator o1", "A: e5 e6", "B: a1 h7", "turn 3 A")
    events = match.play(choose_input(match, level, seed=1, time_budget=UNHURRIED))
    assert "pts A +2 pushoff" in events


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_bell_is_rung_while_ahead(level: str) -> None:
    match = game("board all=1", "bells b4", "operator o1", "A: b5 e6 g6 i6 k6", "B: g9 g10",
                 "turn 7 A")
    events = match.play(choose_input(match, level, seed=1, time_budget=UNHURRIED))
    assert "ring b4" in events and "eval 1 A+6 B+2" in events


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_no_bell_is_rung_while_behind(level: str) -> None:
    match = game("board all=1", "bells b4", "operator o1", "A: b5", "B: e6 g6 i6 k6 g9",
                 "turn 7 A")
    for _ in range(2):
        events = match.play(choose_input(match, level, seed=1, time_budget=UNHURRIED))
        assert not any(event.startswith("eval ") for event in events)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_last_car_of_the_other_side_goes_when_that_wins(level: str) -> None:
    match = game("board all=1", "operator o1", "A: e5 e6", "B: h7", "score A=12 B=10",
                 "turn 3 A", "cards hands=3,3 known=A:saboteur")
    while match.outcome is None and match.to_move == 0:
        match.play(choose_input(match, level, seed=1, time_budget=UNHURRIED))
    assert match.outcome is not None and match.outcome.winners == (0,)


@pytest.mark.parametrize("level", LEVELS)
def test_the_draw_takes_the_best_card_from_the_display(level: str) -> None:
    match = game("board all=1", "operator o1", "A: e5 e6", "B: h7 c3", "turn 3 A action=end",
                 "cards display=lambada,saboteur,bright hands=2,3")
    assert choose_input(match, level, seed=1, time_budget=UNHURRIED) == "draw d:saboteur"


def test_the_easy_level_does_not_always_play_the_same() -> None:
    match = game("board all=1", "operator o1", "A: e5 e6", "B: a1 h7", "turn 3 A")
    answers = {choose_input(match, "easy", seed=seed, time_budget=UNHURRIED) for seed in range(20)}
    assert len(answers) > 1


def test_the_tables_cards_are_left_to_a_person_at_the_table() -> None:
    from companion.engine.strategy import awaits_the_table
    from companion.table.companions import CompanionSeats, companion_moves

    match = open_game("crash", players=2)
    seats = CompanionSeats({0: "normal", 1: "normal"})
    reply = companion_moves(match, seats)  # the companions set up until the display is due
    assert awaits_the_table(match) and match.awaiting != "over"
    assert match.state.setup_stage() == "display"
    assert reply.lines  # they chose the first placer and the operator themselves
    assert companion_moves(match, seats).lines == []  # nothing more until a person enters it
