"""The app figures, each in its own app process on our own Xvfb (see ``app_driver.py``).

- cold start: process start → first frame of the home screen, the app started as the CLI
  starts it, against a bare Kivy app started the same way in the same run;
- tap → board redrawn: a touch on a legal input until the frame with the new state is swapped;
- idle CPU: the play screen open, no input, utime+stime from ``/proc/<pid>/stat``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DRIVER = Path(__file__).with_name("app_driver.py")
TAP_BUDGET_MS = 16.0
COLD_BUDGET_RATIO = 1.2
IDLE_BUDGET_PERCENT = 2.0
APP_TIMEOUT = 600


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


PYCACHE = Path(tempfile.gettempdir()) / "companion-bench-pycache"
"""Compiled bytecode for the app processes, outside the source tree. As installed on the Pi,
the app starts from .pyc files; this sandbox sets PYTHONDONTWRITEBYTECODE=1, which would make
every start compile all of companion's modules from source (measured separately: no_pyc)."""


def _env(display: str, folder: Path, pyc: bool = True) -> dict[str, str]:
    env = {**os.environ, "DISPLAY": display, "KIVY_HOME": str(folder / "kivy"),
           "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_ARGS": "1"}
    if pyc:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    return env


def _run(args: list[str], display: str, folder: Path, pyc: bool = True) -> None:
    done = subprocess.run([sys.executable, str(DRIVER), *args], env=_env(display, folder, pyc),
                          capture_output=True, text=True, timeout=APP_TIMEOUT, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"app_driver {args[0]} failed: {done.stderr[-2000:]}")


# -- cold start ------------------------------------------------------------------------------------

def _cold_once(kind: str, display: str, folder: Path, number: int) -> dict[str, float]:
    out = folder / f"cold-{kind}-{number}.json"
    args = ["bare", str(out)] if kind == "bare" else \
        ["cold", str(out), str(folder / f"cold-{kind}-{number}.sqlite3")]
    started = time.time()
    _run(args, display, folder, pyc=kind != "app_no_pyc")
    seen = json.loads(out.read_text(encoding="utf-8"))
    return {
        "first_frame_ms": (seen["first_frame"] - started) * 1000,
        "first_frame_cpu_ms": seen["first_frame_cpu"] * 1000,
        "python_started_ms": (seen["script_started"] - started) * 1000,
        "window_ms": (seen["window_created"] - started) * 1000,
        "peak_rss_mb": seen["peak_rss_kb"] / 1024,
        "gl_driver_mb": seen["rss_breakdown_kb"]["gl_driver_files"] / 1024,
        "anonymous_mb": seen["rss_breakdown_kb"]["anonymous"] / 1024,
    }


def _spread(values: list[float]) -> dict[str, float]:
    """Median, quartiles and extremes of ``values``."""
    ordered = sorted(values)
    quartiles = statistics.quantiles(ordered, n=4) if len(ordered) > 1 else ordered * 3
    return {"median": round(statistics.median(ordered), 1), "q1": round(quartiles[0], 1),
            "q3": round(quartiles[2], 1), "min": round(ordered[0], 1),
            "max": round(ordered[-1], 1)}


def _ratios(app: list[float], bare: list[float]) -> dict[str, float]:
    """App / bare: of the medians, and the spread of the rounds' own ratios (each round's app
    start divided by the bare start next to it: both saw about the same load)."""
    paired = sorted(a / b for a, b in zip(app, bare, strict=True))
    quartiles = statistics.quantiles(paired, n=4) if len(paired) > 1 else paired * 3
    return {"of_medians": round(statistics.median(app) / statistics.median(bare), 3),
            "paired_median": round(statistics.median(paired), 3),
            "paired_q1": round(quartiles[0], 3), "paired_q3": round(quartiles[2], 3),
            "paired_min": round(paired[0], 3), "paired_max": round(paired[-1], 3)}


