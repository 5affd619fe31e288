"""Play a match to its end with the companion in every seat (the strategy tests share it)."""

from __future__ import annotations

import random

from companion.engine import Match, choose_input

UNHURRIED = 60.0
"""A time budget no decision reaches, so that machine load cannot change an answer."""


def play_out(match: Match, levels: list[str], seed: int, limit: int = 5000,
             check_legal: bool = True) -> list[str]:
    """Play to the end: the die from a seeded generator, every decision the companion's at the
    seat's level (each one listed by ``legal()``, unless ``check_legal`` is off because the
    listing is slow). Returns the companion's inputs."""
    die = random.Random(seed)
    chosen: list[str] = []
    for _ in range(limit):
        if match.outcome is not None:
            return chosen
        if match.awaiting == "roll":
            match.play(f"roll {die.randint(1, 6)}")
            continue
        line = choose_input(match, levels[match.to_move or 0], seed=seed, time_budget=UNHURRIED)
        assert not check_legal or line in match.legal()
        match.play(line)
        chosen.append(line)
    raise AssertionError("the game did not end")
