"""The companion plays Quoridor (companion/games/quoridor/strategy.py), 2 and 4 players."""

from __future__ import annotations

import pytest

from companion.engine import Match, choose_input, open_game
from companion.engine.strategy import LEVELS
from companion.games.quoridor.strategy import Search

#: Plenty: the search is bounded by its work limits, never by the clock, in these tests.
GENEROUS = 30.0
#: Whole games at the strong level: the clock, not the work limit, keeps them short here.
BRISK = 0.03


def at(position: str) -> Match:
    players = int(position.split("|")[0].split()[1])
    return open_game("quoridor", players=players, position=position)


def steps_to_goal(match: Match, seat: int) -> int:
    return match.counters()[seat]["steps"]


def play_out(match: Match, levels: list[str], seed: int, budget: float | None) -> Match:
    for _ in range(600):
        if match.is_over:
            break
        seat = match.to_move
        assert seat is not None
        line = choose_input(match, levels[seat], seed=seed, time_budget=budget)
        assert line in match.legal()
        match.play(line)
    return match


@pytest.mark.parametrize("levels, seed, budget", [
    (["easy", "easy"], 1, None),
    (["normal", "easy"], 2, None),
    (["easy", "strong"], 3, BRISK),
    (["strong", "normal"], 4, BRISK),
])
def test_two_companions_play_a_whole_game(levels: list[str], seed: int, budget: float) -> None:
    match = play_out(open_game("quoridor", players=2), levels, seed, budget)
    assert match.outcome is not None and match.outcome.reason == "goal"


@pytest.mark.parametrize("levels, seed, budget", [
    (["easy", "normal", "easy", "normal"], 5, None),
    (["strong", "easy", "normal", "easy"], 6, BRISK),
])
def test_four_companions_play_a_whole_game(levels: list[str], seed: int, budget: float) -> None:
    match = play_out(open_game("quoridor", players=4), levels, seed, budget)
    assert match.outcome is not None and match.outcome.reason == "goal"


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_history_level_and_seed_give_the_same_input(level: str) -> None:
    match = open_game("quoridor", players=2)
    for line in ["e8", "e2", "e7", "e3", "d6h", "e4"]:
        match.play(line)
    first = choose_input(match, level, seed=11, time_budget=GENEROUS)
    again = open_game("quoridor", players=2)
    for line in match.history:
        again.play(line)
    assert choose_input(again, level, seed=11, time_budget=GENEROUS) == first


@pytest.mark.parametrize("level", LEVELS)
def test_one_step_from_the_goal_it_steps_there(level: str) -> None:
    # Both are one step from their goal: whoever moves first wins.
    match = at("quoridor 2 | turn e9 | e9 c2 10 | e1 g8 10 | walls -")
    line = choose_input(match, level, seed=1, time_budget=GENEROUS)
    assert line == "c1"
    match.play(line)
    assert match.outcome is not None and match.outcome.winners == (0,)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_it_walls_off_an_opponent_about_to_win(level: str) -> None:
    # e1's pawn on a8 would step to a9 and win; e9 is far away and must wall it.
    match = at("quoridor 2 | turn e9 | e9 e9 10 | e1 a8 10 | walls -")
    line = choose_input(match, level, seed=1, time_budget=GENEROUS)
    assert len(line) == 3, f"{line} is no wall"
    match.play(line)
    assert steps_to_goal(match, 1) > 1


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_four_players_it_walls_off_the_next_seat_about_to_win(level: str) -> None:
    # a5's seat on h3 would step to i3 and win next; e9 cannot win before that.
    match = at("quoridor 4 | turn e9 | e9 e7 5 | a5 h3 5 | e1 e2 5 | i5 h7 5 | walls -")
    line = choose_input(match, level, seed=1, time_budget=GENEROUS)
    assert len(line) == 3, f"{line} is no wall"
    match.play(line)
    assert steps_to_goal(match, 1) > 1


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_with_no_walls_left_it_walks_a_shortest_path(level: str) -> None:
    match = at(
        "quoridor 2 | turn e9 | e9 e5 0 | e1 e1 10"
        " | walls a1h c1h g1h a8h c8h g8h a3v a5v h3v h5v"
    )
    line = choose_input(match, level, seed=1, time_budget=GENEROUS)
    match.play(line)
    assert steps_to_goal(match, 0) == 3


@pytest.mark.parametrize("level", LEVELS)
def test_a_forced_pass_is_played(level: str) -> None:
    match = at(
        "quoridor 4 | turn e9 | e9 a9 0 | a5 a8 5 | e1 a7 5 | i5 i5 5"
        " | walls a8v a3h c3h e3h g3h"
    )
    assert choose_input(match, level, seed=1) == "pass"


def test_the_strong_level_beats_the_easy_one() -> None:
    wins = 0
    for seed in range(2):
        levels = ["strong", "easy"] if seed % 2 == 0 else ["easy", "strong"]
        match = play_out(open_game("quoridor", players=2), levels, seed, BRISK)
        assert match.outcome is not None
        wins += levels[match.outcome.winners[0]] == "strong"
    assert wins == 2


