"""The benchmark command runs and reports its figures as one JSON object (no timing asserted).

The engine and resume figures in quick mode, for one game, in a subprocess as a user runs it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_quick_engine_and_resume_figures_come_out_as_one_json_object() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--only", "engine",
         "--only", "resume", "--game", "quoridor"],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert "Engine" in done.stdout and "Resume" in done.stdout  # the readable table first
    result = json.loads(lines[-1])  # then ONE JSON object, the last line
    assert set(result) >= {"machine", "quick", "seconds", "figures", "budgets"}
    assert result["quick"] is True
    assert set(result["figures"]) == {"engine", "resume"}
    engine_rows = result["figures"]["engine"]
    assert {row["players"] for row in engine_rows} == {2, 4}
    for row in engine_rows:
        assert row["game"] == "quoridor"
        assert set(row) >= {"games_per_second", "legal_median_ms", "legal_p99_ms",
                            "play_median_ms", "play_p99_ms", "inputs"}
        assert row["inputs"] > 0
    (resumed,) = result["figures"]["resume"]
    assert resumed["game"] == "quoridor"
    assert resumed["inputs"] == 1000
    assert set(resumed) >= {"total_median_ms", "total_max_ms", "open_median_ms",
                            "replay_median_ms", "first_screen_median_ms"}
    figures = {line["figure"] for line in result["budgets"]}
    assert "engine quoridor 2p legal() p99" in figures
    assert "resume quoridor (1000 inputs) max" in figures
    assert all(isinstance(line["holds"], bool) for line in result["budgets"])


def test_records_benchmark_generates_a_small_store_and_reports_every_figure(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "records.py"), "--games", "12", "--repeat",
         "1", "--seed", "3"],
        capture_output=True, text=True, timeout=300, cwd=ROOT, check=False,
        env={**os.environ, "TMPDIR": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])["records"]
    assert figures["games"] == 12
    for name in ("screen", "cli_stats", "export_csv", "export_json", "export_bgstats"):
        assert figures[name]["median_ms"] > 0


def test_the_companion_benchmark_plays_crash_by_crash_four_players_as_two_teams(
    tmp_path: Path,
) -> None:
    out = tmp_path / "bots.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bots.py"), "--game", "crash", "--players",
         "4", "--only", "random", "--level", "easy", "--games", "2", "--json", str(out)],
        capture_output=True, text=True, timeout=300, cwd=ROOT, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (row,) = json.loads(out.read_text(encoding="utf-8"))["rows"]
    assert (row["game"], row["players"], row["level"], row["against"]) == ("crash", 4, "easy",
                                                                           "random")
    assert row["games"] == 2
    # the tested level played team A (seats 0 and 2), then team B (1 and 3): a team's win is
    # its own, never a draw with the other team's seats
    assert sorted(row["by_side"]) == ["0", "1"]
    assert row["wins"] + row["losses"] + row["draws"] + row["unfinished"] == 2
    (line,) = [line for line in done.stdout.splitlines()
               if line.startswith("| crash | 4 | easy vs random | 2 |")]
    assert "| 50% |" in line  # fair: one win in two for either team


def test_the_phones_tap_benchmark_reports_the_tap_with_the_server_off_and_on(
    tmp_path: Path,
) -> None:
    """A handful of Quoridor taps in the real app with the phones' server off, then on with
    10 phones reading every state, and a short idle round: both rows come out."""
    out = tmp_path / "web_tap.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "web" / "tap.py"), "--rounds", "1", "--taps",
         "6", "--tap-seconds", "10", "--game", "quoridor", "--idle-rounds", "1", "--idle", "2",
         "--out", str(out)],
        capture_output=True, text=True, timeout=180, cwd=ROOT, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "server off against on with 10 phones" in done.stdout  # the readable table first
    figures = json.loads(done.stdout.strip().splitlines()[-1])["web_tap"]
    assert figures == json.loads(out.read_text(encoding="utf-8"))["web_tap"]
    (row,) = figures["taps"]
    assert row["game"] == "quoridor"
    for mode in ("off", "on"):
        assert row[mode]["taps"] > 0
        assert row[mode]["app_p95"] > 0 and row[mode]["total_p95"] >= row[mode]["app_p95"]
    assert isinstance(row["app_p95_more_ms"], float)
    # the 10 phones read the states pushed while the app was tapped, the seat polled
    (states,) = row["on"]["states_received_by_phones"]
    assert states >= 10 * 2
    (idle,) = figures["idle"]
    assert idle["cpu_percent"]["off"] >= 0 and idle["cpu_percent"]["on"] >= 0
    assert idle["rss_mb"]["on"] > 0 and idle["rss_mb"]["off"] > 0
    assert len(idle["phones"]["states"]) == 10 and min(idle["phones"]["states"]) >= 1


def test_a_row_played_in_two_parts_is_pooled_into_one_line(tmp_path: Path) -> None:
    parts = []
    for first in (0, 3):
        part = tmp_path / f"part_{first}.json"
        done = subprocess.run(
            [sys.executable, str(ROOT / "benchmarks" / "bots.py"), "--game", "patamat",
             "--players", "2", "--only", "lower", "--level", "normal", "--games", "3",
             "--first-game", str(first), "--cpu-scale", "6", "--clock", "cpu",
             "--json", str(part)],
            capture_output=True, text=True, timeout=300, cwd=ROOT, check=False,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        parts.append(part)
    decisions = sum(len(json.loads(part.read_text(encoding="utf-8"))["rows"][0]
                        ["cpu_ms_samples"]["normal"]) for part in parts)
    pooled = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "pooled.py"), *map(str, parts)],
        capture_output=True, text=True, timeout=60, cwd=ROOT, check=False,
    )
    assert pooled.returncode == 0, pooled.stderr
    assert "**patamat, 2 players** (fair 50 %)" in pooled.stdout
    (line,) = [line for line in pooled.stdout.splitlines() if line.startswith("| normal vs easy")]
    assert "| 6 (0–5) |" in line
    assert line.endswith(f"| {decisions:,} |")


def test_the_pooling_says_plainly_when_a_file_is_missing(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "pooled.py"), str(tmp_path / "none.json")],
        capture_output=True, text=True, timeout=60, cwd=ROOT, check=False,
    )
    assert done.returncode == 2
    assert "no such file" in done.stderr and "Traceback" not in done.stderr


def test_a_memory_mark_loads_nothing_into_the_app_it_measures() -> None:
    """The taps' memory timeline reads the app at each step of opening a game; the reading
    must not add modules of its own to the memory and the modules it reports (``tracemalloc``
    and the ``pickle`` it imports were counted as the game's)."""
    code = ("import sys; sys.path.insert(0, 'benchmarks'); import app_driver; "
            "import companion.heap; "  # (the app's start loads it, and ctypes with it)
            "before = set(sys.modules); mark = app_driver._memory_mark('home'); "
            "print(sorted(set(sys.modules) - before), mark['step'], mark['rss_kb'] > 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["[]", "home", "True"]
