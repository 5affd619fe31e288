"""Records at scale (issue 16): statistics, ``companion stats`` and export on 10,000 games.

    python benchmarks/records.py [--games N] [--seed S] [--repeat R] [--fresh]

Builds (once; cached under /tmp, keyed by games, seed and generator version) a store of N
finished games played through the engine: a seeded mix of every game and several player
counts (Quoridor 2 and 4, PAC-MAN, Pat a Mat, Člověče, a few Crash by Crash, which is slow to
play), eight player names plus now and then the companion in a seat. Every input is legal:
the companion's easy strategy chooses three inputs in four (it makes progress), a seeded random
choice among ``legal()`` the rest, and rolls are seeded die faces; each game is played until
the engine says it is over (a game still running after ``MAX_INPUTS`` inputs is dropped and
counted). Games are stored through ``Store.start`` and ``Store.record`` as the app stores them
(seat results included), with a clock that spreads them over three years; the generating
connection runs with ``synchronous=OFF`` (speed of generation only; the figures use a normal
store).

Then it times, each ``--repeat`` times (the median and the best are printed):

- **screen**: everything the statistics screen asks for on opening (player lines, wins per
  game, results over time of the four leading players, head-to-head of the first two, the
  records, the timeline), on an open store, as after a new game (the lines' cache emptied
  before each run; ``wins_per_game`` alone is then as slow as the lines, on the screen it
  follows them and reuses their scan); and the opening of the store itself (its integrity
  check reads the whole file);
- **cli**: ``python -m companion stats --store …`` as a subprocess (and ``--json``), beside
  ``python -c pass`` (the interpreter's own start, the floor of any command);
- **export**: ``export_records`` to CSV, JSON and BG Stats; ``backup_store``.

Prints a table, then ONE JSON object (the last line). Measurements, not pass/fail tests.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.engine import choose_input, open_game  # noqa: E402
from companion.records import stats  # noqa: E402
from companion.records.backup import backup_store  # noqa: E402
from companion.records.export import export_records  # noqa: E402
from companion.records.store import Store  # noqa: E402

GENERATOR_VERSION = 2
MAX_INPUTS = 5000
STRATEGY_SHARE = 0.75
NAMES = ("Eva", "Jan", "Ota", "Iva", "Šárka", "Petr", "Lucie", "Tomáš")
MIX: tuple[tuple[str, tuple[int, ...], float], ...] = (
    ("quoridor", (2,), 0.24),
    ("quoridor", (4,), 0.08),
    ("pacman", (2, 3, 4, 5), 0.18),
    ("patamat", (2, 3, 4), 0.22),
    ("clovece", (2, 3, 4), 0.24),
    ("crash", (2, 4), 0.04),
)
THREE_YEARS = 3 * 365 * 86400
EPOCH = 1_640_995_200  # 2022-01-01 UTC


def cached_store(games: int, seed: int, fresh: bool = False) -> Path:
    path = Path(tempfile.gettempdir()) / (
        f"companion-records-bench-{games}-{seed}-v{GENERATOR_VERSION}.sqlite3"
    )
    if path.exists() and not fresh:
        return path
    partial = path.with_name(path.name + ".partial")
    for suffix in ("", "-wal", "-shm"):
        Path(str(partial) + suffix).unlink(missing_ok=True)
    generate(partial, games, seed)
    os.replace(partial, path)
    return path


def generate(path: Path, games: int, seed: int) -> None:
    rng = random.Random(seed)
    clock = Clock()
    store = Store(path, clock=clock)
    store.connection.execute("PRAGMA synchronous=OFF")
    started_at = time.perf_counter()
    made = dropped = 0
    per_game: dict[str, int] = {}
    weights = [weight for _, _, weight in MIX]
    while made < games:
        game, counts, _ = rng.choices(MIX, weights)[0]
        players = rng.choice(counts)
        names = rng.sample(NAMES, players)
        companions = {}
        if rng.random() < 0.1:
            companions[str(rng.randrange(players))] = rng.choice(("easy", "normal", "strong"))
        match = open_game(game, players=players, names=names)
        start = EPOCH + rng.randrange(THREE_YEARS)
        clock.now = _iso(start)
        game_id = store.start(match, {"companions": companions} if companions else None)
        if not _play_out(match, rng):
            store.abandon(game_id)
            dropped += 1
            continue
        clock.now = _iso(start + 300 + rng.randrange(3300))
        store.record(game_id, match)
        made += 1
        per_game[game] = per_game.get(game, 0) + 1
        if made % 500 == 0:
            print(f"  {made} games generated ({time.perf_counter() - started_at:.0f} s)",
                  file=sys.stderr, flush=True)
    store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    print(f"  generated {made} games in {time.perf_counter() - started_at:.0f} s "
          f"({dropped} dropped unfinished): {per_game}", file=sys.stderr, flush=True)


def _play_out(match: Any, rng: random.Random) -> bool:
    for _ in range(MAX_INPUTS):
        if match.is_over:
            return True
        if match.awaiting == "roll":
            line = f"roll {rng.randint(1, 6)}"
        elif rng.random() < STRATEGY_SHARE:
            try:
                line = choose_input(match, "easy", seed=rng.randrange(1 << 30))
            except ValueError:  # a card the table turns up: chosen at random among the legal
                line = rng.choice(match.legal())
        else:
            line = rng.choice(match.legal())
        match.play(line)
    return bool(match.is_over)


class Clock:
    """The time the store stamps: the generated games' own, spread over three years."""

    now = ""

    def __call__(self) -> str:
        return self.now