def cold_start(display: str, repeats: int, with_no_pyc: bool = True) -> dict[str, Any]:
    """``repeats`` rounds, each one start of every kind in turn, the order reversed every
    other round (app, bare, … then …, bare, app) so that neither kind always follows the
    other. Each start reports its wall time (process start → first frame) and its CPU time to
    that frame (user + system of the process, every thread, ``time.process_time()``)."""
    kinds = ["app", "bare"] + (["app_no_pyc"] if with_no_pyc else [])
    with tempfile.TemporaryDirectory(prefix="bench-cold-") as name:
        folder = Path(name)
        _cold_once("bare", display, folder, 0)  # warm the file cache and Kivy's home
        _cold_once("app", display, folder, 0)
        runs: dict[str, list[dict[str, float]]] = {kind: [] for kind in kinds}
        for number in range(1, repeats + 1):
            for kind in kinds if number % 2 else reversed(kinds):
                runs[kind].append(_cold_once(kind, display, folder, number))
    result: dict[str, Any] = {"repeats": repeats, "load_average": round(os.getloadavg()[0], 1)}
    for kind, rows in runs.items():
        result[kind] = {key: round(statistics.median(r[key] for r in rows), 1) for key in rows[0]}
        result[kind]["first_frame_max_ms"] = round(max(r["first_frame_ms"] for r in rows), 1)
        result[kind]["wall_ms"] = _spread([r["first_frame_ms"] for r in rows])
        result[kind]["cpu_ms"] = _spread([r["first_frame_cpu_ms"] for r in rows])
    walls = {kind: [r["first_frame_ms"] for r in rows] for kind, rows in runs.items()}
    cpus = {kind: [r["first_frame_cpu_ms"] for r in rows] for kind, rows in runs.items()}
    result["wall_ratio"] = _ratios(walls["app"], walls["bare"])
    result["cpu_ratio_spread"] = _ratios(cpus["app"], cpus["bare"])
    result["ratio"] = round(result["app"]["first_frame_ms"] / result["bare"]["first_frame_ms"], 2)
    result["cpu_ratio"] = round(
        result["app"]["first_frame_cpu_ms"] / result["bare"]["first_frame_cpu_ms"], 2)
    if with_no_pyc:
        result["ratio_no_pyc"] = round(
            result["app_no_pyc"]["first_frame_ms"] / result["bare"]["first_frame_ms"], 2)
    result["budget_ratio"] = COLD_BUDGET_RATIO
    return result


def print_cold(result: dict[str, Any]) -> None:
    print(f"Cold start: process start → first frame of the home screen, {result['repeats']} "
          f"interleaved rounds (load average {result['load_average']}; aim <= "
          f"{COLD_BUDGET_RATIO}x bare Kivy, judged on CPU time)")
    print(f"  {'':10} {'wall median':>11} {'q1–q3':>15} {'min–max':>15}   {'CPU median':>10} "
          f"{'q1–q3':>13} {'min–max':>13}  (ms)")
    for kind in ("bare", "app", "app_no_pyc"):
        if kind not in result:
            continue
        wall, cpu = result[kind]["wall_ms"], result[kind]["cpu_ms"]
        print(f"  {kind:10} {wall['median']:>11} {wall['q1']:>7}–{wall['q3']:<7} "
              f"{wall['min']:>7}–{wall['max']:<7}   {cpu['median']:>10} {cpu['q1']:>6}–"
              f"{cpu['q3']:<6} {cpu['min']:>6}–{cpu['max']:<6}")
    for label, ratios in (("CPU", result["cpu_ratio_spread"]), ("wall", result["wall_ratio"])):
        flag = "" if ratios["of_medians"] <= COLD_BUDGET_RATIO else "  OVER"
        print(f"  app / bare, {label:4}: {ratios['of_medians']:.2f} (medians); round by round "
              f"median {ratios['paired_median']:.2f}, q1–q3 {ratios['paired_q1']:.2f}–"
              f"{ratios['paired_q3']:.2f}, min–max {ratios['paired_min']:.2f}–"
              f"{ratios['paired_max']:.2f}{flag}")
    app = result["app"]
    print(f"  app: window at {app['window_ms']} ms, peak RSS {app['peak_rss_mb']:.0f} MB (bare "
          f"{result['bare']['peak_rss_mb']:.0f}; GL driver's libraries {app['gl_driver_mb']:.0f})"
          + (f"; without .pyc files / bare: {result['ratio_no_pyc']}"
             if "ratio_no_pyc" in result else ""))


