"""The companion as a player (issue 14): its levels against each other and against chance.

    python benchmarks/bots.py [--games N] [--game ID ...] [--players N ...] [--only KIND ...]
                              [--level L ...] [--against NAME ...] [--cpu-scale F]
                              [--clock wall|cpu] [--quick] [--json FILE]

For every registered game whose package has a ``strategy.py`` (the others are skipped with a
line saying so), and for its 2- and 4-player set-ups where it has them, seeded games of:

- **self**: the companion at one level in every seat; the row gives how often the first side
  wins (seat 0; in PAC-MAN, PAC-MAN himself);
- **random**: each level against a player choosing uniformly among the legal inputs (seeded);
- **lower**: each level against the next lower level (strong vs normal, normal vs easy);
- **sensible** (issue 24): each level against the sensible players of ``sensible/`` (one-ply
  and two-ply path-difference players in Quoridor, one-ply heuristic players in the dice games,
  greedy players in PAC-MAN and Crash by Crash), kept here, not in the product.

The JSON keeps every decision's CPU time (``cpu_ms_samples``), so that the rows of a run split
over processes (``--first-game``) can be pooled.

``--cpu-scale F`` divides every level's time budget by ``F`` (the Pi's clock: 6 for a Pi 4; the
default is ``COMPANION_CPU_SCALE`` or this machine's model, ``companion.table.pi_clock``).
``--clock cpu`` measures that budget in the process's CPU time rather than the wall clock, so
that other processes on a shared machine do not cut the search shorter than the Pi would.
Each decision's wall time and CPU time are both recorded.

The level under test takes one side and the other player every other side; the side it takes
turns from game to game (Quoridor: seat 0, 1, …; PAC-MAN: PAC-MAN, then the ghosts; Crash with
4 players: team A, then team B). Dice are
drawn from a seeded generator here, never by the companion. A win counts when the tested
level's side is among the winners alone; a draw, or a game still running after
``MAX_INPUTS`` inputs, is counted apart. Win rates come with a 95 % Wilson interval; "fair" is
the share of wins a side would have by chance (one in the number of sides).

Prints markdown tables (the matchups, then time per decision per level), then ONE JSON object
(also written to ``--json FILE``). Measurements, not pass/fail tests. The full run plays
200 games per row and takes hours on this machine for Quoridor's strong level; ``--quick``
plays 10.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.sensible import SENSIBLE  # noqa: E402
from companion.engine import GAMES, open_game  # noqa: E402
from companion.engine.strategy import LEVELS, choose_input  # noqa: E402
from companion.table.pi_clock import cpu_scale  # noqa: E402

RANDOM = "random"
KINDS = ("self", "random", "lower", "sensible")
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


@dataclass
class Pace:
    """The Pi's clock simulated: the factor dividing the budgets and the clock measuring them."""

    time_scale: float = 1.0
    clock: str = "wall"


PACE = Pace()
AFTER_GAME: list[Any] = []
"""Called with no arguments after every game (``--json`` rewrites its file: a run stopped in
the middle of a long row keeps the games it finished)."""
MAX_INPUTS = 3000
FULL_GAMES = 200
QUICK_GAMES = 10
Z95 = 1.959964


