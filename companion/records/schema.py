"""The store's tables, its schema version, and the migrations from schemas 1 and 2.

Schema 2 adds the players (``players``), who sat where (``game_seats``) and, for every finished
game, each seat's player, rank, turns and final counters with the game's kind, size and
finishing time (``seat_results``: the one table the statistics read, so they are SQL over it and
never replay a game), and a finished game's key (``games.key``, see
:func:`companion.results.game_key`). A schema-1 store is migrated in place, in one transaction:
the names in its games become players (the companion's seats, recorded in
``extra["companions"]``, become the player of that level), and every finished game is replayed
once through the engine for its results; a game that no longer replays keeps its seats and gets
its ranks from the stored result (no counters, no turns).

Schema 3 gives every game its identity, ``games.uid``: a random UUID (``uuid.uuid4()``) written
when the game starts, kept for good, exported and used as the import key (two games of the same
inputs, started in the same second, are two games). A migrated game keeps its content key
(``games.key``) as its uid; a game without one (not finished) and the second of two games that
share a content key get a new random uid.

Schema 4 keeps the boards the games were played on (``boards``: a Pat a Mat board file's text,
stored once, keyed by its hash; a game points to it with ``extra["board_sha"]``), so editing or
deleting a board file later never breaks an old game's resume, history or replay (see
:mod:`companion.records.boards`). Migrating a schema-3 store only adds the empty table.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import logging

    from companion.records.results import SeatResult

# The engine, the results and logging are imported by the migration only: opening a current
# store (the records commands, ``companion stats``) does not load them.
SCHEMA_VERSION = 4
READABLE_VERSIONS = ("1", "2", "3", str(SCHEMA_VERSION))
"""The schema versions a store may have: the older ones are migrated when it is opened."""

_GAMES_V1_COLUMNS = (
    "id INTEGER PRIMARY KEY AUTOINCREMENT",
    "game TEXT NOT NULL",
    "players INTEGER NOT NULL",
    "names TEXT NOT NULL",
    "options TEXT NOT NULL",
    "start_position TEXT",
    "extra TEXT NOT NULL DEFAULT '{}'",
    "started TEXT NOT NULL",
    "finished TEXT",
    "status TEXT NOT NULL DEFAULT 'playing'",
    "cursor INTEGER NOT NULL DEFAULT 0",
    "result TEXT",
)
_GAMES_KEY_COLUMN = "key TEXT"
"""What schema 2 adds to ``games`` (a new store creates it, a migrated one alters it in)."""
_GAMES_UID_COLUMN = "uid TEXT"
"""What schema 3 adds to ``games``: the game's identity (see the module's text)."""
_GAMES_BY_UID = "CREATE UNIQUE INDEX IF NOT EXISTS games_by_uid ON games (uid)"
_BOARDS_TABLE = (
    "CREATE TABLE IF NOT EXISTS boards (sha TEXT PRIMARY KEY, text TEXT NOT NULL) WITHOUT ROWID"
)
"""What schema 4 adds: the boards the games were played on, each once, by its hash."""


def _log() -> logging.Logger:
    import logging

    return logging.getLogger(__name__)


def _games_table(columns: Sequence[str]) -> str:
    return "CREATE TABLE IF NOT EXISTS games (\n        " + ",\n        ".join(columns) + "\n    )"


_V1_TABLES = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    _games_table(_GAMES_V1_COLUMNS),
    """CREATE TABLE IF NOT EXISTS inputs (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        line TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )""",
    "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS die_faces (
        source TEXT NOT NULL, face INTEGER NOT NULL, count INTEGER NOT NULL,
        PRIMARY KEY (source, face)
    )""",
)

_V2_TABLES = (
    """CREATE TABLE IF NOT EXISTS players (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        colour TEXT NOT NULL,
        initial TEXT NOT NULL,
        companion_level TEXT,
        created TEXT NOT NULL,
        last_played TEXT,
        merged_into INTEGER REFERENCES players(id)
    )""",
    """CREATE TABLE IF NOT EXISTS game_seats (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS seat_results (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        finished TEXT NOT NULL,
        rank INTEGER NOT NULL,
        won INTEGER NOT NULL,
        turns INTEGER,
        counters TEXT NOT NULL DEFAULT '{}',
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID""",
    # The statistics: a player's results in the order they came (lines, streaks, charts), the
    # results of a period and of a game (filters, records); a player's seats (merges); the
    # finished games by date and kind (the timeline).
    "CREATE INDEX IF NOT EXISTS seat_results_by_player"
    " ON seat_results (player_id, finished, game_id, won, game, rank)",
    "CREATE INDEX IF NOT EXISTS seat_results_by_time ON seat_results (finished)",
    "CREATE INDEX IF NOT EXISTS seat_results_by_game ON seat_results (game, finished)",
    "CREATE INDEX IF NOT EXISTS game_seats_by_player ON game_seats (player_id, game_id)",
    "CREATE INDEX IF NOT EXISTS games_by_status ON games (status, finished)",
    "CREATE INDEX IF NOT EXISTS games_by_kind ON games (game, status, finished)",
)

