"""legal() and play() answer within a millisecond (p99) over whole random games."""

from __future__ import annotations

import random
import time

from companion.engine import open_game

LIMIT_SECONDS = 0.001


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[int(len(ordered) * 0.99)]


def test_legal_and_play_p99_under_one_millisecond() -> None:
    legal_times: list[float] = []
    play_times: list[float] = []
    for players in (2, 4, 6):
        chooser = random.Random(players)
        match = open_game("clovece", players=players)
        while match.outcome is None:
            started = time.perf_counter()
            legal = match.legal()
            legal_times.append(time.perf_counter() - started)
            line = chooser.choice(legal)
            started = time.perf_counter()
            match.play(line)
            play_times.append(time.perf_counter() - started)
    assert len(play_times) > 500
    assert p99(legal_times) < LIMIT_SECONDS
    assert p99(play_times) < LIMIT_SECONDS