# -- the GL floor ------------------------------------------------------------------------------

FLOOR_LAYERS = (0, 1, 2, 4)


def gl_floor(display: str) -> list[dict[str, Any]]:
    """Frame cost (draw + buffer swap) of a bare window with 0, 1, 2, 4 window-sized layers:
    the part of every tap's total that is the GL's alone, before the app draws anything."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-floor-") as name:
        folder = Path(name)
        for layers in FLOOR_LAYERS:
            out = folder / f"floor-{layers}.json"
            _run(["floor", str(out), str(layers)], display, folder)
            rows.append(json.loads(out.read_text(encoding="utf-8")))
    return rows


def print_floor(rows: list[dict[str, Any]]) -> None:
    print("GL floor: a bare Kivy window drawing only N window-sized rectangles, per frame "
          "(swap includes\n  the software rasteriser's work; the Pi's GPU does that part)")
    for row in rows:
        print(f"  {row['layers']} layers: swap median {row['swap_median_ms']:>6} ms, "
              f"p95 {row['swap_p95_ms']:>6} ms ({row['frames']} frames)")


# -- tap → board redrawn ---------------------------------------------------------------------------

def taps(display: str, game_ids: list[str], count: int, max_seconds: float,
         seed: int = 11) -> list[dict[str, Any]]:
    """Up to ``count`` taps per game, each game in its own app process for at most
    ``max_seconds`` of tapping (a slow board gets fewer taps; the row says how many)."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-taps-") as name:
        folder = Path(name)
        for game_id in game_ids:
            out = folder / f"taps-{game_id}.json"
            started = time.monotonic()
            failure = ""
            try:
                _run(["taps", str(out), str(folder / f"taps-{game_id}.sqlite3"), game_id,
                      str(count), str(seed), str(max_seconds)], display, folder)
            except (RuntimeError, subprocess.TimeoutExpired) as error:
                failure = str(error)
            seen = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
            if not seen.get("ok"):
                rows.append({"game": game_id, "error": seen.get("error") or failure})
                continue
            rows.append(_tap_row(game_id, seen, time.monotonic() - started))
            rows[-1]["taps_requested"] = count
    return rows


def _stats(samples: list[dict[str, Any]], key: str) -> dict[str, float]:
    values = [s[key] for s in samples]
    return {"median": round(statistics.median(values), 2),
            "p95": round(_percentile(values, 0.95), 2),
            "max": round(max(values), 2)}


def _collections(samples: list[dict[str, Any]]) -> dict[str, Any]:
    """The garbage collector's passes inside the timed taps, by generation: how many, their
    total and longest (ms), and in how many taps."""
    summary: dict[str, Any] = {}
    for generation in range(3):
        passes = [ms for s in samples for ms in s.get("gc_ms", [[], [], []])[generation]]
        summary[f"gen{generation}"] = {
            "passes": len(passes), "total_ms": round(sum(passes), 2),
            "max_ms": round(max(passes, default=0.0), 2),
            "taps": sum(1 for s in samples if s.get("gc_ms", [[], [], []])[generation])}
    return summary