V1_TABLES = _V1_TABLES
"""The schema-1 tables exactly as that version created them."""
_GAMES_KEY = f"ALTER TABLE games ADD COLUMN {_GAMES_KEY_COLUMN}"
_GAMES_UID = f"ALTER TABLE games ADD COLUMN {_GAMES_UID_COLUMN}"
_GAMES_V3 = _games_table((*_GAMES_V1_COLUMNS, _GAMES_KEY_COLUMN, _GAMES_UID_COLUMN))
TABLES = (_V1_TABLES[0], _GAMES_V3, *_V1_TABLES[2:], *_V2_TABLES, _GAMES_BY_UID, _BOARDS_TABLE)
"""Every table of schema 4 (what a new store is created with)."""


def new_uid() -> str:
    """A new game's identity: a random UUID (version 4, RFC 4122), as text, the very form
    ``str(uuid.uuid4())`` gives. Made here from ``os.urandom`` as ``uuid.uuid4`` makes it: the
    ``uuid`` module imports ``platform`` and ``_uuid`` (~0.25 MB of the app's memory, and ~4 ms
    of its start) for this one call."""
    value = int.from_bytes(os.urandom(16), "big")
    value = value & ~(0xF000 << 64) | 4 << 76  # the version: 4, random
    value = value & ~(0xC000 << 48) | 0x8000 << 48  # the variant: RFC 4122
    digits = f"{value:032x}"
    return f"{digits[:8]}-{digits[8:12]}-{digits[12:16]}-{digits[16:20]}-{digits[20:]}"


def schema_version(db: sqlite3.Connection) -> str | None:
    """The version the file says it has; None for a file without our ``meta`` table or row."""
    has_meta = db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
    ).fetchone()
    if not has_meta:
        return None
    row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return str(row[0]) if row else None


def create_tables(db: sqlite3.Connection, statements: Sequence[str] = TABLES) -> None:
    """Create what is missing (statement by statement: safe inside a transaction)."""
    for statement in statements:
        db.execute(statement)


def set_version(db: sqlite3.Connection) -> None:
    db.execute(
        "INSERT INTO meta (key, value) VALUES ('schema_version', ?)"
        " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (str(SCHEMA_VERSION),),
    )


def migrate(db: sqlite3.Connection, version: str) -> int:
    """An older store (``version`` "1", "2" or "3") to this schema, inside the caller's
    transaction; returns how many games were replayed (schema 1's finished games)."""
    replayed = migrate_v1(db) if version == "1" else 0
    if version in ("1", "2"):
        migrate_v2(db)
    migrate_v3(db)
    set_version(db)
    return replayed


def migrate_v3(db: sqlite3.Connection) -> None:
    """Schema 3 → 4 (inside the caller's transaction): the boards' table, empty (the games
    stored before it keep naming their board as they did)."""
    db.execute(_BOARDS_TABLE)
    _log().info("store migrated to schema 4: the boards the games are played on are kept")


def migrate_v2(db: sqlite3.Connection) -> None:
    """Schema 2 → 3 (inside the caller's transaction): every game gets its uid, its content key
    where it has one that no earlier game has, else a new random one."""
    db.execute(_GAMES_UID)
    taken: set[str] = set()
    uids = []
    for game_id, key in db.execute("SELECT id, key FROM games ORDER BY id").fetchall():
        uid = key if key and key not in taken else new_uid()
        taken.add(uid)
        uids.append((uid, game_id))
    db.executemany("UPDATE games SET uid = ? WHERE id = ?", uids)
    db.execute(_GAMES_BY_UID)
    _log().info("store migrated to schema 3: %d games got their uid", len(uids))


