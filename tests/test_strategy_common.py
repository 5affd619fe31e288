"""What every game's strategy shares (companion/engine/strategy.py): chance, ties, the contract."""

from __future__ import annotations

import pytest

from companion.engine import choose_input, open_game
from companion.engine.strategy import (
    LEVELS,
    TIME_BUDGET,
    Budget,
    SeededRandom,
    best_of,
    make_turn,
    seed_for,
)

FINISHED = "quoridor 2 | turn e9 | e9 e1 10 | e1 a8 10 | walls - | winner e9"


def test_the_seeded_generator_repeats_itself_for_the_same_seed() -> None:
    first, second = SeededRandom(42), SeededRandom(42)
    assert [first.next_u64() for _ in range(20)] == [second.next_u64() for _ in range(20)]
    other = SeededRandom(43)
    assert [SeededRandom(42).next_u64() for _ in range(3)] != [other.next_u64() for _ in range(3)]


def test_the_seeded_generator_stays_in_its_ranges() -> None:
    rng = SeededRandom(7)
    floats = [rng.random() for _ in range(500)]
    assert all(0.0 <= value < 1.0 for value in floats)
    assert 0.4 < sum(floats) / len(floats) < 0.6
    draws = [rng.below(6) for _ in range(600)]
    assert set(draws) == set(range(6))
    assert rng.choice(["only"]) == "only"
    items = list(range(10))
    shuffled = rng.shuffled(items)
    assert sorted(shuffled) == items and items == list(range(10))
    with pytest.raises(ValueError, match="positive"):
        rng.below(0)


def test_best_of_takes_the_highest_score() -> None:
    scores = {"a": 1.0, "b": 3.0, "c": 2.0}
    assert best_of(list(scores), scores.__getitem__, SeededRandom(1)) == "b"


def test_best_of_breaks_ties_by_the_seeded_generator_only() -> None:
    lines = ["a", "b", "c", "d"]
    picks = {best_of(lines, lambda line: 0.0 if line != "d" else -1.0, SeededRandom(seed))
             for seed in range(40)}
    assert picks == {"a", "b", "c"}
    again = [best_of(lines, lambda line: 0.0, SeededRandom(5)) for _ in range(3)]
    assert len(set(again)) == 1


def test_best_of_refuses_an_empty_choice() -> None:
    with pytest.raises(ValueError, match="nothing to choose"):
        best_of([], lambda line: 0.0, SeededRandom(1))


def test_the_seed_depends_on_everything_a_decision_may_depend_on() -> None:
    base = seed_for(["e8", "e2"], "normal", 1, "quoridor")
    assert base == seed_for(["e8", "e2"], "normal", 1, "quoridor")
    assert len({
        base,
        seed_for(["e8"], "normal", 1, "quoridor"),
        seed_for(["e8", "e2"], "strong", 1, "quoridor"),
        seed_for(["e8", "e2"], "normal", 2, "quoridor"),
        seed_for(["e8", "e2"], "normal", None, "quoridor"),
        seed_for(["e8", "e2"], "normal", 1, "pacman"),
    }) == 6


def test_the_budget_expires() -> None:
    assert not Budget(60.0).expired()
    assert Budget(0.0).expired() and Budget(0.0).remaining() == 0.0
    assert set(TIME_BUDGET) == set(LEVELS)


def test_the_pis_clock_divides_the_work_limits_as_well_as_the_time() -> None:
    match = open_game("quoridor", players=2)
    on_a_pi = make_turn(match, "strong", time_scale=6.0)
    here = make_turn(match, "strong")
    assert on_a_pi.work(3_000) == 500 and here.work(3_000) == 3_000
    assert on_a_pi.work(5) == 1  # never nothing at all
    assert on_a_pi.budget.seconds == pytest.approx(TIME_BUDGET["strong"] / 6)


def test_an_unknown_level_is_refused() -> None:
    match = open_game("quoridor", players=2)
    with pytest.raises(ValueError, match="level 'grandmaster' is not one of easy, normal"):
        choose_input(match, "grandmaster")


def test_a_finished_game_has_nothing_to_choose() -> None:
    match = open_game("quoridor", players=2, position=FINISHED)
    with pytest.raises(ValueError, match="the game is over"):
        choose_input(match, "normal")


def test_the_die_is_never_the_companions_to_throw() -> None:
    match = open_game("clovece", players=2)
    assert match.awaiting == "roll"
    with pytest.raises(ValueError, match="the die is awaited"):
        choose_input(match, "strong")


@pytest.mark.parametrize("game_id, players, opening", [
    ("quoridor", 2, ["e8", "e2", "e7"]),
    ("quoridor", 4, ["e8", "b5"]),
    ("pacman", 2, []),
    ("pacman", 3, ["P:e7-e8-e9"]),
])
@pytest.mark.parametrize("level", LEVELS)
def test_choosing_never_changes_the_match(
    game_id: str, players: int, opening: list[str], level: str
) -> None:
    match = open_game(game_id, players=players)
    for line in opening:
        match.play(line)
    history, position, legal = list(match.history), match.position(), match.legal()
    snapshot = match.snapshot()
    first = choose_input(match, level, seed=3, time_budget=30.0)
    assert match.history == history and match.position() == position
    assert match.legal() == legal and match.snapshot() == snapshot
    assert first in legal
    assert choose_input(match, level, seed=3, time_budget=30.0) == first
    match.play(first)
    assert match.history == [*history, first]


@pytest.mark.parametrize("game_id, players", [
    ("clovece", 2), ("clovece", 4), ("crash", 2), ("crash", 4), ("pacman", 2), ("pacman", 5),
    ("patamat", 2), ("patamat", 4), ("quoridor", 2), ("quoridor", 4),
])
def test_a_clock_gone_before_the_first_move_still_gets_an_answer(
    game_id: str, players: int
) -> None:
    """A machine so busy that the time cap is gone before a search lists its first move:
    every level of every game still answers with a legal input, never an error in front of
    the table (a Quoridor search once raised its own 'out of work' out of choose_input)."""
    import random

    dice = random.Random(7)
    match = open_game(game_id, players=players)
    asked = 0
    for _ in range(60):
        if match.is_over:
            break
        if match.awaiting == "roll":
            match.play(f"roll {dice.randint(1, 6)}")
            continue
        legal = match.legal()
        for level in LEVELS:
            assert choose_input(match, level, seed=asked, time_budget=1e-9) in legal
        asked += 1
        match.play(dice.choice(legal))
    assert asked >= 10
