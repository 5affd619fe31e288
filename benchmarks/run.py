"""Every performance figure of issue #9 in one command: a readable table, then ONE JSON object.

    python benchmarks/run.py [--quick] [--only FIGURE ...] [--game ID ...] [--out FILE]

FIGURE is one of: engine, crash, resume, memory, cold, floor, taps, idle (default: all). The app
figures (cold, floor, taps, idle) start their own Xvfb on a free display and stop it. Figures are
measurements, never pass/fail tests; each is printed next to its budget (see README.md).
Full mode takes about 5 minutes, ``--quick`` about 1.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import crash_queries, memory, resume  # noqa: E402
from benchmarks import engine as engine_bench  # noqa: E402
from companion.engine import GAMES  # noqa: E402

FIGURES = ("engine", "crash", "resume", "memory", "cold", "floor", "taps", "idle")
ENGINE_BUDGET_MS = 1.0
CRASH_LEGAL_BUDGET_MS = 50.0
SLOW_GAMES = {"crash"}
"""Games whose random games take seconds each (the full legal() is thousands of actions)."""

FULL: dict[str, Any] = {
    "engine_games": 20, "engine_games_slow": 3, "crash_games": 2, "crash_every": 4,
    "resume_repeats": 5, "cold_repeats": 15, "taps": 200, "tap_seconds": 40.0,
    "idle_seconds": 30.0,
}
QUICK: dict[str, Any] = {
    "engine_games": 2, "engine_games_slow": 1, "crash_games": 1, "crash_every": 10,
    "resume_repeats": 2, "cold_repeats": 1, "taps": 20, "tap_seconds": 4.0,
    "idle_seconds": 5.0,
}


def run_engine(games: list[str], plan: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for game_id in games:
        counts = GAMES[game_id].player_counts
        for players in sorted(set(counts) & {2, 4} or {counts[0]}):
            number = plan["engine_games_slow" if game_id in SLOW_GAMES else "engine_games"]
            rows.append(engine_bench.measure(game_id, players, number))
    return rows


def print_engine(rows: list[dict[str, Any]]) -> None:
    print(f"Engine: seeded random games (budget p99 <= {ENGINE_BUDGET_MS:g} ms; "
          f"Crash by Crash legal() <= {CRASH_LEGAL_BUDGET_MS:g} ms)")
    print(f"  {'game':10} {'pl':>2} {'games':>5} {'games/s':>8} {'inputs':>7} {'legal med':>10} "
          f"{'legal p99':>10} {'play med':>9} {'play p99':>9}  (ms)")
    for row in rows:
        legal_budget = CRASH_LEGAL_BUDGET_MS if row["game"] == "crash" else ENGINE_BUDGET_MS
        over = row["legal_p99_ms"] > legal_budget or row["play_p99_ms"] > ENGINE_BUDGET_MS
        print(f"  {row['game']:10} {row['players']:>2} {row['games']:>5} "
              f"{row['games_per_second']:>8} {row['inputs']:>7} {row['legal_median_ms']:>10} "
              f"{row['legal_p99_ms']:>10} {row['play_median_ms']:>9} {row['play_p99_ms']:>9}"
              f"{'  OVER' if over else ''}")


def budgets(figures: dict[str, Any]) -> list[dict[str, Any]]:
    """One line per budget of issue #9: the figure measured, the budget, whether it holds."""
    lines: list[dict[str, Any]] = []

    def add(figure: str, value: float, budget: float, unit: str) -> None:
        lines.append({"figure": figure, "value": value, "budget": budget, "unit": unit,
                      "holds": value <= budget})

    for row in figures.get("engine", []):
        name = f"engine {row['game']} {row['players']}p"
        add(f"{name} play() p99", row["play_p99_ms"], ENGINE_BUDGET_MS, "ms")
        budget = CRASH_LEGAL_BUDGET_MS if row["game"] == "crash" else ENGINE_BUDGET_MS
        add(f"{name} legal() p99", row["legal_p99_ms"], budget, "ms")
    crash = figures.get("crash")
    if crash:
        for row in crash["queries"]:
            add(f"crash query {row['query']} p99", row["p99_ms"], crash["budget_ms"], "ms")
    for row in figures.get("resume", []):
        add(f"resume {row['game']} ({row['inputs']} inputs) max", row["total_max_ms"],
            resume.BUDGET_MS, "ms")
        if row["inputs"] < resume.INPUTS:
            add(f"resume {row['game']} scaled to {resume.INPUTS} inputs",
                row["total_at_1000_inputs_ms"], resume.BUDGET_MS, "ms")
    for row in figures.get("memory", []):
        if row["game"] != "baseline":
            add(f"memory {row['game']} (engine) peak RSS", row["peak_rss_mb"], memory.BUDGET_MB,
                "MB")
    for row in figures.get("taps", []):
        if "error" in row:
            continue
        if "total" in row:
            add(f"tap→redraw {row['game']} p95 (app part)", row["app"]["p95"],
                ui_budget("tap"), "ms")
            add(f"tap→redraw {row['game']} p95 (total, software GL)", row["total"]["p95"],
                ui_budget("tap"), "ms")
        add(f"memory {row['game']} (app, after taps) peak RSS", row["app_peak_rss_mb"],
            memory.BUDGET_MB, "MB")
    cold = figures.get("cold")
    if cold:
        # judged on CPU time (benchmarks/README.md, "sixth round, cold start"); wall beside it
        add("cold start app/bare ratio, CPU time (medians)", cold["cpu_ratio_spread"]["of_medians"],
            cold["budget_ratio"], "x")
        add("cold start app/bare ratio, wall (medians)", cold["ratio"], cold["budget_ratio"], "x")
        # not our figure, the floor under the app's: a Kivy window with one label, same GL
        add("memory of a bare Kivy app (the floor here) peak RSS", cold["bare"]["peak_rss_mb"],
            memory.BUDGET_MB, "MB")
    for row in figures.get("idle", []):
        if row["game"] != "bare":
            add(f"idle CPU {row['game']}", row["cpu_percent"], ui_budget("idle"), "%")
    return lines


