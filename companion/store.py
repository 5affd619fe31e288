"""Every game in one SQLite file: each accepted input committed before it is acknowledged.

The file lives in the user's data directory (platformdirs) unless a path is given. A file that
cannot be read (corrupt, another schema version, not SQLite at all) is moved aside with a plain
message in :attr:`Store.warnings` and a fresh store is started: never a crash, never silent loss.

A card that refuses writes (full, remounted read-only, failing) is not a damaged file: the store
opens what it can read, :attr:`Store.problem` says what is wrong, a game write (:meth:`start`,
:meth:`record`) raises :class:`StoreUnwritable` and changes nothing, and the small writes
(settings, die counts, an abandoned game) wait in memory. Every later write first tries the card
again and, once it takes writes, writes what waited; :meth:`record` always writes a game's whole
timeline up to the match, so moves played unsaved are written by the next record that succeeds.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from platformdirs import user_data_dir

from companion.engine import IllegalInput, Match
from companion.store_faults import StoreUnwritable, unwritable_kind

SCHEMA_VERSION = 1
log = logging.getLogger(__name__)
T = TypeVar("T")
Write = Callable[[sqlite3.Connection], object]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    names TEXT NOT NULL,
    options TEXT NOT NULL,
    start_position TEXT,
    extra TEXT NOT NULL DEFAULT '{}',
    started TEXT NOT NULL,
    finished TEXT,
    status TEXT NOT NULL DEFAULT 'playing',
    cursor INTEGER NOT NULL DEFAULT 0,
    result TEXT
);
CREATE TABLE IF NOT EXISTS inputs (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS die_faces (
    source TEXT NOT NULL, face INTEGER NOT NULL, count INTEGER NOT NULL,
    PRIMARY KEY (source, face)
);
"""


def default_store_path() -> Path:
    return Path(user_data_dir("companion", appauthor=False)) / "games.sqlite3"


@dataclass(frozen=True)
class StoredGame:
    """One game as the store keeps it (the summary the history screen lists)."""

    id: int
    game: str
    players: int
    names: tuple[str, ...]
    options: dict[str, Any]
    start_position: str | None
    extra: dict[str, Any]
    started: str
    finished: str | None
    status: str
    cursor: int
    result: dict[str, Any] | None
    timeline: tuple[str, ...]

    @property
    def winners(self) -> list[str]:
        if not self.result or not self.result.get("ranking"):
            return []
        return [self.names[seat] for seat in self.result["ranking"][0]]


