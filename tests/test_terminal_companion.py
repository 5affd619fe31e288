"""The terminal player with companion seats: they answer at once, undo goes back to a person,
``hint`` suggests without playing, and the store remembers who the companion was."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.engine import open_game
from companion.records.store import Store
from companion.table.companions import CompanionSeats, parse_companion, undo_to_person

COMMAND = [sys.executable, "-m", "companion", "play"]


def play(args: list[str], lines: list[str], store: Path) -> list[dict[str, Any]]:
    done = subprocess.run(
        [*COMMAND, *args, "--json", "--store", str(store)],
        input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_reply_to_a_persons_move_holds_the_companions_answer(tmp_path: Path) -> None:
    store = tmp_path / "games.sqlite3"
    first, hint, undo, redo = play(["quoridor", "--companion", "1:strong"],
                                   ["e8", "hint", "undo", "redo"], store)
    assert first["ok"] and first["events"][0] == "move e9 e8"
    assert len(first["events"]) == 2 and first["history"] == 2 and first["to_move"] == 0
    assert hint["ok"] and hint["hint"] in hint["legal"] and hint["history"] == 2
    assert undo["ok"] and undo["history"] == 0  # back to before the person's move
    assert redo["ok"] and redo["history"] == 2  # the move and the companion's answer
    stored = Store(store).unfinished("quoridor")
    assert stored is not None and stored.extra["companions"] == {"1": "strong"}
    assert stored.timeline[:1] == ("e8",) and len(stored.timeline) == 2


def test_a_companion_that_moves_first_has_moved_when_the_person_comes(tmp_path: Path) -> None:
    [position] = play(["quoridor", "--companion", "0:easy"], ["position"],
                      tmp_path / "games.sqlite3")
    assert position["history"] == 1 and position["to_move"] == 1


def test_with_a_die_a_table_of_companions_plays_the_game_to_its_end(tmp_path: Path) -> None:
    [position] = play(
        ["clovece", "--players", "2", "--companion", "0:easy", "--companion", "1:easy",
         "--die", "software"], ["position"], tmp_path / "games.sqlite3")
    assert position["outcome"] is not None and position["to_move"] is None


def test_without_a_die_a_person_rolls_for_the_companion(tmp_path: Path) -> None:
    first, second = play(["clovece", "--players", "2", "--companion", "1"],
                         ["roll 3", "roll 5"], tmp_path / "games.sqlite3")
    # the roll-off: the person rolls, then the companion's roll waits for a person too
    assert first["ok"] and first["history"] == 1 and first["to_move"] == 1
    assert second["ok"] and second["history"] == 2


@pytest.mark.parametrize("value, words", [
    ("5", "seats are numbered 0 to 1"),
    ("x:strong", "write the seat number"),
    ("1:hard", "the level is one of easy, normal, strong"),
])
def test_a_bad_companion_value_is_one_plain_line_and_status_2(
    tmp_path: Path, value: str, words: str
) -> None:
    done = subprocess.run(
        [*COMMAND, "quoridor", "--companion", value, "--store", str(tmp_path / "g.sqlite3")],
        input="", capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr


def test_undo_takes_back_the_companions_replies_with_the_persons_move() -> None:
    match = open_game("quoridor")
    seats = CompanionSeats(dict([parse_companion("1")]))
    for line in ["e8", "e2", "e7", "e3"]:
        match.play(line)
    assert undo_to_person(match, seats) and match.history == ["e8", "e2"]
    assert undo_to_person(match, seats) and match.history == []
    assert not undo_to_person(match, seats)
