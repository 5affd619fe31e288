"""The statistics' figures, kept until the records change, and worked out ahead of time.

On 10,000 games the players' lines take a few hundred milliseconds of SQL: too long for a tap
on Statistics. So the figures the screen opens with are worked out off the UI thread, on a
read-only connection of their own (the store is in WAL mode: readers never wait for the app's
writes), after the app's first frame and again after every finished game; the screen then
finds them ready. A figure is kept with the version of the records it was worked out from
(how many games are finished, the last one, the players' names, colours and merges), so a
finished game, a rename or a merge is never answered from stale figures: the screen then
works them out itself.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.records import stats

log = logging.getLogger(__name__)
AHEAD = ("player_lines", "wins_per_game")
"""The figures worked out ahead: the opening tab's and the first chart's."""
MAKE_SCREEN_AHEAD = 1000
"""From this many finished games the app also makes the statistics screen ahead (on the clock,
after its start): its first opening would be felt otherwise; below, it costs nobody a frame."""
Version = tuple[Any, ...]


def records_version(connection: sqlite3.Connection) -> Version:
    """What the figures depend on: the finished games (count, last id) and every player
    record (names, colours, merges). About a millisecond."""
    count, last = connection.execute(
        "SELECT COUNT(*), MAX(id) FROM games WHERE status = 'finished'").fetchone()
    players = tuple(connection.execute(
        "SELECT id, name, colour, initial, merged_into FROM players ORDER BY id"))
    return (count, last, players)


class _Reader:
    """The part of a Store the statistics read: a connection of its own."""

    def __init__(self, path: Path) -> None:
        self.connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True,
                                          isolation_level=None)

    def close(self) -> None:
        self.connection.close()


class StatsCache:
    """Figures by (name, filter), each with the records version it was worked out from."""

    def __init__(self) -> None:
        self._figures: dict[tuple[str, Any], tuple[Version, Any]] = {}
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self.wanted: Any = stats.StatsFilter()
        """The filter the screen shows (worked out ahead next time)."""
        self.finished_games = 0
        """How many finished games the last work ahead found."""

    def get(self, name: str, flt: Any, store: Any, compute: Callable[[], Any]) -> Any:
        """The figure ``name`` for ``flt``: kept if the records did not change since, else
        ``compute()`` (and kept)."""
        version = records_version(store.connection)
        with self._lock:
            kept = self._figures.get((name, flt))
        if kept is not None and kept[0] == version:
            return kept[1]
        value = compute()
        with self._lock:
            self._figures[(name, flt)] = (version, value)
        return value

    def work_ahead(self, store_path: Path | str) -> threading.Thread | None:
        """Work out the opening figures for :attr:`wanted` off the UI thread (one worker at a
        time; a call while one works is dropped: it reads the newest records anyway)."""
        if self._worker is not None and self._worker.is_alive():
            return None
        flt = self.wanted
        worker = threading.Thread(target=self._work, args=(Path(store_path), flt),
                                  name="stats-ahead", daemon=True)
        self._worker = worker
        worker.start()
        return worker

    def _work(self, path: Path, flt: Any) -> None:
        try:
            reader = _Reader(path)
        except sqlite3.Error as error:
            log.info("the statistics could not be worked out ahead: %s", error)
            return
        try:
            reader.connection.execute("BEGIN")  # one snapshot: the version and the figures
            version = records_version(reader.connection)
            figures = {name: getattr(stats, name)(reader, flt) for name in AHEAD}
            reader.connection.execute("COMMIT")
        except sqlite3.Error as error:
            log.info("the statistics could not be worked out ahead: %s", error)
            return
        finally:
            reader.close()
        with self._lock:
            for name, value in figures.items():
                self._figures[(name, flt)] = (version, value)
        self.finished_games = int(version[0])


CACHE = StatsCache()
"""The app's one cache (the statistics screen reads it; the app has it work ahead)."""


def work_ahead_after_games(table: Any, store_path: Path | str) -> None:
    """Have the figures worked out again whenever a game is finished (the result screen shows
    meanwhile)."""

    def on_change(change: Any) -> None:
        match = table.match
        if change.kind in ("played", "redone") and match is not None and match.is_over:
            CACHE.work_ahead(store_path)

    table.listeners.append(on_change)


__all__ = ["CACHE", "MAKE_SCREEN_AHEAD", "StatsCache", "records_version",
           "work_ahead_after_games"]
