"""The ``companion`` command: its help names every option the table needs."""

from __future__ import annotations

import subprocess
import sys


def test_help_lists_the_app_options_and_the_terminal_player() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "--help"],
        capture_output=True, text=True, timeout=60, check=True,
    )
    for option in ("--store", "--windowed", "--lang", "--die", "play"):
        assert option in done.stdout


def test_play_help_lists_every_game_and_its_options() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "play", "--help"],
        capture_output=True, text=True, timeout=60, check=True,
    )
    assert "quoridor" in done.stdout
    for option in ("--players", "--position", "--store", "--json", "--die"):
        assert option in done.stdout
