"""Resume: open a store holding an unfinished 1,000-input game → the game is playable.

    python benchmarks/resume.py [--game ID ...] [--inputs N] [--repeats R]

For each game a store is written with one unfinished game of N seeded random inputs (inputs
that would end the game are taken back and another is played, so it stays unfinished). Then,
R times: ``Store(path)`` → ``unfinished()`` → ``resume()`` → ``legal()`` and ``snapshot()``
(what the play screen asks first). Imports are warm, as in the app. A game whose every
input ends it before N (Pat a Mat, Člověče) is stored shorter, and ``total_at_1000_inputs_ms``
scales its replay to N inputs. Prints a table, then one
JSON object. Measurements, not pass/fail tests.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.engine import GAMES, open_game  # noqa: E402
from companion.records.store import Store  # noqa: E402

INPUTS = 1000
BUDGET_MS = 100.0


def write_unfinished(path: Path, game_id: str, players: int, inputs: int, seed: int) -> int:
    """Store one unfinished game of ``inputs`` random inputs; return how many it got."""
    chooser = random.Random(seed)
    match = open_game(game_id, players=players)
    while len(match.history) < inputs:
        legal = match.legal()
        chooser.shuffle(legal)
        for line in legal:
            match.play(line)
            if match.outcome is None:
                break
            match.undo()  # this one would end the game; the next play() drops it
        else:
            break  # every input ends the game here: stop short of the target
    store = Store(path)
    store.start(match)
    store.close()
    return len(match.history)


def time_resume(path: Path) -> dict[str, float]:
    started = time.perf_counter()
    store = Store(path)
    opened = time.perf_counter()
    stored = store.unfinished()
    assert stored is not None, "the benchmark store holds no unfinished game"
    loaded = time.perf_counter()
    match = store.resume(stored)
    replayed = time.perf_counter()
    match.legal()
    match.snapshot()
    playable = time.perf_counter()
    store.close()
    ms = 1000.0
    return {
        "total_ms": (playable - started) * ms,
        "open_ms": (opened - started) * ms,
        "load_ms": (loaded - opened) * ms,
        "replay_ms": (replayed - loaded) * ms,
        "first_screen_ms": (playable - replayed) * ms,
    }


def measure(game_id: str, inputs: int, repeats: int, folder: Path) -> dict[str, Any]:
    players = 2 if 2 in GAMES[game_id].player_counts else GAMES[game_id].player_counts[0]
    path = folder / f"resume-{game_id}.sqlite3"
    stored = write_unfinished(path, game_id, players, inputs, seed=3)
    runs = [time_resume(path) for _ in range(repeats)]
    row: dict[str, Any] = {"game": game_id, "players": players, "inputs": stored,
                           "repeats": repeats}
    for key in runs[0]:
        row[key.replace("_ms", "_median_ms")] = round(statistics.median(r[key] for r in runs), 3)
    row["total_max_ms"] = round(max(r["total_ms"] for r in runs), 3)
    # A game that always ends sooner (every input ends it) is stored shorter; the replay
    # scales with the inputs, so this is what 1,000 of its inputs would cost.
    row["total_at_1000_inputs_ms"] = round(
        row["total_median_ms"] + row["replay_median_ms"] * (INPUTS / max(1, stored) - 1), 3)
    return row


def measure_all(game_ids: list[str], inputs: int, repeats: int) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="bench-resume-") as folder:
        return [measure(game_id, inputs, repeats, Path(folder)) for game_id in game_ids]


def print_table(rows: list[dict[str, Any]]) -> None:
    print(f"Resume an unfinished game (budget <= {BUDGET_MS:g} ms)")
    print(f"  {'game':10} {'inputs':>6} {'total med':>10} {'max':>8} {'open':>7} {'load':>7} "
          f"{'replay':>8} {'legal+snap':>10} {'at 1000':>10}  (ms)")
    for row in rows:
        worst = max(row["total_max_ms"], row["total_at_1000_inputs_ms"])
        flag = "" if worst <= BUDGET_MS else "  OVER"
        print(f"  {row['game']:10} {row['inputs']:>6} {row['total_median_ms']:>10} "
              f"{row['total_max_ms']:>8} {row['open_median_ms']:>7} {row['load_median_ms']:>7} "
              f"{row['replay_median_ms']:>8} {row['first_screen_median_ms']:>10} "
              f"{row['total_at_1000_inputs_ms']:>10}{flag}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--inputs", type=int, default=INPUTS)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rows = measure_all(args.game or sorted(GAMES), args.inputs, args.repeats)
    print_table(rows)
    print(json.dumps({"resume": rows}))


if __name__ == "__main__":
    main()
