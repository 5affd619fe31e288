"""The store's SQLite file and every write to it.

The file is opened in WAL mode with ``synchronous=NORMAL``, checked, and brought up to the
schema this build reads (a store of an older schema is migrated in place after a copy of it is
taken beside it; see :mod:`companion.records.schema`). A file that cannot be read (corrupt, a
newer or unknown schema version, not SQLite at all) is moved aside with a plain message in
:attr:`Database.warnings` and a fresh one is started: never a crash, never silent loss.

Every write is committed before :meth:`Database.write` returns; its :class:`Flusher` then puts
it on the card on a thread of its own (:mod:`companion.records.flusher`: the players' tap does
not wait for the card), and a sync that failed makes the next write fail like a failing card.

A card that refuses writes (full, remounted read-only, failing) is not a damaged file: what can
be read is opened read-only, :attr:`Database.problem` says what is wrong, a write raises
:class:`StoreUnwritable` and changes nothing, and a write that may wait
(:meth:`Database.write_or_wait`) is kept in memory. Every later write first tries the card
again and, once it takes writes, writes what waited in the same transaction.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from companion.records.faults import StoreUnwritable, Transaction, unwritable_kind
from companion.records.flusher import Flusher, Sync
from companion.records.schema import (
    READABLE_VERSIONS,
    SCHEMA_VERSION,
    create_tables,
    migrate_file,
    migrated_in_memory,
    schema_version,
    set_version,
)

if TYPE_CHECKING:
    import logging

T = TypeVar("T")
Write = Callable[[sqlite3.Connection], object]


def _log() -> logging.Logger:
    """The store's log, as :mod:`companion.records.faults` writes it too: the file's messages
    keep the name they had before the file was a part of its own."""
    import logging

    return logging.getLogger("companion.records.store")


class Database:
    """One SQLite file: its connection, and every write in one transaction with the handling
    of a card that refuses writes. ``check=False`` skips the integrity check (it reads the whole
    file); ``read_only`` opens the file read-only, never created, migrated or set aside (an
    older schema is read migrated in memory); ``on_written`` is called after every write that
    succeeds (what waited is written with it)."""

    def __init__(self, path: Path, check: bool = True, read_only: bool = False,
                 on_written: Callable[[], None] = lambda: None, sync: Sync = os.fsync) -> None:
        self.path = path
        self.flusher = Flusher(path, sync)
        """Puts every write on the card after it is committed, on a thread of its own."""
        self.warnings: list[str] = []
        """What was done to a file that could not be read, in plain words."""
        self.problem: StoreUnwritable | None = None
        """Why the file cannot be written now (None while it can)."""
        self._check = check
        self._on_written = on_written
        self._waiting: list[Write] = []
        self._read_only = False
        if read_only:
            self.connection = self._open_read_only()
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.connection = self._open_or_replace()
        except (OSError, sqlite3.OperationalError) as error:
            self._note_problem(error)
            self.connection = self._open_read_only()

    def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run what waited, then ``work``, in one transaction; StoreUnwritable on a card that
        refuses it (then nothing of it is written and what waited keeps waiting)."""
        if self._read_only:
            self._reconnect()
        failure = self.flusher.failure()
        if failure is not None:  # the card did not take the last write's sync
            if unwritable_kind(failure, self.path) is None:
                failure = OSError(errno.EIO, f"the card did not take a write ({failure})")
            raise self._note_problem(failure)
        try:
            with Transaction(self.connection) as db:
                for waiting in self._waiting:
                    waiting(db)
                result = work(db)
        except (sqlite3.OperationalError, OSError) as error:
            raise self._note_problem(error) from error
        if self.problem is not None:
            _log().info("the store takes writes again: %s", self.path)
        self.problem = None
        self._waiting.clear()
        self.flusher.written()
        self._on_written()
        return result

    def write_or_wait(self, work: Write) -> bool:
        """Write now, or keep ``work`` for the next write that succeeds; True when written."""
        try:
            self.write(work)
        except StoreUnwritable:
            self._waiting.append(work)
            return False
        return True

    def retry(self) -> bool:
        """Try the card again: True when it takes writes (and what waited is written)."""
        try:
            self.write(lambda db: None)
        except StoreUnwritable:
            return False
        return True

    def close(self) -> None:
        self.flusher.close()
        self.connection.close()

    def _open_or_replace(self) -> sqlite3.Connection:
        try:
            return self._open()
        except (sqlite3.DatabaseError, ValueError) as error:
            if unwritable_kind(error, self.path) is not None:
                raise  # a card that refuses writes: the file itself is fine
            aside = self.path.with_name(
                f"{self.path.stem}.unreadable-{time.strftime('%Y%m%d-%H%M%S')}{self.path.suffix}"
            )
            for suffix in ("", "-wal", "-shm"):
                part = Path(str(self.path) + suffix)
                if part.exists():
                    part.replace(Path(str(aside) + suffix))
            message = (
                f"The saved games file {self.path} could not be read ({error}). "
                f"It was moved to {aside} and a fresh one was started."
            )
            _log().warning(message)
            self.warnings.append(message)
            return self._open()

    def _open(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")  # the flusher syncs each commit
            if self._check and connection.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("the database failed its integrity check")
            version = schema_version(connection)
            if version in READABLE_VERSIONS[:-1]:
                self._migrate(connection, version)
            elif version is None:  # a new store
                with Transaction(connection) as db:
                    create_tables(db)
                    set_version(db)
            elif version == str(SCHEMA_VERSION):
                create_tables(connection)  # what a later build added (else nothing is written)
            else:
                raise ValueError(
                    f"it has schema version {version}, this app reads version {SCHEMA_VERSION}"
                )
        except BaseException:
            connection.close()
            raise
        return connection

    def _migrate(self, connection: sqlite3.Connection, version: str) -> None:
        copy = migrate_file(connection, self.path, version)
        _log().info("the games file %s was brought up to date; the file as it was is kept in %s",
                    self.path, copy)

    def _note_problem(self, error: BaseException) -> StoreUnwritable:
        kind = unwritable_kind(error, self.path)
        if kind is None:
            raise error
        if self.problem is None or self.problem.kind != kind:
            _log().warning("the store cannot be written: %s (%s)", self.path, error)
        self.problem = StoreUnwritable(kind, self.path, str(error))
        return self.problem

    def _reconnect(self) -> None:
        """From the read-only fallback back to the file itself, when the card allows it."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = self._open_or_replace()
        except (sqlite3.OperationalError, OSError) as error:
            raise self._note_problem(error) from error
        self.connection.close()
        self.connection = connection
        self._read_only = False

    def _open_read_only(self) -> sqlite3.Connection:
        """What can be read of the store while the card refuses writes: the file read-only
        (immutable when its journal cannot be opened), else an empty store in memory."""
        self._read_only = True
        if self.path.exists():
            for query in ("mode=ro", "immutable=1"):
                connection = sqlite3.connect(
                    f"{self.path.as_uri()}?{query}", uri=True, isolation_level=None,
                    check_same_thread=False,
                )
                try:
                    version = schema_version(connection)
                    if version == str(SCHEMA_VERSION):
                        return connection
                    if version in READABLE_VERSIONS[:-1]:  # migrated in memory, written later
                        return migrated_in_memory(connection, version)
                except Exception as error:  # noqa: BLE001 - unreadable: the empty store below
                    _log().warning("the store %s cannot be read here: %r", self.path, error)
                connection.close()
        connection = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        create_tables(connection)
        set_version(connection)
        return connection
