"""The table's own die in the terminal, and bad command-line values: one plain line, status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest


def companion(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def replies(done: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    assert "Traceback" not in done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_roll_with_the_table_die_asks_for_the_face_and_plays_the_number_typed(
    tmp_path: Path,
) -> None:
    done = companion("play", "clovece", "--players", "2", "--json", "--die", "table",
                     "--store", str(tmp_path / "s.sqlite3"), stdin="roll\n4\nroll\n9\n6\n")
    asked, first, asked_again, out_of_range, second = replies(done)
    assert asked["ask"] == "face" and asked["ok"] and asked["history"] == 0
    assert first["ok"] and first["history"] == 1
    assert asked_again["ask"] == "face"
    assert not out_of_range["ok"] and "1 to 6" in out_of_range["error"]
    assert out_of_range["ask"] == "face" and out_of_range["history"] == 1
    assert second["ok"] and second["history"] == 2


def test_the_table_die_in_plain_text_asks_in_words(tmp_path: Path) -> None:
    done = companion("play", "clovece", "--players", "2", "--die", "table",
                     "--store", str(tmp_path / "s.sqlite3"), stdin="roll\n3\n")
    assert done.returncode == 0
    assert "Which face does the die show? Type 1 to 6." in done.stdout
    assert done.stdout.strip().splitlines()[-1].startswith("Player 2")  # 3 was played for 1


def test_a_face_is_not_asked_when_no_roll_is_awaited(tmp_path: Path) -> None:
    done = companion("play", "quoridor", "--json", "--die", "table",
                     "--store", str(tmp_path / "s.sqlite3"), stdin="roll\ne8\n")
    refused, played = replies(done)
    assert not refused["ok"] and refused["error"] == "no roll is awaited now"
    assert played["ok"] and played["history"] == 1


@pytest.mark.parametrize("args, words", [
    (("play", "clovece", "--die", "socket://127.0.0.1:9"), "serial:socket://127.0.0.1:9"),
    (("--die", "/dev/ttyACM0"), "serial:/dev/ttyACM0"),
    (("doctor", "--die", "bogus"), "software, gpio, table or serial:PORT"),
    (("play", "clovece", "--players", "many"), "invalid int value: 'many'"),
    (("play", "chess"), "invalid choice: 'chess'"),
    (("play", "quoridor", "--players", "3"), "3"),
    (("play", "quoridor", "--option", "nonsense"), "NAME=VALUE"),
    (("play", "clovece", "--lang", "de"), "invalid choice: 'de'"),
    (("--frobnicate",), "unrecognized arguments: --frobnicate"),
])
def test_a_bad_command_line_value_gives_one_plain_line_and_status_2(
    tmp_path: Path, args: tuple[str, ...], words: str,
) -> None:
    done = companion(*args, "--store", str(tmp_path / "s.sqlite3")) if args[0] == "play" \
        else companion(*args)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert words in lines[0]
