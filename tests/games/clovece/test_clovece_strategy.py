"""The companion as a Člověče player (companion/games/clovece/strategy.py): every level plays
whole games in every seat, decides the same way for the same history, never touches the match,
and takes the obvious gains: a capture, the goal, the leader as the recipient of a capture."""

from __future__ import annotations

import random

import pytest
from games.clovece.positions import TWO, game
from games.playout import play_out

from companion.engine import Match, choose_input
from companion.engine.strategy import LEVELS

UNHURRIED = 60.0
"""A time budget that never cuts a search short: the tests see the work-bounded answer."""

NEAR_THE_END = (
    f"{TWO} | S0 home{{}} goal{{3:Y, 4:R}} | S2 home{{}} goal{{3:G, 4:B}} | "
    "track{4:G, 9:B, 27:R, 33:Y} | turn S0"
)
"""Each seat has two pieces in its goal and two of its colours on the track: a short game."""


@pytest.mark.parametrize(
    ("players", "levels", "seed"),
    [
        (2, ["easy", "easy"], 1),
        (2, ["normal", "normal"], 2),
        (4, ["easy", "normal", "easy", "normal"], 3),
        (3, ["normal", "easy", "normal"], 4),
        (6, ["easy"] * 6, 5),
    ],
)
def test_every_seat_plays_a_whole_game(players: int, levels: list[str], seed: int) -> None:
    match = game(players=players)
    assert len(play_out(match, levels, seed)) > 0
    assert match.outcome is not None and match.outcome.reason == "goal"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_finishes_a_game_from_near_the_end(level: str) -> None:
    match = game(NEAR_THE_END)
    play_out(match, [level, level], seed=7)
    assert match.outcome is not None


def test_strong_plays_against_normal_to_the_end() -> None:
    match = game(NEAR_THE_END)
    play_out(match, ["strong", "normal"], seed=8)
    assert match.outcome is not None


def test_the_companion_never_stops_the_game() -> None:
    winner = f"{TWO.replace('S0,S2', 'S0,S1,S2')}"
    match = game(
        f"{winner} | S0 home{{}} goal{{1:R, 2:Y, 3:G, 4:B}} | S1 home{{R,Y,G}} goal{{}} | "
        "S2 home{R,Y,G} goal{} | track{5:B, 25:B} | places{S0=1} | turn S1 | rolls{3:pending}",
        players=3,
    )
    assert "stop" in match.legal()
    for level in LEVELS:
        assert choose_input(match, level, seed=1, time_budget=UNHURRIED) != "stop"


# -- determinism, and the match left alone --------------------------------------------------------


def _midgame() -> Match:
    match = game(players=4)
    die = random.Random(11)
    while len(match.history) < 60 or match.awaiting == "roll":
        if match.awaiting == "roll":
            match.play(f"roll {die.randint(1, 6)}")
        else:
            match.play(choose_input(match, "normal", seed=3, time_budget=UNHURRIED))
    return match


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_history_level_and_seed_give_the_same_input(level: str) -> None:
    match = _midgame()
    first = choose_input(match, level, seed=5, time_budget=UNHURRIED)
    again = game(players=4)
    for line in match.history:
        again.play(line)
    assert choose_input(again, level, seed=5, time_budget=UNHURRIED) == first
    assert choose_input(match, level, seed=5, time_budget=UNHURRIED) == first


@pytest.mark.parametrize("level", LEVELS)
def test_choosing_leaves_the_match_as_it_was(level: str) -> None:
    match = _midgame()
    position, history = match.position(), list(match.history)
    choose_input(match, level, seed=1, time_budget=UNHURRIED)
    assert match.position() == position and match.history == history
    assert match.undo() and match.redo()


def test_a_roll_is_not_the_companions_to_choose() -> None:
    match = game()
    with pytest.raises(ValueError, match="die"):
        choose_input(match, "normal")


# -- tactics ------------------------------------------------------------------------------------

