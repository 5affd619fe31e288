"""The games' rows: a game started with its seats, its timeline brought up to its match, a
game ended early or set aside, and the games read back as :class:`StoredGame`.

Functions of the connection (to read) or of one write's transaction (``db``), as
:mod:`companion.records.players` is for the players; the store
(:class:`companion.records.store.Store`) is the door that runs them, one transaction each.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from companion.records import boards as kept_boards

if TYPE_CHECKING:
    from companion.engine import Match
    from companion.records.results import SeatResult

COLUMNS = (
    "id, game, players, names, options, start_position, extra, started, finished, status,"
    " cursor, result, uid"
)
"""A game's row, in :class:`StoredGame`'s order."""


class StoredGame(NamedTuple):
    """One game as the store keeps it (the summary the history screen lists). A named tuple
    (immutable, compared by value), not a frozen dataclass: the home screen's first frame reads
    the unfinished game, and a named tuple is made ~5 times faster than a frozen dataclass."""

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
    uid: str = ""
    """The game's identity (random, given when it started; exported, the import key)."""
    board_text: str | None = None
    """The board file's text the game is played on, as the store kept it when the game started
    (None for a game without a board file, or one stored before boards were kept)."""

    @property
    def match_options(self) -> dict[str, Any]:
        """The options to open the game with: the board is the kept text, not the file, so
        editing or deleting the file later changes nothing of this game."""
        return kept_boards.with_board(self.options, self.board_text)

    @property
    def winners(self) -> list[str]:
        if not self.result or not self.result.get("ranking"):
            return []
        return [self.names[seat] for seat in self.result["ranking"][0]]


def insert(db: sqlite3.Connection, match: Match, options: dict[str, Any], extra: dict[str, Any],
           started: str, uid: str, player_ids: Sequence[int | None] | None,
           unnamed_seats: Collection[int], board: tuple[str, str] | None) -> int:
    """A new game's row, its board kept and its seats' players (by ``player_ids``, else found
    or made by the match's names: :meth:`companion.records.store.Store.start`); its id."""
    from companion.records import players as roster

    companions = extra.get("companions")
    cursor = db.execute(
        "INSERT INTO games (game, players, names, options, start_position, extra, started,"
        " uid) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            match.game_id,
            match.players,
            json.dumps(list(match.names)),
            json.dumps(options),
            match.start_position,
            json.dumps(extra),
            started,
            uid,
        ),
    )
    game_id = int(cursor.lastrowid or 0)
    if board is not None:
        kept_boards.keep(db, *board)
    if player_ids is None:
        seats = roster.seat_players(
            db, match.names, companions if isinstance(companions, dict) else None,
            started, unnamed_seats,
        )
    else:
        seats = [None if player_id is None else roster.player_row(db, player_id).id
                 for player_id in player_ids]
    sitting = {seat: player_id for seat, player_id in enumerate(seats)
               if player_id is not None}
    db.executemany(
        "INSERT INTO game_seats (game_id, seat, player_id) VALUES (?, ?, ?)",
        [(game_id, seat, player_id) for seat, player_id in sitting.items()],
    )
    roster.touch(db, list(sitting.values()), started)
    colours = extra.get("colours")
    if isinstance(colours, list):
        roster.take_colours(db, list(sitting.values()),
                            [colours[seat] if seat < len(colours) else None
                             for seat in sitting])
    return game_id


def write_timeline(db: sqlite3.Connection, game_id: int, match: Match, common: int,
                   finished: str | None, results: Sequence[SeatResult]) -> None:
    """The stored inputs from ``common`` on and the undo cursor brought up to ``match``; a
    finished game's result, key and seats' results with them."""
    from companion.records.results import game_key, save_results

    timeline = match.timeline
    outcome = match.outcome
    db.execute("DELETE FROM inputs WHERE game_id = ? AND seq >= ?", (game_id, common))
    db.executemany(
        "INSERT INTO inputs (game_id, seq, line) VALUES (?, ?, ?)",
        [(game_id, seq, timeline[seq]) for seq in range(common, len(timeline))],
    )
    key = None
    if outcome:
        (started,) = db.execute(
            "SELECT started FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        key = game_key(match.game_id, match.players, match.start_position, started,
                       timeline)
    db.execute(
        "UPDATE games SET cursor = ?, status = ?, finished = ?, result = ?, key = ?"
        " WHERE id = ?",
        (
            match.cursor,
            "finished" if outcome else "playing",
            finished,
            json.dumps(outcome.to_json()) if outcome else None,
            key,
            game_id,
        ),
    )
    save_results(db, game_id, results, match.game_id, match.players, finished)


