"""When the memory card refuses a write: full, read-only, failing or forbidden.

An SD card fills up, or the kernel remounts a failing card read-only. SQLite then raises
``OperationalError`` ("database or disk is full", "attempt to write a readonly database",
"disk I/O error", "unable to open database file") and the OS raises ``OSError`` (ENOSPC, EROFS,
EIO, EACCES). :func:`unwritable_kind` tells these apart from a damaged file (which the store
sets aside), :class:`StoreUnwritable` carries a sentence a player can act on, and
:class:`Transaction` leaves nothing half written when a write fails.
"""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
from pathlib import Path

from companion.engine.errors import CompanionError

FULL = "full"
READ_ONLY = "read-only"
FAILING = "failing"
FORBIDDEN = "forbidden"

#: What the players read (English; the app translates them with the "app" catalogue).
MESSAGES = {
    FULL: "The game cannot be saved: the memory card is full. Free some space on it "
          "(companion doctor shows how much is left), then try again.",
    READ_ONLY: "The game cannot be saved: the memory card has become read-only, which "
               "happens when a card is failing. Restart the companion; if it happens again, "
               "copy the records off and replace the card.",
    FAILING: "The game cannot be saved: the memory card could not be written (an I/O "
             "error). Restart the companion; if it happens again, replace the card.",
    FORBIDDEN: "The game cannot be saved: the companion may not write its games file. Run "
               "companion doctor to see which file and what to change.",
}

_ERRNO_KINDS = {
    errno.ENOSPC: FULL,
    errno.EDQUOT: FULL,
    errno.EROFS: READ_ONLY,
    errno.EIO: FAILING,
    errno.EACCES: FORBIDDEN,
    errno.EPERM: FORBIDDEN,
}


class StoreUnwritable(CompanionError):
    """The store could not write: ``kind`` is full / read-only / failing / forbidden."""

    def __init__(self, kind: str, path: Path, detail: str) -> None:
        self.kind = kind
        self.path = path
        self.detail = detail
        self.message = MESSAGES[kind]
        super().__init__(f"{self.message} ({path}: {detail})")


def unwritable_kind(error: BaseException, path: Path) -> str | None:
    """Why ``error`` stopped a write to the store at ``path``; None if it is something else
    (a damaged file, a bug), which the caller handles as before."""
    if isinstance(error, OSError):
        return _ERRNO_KINDS.get(error.errno or 0)
    if not isinstance(error, sqlite3.OperationalError):
        return None
    text = str(error).lower()
    if "disk is full" in text:
        return FULL
    if "readonly" in text or "read-only" in text:
        return READ_ONLY
    if "disk i/o error" in text:
        return _filesystem_kind(path) or FAILING
    if "unable to open database file" in text or "cannot open" in text:
        return _filesystem_kind(path) or FORBIDDEN
    return None


def _filesystem_kind(path: Path) -> str | None:
    """Full or read-only, read off the filesystem holding ``path`` (None when neither)."""
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        stats = os.statvfs(folder)
    except OSError:
        return None
    if stats.f_flag & os.ST_RDONLY:
        return READ_ONLY
    if stats.f_bavail == 0:
        return FULL
    return None


class Transaction:
    """``with`` block: BEGIN IMMEDIATE … COMMIT, or ROLLBACK on error."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def __enter__(self) -> sqlite3.Connection:
        self._connection.execute("BEGIN IMMEDIATE")
        return self._connection

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if kind is None:
            try:
                self._connection.execute("COMMIT")
                return
            except sqlite3.Error:
                self._rollback()
                raise
        self._rollback()

    def _rollback(self) -> None:
        # SQLite may have rolled back already (a full disk): then there is nothing to undo.
        if self._connection.in_transaction:
            try:
                self._connection.execute("ROLLBACK")
            except sqlite3.Error as error:
                logging.getLogger("companion.records.store").warning("rollback failed: %s", error)
