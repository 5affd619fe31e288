"""Putting the store's writes on the card, on a thread of its own.

Every write is committed to the store's SQLite file before anyone hears of it (a write the
card refuses, full or read-only, fails there and is refused like an illegal input). What the
commit does not do is wait for the card: the file is in WAL mode with ``synchronous=NORMAL``,
and :class:`Flusher` syncs the write-ahead log to the card (``fsync``) right after each
commit, on its own thread. Waiting for that sync in the players' tap cost a tap its longest
waits: 0.4 ms at the median on this machine's disk, 2.3 ms at the 90th percentile and up to
14 ms (``strace -T`` over 200 of Crash by Crash's taps), and an SD card is slower still.

What was committed is in the operating system as soon as the commit returns: a companion that
is killed or crashes loses nothing. Only a power cut in the milliseconds between a commit and
its sync can lose that input, as a cut just before the tap would have. A sync that fails (a
failing card) is said by the store's next write, which the card then refuses with the usual
plain message; a write that succeeds later syncs everything again.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

Sync = Callable[[int], None]
"""What puts an open file's written data on the card: :func:`os.fsync`."""


class Flusher:
    """Syncs the write-ahead log of the SQLite file at ``path`` to the card after each
    :meth:`written`, on a daemon thread started with the first write. ``sync`` is
    :func:`os.fsync` (a test may watch it)."""

    def __init__(self, path: Path, sync: Sync = os.fsync) -> None:
        self._log_file = Path(f"{path}-wal")
        self._folder = path.parent
        self._sync = sync
        self._condition = threading.Condition()
        self._written = 0
        """Commits so far."""
        self._synced = 0
        """Commits known to be on the card."""
        self._failure: OSError | None = None
        self._closed = False
        self._thread: threading.Thread | None = None
        self._folder_synced = False

    def written(self) -> None:
        """A write was committed: sync it to the card soon (never waits for the card)."""
        with self._condition:
            self._written += 1
            if self._thread is None and not self._closed:
                self._thread = threading.Thread(target=self._run, name="store-flusher",
                                                daemon=True)
                self._thread.start()
            self._condition.notify()

    def failure(self) -> OSError | None:
        """Why the last sync failed (then forgotten: the next write syncs everything again);
        None when every sync so far succeeded."""
        with self._condition:
            failure, self._failure = self._failure, None
        return failure

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every commit so far is synced (or failed to): True unless ``timeout``
        seconds passed first."""
        with self._condition:
            return self._condition.wait_for(lambda: self._synced >= self._written, timeout)

    def close(self, timeout: float = 10.0) -> None:
        """Sync what is left, then stop the thread (the store is closing)."""
        self.wait(timeout)
        with self._condition:
            self._closed = True
            self._condition.notify()
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._condition:
                self._condition.wait_for(lambda: self._written > self._synced or self._closed)
                if self._written == self._synced:
                    return  # closed, everything synced
                target = self._written
            failure = self._sync_log()
            with self._condition:
                if failure is not None:
                    self._failure = failure
                self._synced = target
                self._condition.notify_all()

    def _sync_log(self) -> OSError | None:
        """Sync the write-ahead log (and once its folder, where it was made) to the card."""
        try:
            descriptor = os.open(self._log_file, os.O_RDONLY)
        except FileNotFoundError:
            return None  # no log (the store closed and put it into the file): nothing to sync
        except OSError as error:
            return error
        try:
            self._sync(descriptor)
        except OSError as error:
            return error
        finally:
            os.close(descriptor)
        if not self._folder_synced:
            try:
                folder = os.open(self._folder, os.O_RDONLY)
                try:
                    self._sync(folder)
                finally:
                    os.close(folder)
            except OSError as error:
                return error
            self._folder_synced = True
        return None


__all__ = ["Flusher", "Sync"]
