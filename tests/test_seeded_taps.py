"""Seeded tap runs compared tap by tap (``benchmarks/seeded_taps.py``): a tap's cost on a side is
its lowest CPU over the side's runs, so a load that slowed one run does not show as a change, and
a part that costs more after shows by its name."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.seeded_taps import (  # noqa: E402
    WHOLE,
    SamplesError,
    differences,
    load_run,
    lowest,
    report,
)

LINES = ["init b1", "place c8 push=NW", "operator n4 n5", "card flying b6", "refill double"]
OWN_COST = [4.0, 6.0, 5.0, 8.0, 5.5]
"""Each tap's CPU in a quiet run, ms."""


def _run(folder: Path, name: str, load_ms: list[float], extra_refresh_ms: float = 0.0,
         placing_ms: float | None = None) -> Path:
    """A run's samples: each tap's own cost plus what the load added, its board refresh (a
    part) 1 ms plus ``extra_refresh_ms``, and the flush points' pass if timed."""
    rows = []
    for line, cost, load in zip(LINES, OWN_COST, load_ms, strict=True):
        parts = {"board refresh": 1.0 + extra_refresh_ms + load / 2}
        if placing_ms is not None:
            parts["flush points placed (on_draw)"] = placing_ms
        rows.append([line, cost + extra_refresh_ms + (placing_ms or 0.0) + load, parts])
    path = folder / f"{name}.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    return path


def test_a_tap_slowed_by_the_load_in_one_run_costs_its_quiet_run(tmp_path: Path) -> None:
    runs = [load_run(_run(tmp_path, "one", [0, 3.0, 0, 0, 2.0])),
            load_run(_run(tmp_path, "two", [1.5, 0, 0, 4.0, 0]))]
    assert lowest(runs).lowest_ms[WHOLE] == OWN_COST


def test_a_part_that_costs_more_after_shows_by_its_name(tmp_path: Path) -> None:
    before = [load_run(_run(tmp_path, f"before{n}", load)) for n, load in
              enumerate([[0, 2, 0, 0, 1], [3, 0, 0, 0, 0]])]
    after = [load_run(_run(tmp_path, f"after{n}", load, extra_refresh_ms=0.25,
                           placing_ms=0.1)) for n, load in
             enumerate([[0, 0, 5, 0, 0], [0, 1, 0, 2, 0]])]
    changed = differences(lowest(after), lowest(before))
    assert changed[WHOLE] == pytest.approx(0.35)
    assert changed["board refresh"] == pytest.approx(0.25)
    text = "\n".join(report(before, after))
    assert "+0.350  app part" in text
    assert "+0.100  flush points placed (on_draw) (timed after only" in text
    assert "before against itself (even runs − odd runs): +0.000 ms" in text


def test_runs_of_other_inputs_are_refused_in_plain_words(tmp_path: Path) -> None:
    one = load_run(_run(tmp_path, "one", [0] * 5))
    other_path = tmp_path / "other.json"
    rows = json.loads(_run(tmp_path, "tmp", [0] * 5).read_text(encoding="utf-8"))
    rows[2][0] = "operator n4 n6"
    other_path.write_text(json.dumps(rows), encoding="utf-8")
    with pytest.raises(SamplesError, match="from tap 3 on"):
        lowest([one, load_run(other_path)])


def test_the_command_says_plainly_what_is_wrong_with_a_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("[[\"init b1\"]]", encoding="utf-8")
    for files in ([str(tmp_path / "none.json")], [str(broken)]):
        done = subprocess.run(
            [sys.executable, str(ROOT / "benchmarks" / "seeded_taps.py"), "--before", *files,
             "--after", str(_run(tmp_path, "after", [0] * 5))],
            capture_output=True, text=True, timeout=60, cwd=ROOT, check=False)
        assert done.returncode == 2
        assert "Traceback" not in done.stderr
        assert ("no such file" in done.stderr) or ("holds no taps" in done.stderr)
