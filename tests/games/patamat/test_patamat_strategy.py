"""The companion as a Pat a Mat player (companion/games/patamat/strategy.py): it places the
cars, chooses among cars and confirms tractor and rusty turns, at every level, in every seat;
decides the same way for the same history; never touches the match; and takes the car that
gains."""

from __future__ import annotations

import random

import pytest
from games.patamat.positions import game, named_game
from games.playout import play_out

from companion.engine import Match, choose_input, open_game
from companion.engine.strategy import LEVELS

UNHURRIED = 60.0
"""A time budget that never cuts a search short: the tests see the work-bounded answer."""


@pytest.mark.parametrize(
    ("levels", "seed", "target"),
    [
        (["easy", "easy"], 1, 3),
        (["normal", "normal"], 2, 3),
        (["strong", "normal"], 3, 2),
        (["easy", "strong", "normal"], 4, 2),
        (["easy", "normal", "easy", "normal", "easy", "normal"], 5, 1),
    ],
)
def test_every_seat_plays_a_whole_race(levels: list[str], seed: int, target: int) -> None:
    match = open_game("patamat", players=len(levels), target=target)
    chosen = play_out(match, levels, seed)
    assert sum(1 for line in chosen if line.startswith("place ")) == 15
    assert match.outcome is not None and match.outcome.reason == "flags"


def test_choices_and_go_turns_come_up_and_are_answered() -> None:
    seen: set[str] = set()
    for seed in range(10):
        match = open_game("patamat", players=3, target=3)
        levels = ["easy", "normal", "strong"]
        seen.update(line.split()[0] for line in play_out(match, levels, seed))
    assert {"place", "choose", "go"} <= seen


# -- determinism, and the match left alone --------------------------------------------------------


def _midrace() -> Match:
    match = open_game("patamat", players=3)
    die = random.Random(21)
    while len(match.history) < 60 or match.awaiting == "roll":
        if match.awaiting == "roll":
            match.play(f"roll {die.randint(1, 6)}")
        else:
            match.play(choose_input(match, "normal", seed=2, time_budget=UNHURRIED))
    return match


def _with_options() -> Match:
    return game(
        pawns={"Pat": 'field = "F05", options = ["kart1", "car1", "rusty1"]'},
        cars={"kart1": "F05", "car1": "F05", "rusty1": "F05"},
    )


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("opening", ["setup", "choice"])
def test_the_same_history_level_and_seed_give_the_same_input(level: str, opening: str) -> None:
    match = open_game("patamat", players=3) if opening == "setup" else _with_options()
    first = choose_input(match, level, seed=9, time_budget=UNHURRIED)
    assert choose_input(match, level, seed=9, time_budget=UNHURRIED) == first
    again = _midrace()
    line = choose_input(again, level, seed=9, time_budget=UNHURRIED)
    replayed = open_game("patamat", players=3)
    for played in again.history:
        replayed.play(played)
    assert choose_input(replayed, level, seed=9, time_budget=UNHURRIED) == line


@pytest.mark.parametrize("level", LEVELS)
def test_choosing_leaves_the_match_as_it_was(level: str) -> None:
    for match in (open_game("patamat", players=2), _with_options(), _midrace()):
        position, history = match.position(), list(match.history)
        choose_input(match, level, seed=1, time_budget=UNHURRIED)
        assert match.position() == position and match.history == history


def test_a_roll_is_not_the_companions_to_choose() -> None:
    match = game()
    with pytest.raises(ValueError, match="die"):
        choose_input(match, "strong")


# -- tactics ------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_kart_beats_the_rusty_car(level: str) -> None:
    match = game(
        pawns={"Pat": 'field = "F05", options = ["kart1", "rusty1"]'},
        cars={"kart1": "F05", "rusty1": "F05"},
    )
    assert choose_input(match, level, seed=1, time_budget=UNHURRIED) == "choose kart"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_standing_still_beats_driving_backwards(level: str) -> None:
    match = game(
        pawns={"Pat": 'field = "F20", options = ["rusty1", "garbage1"]'},
        cars={"rusty1": "F20", "garbage1": "F20"},
    )
    assert choose_input(match, level, seed=1, time_budget=UNHURRIED) == "choose rusty"


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_tractor_that_reaches_the_finish_wins_the_race(level: str) -> None:
    match = game(
        pawns={"Pat": 'field = "F43", options = ["tractor1", "garbage1"]'},
        cars={"tractor1": "F43", "garbage1": "F43"},
        flags={"Pat": 2},
    )
    line = choose_input(match, level, seed=1, time_budget=UNHURRIED)
    assert line == "choose tractor"
    match.play(line)
    assert choose_input(match, level, seed=1, time_budget=UNHURRIED) == "go"
    assert "win Pat" in match.play("go")


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_car_that_skips_the_detour_beats_a_longer_ride_into_it(level: str) -> None:
    # From F28 a car (2n) often stops on the sign F30 or runs on; a tractor lands on F30
    # for certain, and from there the next forward move must take the long detour.
    match = game(
        pawns={"Pat": 'field = "F28", options = ["car1", "tractor1"]'},
        cars={"car1": "F28", "tractor1": "F28"},
    )
    assert choose_input(match, level, seed=1, time_budget=UNHURRIED) == "choose car"


def test_helping_cars_go_on_the_route_and_hindering_cars_beside_them() -> None:
    match = named_game(names=("Pat", "Mat"))
    first = choose_input(match, "normal", seed=1, time_budget=UNHURRIED)
    kind, field = first.split()[1:]
    assert kind == "kart" and field.startswith("F")
    helpers = ["kart", "kart", "kart", "car", "car", "car", "car"]
    for index, kind in enumerate(helpers):
        match.play(f"place {kind} F{index + 11:02d}")
    line = choose_input(match, "normal", seed=1, time_budget=UNHURRIED)
    kind, field = line.split()[1:]
    assert kind in ("tractor", "rusty", "garbage")
    assert field in {f"F{index + 11:02d}" for index in range(len(helpers))}, line


def test_the_easy_level_does_not_always_choose_the_same() -> None:
    match = _with_options()
    answers = {choose_input(match, "easy", seed=seed, time_budget=UNHURRIED) for seed in range(40)}
    assert len(answers) > 1


def test_the_easy_level_grabs_any_car_but_the_garbage_truck() -> None:
    match = game(
        pawns={"Pat": 'field = "F05", options = ["kart1", "tractor1", "garbage1"]'},
        cars={"kart1": "F05", "tractor1": "F05", "garbage1": "F05"},
    )
    answers = {choose_input(match, "easy", seed=seed, time_budget=UNHURRIED) for seed in range(40)}
    assert answers == {"choose kart", "choose tractor"}