@dataclass
class Row:
    """One matchup: the tested level against another player, over many seeded games."""

    game: str
    players: int
    kind: str
    level: str
    against: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    unfinished: int = 0
    plies: list[int] = field(default_factory=list)
    by_side: dict[int, list[int]] = field(default_factory=dict)  # side → [wins, games]
    seconds: dict[str, list[float]] = field(default_factory=dict)
    cpu_seconds: dict[str, list[float]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {
            "game": self.game, "players": self.players, "kind": self.kind,
            "level": self.level, "against": self.against, "games": self.games,
            "wins": self.wins, "losses": self.losses, "draws": self.draws,
            "unfinished": self.unfinished,
            "win_rate": round(self.wins / self.games, 4) if self.games else None,
            "wilson95": [round(low, 4), round(high, 4)],
            "by_side": {str(side): wins for side, wins in sorted(self.by_side.items())},
            "plies_mean": round(statistics.mean(self.plies), 1) if self.plies else None,
            "plies_median": statistics.median(self.plies) if self.plies else None,
            "ms_per_move": {level: timing(samples) for level, samples in self.seconds.items()},
            "cpu_ms_per_move": {level: timing(samples)
                                for level, samples in self.cpu_seconds.items()},
            "cpu_ms_samples": {level: [round(sample * 1000, 2) for sample in samples]
                               for level, samples in self.cpu_seconds.items()},
        }


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    spread = Z95 * math.sqrt(rate * (1 - rate) / games + Z95 * Z95 / (4 * games * games))
    centre = rate + Z95 * Z95 / (2 * games)
    scale = 1 + Z95 * Z95 / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timing(samples: list[float]) -> dict[str, Any]:
    ms = 1000.0
    return {
        "moves": len(samples),
        "median_ms": round(statistics.median(samples) * ms, 2),
        "p95_ms": round(percentile(samples, 0.95) * ms, 2),
        "p99_ms": round(percentile(samples, 0.99) * ms, 2),
        "max_ms": round(max(samples) * ms, 2),
    }


def sides_of(game_id: str, players: int) -> list[tuple[int, ...]]:
    """The sides of a game: PAC-MAN against all ghost seats; Crash by Crash with 4 players, the
    teams A (seats A1, A2: 0 and 2) and B (1 and 3); otherwise every seat for itself."""
    if game_id == "pacman":
        return [(0,), tuple(range(1, players))]
    if game_id == "crash" and players == 4:
        return [(0, 2), (1, 3)]
    return [(seat,) for seat in range(players)]


def play(game_id: str, players: int, agents: dict[int, str], seed: int,
         seconds: dict[str, list[float]],
         cpu_seconds: dict[str, list[float]] | None = None,
         ) -> tuple[tuple[int, ...] | None, int]:
    """One seeded game; returns the winning seats (None: unfinished) and the inputs played."""
    match = open_game(game_id, players=players)
    dice = random.Random(seed * 1_000_003 + 1)
    chooser = random.Random(seed * 1_000_003 + 2)
    while not match.is_over and len(match.history) < MAX_INPUTS:
        legal = match.legal()
        if match.awaiting == "roll":
            line = dice.choice([item for item in legal if item.startswith("roll ")] or legal)
        else:
            seat = match.to_move
            assert seat is not None
            agent = agents[seat]
            if agent == RANDOM:
                line = chooser.choice(legal)
            else:
                started, cpu_started = time.perf_counter(), time.process_time()
                if agent in LEVELS:
                    line = choose_input(match, agent, seed, time_scale=PACE.time_scale,
                                        clock=CLOCKS[PACE.clock])
                else:
                    line = SENSIBLE[game_id][agent](match, chooser)
                seconds.setdefault(agent, []).append(time.perf_counter() - started)
                if cpu_seconds is not None:
                    cpu_seconds.setdefault(agent, []).append(time.process_time() - cpu_started)
        match.play(line)
    outcome = match.outcome
    return (outcome.winners if outcome else None), len(match.history)


def run_row(row: Row, games: int, first: int = 0) -> Row:
    sides = sides_of(row.game, row.players)
    for number in range(first, first + games):
        tested = sides[number % len(sides)]
        agents = {
            seat: row.level if seat in tested else row.against for seat in range(row.players)
        }
        winners, plies = play(row.game, row.players, agents, number, row.seconds,
                              row.cpu_seconds)
        row.games += 1
        row.plies.append(plies)
        for hook in AFTER_GAME:
            hook()
        tally = row.by_side.setdefault(number % len(sides), [0, 0])
        tally[1] += 1
        if winners is None:
            row.unfinished += 1
        elif not any(seat in tested for seat in winners):
            row.losses += 1
        elif all(seat in tested for seat in winners):
            row.wins += 1
            tally[0] += 1
        else:
            row.draws += 1
    return row


def plan_rows(game_id: str, players: int, kinds: list[str]) -> list[Row]:
    rows: list[Row] = []
    if "self" in kinds:
        rows += [Row(game_id, players, "self", level, level) for level in LEVELS]
    if "random" in kinds:
        rows += [Row(game_id, players, "random", level, RANDOM) for level in LEVELS]
    if "lower" in kinds:
        rows += [
            Row(game_id, players, "lower", level, lower)
            for lower, level in zip(LEVELS, LEVELS[1:])
        ]
    if "sensible" in kinds:
        rows += [
            Row(game_id, players, "sensible", level, name)
            for name in SENSIBLE.get(game_id, {}) for level in LEVELS
        ]
    return rows


def run_self(row: Row, games: int, first_game: int = 0) -> Row:
    """Self-play: the same level everywhere; a 'win' is the first side's (seat 0)."""
    agents = dict.fromkeys(range(row.players), row.level)
    first = sides_of(row.game, row.players)[0]
    for number in range(first_game, first_game + games):
        winners, plies = play(row.game, row.players, agents, number, row.seconds,
                              row.cpu_seconds)
        row.games += 1
        row.plies.append(plies)
        for hook in AFTER_GAME:
            hook()
        if winners is None:
            row.unfinished += 1
        elif all(seat in first for seat in winners):
            row.wins += 1
        elif any(seat in first for seat in winners):
            row.draws += 1
        else:
            row.losses += 1
    return row


def has_strategy(game_id: str) -> bool:
    try:
        importlib.import_module(f"companion.games.{game_id}.strategy")
    except ModuleNotFoundError:
        return False
    return True


def print_rows(rows: list[Row]) -> None:
    print("| game | pl | matchup | games | wins | win rate (95 % CI) | fair | draws+unfin. | "
          "wins by side | plies mean | ms/move tested med / p95 | ms/move other med / p95 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        low, high = wilson(row.wins, row.games)
        rate = row.wins / row.games if row.games else 0.0
        label = (f"{row.level} self-play (first side)" if row.kind == "self"
                 else f"{row.level} vs {row.against}")
        fair = 1 / len(sides_of(row.game, row.players))
        tested = row.seconds.get(row.level)
        other = row.seconds.get(row.against) if row.kind != "self" else None
        print(f"| {row.game} | {row.players} | {label} | {row.games} | {row.wins} | "
              f"{rate:.1%} ({low:.1%}–{high:.1%}) | {fair:.0%} | {row.draws + row.unfinished} | "
              f"{_by_side(row)} | {statistics.mean(row.plies):.1f} | {_ms(tested)} | "
              f"{_ms(other)} |")


def _by_side(row: Row) -> str:
    """The tested level's wins per side it took, e.g. 'P 90/100 · G 40/100' in PAC-MAN."""
    if row.kind == "self":
        return "—"
    names = ["P", "G"] if row.game == "pacman" else [
        f"s{seat}" for seat in range(row.players)
    ]
    return " · ".join(
        f"{names[side]} {wins}/{games}" for side, (wins, games) in sorted(row.by_side.items())
    )


def _ms(samples: list[float] | None) -> str:
    if not samples:
        return "—"
    return f"{statistics.median(samples) * 1000:.1f} / {percentile(samples, 0.95) * 1000:.1f}"


def level_timing(rows: list[Row]) -> list[dict[str, Any]]:
    """Time per decision per game, player count and level (or sensible player), over every row
    it played in: wall time, and CPU time (``cpu``)."""
    pooled: dict[tuple[str, int, str], list[float]] = {}
    pooled_cpu: dict[tuple[str, int, str], list[float]] = {}
    for row in rows:
        for level, samples in row.seconds.items():
            pooled.setdefault((row.game, row.players, level), []).extend(samples)
        for level, samples in row.cpu_seconds.items():
            pooled_cpu.setdefault((row.game, row.players, level), []).extend(samples)
    order = {name: index for index, name in enumerate(LEVELS)}
    return [
        {"game": game, "players": players, "level": level, **timing(samples),
         "cpu": timing(pooled_cpu[game, players, level]) if pooled_cpu.get(
             (game, players, level)) else None}
        for (game, players, level), samples in sorted(
            pooled.items(),
            key=lambda item: (item[0][0], item[0][1], order.get(item[0][2], 9), item[0][2]))
    ]


def print_timing(lines: list[dict[str, Any]]) -> None:
    print("| game | pl | player | decisions | wall ms median / p95 / p99 / max | "
          "CPU ms median / p95 / p99 / max |")
    print("|---|---|---|---|---|---|")
    for line in lines:
        cpu = line.get("cpu") or {}
        cpu_text = (f"{cpu['median_ms']} / {cpu['p95_ms']} / {cpu['p99_ms']} / {cpu['max_ms']}"
                    if cpu else "—")
        print(f"| {line['game']} | {line['players']} | {line['level']} | {line['moves']} | "
              f"{line['median_ms']} / {line['p95_ms']} / {line['p99_ms']} / {line['max_ms']} | "
              f"{cpu_text} |")


def summary(rows: list[Row], games: int, started: float, skipped: list[str],
            first_game: int = 0) -> dict[str, Any]:
    """The JSON object of a run so far: the machine, the rows finished and the pooled timing."""
    return {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform(), "load_average": os.getloadavg()},
        "games_per_row": games,
        "first_game": first_game,
        "cpu_scale": PACE.time_scale,
        "clock": PACE.clock,
        "seconds": round(time.monotonic() - started, 1),
        "skipped": skipped,
        "rows": [row.to_json() for row in rows],
        "timing": level_timing(rows),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, help=f"games per row (default {FULL_GAMES})")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable")
    parser.add_argument("--players", action="append", type=int, help="repeatable")
    parser.add_argument("--only", action="append", choices=KINDS, help="repeatable")
    parser.add_argument("--level", action="append", choices=LEVELS,
                        help="only the rows testing this level (repeatable)")
    parser.add_argument("--against", action="append",
                        help="only the rows against this player (random, a level, oneply, …)")
    parser.add_argument("--cpu-scale", type=float,
                        help=("divide every level's time budget by this factor (the Pi's "
                              "clock: 6 for a Pi 4); default COMPANION_CPU_SCALE or the model"))
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="measure the budget in wall time (default) or CPU time")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_GAMES} games per row")
    parser.add_argument("--first-game", type=int, default=0,
                        help=("the first game's number (its seed and the tested side): a long "
                              "row split over processes, e.g. --games 67 --first-game 67"))
    parser.add_argument("--json", help=("also write the JSON object to this file; it is "
                                        "rewritten after every row, so a long run that is "
                                        "stopped keeps the rows it finished"))
    args = parser.parse_args(argv)
    games = args.games or (QUICK_GAMES if args.quick else FULL_GAMES)
    if args.cpu_scale is not None and not 1 <= args.cpu_scale <= 100:
        parser.error("--cpu-scale is a number from 1 to 100")
    PACE.time_scale = args.cpu_scale if args.cpu_scale is not None else cpu_scale().factor
    PACE.clock = args.clock
    kinds = args.only or list(KINDS)
    started = time.monotonic()
    rows: list[Row] = []
    skipped: list[str] = []
    for game_id in args.game or sorted(GAMES):
        if not has_strategy(game_id):
            print(f"skipped {game_id}: companion/games/{game_id}/strategy.py is missing")
            skipped.append(game_id)
            continue
        counts = GAMES[game_id].player_counts
        for players in args.players or sorted(set(counts) & {2, 4} or {counts[0]}):
            if players not in counts:
                continue
            for row in plan_rows(game_id, players, kinds):
                if args.level and row.level not in args.level:
                    continue
                if args.against and row.against not in args.against:
                    continue
                begun = time.monotonic()
                rows.append(row)
                if args.json:
                    AFTER_GAME[:] = [lambda: Path(args.json).write_text(
                        json.dumps(summary(rows, games, started, skipped,
                                           args.first_game)) + "\n",
                        encoding="utf-8")]
                (run_self if row.kind == "self" else run_row)(row, games, args.first_game)
                print(f"done {row.game} {row.players}p {row.kind} {row.level} vs {row.against}: "
                      f"{row.wins}/{row.games} in {time.monotonic() - begun:.0f} s",
                      file=sys.stderr, flush=True)
                if args.json:
                    Path(args.json).write_text(
                        json.dumps(summary(rows, games, started, skipped,
                                           args.first_game)) + "\n",
                        encoding="utf-8")
    print(f"Companion players: {games} seeded games per row; time budgets divided by "
          f"{PACE.time_scale:g}, measured on the {PACE.clock} clock")
    print()
    print_rows(rows)
    print()
    print("Time per decision, per level (every row pooled)")
    print()
    print_timing(level_timing(rows))
    print()
    result = summary(rows, games, started, skipped, args.first_game)
    text = json.dumps(result)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    print(text)
    return result


if __name__ == "__main__":
    main()
