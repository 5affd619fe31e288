"""The store's flusher: every commit is put on the card (fsync of the write-ahead log) on a
thread of its own, so a player's tap never waits for the card; a sync that fails makes the
next write fail as a failing card does, in plain words."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest

from companion.engine import open_game
from companion.records.database import Database
from companion.records.faults import FAILING, StoreUnwritable
from companion.records.store import Store


class WatchedSync:
    """os.fsync as the flusher calls it, noting which file was synced and on which thread;
    ``hold`` keeps each sync waiting until released, ``fail`` makes the next one fail."""

    def __init__(self) -> None:
        self.synced: list[tuple[str, str]] = []
        self.hold = threading.Event()
        self.hold.set()
        self.fail: OSError | None = None

    def __call__(self, descriptor: int) -> None:
        self.hold.wait(10)
        path = os.readlink(f"/proc/self/fd/{descriptor}")
        if self.fail is not None:
            failure, self.fail = self.fail, None
            raise failure
        os.fsync(descriptor)
        self.synced.append((path, threading.current_thread().name))


def watched_moves(tmp_path: Path) -> tuple[Database, WatchedSync]:
    """A store file with a table of moves, its flusher's syncs watched, all of it synced."""
    sync = WatchedSync()
    database = Database(tmp_path / "games.sqlite3", sync=sync)
    database.write(lambda db: db.execute("CREATE TABLE moves (line TEXT)"))
    assert database.flusher.wait(10)
    return database, sync


def played(database: Database, line: str) -> None:
    database.write(lambda db: db.execute("INSERT INTO moves VALUES (?)", (line,)))


def test_each_commit_is_synced_to_the_card_by_the_flusher_thread(tmp_path: Path) -> None:
    database, sync = watched_moves(tmp_path)
    played(database, "e2")
    assert database.flusher.wait(10)
    log = str(tmp_path / "games.sqlite3-wal")
    assert (log, "store-flusher") in sync.synced
    assert str(tmp_path) in {path for path, _ in sync.synced}  # the log's folder, once
    assert all(thread == "store-flusher" for _, thread in sync.synced)
    assert threading.main_thread().name not in {thread for _, thread in sync.synced}


def test_a_write_does_not_wait_for_the_card(tmp_path: Path) -> None:
    sync = WatchedSync()
    store = Store(tmp_path / "games.sqlite3")
    store._database.flusher._sync = sync  # (the store's own flusher, watched)
    match = open_game("quoridor", players=2, names=["Eva", "Jan"])
    game_id = store.start(match)
    assert store._database.flusher.wait(10)
    sync.hold.clear()  # the card takes its time
    match.play("e8")
    store.record(game_id, match)  # returns: committed, not yet on the card
    assert not store._database.flusher.wait(0.2)
    assert store.load(game_id).timeline == ("e8",)
    sync.hold.set()
    assert store._database.flusher.wait(10)
    store.close()
    assert Store(tmp_path / "games.sqlite3").load(game_id).timeline == ("e8",)


def test_a_failed_sync_makes_the_next_write_fail_like_a_failing_card(tmp_path: Path) -> None:
    database, sync = watched_moves(tmp_path)
    sync.fail = OSError(errno.EIO, "Input/output error")
    played(database, "e2")
    assert database.flusher.wait(10)
    with pytest.raises(StoreUnwritable) as refused:
        played(database, "e7")
    assert refused.value.kind == FAILING
    assert "could not be written" in refused.value.message
    assert database.problem is not None and database.problem.kind == FAILING
    rows = database.connection.execute("SELECT line FROM moves").fetchall()
    assert rows == [("e2",)]  # the refused write changed nothing
    # the card takes writes again: the next write, and its sync, go through
    played(database, "e7")
    assert database.problem is None and database.flusher.wait(10)
    assert database.flusher.failure() is None


def test_an_unknown_sync_error_is_said_as_a_failing_card(tmp_path: Path) -> None:
    database, sync = watched_moves(tmp_path)
    sync.fail = OSError(errno.EINVAL, "Invalid argument")
    played(database, "e2")
    assert database.flusher.wait(10)
    with pytest.raises(StoreUnwritable) as refused:
        played(database, "e7")
    assert refused.value.kind == FAILING


def test_closing_the_store_waits_for_the_last_sync(tmp_path: Path) -> None:
    database, sync = watched_moves(tmp_path)
    synced_before = len(sync.synced)
    sync.hold.clear()
    played(database, "e2")
    releaser = threading.Timer(0.3, sync.hold.set)
    releaser.start()
    database.close()  # waits for the held sync
    assert len(sync.synced) > synced_before
    assert database.flusher.wait(0)
