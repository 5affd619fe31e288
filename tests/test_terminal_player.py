"""The terminal player: a whole game from the keyboard, JSON mode, and surviving SIGKILL."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

COMMAND = [sys.executable, "-m", "companion.cli", "play"]


def run_player(args: list[str], lines: list[str]) -> list[str]:
    done = subprocess.run(
        COMMAND + args, input="\n".join(lines) + "\n", capture_output=True, text=True,
        timeout=60, check=True,
    )
    return done.stdout.splitlines()


def test_a_whole_two_player_game_from_the_keyboard_with_undo(tmp_path: Path) -> None:
    store = str(tmp_path / "games.sqlite3")
    lines = ["e8", "d1", "e7", "undo", "redo", "c1", "e6", "b1", "e5h", "b2", "d6", "b3", "d5"]
    lines += ["b4", "d4", "b5", "d3", "b6", "d2", "b7", "board", "d1", "quit"]
    output = run_player(["quoridor", "--players", "2", "--store", store], lines)
    text = "\n".join(output)
    assert "move e9 e8" in text and "undo done" in text and "redo done" in text
    assert "wall e9 e5h" in text
    assert "win e9" in text and "Player 1 wins!" in text
    assert "  → Player 1: move your pawn to d1" in text
    assert " 2  .   .   .   1   .   .   .   .   ." in text  # the board picture before the win


def test_json_mode_prints_one_object_per_line_read(tmp_path: Path) -> None:
    store = str(tmp_path / "games.sqlite3")
    output = run_player(
        ["quoridor", "--players", "2", "--store", store, "--json"],
        ["e8", "e3v", "e3v", "legal", "undo", "nonsense"],
    )
    records = [json.loads(line) for line in output]
    assert len(records) == 6
    first, wall, again, legal, undo, nonsense = records
    assert first == {
        "ok": True, "events": ["move e9 e8"], "error": None, "history": 1, "to_move": 1,
        "legal": first["legal"], "outcome": None,
        # what else to change on the table (#25): a person's own pawn move brings nothing
        "table": [],
    }
    assert "e2" in first["legal"] and "e3v" in first["legal"]
    assert wall["events"] == ["wall e1 e3v"] and wall["history"] == 2
    assert again["ok"] is False and again["error"] == "R24: there is already a wall at e3v"
    assert again["history"] == 2
    assert legal["ok"] and legal["text"].split() == legal["legal"]
    assert undo["ok"] and undo["history"] == 1
    assert nonsense["error"].startswith("R4: 'nonsense' is not a square")


def test_started_again_on_the_same_store_it_resumes(tmp_path: Path) -> None:
    store = str(tmp_path / "games.sqlite3")
    run_player(["quoridor", "--store", store, "--json"], ["e8", "e2", "e3h"])
    records = [
        json.loads(line)
        for line in run_player(["quoridor", "--store", store, "--json"], ["position"])
    ]
    assert records[0]["history"] == 3
    assert records[0]["text"] == "quoridor 2 | turn e1 | e9 e8 9 | e1 e2 10 | walls e3h"


def test_a_bad_option_or_player_count_is_a_plain_error(tmp_path: Path) -> None:
    done = subprocess.run(
        COMMAND + ["quoridor", "--players", "3", "--store", str(tmp_path / "s.sqlite3")],
        input="", capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert "error: Quoridor is played by 2, 4 players, not 3" in done.stderr
    assert "Traceback" not in done.stderr


def read_record(process: subprocess.Popen[str]) -> dict[str, Any]:
    assert process.stdout is not None
    return dict(json.loads(process.stdout.readline()))


def test_sigkill_at_random_moments_loses_no_acknowledged_input(tmp_path: Path) -> None:
    store = str(tmp_path / "games.sqlite3")
    chooser = random.Random(7)
    acknowledged: list[str] = []
    for _round in range(6):
        process = subprocess.Popen(
            COMMAND + ["quoridor", "--store", store, "--json"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        assert process.stdin is not None
        process.stdin.write("position\n")
        process.stdin.flush()
        resumed = read_record(process)
        assert resumed["history"] == len(acknowledged)
        legal = resumed["legal"]
        for _ in range(chooser.randint(1, 12)):
            if not legal:
                break
            line = chooser.choice(legal)
            process.stdin.write(line + "\n")
            process.stdin.flush()
            record = read_record(process)
            assert record["ok"], record
            acknowledged.append(line)
            legal = record["legal"]
        # one more input in flight when the kill comes: it may or may not have landed
        if legal:
            in_flight = chooser.choice(legal)
            process.stdin.write(in_flight + "\n")
            process.stdin.flush()
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
        check = subprocess.run(
            COMMAND + ["quoridor", "--store", store, "--json"], input="position\n",
            capture_output=True, text=True, timeout=60,
        )
        history = json.loads(check.stdout.splitlines()[0])["history"]
        assert history in (len(acknowledged), len(acknowledged) + 1)
        if history == len(acknowledged) + 1:
            acknowledged.append(in_flight)
        if json.loads(check.stdout.splitlines()[0])["outcome"] is not None:
            break