def _iso(seconds: int) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


def timed(work: Callable[[], object], repeat: int) -> dict[str, float]:
    samples = []
    for _ in range(repeat):
        began = time.perf_counter()
        work()
        samples.append((time.perf_counter() - began) * 1000)
    return {"median_ms": round(statistics.median(samples), 1), "best_ms": round(min(samples), 1)}


def cold(work: Callable[[], object]) -> Callable[[], object]:
    """``work`` as after a new game: the statistics' per-store cache emptied first."""

    def run() -> object:
        stats._PLAYED.clear()
        return work()

    return run


def screen_figures(store: Store) -> None:
    flt = stats.StatsFilter()
    lines = stats.player_lines(store, flt)
    stats.wins_per_game(store, flt)
    for line in lines[:4]:
        stats.results_over_time(store, line.player.id, flt)
    if len(lines) >= 2:
        stats.head_to_head(store, lines[0].player.id, lines[1].player.id, flt)
    stats.game_records(store, flt)
    stats.timeline(store, flt, limit=50)


def measure(path: Path, repeat: int) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    store = Store(path)
    figures["games"] = stats.game_count(store)
    figures["size_mb"] = round(path.stat().st_size / 1e6, 1)
    figures["open_store"] = timed(lambda: Store(path).close(), repeat)
    figures["screen"] = timed(cold(lambda: screen_figures(store)), repeat)
    parts = {
        "player_lines": lambda: stats.player_lines(store),
        "wins_per_game": lambda: stats.wins_per_game(store),
        "game_records": lambda: stats.game_records(store),
        "timeline": lambda: stats.timeline(store),
        "results_over_time": lambda: stats.results_over_time(store, 1),
        "head_to_head": lambda: stats.head_to_head(store, 1, 2),
        "filtered_player_lines": lambda: stats.player_lines(
            store, stats.StatsFilter(game="quoridor", since="2023-01-01", players=(1,))),
    }
    figures["screen_parts"] = {name: timed(cold(work), repeat) for name, work in parts.items()}
    command = [sys.executable, "-m", "companion", "stats", "--store", str(path)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    figures["python_floor"] = timed(lambda: subprocess.run(
        [sys.executable, "-c", "pass"], check=True, env=env), repeat)
    figures["cli_stats"] = timed(lambda: subprocess.run(command, check=True, env=env,
                                                        capture_output=True), repeat)
    figures["cli_stats_json"] = timed(lambda: subprocess.run(
        [*command, "--json"], check=True, env=env, capture_output=True), repeat)
    out = Path(tempfile.mkdtemp(prefix="companion-records-bench-"))
    for fmt in ("csv", "json", "bgstats"):
        target = out / f"records.{fmt}"
        figures[f"export_{fmt}"] = timed(lambda t=target, f=fmt: export_records(store, f, t),
                                         repeat)
        figures[f"export_{fmt}"]["size_mb"] = round(target.stat().st_size / 1e6, 1)
    figures["backup"] = timed(lambda: backup_store(path, out / "copy.sqlite3"), repeat)
    store.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--fresh", action="store_true", help="generate the store again")
    args = parser.parse_args()
    path = cached_store(args.games, args.seed, args.fresh)
    load_before = os.getloadavg()[0]
    figures = measure(path, args.repeat)
    figures["load_average"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]
    budgets = {"screen": 300, "cli_stats": 200, "export_csv": 2000, "export_json": 2000,
               "export_bgstats": 2000}
    print(f"store: {path} ({figures['games']} finished games, {figures['size_mb']} MB); "
          f"load average {figures['load_average'][0]} before, {figures['load_average'][1]} after")
    print(f"{'figure':28} {'median ms':>10} {'best ms':>9} {'budget':>7}")
    rows = [(name, figures[name]) for name in (
        "open_store", "screen", "python_floor", "cli_stats", "cli_stats_json", "export_csv",
        "export_json", "export_bgstats", "backup")]
    rows[2:2] = [(f"  {name}", value) for name, value in figures["screen_parts"].items()]
    for name, value in rows:
        budget = budgets.get(name.strip())
        print(f"{name:28} {value['median_ms']:>10} {value['best_ms']:>9} "
              f"{'' if budget is None else budget:>7}")
    print(json.dumps({"records": figures}))


if __name__ == "__main__":
    main()
