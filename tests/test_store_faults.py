"""When the memory card fails: full, read-only. An input that cannot be saved is refused like
an illegal one and loses nothing; once the card takes writes the same input is accepted.

The real faults run on a small tmpfs (filled with a file, remounted read-only): that needs root
and mount, as CI and the developers' machines have; elsewhere those tests are skipped and the
tests with a store whose connection refuses writes (``PRAGMA query_only``, SQLite's own
read-only error) still run.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from ui.card import fill, remount

from companion.engine import open_game
from companion.records.faults import FULL, READ_ONLY, StoreUnwritable
from companion.records.store import Store
from companion.table.session import Change, Setup, TableSession

COMMAND = [sys.executable, "-m", "companion", "play"]


class Player:
    """The terminal player in JSON mode, one line in, one object out."""

    def __init__(self, store: Path) -> None:
        self.process = subprocess.Popen(
            [*COMMAND, "quoridor", "--json", "--store", str(store)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )

    def send(self, line: str) -> dict[str, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        reply = self.process.stdout.readline()
        assert reply, self.stop()
        record: dict[str, object] = json.loads(reply)
        return record

    def stop(self) -> str:
        assert self.process.stdin is not None and self.process.stderr is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)
        return self.process.stderr.read()


def test_terminal_a_full_card_mid_game_refuses_the_input_then_takes_it_when_space_is_back(
    card: Path,
) -> None:
    store = card / "games.sqlite3"
    player = Player(store)
    assert player.send("e8")["ok"] and player.send("e2")["ok"]
    filler = fill(card)
    refused = player.send("e7")
    assert refused["ok"] is False and refused["history"] == 2
    assert "memory card is full" in str(refused["error"])
    assert player.send("undo")["ok"] is False  # nothing changes while the card is full
    filler.unlink()
    accepted = player.send("e7")
    assert accepted["ok"] is True and accepted["events"] == ["move e9 e7"]
    assert accepted["history"] == 3
    errors = player.stop()
    assert player.process.returncode == 0 and "Traceback" not in errors
    assert Store(store).unfinished("quoridor").timeline == ("e8", "e2", "e7")  # type: ignore[union-attr]


def test_terminal_started_on_a_full_card_says_so_and_refuses_inputs_without_a_traceback(
    card: Path,
) -> None:
    store = card / "games.sqlite3"
    filler = fill(card)
    player = Player(store)
    refused = player.send("e8")
    assert refused["ok"] is False and "memory card is full" in str(refused["error"])
    assert refused["history"] == 0
    filler.unlink()
    assert player.send("e8")["ok"] is True
    errors = player.stop()
    assert "memory card is full" in errors and "Traceback" not in errors
    assert Store(store).unfinished("quoridor").timeline == ("e8",)  # type: ignore[union-attr]


def test_a_card_remounted_read_only_keeps_its_games_readable_and_refuses_writes(
    card: Path,
) -> None:
    path = card / "games.sqlite3"
    store = Store(path)
    match = open_game("quoridor")
    game_id = store.start(match)
    match.play("e8")
    store.record(game_id, match)
    store.close()
    assert remount(card, "-o", "remount,ro")

    reopened = Store(path)
    assert reopened.problem is not None and reopened.problem.kind == READ_ONLY
    assert reopened.warnings == []  # not mistaken for a damaged file: nothing moved aside
    stored = reopened.unfinished("quoridor")
    assert stored is not None and stored.timeline == ("e8",)
    resumed = reopened.resume(stored)
    resumed.play("e2")
    with pytest.raises(StoreUnwritable, match="read-only"):
        reopened.record(game_id, resumed)
    reopened.set_setting("lang", "cs")  # a setting waits in memory
    assert reopened.setting("lang") == "cs"

    assert remount(card, "-o", "remount,rw")
    reopened.record(game_id, resumed)
    assert reopened.problem is None
    assert reopened.load(game_id).timeline == ("e8", "e2")
    assert reopened.setting("lang") == "cs"
    reopened.close()
    assert Store(path).setting("lang") == "cs"


def test_terminal_on_a_read_only_card_refuses_inputs_in_plain_words(card: Path) -> None:
    store = card / "games.sqlite3"
    Store(store).close()
    assert remount(card, "-o", "remount,ro")
    player = Player(store)
    refused = player.send("e8")
    assert refused["ok"] is False and "read-only" in str(refused["error"])
    assert "Traceback" not in player.stop()


def refuse_writes(store: Store) -> None:
    """The card turns read-only under the open store (SQLite's own read-only error)."""
    store.connection.execute("PRAGMA query_only = 1")


def allow_writes(store: Store) -> None:
    store.connection.execute("PRAGMA query_only = 0")


def test_a_refused_record_changes_nothing_in_the_store(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    match = open_game("quoridor")
    game_id = store.start(match)
    match.play("e8")
    store.record(game_id, match)
    refuse_writes(store)
    match.play("e2")
    with pytest.raises(StoreUnwritable) as refused:
        store.record(game_id, match, die_face=("software", 3))
    assert refused.value.kind == READ_ONLY and "read-only" in refused.value.message
    assert store.load(game_id).timeline == ("e8",)
    assert store.face_counts("software") == [0] * 6
    allow_writes(store)
    assert store.retry() and store.problem is None


def table_with_game(tmp_path: Path) -> tuple[TableSession, list[Change]]:
    table = TableSession(Store(tmp_path / "games.sqlite3"), lang="en")
    told: list[Change] = []
    table.listeners.append(told.append)
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    assert table.send("e8")
    return table, told


def test_app_an_input_that_cannot_be_saved_is_refused_and_the_players_are_asked(
    tmp_path: Path,
) -> None:
    table, told = table_with_game(tmp_path)
    refuse_writes(table.store)
    assert table.send("e2") is False
    assert table.match is not None and table.match.history == ["e8"]
    assert told[-1].kind == "unsaveable" and "read-only" in told[-1].message
    assert table.saving.refused == ("e2", None)
    allow_writes(table.store)
    assert table.retry_saving() is True  # "Try again": the refused input is played now
    assert table.match.history == ["e8", "e2"]
    assert table.store.load(table.saving.stored_id or 0).timeline == ("e8", "e2")


def test_app_played_unsaved_every_input_counts_and_is_written_when_the_card_is_back(
    tmp_path: Path,
) -> None:
    table, told = table_with_game(tmp_path)
    refuse_writes(table.store)
    assert table.send("e2") is False
    table.play_unsaved()  # the refused input is played at once
    assert table.saving.is_unsaved and table.match is not None
    assert table.match.history == ["e8", "e2"]
    assert table.send("e7") and table.undo() and table.redo()
    assert table.store.load(table.saving.stored_id or 0).timeline == ("e8",)
    assert table.retry_saving() is False and table.saving.is_unsaved
    allow_writes(table.store)
    assert table.retry_saving() is True
    assert not table.saving.is_unsaved and told[-1].kind == "saving"
    stored = table.store.load(table.saving.stored_id or 0)
    assert stored.timeline == ("e8", "e2", "e7") and stored.cursor == 3


def test_app_a_new_game_on_a_full_card_is_refused_until_the_players_choose_unsaved(
    card: Path,
) -> None:
    table = TableSession(Store(card / "games.sqlite3"), lang="cs")
    filler = fill(card)
    with pytest.raises(StoreUnwritable) as refused:
        table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    assert refused.value.kind == FULL
    assert table.saving.problem().startswith("Hru nelze uložit: paměťová karta je plná")
    table.play_unsaved()
    table.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
    assert table.saving.stored_id is None
    assert table.send("e8") and table.send("e2")
    filler.unlink()
    assert table.send("e7")  # the first input that can be saved stores the whole game
    assert not table.saving.is_unsaved and table.saving.stored_id is not None
    assert table.store.load(table.saving.stored_id).timeline == ("e8", "e2", "e7")