def _tap_row(game_id: str, seen: dict[str, Any], seconds: float) -> dict[str, Any]:
    samples = seen["samples"]
    for sample in samples:
        sample["app_ms"] = sample["until_draw_ms"]
        sample["app_cpu_ms"] = sample["until_draw_cpu_ms"]
        sample["gl_ms"] = sample["draw_ms"] + sample["swap_ms"]
    kinds: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for sample in samples:
        kinds[sample["kind"]].append(sample)
    row: dict[str, Any] = {
        "game": game_id,
        "taps": len(samples),
        "missed": seen["missed"],
        "untimed_inputs": seen["untappable"],
        "games_started": seen["games_started"],
        "seconds": round(seconds, 1),
        "app_peak_rss_mb": round(seen["peak_rss_kb"] / 1024, 1),
        "rss_last_tap_mb": round(seen["last_tap_rss_kb"] / 1024, 1),
        "rss_still_mb": round(seen["still_rss_kb"] / 1024, 1),
        "still_seconds": seen["still_seconds"],
        "rss_at_end_mb": {kind: round(kb / 1024, 1)
                          for kind, kb in seen["rss_breakdown_kb"].items()},
        "live_textures": seen["live_textures"],
        "memory_timeline": seen.get("memory_timeline", []),
        "modules_since_home": seen.get("modules_since_home", []),
        "board_canvas": seen.get("board_canvas", {}),
        "malloc_kb": seen.get("malloc_kb", {}),
        "openings": seen.get("openings", []),
        "gc": _collections(samples),
        "gc_all": {f"gen{generation}": {"passes": len(passes), "total_ms": round(sum(passes), 2)}
                   for generation, passes in enumerate(seen.get("gc_all_ms", [[], [], []]))},
    }
    parts = sorted({part for sample in samples for part in sample.get("parts_cpu_ms", {})})
    if parts:  # BENCH_PARTS=1: each part's CPU time per tap (0 in a tap without it)
        row["parts_cpu_ms"] = {part: _stats([{"ms": s.get("parts_cpu_ms", {}).get(part, 0.0)}
                                             for s in samples], "ms") for part in parts}
    if samples:
        first = samples[0]  # the game's first tap: what start-up left to first use shows here
        row["first_tap"] = {"ms": round(first["ms"], 2), "app_ms": round(first["app_ms"], 2),
                            "app_cpu_ms": round(first["app_cpu_ms"], 2)}
        row.update({
            "total": _stats(samples, "ms"),
            "app": _stats(samples, "app_ms"),
            "app_cpu": _stats(samples, "app_cpu_ms"),
            "handler": _stats(samples, "handled_ms"),
            "draw_and_swap": _stats(samples, "gl_ms"),
            "by_kind": {kind: {"taps": len(group), "total": _stats(group, "ms"),
                               "app": _stats(group, "app_ms"),
                               "app_cpu": _stats(group, "app_cpu_ms")}
                        for kind, group in sorted(kinds.items())},
        })
    return row


def print_taps(rows: list[dict[str, Any]]) -> None:
    print(f"Tap → board redrawn (budget p95 <= {TAP_BUDGET_MS:g} ms). 'total': touch → buffer "
          "swapped under Xvfb/llvmpipe\n  (software GL); 'app': touch → drawing starts "
          "(input, engine, store, widgets, layout); 'gl': drawing + swap; 'cpu': the app part\n"
          "  in CPU time of the main thread (what other work on the machine does not lengthen).")
    print(f"  {'game / kind':40} {'taps':>5} {'total p50':>9} {'p95':>7} {'app p50':>8} "
          f"{'p95':>7} {'gl p50':>7} {'cpu p50':>7} {'p95':>6}  (ms)")
    for row in rows:
        if "error" in row:
            print(f"  {row['game']:40} FAILED: {row['error'].strip().splitlines()[-1:]}")
            continue
        if "total" not in row:
            print(f"  {row['game']:40} no taps timed (missed {row['missed']})")
            continue
        flag = "" if row["app"]["p95"] <= TAP_BUDGET_MS else "  OVER"
        print(f"  {row['game']:40} {row['taps']:>5} {row['total']['median']:>9} "
              f"{row['total']['p95']:>7} {row['app']['median']:>8} {row['app']['p95']:>7} "
              f"{row['draw_and_swap']['median']:>7} {row['app_cpu']['median']:>7} "
              f"{row['app_cpu']['p95']:>6}{flag}")
        for kind, group in row["by_kind"].items():
            print(f"    {kind:38} {group['taps']:>5} {group['total']['median']:>9} "
                  f"{group['total']['p95']:>7} {group['app']['median']:>8} "
                  f"{group['app']['p95']:>7} {'':>7} {group['app_cpu']['median']:>7} "
                  f"{group['app_cpu']['p95']:>6}")
        for part, figures in row.get("parts_cpu_ms", {}).items():
            print(f"    CPU in {part:44} p50 {figures['median']:>6} p95 {figures['p95']:>6} ms")
        collections = ", ".join(f"{name} {gc['passes']} ({gc['total_ms']} ms, max {gc['max_ms']})"
                                for name, gc in row["gc"].items())
        print(f"    (garbage collector's passes in the timed taps: {collections}; in all, "
              + ", ".join(f"{name} {gc['passes']} ({gc['total_ms']} ms)"
                          for name, gc in row["gc_all"].items()) + ")")
        if row["openings"] and "first_tap" in row:
            opening, first = row["openings"][0], row["first_tap"]
            print(f"    (the game's opening {opening['ms']} ms, CPU {opening['cpu_ms']} ms; its "
                  f"first tap: app {first['app_ms']} ms, CPU {first['app_cpu_ms']} ms)")
        end = row["rss_at_end_mb"]
        print(f"    (missed {row['missed']}, untimed {row['untimed_inputs']}, app peak RSS "
              f"{row['app_peak_rss_mb']} MB, RSS at the last tap {row['rss_last_tap_mb']} MB, "
              f"{row['still_seconds']:g} s later {row['rss_still_mb']} MB, {row['seconds']} s; "
              f"then: anonymous "
              f"{end['anonymous']}, GL driver's libraries {end['gl_driver_files']}, other files "
              f"{end['other_files']} MB; {row['live_textures']['count']} textures)")


