"""Engine speed: random games per second, legal() and play() latency (median, p99).

    python benchmarks/engine.py [--games N] [--game ID ...]

Prints a readable table, then one JSON object with every figure. Seeded: the same games each
run. Figures are measurements, not pass/fail tests.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from companion.engine import GAMES, open_game

MAX_INPUTS = 3000


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(game_id: str, players: int, games: int, seed: int = 1) -> dict[str, Any]:
    chooser = random.Random(seed)
    legal_times: list[float] = []
    play_times: list[float] = []
    finished = 0
    started = time.perf_counter()
    for _ in range(games):
        match = open_game(game_id, players=players)
        for _ in range(MAX_INPUTS):
            before = time.perf_counter()
            legal = match.legal()
            legal_times.append(time.perf_counter() - before)
            if not legal:
                break
            line = chooser.choice(legal)
            before = time.perf_counter()
            match.play(line)
            play_times.append(time.perf_counter() - before)
        finished += match.outcome is not None
    elapsed = time.perf_counter() - started
    ms = 1000.0
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "finished": finished,
        "games_per_second": round(games / elapsed, 2),
        "inputs": len(play_times),
        "legal_median_ms": round(statistics.median(legal_times) * ms, 4),
        "legal_p99_ms": round(percentile(legal_times, 0.99) * ms, 4),
        "play_median_ms": round(statistics.median(play_times) * ms, 4),
        "play_p99_ms": round(percentile(play_times, 0.99) * ms, 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    args = parser.parse_args()
    rows = []
    for game_id in args.game or sorted(GAMES):
        for players in sorted(set(GAMES[game_id].player_counts) & {2, 4} or
                              {GAMES[game_id].player_counts[0]}):
            rows.append(measure(game_id, players, args.games))
    header = f"{'game':10} {'pl':>2} {'games/s':>8} {'inputs':>7} {'legal med':>10} " \
             f"{'legal p99':>10} {'play med':>9} {'play p99':>9}  (ms)"
    print(header)
    for row in rows:
        print(
            f"{row['game']:10} {row['players']:>2} {row['games_per_second']:>8} "
            f"{row['inputs']:>7} {row['legal_median_ms']:>10} {row['legal_p99_ms']:>10} "
            f"{row['play_median_ms']:>9} {row['play_p99_ms']:>9}"
        )
    print(json.dumps({"engine": rows}))


if __name__ == "__main__":
    main()