CAPTURE = (
    f"{TWO} | S0 home{{R,Y,G}} goal{{}} | S2 home{{R,Y,G}} goal{{}} | track{{5:B, 8:B}} | "
    "turn S0 | rolls{3:pending}"
)
"""S0 rolls 3: blue from 5 lands on the blue on 8, the only piece S2 can move."""


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_capture_is_taken_and_the_piece_goes_to_the_other_seat(level: str) -> None:
    match = game(CAPTURE)
    assert choose_input(match, level, seed=1, time_budget=UNHURRIED) == "move 5 B"
    match.play("move 5 B")
    assert match.awaiting == "choice"
    assert choose_input(match, level, seed=1, time_budget=UNHURRIED) == "give B@8 -> S2"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_piece_goes_into_the_goal_rather_than_along_the_track(level: str) -> None:
    match = game(
        f"{TWO} | S0 home{{Y,G}} goal{{4:R}} | S2 home{{R,Y,G}} goal{{}} | "
        "track{10:B, 38:B} | turn S0 | rolls{2:pending}"
    )
    assert choose_input(match, level, seed=1, time_budget=UNHURRIED) == "move 38 B"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_winning_move_is_played(level: str) -> None:
    match = game(
        f"{TWO} | S0 home{{}} goal{{2:Y, 3:G, 4:R}} | S2 home{{R,Y,G}} goal{{}} | "
        "track{20:B, 38:B} | turn S0 | rolls{2:pending}"
    )
    assert choose_input(match, level, seed=1, time_budget=UNHURRIED) == "move 38 B"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_captured_piece_goes_to_the_leader(level: str) -> None:
    # All three seats may play blue; S1 has three pieces in its goal and needs only blue.
    match = game(
        "board4 seats{S0,S1,S2} | S0 home{R,Y,G} goal{} | S1 home{} goal{1:R, 2:Y, 3:G} | "
        "S2 home{R,Y,G} goal{} | track{5:B, 8:B, 30:B} | turn S0 | rolls{3:pending}",
        players=3,
    )
    match.play("move 5 B")
    assert match.legal() == ["give B@8 -> S0", "give B@8 -> S1", "give B@8 -> S2"]
    assert choose_input(match, level, seed=1, time_budget=UNHURRIED) == "give B@8 -> S1"


def test_the_easy_level_is_not_always_the_normal_one() -> None:
    match = _midgame()
    answers = {choose_input(match, "easy", seed=seed, time_budget=UNHURRIED) for seed in range(40)}
    assert len(answers) > 1 or len(match.legal()) == 1


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_on_the_pis_clock_the_plan_limit_decides_not_the_clock(level: str) -> None:
    """F = 6 divides the plans followed as well as the time: with any time to spare the same
    history gives the same input, and the plans a Pi 4 follows are a sixth of this machine's."""
    from companion.engine.strategy import make_turn
    from companion.games.clovece.strategy import PLAN_LIMIT

    match = _midgame()
    chosen = {choose_input(match, level, seed=5, time_budget=budget, time_scale=6.0)
              for budget in (UNHURRIED, UNHURRIED, 2 * UNHURRIED)}
    assert len(chosen) == 1
    turn = make_turn(match, level, seed=5, time_budget=UNHURRIED, time_scale=6.0)
    assert turn.work(PLAN_LIMIT[level]) == PLAN_LIMIT[level] // 6


FOUR = "board4 seats{S0,S1,S2,S3}"


def _exposure_to_the_rivals(track: str) -> float:
    """What the other three seats' next turns are expected to cost S0, by the strong level's
    judgement: the position's value minus its value after their replies."""
    from companion.engine.strategy import make_turn
    from companion.games.clovece.strategy import (
        STRONG_LEADER,
        STRONG_OTHERS,
        _after_rivals,
        value,
    )

    match = game(
        f"{FOUR} | S0 home{{R,Y,G}} goal{{}} | S1 home{{R,Y,G}} goal{{}} | "
        f"S2 home{{R,Y,G}} goal{{4:B}} | S3 home{{R,Y,G}} goal{{4:B}} | track{{{track}}} | "
        "turn S0",
        players=4,
    )
    turn = make_turn(match, "strong", seed=1, time_budget=UNHURRIED, time_scale=6.0)
    itself = value(match.state, turn.seat, STRONG_OTHERS, STRONG_LEADER)
    return itself - _after_rivals(turn, match.state)


def test_strong_with_four_seats_sees_a_piece_that_a_rival_can_hit() -> None:
    # S0's blue on 13: another blue three fields behind it can be moved onto it by S1 (S2 and
    # S3 have their blue in the goal) with a 3; with that blue 22 fields behind it is safe.
    hit_from_behind = _exposure_to_the_rivals("10:B, 13:B")
    far_behind = _exposure_to_the_rivals("3:B, 13:B")
    assert hit_from_behind > far_behind + 1.0
