"""Crash by Crash: the per-field queries the screen uses (rules E2/E3), timed one by one.

    python benchmarks/crash_queries.py [--games N] [--every K]

Plays seeded random games (inputs picked from ``legal()``) and, at every K-th position of the
running game, times each query of ``companion.games.crash.queries``; per-field queries are
asked for a few random fields. The full ``legal()`` is timed by ``benchmarks/engine.py``.
Prints a table, then one JSON object. Measurements, not pass/fail tests.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.engine import percentile  # noqa: E402
from companion.engine import open_game  # noqa: E402

MAX_INPUTS = 3000
FIELDS_PER_POSITION = 3
KINDS_PER_POSITION = 2
PER_FIELD_BUDGET_MS = 5.0
PREVIEW = "preview(legal line)"
"""E3: what one input (a random legal one) would do, without committing it."""


def _queries() -> dict[str, Callable[[Any, random.Random], object]]:
    """Each E2/E3 query as the screen would ask it: name → call(state, chooser)."""
    from companion.games.crash import queries as q
    from companion.games.crash.board import FIELD_NAMES
    from companion.games.crash.cards import KINDS
    from companion.games.crash.legal import legal_lines

    def field(chooser: random.Random) -> str:
        return chooser.choice(FIELD_NAMES)

    return {
        "legal_placement_fields(normal)": lambda s, c: q.legal_placement_fields(s, "normal"),
        "legal_placement_fields(magnet)": lambda s, c: q.legal_placement_fields(s, "magnet"),
        "push_directions(field)": lambda s, c: q.push_directions(s, field(c)),
        "magnet_preview(field)": lambda s, c: q.magnet_preview(s, field(c)),
        "max_batteries()": lambda s, c: q.max_batteries(s),
        "operator_steps([])": lambda s, c: q.operator_steps(s, []),
        "operator_paths(2)": lambda s, c: q.operator_paths(s, 2),
        "operator_paths(4)": lambda s, c: q.operator_paths(s, 4),
        "card_targets(kind)": lambda s, c: q.card_targets(s, c.choice(KINDS)),
        "bells_unlocked()": lambda s, c: q.bells_unlocked(s),
        "current_evaluation_sums()": lambda s, c: q.current_evaluation_sums(s),
        "legal_actions()": lambda s, c: q.legal_actions(s),
        # legal_lines() is lru_cached per position, and the loop (like the screen) has asked
        # legal() first; this row is the same query on a cold cache (a full enumeration).
        "legal_actions() cold cache": lambda s, c: (legal_lines.cache_clear(),
                                                    q.legal_actions(s)),
    }


REPEATS = {"push_directions(field)": FIELDS_PER_POSITION,
           "magnet_preview(field)": FIELDS_PER_POSITION,
           "card_targets(kind)": KINDS_PER_POSITION}


def measure(games: int, every: int, players: int = 2, seed: int = 7) -> dict[str, Any]:
    from companion.games.crash.queries import preview

    queries = _queries()
    chooser = random.Random(seed)
    times: dict[str, list[float]] = {name: [] for name in [*queries, PREVIEW]}
    positions = 0
    for _ in range(games):
        match = open_game("crash", players=players)
        for step in range(MAX_INPUTS):
            legal = match.legal()
            if not legal:
                break
            if step % every == 0 and match.awaiting == "move":
                positions += 1
                state = match.state
                for name, query in queries.items():
                    for _ in range(REPEATS.get(name, 1)):
                        before = time.perf_counter()
                        query(state, chooser)
                        times[name].append((time.perf_counter() - before) * 1000)
                line = chooser.choice(legal)
                before = time.perf_counter()
                preview(state, line)
                times[PREVIEW].append((time.perf_counter() - before) * 1000)
            match.play(chooser.choice(legal))
    rows: list[dict[str, Any]] = []
    for name, samples in times.items():
        if not samples:
            continue
        rows.append({
            "query": name,
            "calls": len(samples),
            "median_ms": round(statistics.median(samples), 4),
            "p99_ms": round(percentile(samples, 0.99), 4),
            "max_ms": round(max(samples), 4),
        })
    worst = max(rows, key=lambda row: row["p99_ms"]) if rows else None
    return {
        "players": players,
        "games": games,
        "positions": positions,
        "queries": rows,
        "worst_query": worst["query"] if worst else None,
        "worst_p99_ms": worst["p99_ms"] if worst else None,
        "budget_ms": PER_FIELD_BUDGET_MS,
    }


def print_table(result: dict[str, Any]) -> None:
    print(f"Crash by Crash queries ({result['games']} games, {result['positions']} positions, "
          f"budget p99 <= {result['budget_ms']} ms each)")
    print(f"  {'query':34} {'calls':>6} {'median':>9} {'p99':>9} {'max':>9}  (ms)")
    for row in result["queries"]:
        flag = "" if row["p99_ms"] <= result["budget_ms"] else "  OVER"
        print(f"  {row['query']:34} {row['calls']:>6} {row['median_ms']:>9} "
              f"{row['p99_ms']:>9} {row['max_ms']:>9}{flag}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=5)
    args = parser.parse_args()
    result = measure(args.games, args.every)
    print_table(result)
    print(json.dumps({"crash_queries": result}))


if __name__ == "__main__":
    main()