def abandon(db: sqlite3.Connection, game_id: int, finished: str) -> None:
    db.execute("UPDATE games SET status = 'abandoned', finished = ? WHERE id = ?",
               (finished, game_id))


def abandon_playing(db: sqlite3.Connection, finished: str) -> None:
    """Every game still being played becomes abandoned."""
    db.execute("UPDATE games SET status = 'abandoned', finished = ? WHERE status = 'playing'",
               (finished,))


def set_aside(db: sqlite3.Connection, game_id: int) -> None:
    """A game whose inputs no longer replay: kept untouched, listed nowhere."""
    db.execute("UPDATE games SET status = 'unreadable' WHERE id = ?", (game_id,))


def load(connection: sqlite3.Connection, game_id: int) -> StoredGame:
    row = connection.execute(
        f"SELECT {COLUMNS} FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if row is None:
        raise KeyError(f"no game {game_id} in the store")
    return _stored_game(connection, row)


def latest_playing(connection: sqlite3.Connection, game: str | None = None) -> StoredGame | None:
    """The most recent game still being played (of that kind, if given)."""
    query = f"SELECT {COLUMNS} FROM games WHERE status = 'playing'"
    params: tuple[Any, ...] = ()
    if game is not None:
        query += " AND game = ?"
        params = (game,)
    row = connection.execute(query + " ORDER BY id DESC LIMIT 1", params).fetchone()
    return _stored_game(connection, row) if row else None


def finished_games(connection: sqlite3.Connection, limit: int) -> list[StoredGame]:
    rows = connection.execute(
        f"SELECT {COLUMNS} FROM games WHERE status = 'finished'"
        " ORDER BY id DESC LIMIT ?", (limit,)
    ).fetchall()
    return [_stored_game(connection, row) for row in rows]


def past_games(connection: sqlite3.Connection, limit: int) -> list[StoredGame]:
    """The finished games and the games ended early once a move was played, latest first."""
    rows = connection.execute(
        f"SELECT {COLUMNS} FROM games WHERE status = 'finished'"
        " OR (status = 'abandoned' AND cursor > 0)"
        " ORDER BY id DESC LIMIT ?", (limit,)
    ).fetchall()
    return [_stored_game(connection, row) for row in rows]


def seat_player_ids(connection: sqlite3.Connection, game_id: int) -> list[int | None]:
    """The player of every seat of a stored game, in seat order; None for a seat nobody gave
    a name."""
    row = connection.execute(
        "SELECT players FROM games WHERE id = ?", (game_id,)).fetchone()
    sitting = dict(connection.execute(
        "SELECT seat, player_id FROM game_seats WHERE game_id = ?", (game_id,)))
    count = max([int(row[0]) if row else 0, *(seat + 1 for seat in sitting)])
    return [sitting.get(seat) for seat in range(count)]


def _stored_game(connection: sqlite3.Connection, row: Sequence[Any]) -> StoredGame:
    (game_id, game, players, names, options, start_position, extra, started, finished,
     status, cursor, result, uid) = row
    extra_of = json.loads(extra)
    timeline = tuple(
        line
        for (line,) in connection.execute(
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
        extra=extra_of,
        started=started,
        finished=finished,
        status=status,
        cursor=cursor,
        result=json.loads(result) if result else None,
        timeline=timeline,
        uid=uid or "",
        board_text=kept_boards.text_of(connection, extra_of),
    )