def migrate_v1(db: sqlite3.Connection) -> int:
    """Schema 1 → 2 inside the caller's transaction; returns how many games were replayed.
    (:func:`migrate` goes on to schema 3.)"""
    from companion.records.players import seat_players, touch
    from companion.records.results import game_key, save_results

    db.execute(_GAMES_KEY)
    create_tables(db, _V2_TABLES)
    replayed = 0
    rows = db.execute(
        "SELECT id, game, players, names, options, start_position, extra, started, finished,"
        " status, cursor, result FROM games ORDER BY id"
    ).fetchall()
    for (game_id, game, players, names, options, start_position, extra, started, finished,
         status, cursor, result) in rows:
        seat_names = _seat_names(_loads(names, []), players)
        companions = _loads(extra, {}).get("companions")
        ids = [player_id for player_id in seat_players(
            db, seat_names, companions if isinstance(companions, dict) else None, started)
            if player_id is not None]  # every seat of a schema-1 game has a name
        db.executemany(
            "INSERT OR REPLACE INTO game_seats (game_id, seat, player_id) VALUES (?, ?, ?)",
            [(game_id, seat, player_id) for seat, player_id in enumerate(ids)],
        )
        touch(db, ids, started)
        if status != "finished":
            continue
        timeline = [line for (line,) in db.execute(
            "SELECT line FROM inputs WHERE game_id = ? ORDER BY seq", (game_id,)
        )]
        results = _replayed(game, players, seat_names, _loads(options, {}), start_position,
                            timeline, cursor)
        if results:
            replayed += 1
        else:
            results = _from_stored_result(_loads(result, None), players)
        db.execute("UPDATE games SET key = ? WHERE id = ?",
                   (game_key(game, players, start_position, started, timeline), game_id))
        save_results(db, game_id, results, game, players, finished or started)
    _log().info("store migrated to schema 2: %d games, %d replayed", len(rows), replayed)
    return replayed


def migrate_file(connection: sqlite3.Connection, path: Path, version: str) -> Path:
    """The store at ``path`` (open on ``connection``, schema ``version``) to this schema: a copy
    of the old file beside it first (returned), then one transaction: a failure leaves the file
    as it was.

    A failure of the card passes as it is (OperationalError, OSError); anything else becomes
    a ValueError, so the store sets the file aside (the copy stays) instead of crashing.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    copy = path.with_name(f"{path.stem}.v{version}-backup-{stamp}{path.suffix}")
    target = sqlite3.connect(copy)
    try:
        connection.backup(target)
        target.execute("PRAGMA journal_mode=DELETE")
    finally:
        target.close()
    try:
        _in_transaction(connection, version)
    except (sqlite3.OperationalError, OSError):
        raise
    except Exception as error:
        raise ValueError(f"it could not be brought up to date ({error!r})") from error
    return copy


def migrated_in_memory(source: sqlite3.Connection, version: str) -> sqlite3.Connection:
    """A current copy in memory of the older store (schema ``version``) open (read-only) on
    ``source``, which is closed: what a card that refuses writes can still show."""
    memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    try:
        source.backup(memory)
        source.close()
        _in_transaction(memory, version)
    except BaseException:
        memory.close()
        raise
    return memory


def _in_transaction(connection: sqlite3.Connection, version: str) -> None:
    connection.execute("BEGIN IMMEDIATE")
    try:
        migrate(connection, version)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _replayed(
    game: str, players: int, names: list[str], options: dict[str, Any],
    start_position: str | None, timeline: list[str], cursor: int,
) -> list[SeatResult]:
    from companion.engine import IllegalInput, open_game
    from companion.records.results import final_results

    try:
        match = open_game(game, players=players, names=names, position=start_position, **options)
        match.restore(timeline, cursor)
    except (IllegalInput, ValueError, KeyError, TypeError) as error:
        _log().info("an old %s game no longer replays (%s): ranks from its stored result",
                    game, error)
        return []
    return final_results(match)


def _from_stored_result(result: Any, players: int) -> list[SeatResult]:
    """Ranks from a stored outcome, without counters or turns (a game that does not replay)."""
    from companion.engine import Outcome
    from companion.records.results import SeatResult, ranks_of, winning_seats

    if not isinstance(result, dict) or not isinstance(result.get("ranking"), list):
        return []
    try:
        outcome = Outcome(
            tuple(tuple(int(seat) for seat in group) for group in result["ranking"]),
            str(result.get("reason", "")),
        )
    except (TypeError, ValueError):
        return []
    ranks = ranks_of(outcome, players)
    winners = winning_seats(ranks)
    return [SeatResult(seat, ranks[seat], seat in winners, None, {}) for seat in range(players)]


def _seat_names(names: Any, players: int) -> list[str]:
    given = [str(name) for name in names] if isinstance(names, list) else []
    return [
        given[seat] if seat < len(given) and given[seat].strip() else f"Player {seat + 1}"
        for seat in range(players)
    ]


def _loads(text: Any, default: Any) -> Any:
    try:
        return json.loads(text) if text else default
    except (TypeError, ValueError):
        return default