# -- idle CPU --------------------------------------------------------------------------------------

def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)


def idle(display: str, game_ids: list[str], seconds: float) -> list[dict[str, Any]]:
    """All idle apps at once (they barely run), each measured over the same ``seconds``."""
    ticks_per_second = os.sysconf("SC_CLK_TCK")
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-idle-") as name:
        folder = Path(name)
        processes = {}
        for game_id in game_ids:
            out = folder / f"idle-{game_id}.json"
            processes[game_id] = (out, subprocess.Popen(
                [sys.executable, str(DRIVER), "idle", str(out),
                 str(folder / f"idle-{game_id}.sqlite3"), game_id, str(seconds)],
                env=_env(display, folder), cwd=ROOT, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True))
        try:
            for game_id, (_out, process) in processes.items():
                line = process.stdout.readline() if process.stdout else ""
                if line.strip() != "READY":
                    error = process.stderr.read() if process.stderr else ""
                    raise RuntimeError(f"idle {game_id}: {error[-2000:]}")
            wall0 = time.monotonic()
            ticks0 = {game_id: _cpu_ticks(p.pid) for game_id, (_o, p) in processes.items()}
            time.sleep(seconds)
            wall = time.monotonic() - wall0
            ticks1 = {game_id: _cpu_ticks(p.pid) for game_id, (_o, p) in processes.items()}
            deadline = time.monotonic() + 20
            while not all(out.exists() for out, _p in processes.values()):
                if time.monotonic() > deadline:
                    raise RuntimeError("an idle app did not report")
                time.sleep(0.1)
            time.sleep(0.2)
        finally:
            for _out, process in processes.values():
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        for game_id, (out, _process) in processes.items():
            cpu = (ticks1[game_id] - ticks0[game_id]) / ticks_per_second
            seen = json.loads(out.read_text(encoding="utf-8"))
            rows.append({
                "game": game_id,
                "seconds": round(wall, 1),
                "cpu_percent": round(100 * cpu / wall, 2),
                "frames_drawn": seen["frames_drawn_while_idle"],
                "frame_times": seen.get("idle_frame_times", []),
                "clock_ticks": seen["clock_ticks_while_idle"],
                "awaiting": seen.get("awaiting"),
                "waited_for_quiet_seconds": seen.get("waited_for_quiet_seconds"),
                "inputs_before_idle": seen.get("inputs_before_idle", 0),
                "scheduled_events": seen["events"],
                "peak_rss_mb": round(seen["peak_rss_kb"] / 1024, 1),
            })
    return rows


def print_idle(rows: list[dict[str, Any]]) -> None:
    print(f"Idle CPU: play screen open, no input (budget <= {IDLE_BUDGET_PERCENT:g} % of a core)")
    for row in rows:
        flag = "" if row["game"] == "bare" or row["cpu_percent"] <= IDLE_BUDGET_PERCENT \
            else "  OVER"
        print(f"  {row['game']:10} {row['cpu_percent']:>6} %  over {row['seconds']} s, "
              f"{row['frames_drawn']} frames drawn, {row['clock_ticks']} clock ticks{flag}")