def ui_budget(kind: str) -> float:
    from benchmarks import ui

    return ui.TAP_BUDGET_MS if kind == "tap" else ui.IDLE_BUDGET_PERCENT


def print_budgets(lines: list[dict[str, Any]]) -> None:
    print("Budgets")
    for line in lines:
        mark = "holds" if line["holds"] else "MISSED"
        print(f"  {mark:6} {line['figure']:58} {line['value']:>9} {line['unit']:2} "
              f"(budget {line['budget']:g})")


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games/taps (about 1 min)")
    parser.add_argument("--only", action="append", choices=FIGURES, help="a figure (repeatable)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="repeatable")
    parser.add_argument("--out", help="also write the JSON object to this file")
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    chosen = args.only or list(FIGURES)
    games = args.game or sorted(GAMES)
    started = time.monotonic()
    figures: dict[str, Any] = {}
    seconds: dict[str, float] = {}

    def timed(name: str, compute: Any, show: Any) -> None:
        begun = time.monotonic()
        figures[name] = compute()
        seconds[name] = round(time.monotonic() - begun, 1)
        show(figures[name])
        print(flush=True)

    if "engine" in chosen:
        timed("engine", lambda: run_engine(games, plan), print_engine)
    if "crash" in chosen and "crash" in games:
        timed("crash", lambda: crash_queries.measure(plan["crash_games"], plan["crash_every"]),
              crash_queries.print_table)
    if "resume" in chosen:
        timed("resume", lambda: resume.measure_all(games, resume.INPUTS, plan["resume_repeats"]),
              resume.print_table)
    if "memory" in chosen:
        timed("memory", lambda: memory.measure(games), memory.print_table)
    if any(name in chosen for name in ("cold", "floor", "taps", "idle")):
        from benchmarks import ui
        from companion.virtual_display import xvfb

        with xvfb() as display:
            if "cold" in chosen:
                timed("cold", lambda: ui.cold_start(display, plan["cold_repeats"]),
                      ui.print_cold)
            if "floor" in chosen:
                timed("floor", lambda: ui.gl_floor(display), ui.print_floor)
            if "taps" in chosen:
                timed("taps", lambda: ui.taps(display, games, plan["taps"], plan["tap_seconds"]),
                      ui.print_taps)
            if "idle" in chosen:
                timed("idle", lambda: ui.idle(display, [*games, "bare"],
                                              plan["idle_seconds"]), ui.print_idle)
    lines = budgets(figures)
    print_budgets(lines)
    result = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform(), "load_average": os.getloadavg()},
        "quick": args.quick,
        "seconds": {**seconds, "total": round(time.monotonic() - started, 1)},
        "figures": figures,
        "budgets": lines,
    }
    text = json.dumps(result)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    print(text)
    return result


if __name__ == "__main__":
    main()
