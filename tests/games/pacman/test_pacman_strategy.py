"""The companion plays the PAC-MAN variant (companion/games/pacman/strategy.py), both sides.

Positions use the small 'table' layout of ``pacman/positions.py`` (two walls: d4v, f6h).
"""

from __future__ import annotations

import pytest
from games.pacman.positions import at, board

from companion.engine import Match, choose_input, open_game
from companion.engine.strategy import LEVELS

GENEROUS = 30.0


def play_out(match: Match, pacman: str, ghosts: str, seed: int) -> Match:
    for _ in range(3000):
        if match.is_over:
            break
        level = pacman if match.to_move == 0 else ghosts
        line = choose_input(match, level, seed=seed)
        assert line in match.legal()
        match.play(line)
    return match


@pytest.mark.parametrize("players, pacman, ghosts, seed", [
    (2, "easy", "easy", 1),
    (2, "strong", "normal", 2),
    (3, "normal", "strong", 3),
    (5, "strong", "easy", 4),
    (4, "easy", "strong", 5),
])
def test_companions_play_a_whole_game(players: int, pacman: str, ghosts: str, seed: int) -> None:
    match = play_out(open_game("pacman", players=players), pacman, ghosts, seed)
    assert match.outcome is not None and match.outcome.reason in ("dots", "lives")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("opening", [0, 1, 2])
def test_the_same_history_level_and_seed_give_the_same_input(level: str, opening: int) -> None:
    match = open_game("pacman", players=3)
    for _ in range(opening):
        match.play(match.legal()[-1])
    first = choose_input(match, level, seed=8, time_budget=GENEROUS)
    again = open_game("pacman", players=3)
    for line in match.history:
        again.play(line)
    assert choose_input(again, level, seed=8, time_budget=GENEROUS) == first


@pytest.mark.parametrize("level", LEVELS)
def test_pacman_eats_the_dot_next_to_him(level: str) -> None:
    match = at(board(pacman="b1"))
    line = choose_input(match, level, seed=1, time_budget=GENEROUS)
    assert "dot a1" in match.play(line)


@pytest.mark.parametrize("level", LEVELS)
def test_pacman_eats_the_last_dot_and_wins(level: str) -> None:
    match = at(board(pacman="g9", dots="i9", lives=1))
    line = choose_input(match, level, seed=1, time_budget=GENEROUS)
    match.play(line)
    assert match.outcome is not None and match.outcome.winners == (0,)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_pacman_keeps_out_of_a_frenzied_ghosts_reach(level: str) -> None:
    # e4-e5-e6 is his shortest way to a9, but pinky on e8 sees down column e and would come
    # two steps, e7-e6, and catch him there.
    match = at(board(pacman="e4", dots="a9", pinky="e8", blinky="a5", inky="i5", clyde="a3"))
    assert "P:e4-e5-e6" in match.legal()
    line = choose_input(match, level, seed=1, time_budget=GENEROUS)
    match.play(line)
    assert not line.endswith("e6")
    assert not [catch for catch in match.legal() if catch.endswith(line[-2:])]


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_pacman_eats_ghosts_with_his_bonus(level: str) -> None:
    # b1 takes the dot a1; the 3 bonus steps a2-a3-b3 eat blinky and pinky on their way.
    match = at(board(pacman="c1", blinky="a2", pinky="a3", inky="g8", clyde="i8"))
    line = choose_input(match, level, seed=1, time_budget=GENEROUS)
    events = match.play(line)
    assert "dot a1" in events
    assert sum(event.startswith("eat ") for event in events) == 2


@pytest.mark.parametrize("level", LEVELS)
def test_a_ghost_next_to_pacman_catches_him(level: str) -> None:
    match = at(board(phase="ghosts", pacman="e5", blinky="f5", pinky="a8", inky="g8",
                     clyde="i8"))
    assert choose_input(match, level, seed=1, time_budget=GENEROUS) == "blinky:e5"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_frenzied_ghost_catches_him_two_steps_away(level: str) -> None:
    match = at(board(phase="ghosts", pacman="e3", blinky="a8", pinky="c8", inky="e5",
                     clyde="i8"))
    assert choose_input(match, level, seed=1, time_budget=GENEROUS) == "inky:e3"


@pytest.mark.parametrize("level", LEVELS)
def test_a_ghost_player_moves_its_own_ghosts(level: str) -> None:
    # Three players: seat 1 owns blinky and pinky, seat 2 inky, seat 3 clyde; inky could catch.
    match = at(board(phase="ghosts", pacman="g7", inky="g8"), players=4)
    assert match.to_move == 1
    line = choose_input(match, level, seed=1, time_budget=GENEROUS)
    assert line.split(":")[0] in ("blinky", "pinky")
    match.play(line)
    match.play(choose_input(match, level, seed=1, time_budget=GENEROUS))
    assert match.to_move == 2
    assert choose_input(match, level, seed=1, time_budget=GENEROUS) == "inky:g7"


@pytest.mark.parametrize("level", LEVELS)
def test_pacman_passes_when_boxed_in(level: str) -> None:
    match = at(board(pacman="e1", blinky="d1", pinky="f1", inky="e2"))
    assert match.legal() == ["P:pass"]
    assert choose_input(match, level, seed=1) == "P:pass"


@pytest.mark.parametrize("level", LEVELS)
def test_a_boxed_in_ghost_passes(level: str) -> None:
    match = at(board(phase="ghosts", pacman="h8", blinky="a2", pinky="a3", inky="b2",
                     moved="pinky inky clyde"))
    assert match.legal() == ["blinky:pass"]
    assert choose_input(match, level, seed=1) == "blinky:pass"
