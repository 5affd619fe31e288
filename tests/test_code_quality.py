"""The style promises: ruff is clean everywhere, the engine and games pass mypy --strict."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TYPED = [
    "companion/engine", "companion/games", "companion/store.py", "companion/i18n.py",
    "companion/terminal.py", "companion/texts.py", "companion/plain_words.py",
    "companion/config.py",
    "companion/display.py", "companion/doctor.py", "companion/doctor_files.py",
    "companion/doctor_system.py", "hardware", "companion/sound",
    "companion/players.py", "companion/results.py", "companion/store_schema.py",
    "companion/stats.py", "companion/export.py", "companion/backup.py",
    "companion/records_cli.py",
]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_ruff_is_clean() -> None:
    done = run("ruff", "check", "companion", "hardware", "tests", "benchmarks")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_engine_games_store_and_hardware_pass_mypy_strict() -> None:
    done = run("mypy", "--strict", "--no-incremental", *TYPED)
    assert done.returncode == 0, done.stdout + done.stderr