class Store:
    """The SQLite store. Open it once; call :meth:`record` after every accepted input."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_store_path()
        self.warnings: list[str] = []
        self.problem: StoreUnwritable | None = None
        """Why the store cannot be written now (None while it can)."""
        self._saved_lines: dict[int, list[str]] = {}
        self._waiting: list[Write] = []
        self._waiting_settings: dict[str, Any] = {}
        self._read_only = False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._connection = self._open_or_replace()
        except (OSError, sqlite3.OperationalError) as error:
            self._note_problem(error)
            self._connection = self._open_read_only()

    @property
    def is_writable(self) -> bool:
        return self.problem is None

    # -- games ---------------------------------------------------------------------------------

    def start(self, match: Match, extra: dict[str, Any] | None = None) -> int:
        """Store a new match (and the inputs it already has); return its id.

        Raises :class:`StoreUnwritable` (nothing stored) when the card refuses the write.
        """

        def insert(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "INSERT INTO games (game, players, names, options, start_position, extra, started)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    match.game_id,
                    match.players,
                    json.dumps(list(match.names)),
                    json.dumps(match.snapshot()["options"]),
                    match.start_position,
                    json.dumps(extra or {}),
                    _now(),
                ),
            )
            return int(cursor.lastrowid or 0)

        game_id = self._write(insert)
        self._saved_lines[game_id] = []
        self.record(game_id, match)
        return game_id

    def record(
        self, game_id: int, match: Match, die_face: tuple[str, int] | None = None
    ) -> None:
        """Bring the stored timeline and undo cursor up to the match, durably.

        ``die_face`` (source, face) counts a roll for the fairness figures in the same commit.
        Raises :class:`StoreUnwritable` (nothing written) when the card refuses the write.
        """
        saved = self._saved_lines.get(game_id)
        if saved is None:
            saved = list(self.load(game_id).timeline)
        timeline = match.timeline
        common = 0
        for old, new in zip(saved, timeline):
            if old != new:
                break
            common += 1
        outcome = match.outcome

        def write(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM inputs WHERE game_id = ? AND seq >= ?", (game_id, common))
            db.executemany(
                "INSERT INTO inputs (game_id, seq, line) VALUES (?, ?, ?)",
                [(game_id, seq, timeline[seq]) for seq in range(common, len(timeline))],
            )
            db.execute(
                "UPDATE games SET cursor = ?, status = ?, finished = ?, result = ? WHERE id = ?",
                (
                    match.cursor,
                    "finished" if outcome else "playing",
                    _now() if outcome else None,
                    json.dumps(outcome.to_json()) if outcome else None,
                    game_id,
                ),
            )
            if die_face is not None:
                _count_face(db, *die_face)

        self._write(write)
        self._saved_lines[game_id] = list(timeline)

    def abandon(self, game_id: int) -> None:
        finished = _now()
        self._write_or_wait(lambda db: db.execute(
            "UPDATE games SET status = 'abandoned', finished = ? WHERE id = ?",
            (finished, game_id),
        ))

    def abandon_unfinished(self) -> None:
        """Every game still being played becomes abandoned (a new game instead of Continue)."""
        finished = _now()
        self._write_or_wait(lambda db: db.execute(
            "UPDATE games SET status = 'abandoned', finished = ? WHERE status = 'playing'",
            (finished,),
        ))

    def load(self, game_id: int) -> StoredGame:
        row = self._connection.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"no game {game_id} in the store")
        return self._stored_game(row)

    def unfinished(self, game: str | None = None) -> StoredGame | None:
        """The most recent game still being played (of that kind, if given)."""
        query = "SELECT * FROM games WHERE status = 'playing'"
        params: tuple[Any, ...] = ()
        if game is not None:
            query += " AND game = ?"
            params = (game,)
        row = self._connection.execute(query + " ORDER BY id DESC LIMIT 1", params).fetchone()
        return self._stored_game(row) if row else None

    def finished_games(self, limit: int = 200) -> list[StoredGame]:
        rows = self._connection.execute(
            "SELECT * FROM games WHERE status = 'finished' ORDER BY id DESC LIMIT ?", (limit,)
        ).fetchall()
        return [self._stored_game(row) for row in rows]

    def resume(self, stored: StoredGame) -> Match:
        """Rebuild the match exactly: timeline replayed, undo cursor set.

        Raises IllegalInput if the stored inputs no longer replay (the rules changed); the
        caller tells the players and the game is kept in the store untouched.
        """
        from companion.engine import open_game  # loads every game: only when one is resumed

        match = open_game(
            stored.game,
            players=stored.players,
            names=stored.names,
            position=stored.start_position,
            **stored.options,
        )
        match.restore(stored.timeline, stored.cursor)
        self._saved_lines[stored.id] = list(stored.timeline)
        return match

    def resume_or_none(self, stored: StoredGame) -> Match | None:
        """Like :meth:`resume`, but a game that cannot be replayed becomes a warning."""
        try:
            return self.resume(stored)
        except (IllegalInput, ValueError, KeyError) as error:
            self.warnings.append(
                f"Saved game {stored.id} ({stored.game}) could not be replayed and was set "
                f"aside: {error}"
            )
            self._write_or_wait(lambda db: db.execute(
                "UPDATE games SET status = 'unreadable' WHERE id = ?", (stored.id,)
            ))
            return None

    # -- settings and die statistics ------------------------------------------------------------

    def setting(self, key: str, default: Any = None) -> Any:
        if key in self._waiting_settings:
            return self._waiting_settings[key]
        row = self._connection.execute(
            "SELECT value FROM settings WHERE key = ?", (key,)
        ).fetchone()
        return json.loads(row[0]) if row else default

    def set_setting(self, key: str, value: Any) -> None:
        """Remember a setting; on a card that refuses writes it waits in memory."""
        text = json.dumps(value)
        if not self._write_or_wait(lambda db: db.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, text),
        )):
            self._waiting_settings[key] = value

    def count_face(self, source: str, face: int) -> None:
        """Count a roll; on a card that refuses writes the count waits in memory."""
        self._write_or_wait(lambda db: _count_face(db, source, face))

    def retry(self) -> bool:
        """Try the card again: True when it takes writes (and what waited is written)."""
        try:
            self._write(lambda db: None)
        except StoreUnwritable:
            return False
        return True

    def face_counts(self, source: str) -> list[int]:
        """How often each face 1–6 came up from ``source``."""
        counts = [0] * 6
        for face, count in self._connection.execute(
            "SELECT face, count FROM die_faces WHERE source = ?", (source,)
        ):
            if 1 <= face <= 6:
                counts[face - 1] = count
        return counts

    def close(self) -> None:
        self._connection.close()

    # -- private helpers -----------------------------------------------------------------------

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
            log.warning(message)
            self.warnings.append(message)
            return self._open()

    def _open(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=FULL")
            if connection.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("the database failed its integrity check")
            connection.executescript(_SCHEMA)
            row = connection.execute(
                "SELECT value FROM meta WHERE key = 'schema_version'"
            ).fetchone()
            if row is None:
                connection.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema_version', ?)",
                    (str(SCHEMA_VERSION),),
                )
            elif row[0] != str(SCHEMA_VERSION):
                raise ValueError(
                    f"it has schema version {row[0]}, this app reads version {SCHEMA_VERSION}"
                )
        except BaseException:
            connection.close()
            raise
        return connection

    def _transaction(self) -> _Transaction:
        return _Transaction(self._connection)

    def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run what waited, then ``work``, in one transaction; StoreUnwritable on a card that
        refuses it (then nothing of it is written and what waited keeps waiting)."""
        if self._read_only:
            self._reconnect()
        try:
            with self._transaction() as db:
                for waiting in self._waiting:
                    waiting(db)
                result = work(db)
        except (sqlite3.OperationalError, OSError) as error:
            raise self._note_problem(error) from error
        if self.problem is not None:
            log.info("the store takes writes again: %s", self.path)
        self.problem = None
        self._waiting.clear()
        self._waiting_settings.clear()
        return result

    def _write_or_wait(self, work: Write) -> bool:
        """Write now, or keep ``work`` for the next write that succeeds; True when written."""
        try:
            self._write(work)
        except StoreUnwritable:
            self._waiting.append(work)
            return False
        return True

    def _note_problem(self, error: BaseException) -> StoreUnwritable:
        kind = unwritable_kind(error, self.path)
        if kind is None:
            raise error
        if self.problem is None or self.problem.kind != kind:
            log.warning("the store cannot be written: %s (%s)", self.path, error)
        self.problem = StoreUnwritable(kind, self.path, str(error))
        return self.problem

    def _reconnect(self) -> None:
        """From the read-only fallback back to the file itself, when the card allows it."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = self._open_or_replace()
        except (sqlite3.OperationalError, OSError) as error:
            raise self._note_problem(error) from error
        self._connection.close()
        self._connection = connection
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
                    row = connection.execute(
                        "SELECT value FROM meta WHERE key = 'schema_version'"
                    ).fetchone()
                    if row is not None and row[0] == str(SCHEMA_VERSION):
                        return connection
                except sqlite3.DatabaseError:
                    pass
                connection.close()
        connection = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        connection.executescript(_SCHEMA)
        return connection

    def _stored_game(self, row: Sequence[Any]) -> StoredGame:
        (game_id, game, players, names, options, start_position, extra, started, finished,
         status, cursor, result) = row
        timeline = tuple(
            line
            for (line,) in self._connection.execute(
                "SELECT line FROM inputs WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        )
        return StoredGame(
            id=game_id,
            game=game,
            players=players,
            names=tuple(json.loads(names)),
            options=json.loads(options),
            start_position=start_position,
            extra=json.loads(extra),
            started=started,
            finished=finished,
            status=status,
            cursor=cursor,
            result=json.loads(result) if result else None,
            timeline=timeline,
        )


class _Transaction:
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
                log.warning("rollback failed: %s", error)


def _count_face(db: sqlite3.Connection, source: str, face: int) -> None:
    db.execute(
        "INSERT INTO die_faces (source, face, count) VALUES (?, ?, 1)"
        " ON CONFLICT(source, face) DO UPDATE SET count = count + 1",
        (source, face),
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")