def test_the_pis_clock_makes_the_strong_search_do_less_work() -> None:
    """F = 6 divides the strong level's budget: the same search under the same seed looks at
    clearly fewer positions. With time to spare, so that its work limit (divided by F as well)
    decides and not a busy machine's clock: a 0.12 s budget let a loaded test machine's F = 1
    search see fewer positions than F = 6's (F = 6 first, so that the path lengths it
    remembers can only speed the F = 1 search)."""
    import time as clock

    from companion.engine import open_game as opening
    from companion.engine.strategy import make_turn
    from companion.games.quoridor.strategy import PLANS, Search

    match = opening("quoridor", players=2)
    for line in ("e8", "e2", "e7", "d1h", "e6", "f1h", "e5", "b1h", "e4", "h1h", "d4", "e3",
                 "c4", "e4"):  # walls on both sides' minds: a search with plenty to look at
        match.play(line)
    work = {}
    for factor in (6.0, 1.0):
        turn = make_turn(match, "strong", seed=5, time_budget=60.0, time_scale=factor,
                         clock=clock.process_time)
        search = Search(turn, PLANS["strong", 2])
        search.best_line()
        work[factor] = search.created
    assert work[6.0] * 2 < work[1.0]


@pytest.mark.parametrize("players, history", [
    (2, ["e8", "e2", "e7", "e3", "d6h", "e4", "f7", "c4h"]),
    (4, ["e8", "b5", "e2", "h5", "e7", "c5", "e3", "d6h"]),
])
def test_on_the_pis_clock_the_work_limit_decides_not_the_clock(
        players: int, history: list[str]) -> None:
    """F = 6 divides the strong level's work limit as well as its time: with any time to spare
    (here 5 and 10 s after the division) the search stops at the same position count, so the
    same history gives the same input however fast the machine is."""
    from companion.engine.strategy import make_turn
    from companion.games.quoridor.crowd import CrowdSearch
    from companion.games.quoridor.strategy import CROWD_NODES, CROWD_ROUNDS, CROWD_WALLS, PLANS

    match = open_game("quoridor", players=players)
    for line in history:
        match.play(line)
    chosen = {choose_input(match, "strong", seed=3, time_budget=budget, time_scale=6.0)
              for budget in (GENEROUS, GENEROUS, 2 * GENEROUS)}
    assert len(chosen) == 1
    turn = make_turn(match, "strong", seed=3, time_budget=GENEROUS, time_scale=6.0)
    if players == 2:
        search = Search(turn, PLANS["strong", 2])
        limit = PLANS["strong", 2].nodes // 6
    else:
        search = CrowdSearch(turn, turn.work(CROWD_NODES), CROWD_WALLS, CROWD_ROUNDS)
        limit = CROWD_NODES // 6
    assert search.best_line() in chosen
    assert search.created <= limit + 1
    assert not turn.budget.expired()


def test_four_players_strong_learns_who_blocks_any_leader_from_the_game_so_far() -> None:
    """Seats 1 and 3 play the plain race (they wall only a seat that leads alone), seats 0 and 2
    are normal companions, who wall whoever leads, tied or not. After nine rounds the strong
    level in seat 0 takes seat 2 to block by its chance to arrive first more often than the
    plain racers, as their moves so far showed."""
    from companion.engine.strategy import make_turn
    from companion.games.quoridor.crowd import CrowdSearch

    def plain_race(match: Match) -> str:
        turn = make_turn(match, "strong", seed=0, time_budget=GENEROUS, time_scale=6.0)
        search = CrowdSearch(turn, 0, 0, ())
        search.bounded = False  # no work limit: the reply itself, however long it takes
        wanted = search.reply(match.state)
        return next(line for line in match.legal()
                    if match.rules.apply(match.state, line)[0].pawns == wanted.pawns
                    and set(match.rules.apply(match.state, line)[0].walls) == set(wanted.walls))

    match = open_game("quoridor", players=4)
    while len(match.history) < 36:
        if match.to_move in (0, 2):
            line = choose_input(match, "normal", seed=0, time_budget=GENEROUS, time_scale=6.0)
        else:
            line = plain_race(match)
        match.play(line)
    assert any(line[-1] in "hv" for line in match.history[1::4] + match.history[3::4])
    turn = make_turn(match, "strong", seed=0, time_budget=GENEROUS, time_scale=6.0)
    shares = CrowdSearch(turn, 0, 0, ()).observed_shares()
    assert shares[2] > 0.5
    assert shares[1] < 0.5 and shares[3] < 0.5


@pytest.mark.parametrize("players, level", [(2, "normal"), (2, "strong"), (4, "normal"),
                                            (4, "strong")])
def test_with_no_time_at_all_it_still_answers(players: int, level: str) -> None:
    """A machine so busy that the clock runs out before the first move is even listed: the
    search still has an answer (one of the moves it listed), it does not fail."""
    match = open_game("quoridor", players=players)
    for line in ["e8", "e2", "e7", "e3"] if players == 2 else ["e8", "b5", "e2", "h5"]:
        match.play(line)
    line = choose_input(match, level, seed=1, time_budget=1e-9)
    assert line in match.legal()
