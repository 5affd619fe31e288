"""The finished games as they leave the store: what every export and the BG Stats link read.

A game is known by its *uid* (``games.uid``: a random UUID given when it started; a game stored
before schema 3 has its content key as its uid, see :mod:`companion.records.schema`) and also
carries its content *key* (:func:`companion.records.results.game_key`), by which an export
written before uids existed is recognised.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol

from companion.records.results import game_key


class Records(Protocol):
    """What the export reads: a :class:`companion.records.store.Store`, or a copy of one opened
    read-only (:func:`companion.records.backup.copy_to_usb` exports from the backup it made)."""

    @property
    def connection(self) -> sqlite3.Connection: ...


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    player: str
    rank: int
    won: bool
    turns: int | None
    counters: dict[str, int]


@dataclass(frozen=True)
class GameExport:
    """One finished game as it leaves the store."""

    id: int
    uid: str
    key: str
    game: str
    players: int
    options: dict[str, Any]
    start_position: str | None
    extra: dict[str, Any]
    started: str
    finished: str
    cursor: int
    ranking: list[list[int]]
    reason: str
    inputs: list[str]
    seats: list[SeatRecord]

    def to_json(self) -> dict[str, Any]:
        return {
            "uid": self.uid, "key": self.key, "game": self.game, "players": self.players,
            "options": self.options, "start_position": self.start_position,
            "extra": self.extra, "started": self.started, "finished": self.finished,
            "ranking": self.ranking, "reason": self.reason, "cursor": self.cursor,
            "inputs": self.inputs,
            "seats": [
                {"seat": s.seat, "player": s.player, "rank": s.rank, "won": s.won,
                 "turns": s.turns, "counters": s.counters}
                for s in self.seats
            ],
        }

    @property
    def duration_seconds(self) -> int:
        return seconds_between(self.started, self.finished)


def finished_games(store: Records, with_inputs: bool = True,
                   game_id: int | None = None) -> Iterator[GameExport]:
    """Every finished game (or the one ``game_id``), oldest first, with its seats and results
    (and its inputs: the CSV and BG Stats exports do without them). A game with a seat nobody
    gave a name (the terminal's "Player 1" without ``--name``) is nobody's record: it is left
    out."""
    db = store.connection
    only = "" if game_id is None else " AND game_id = ?"
    only_params: tuple[int, ...] = () if game_id is None else (game_id,)
    unnamed = {found_id for (found_id,) in db.execute(
        "SELECT g.id FROM games g WHERE g.status = 'finished' AND g.players >"
        " (SELECT COUNT(*) FROM game_seats s WHERE s.game_id = g.id)"
        + only.replace("game_id", "g.id"), only_params)}
    players = {pid: name for pid, name in db.execute("SELECT id, name FROM players")}
    seats: dict[int, list[SeatRecord]] = {}
    for found_id, seat, player_id, rank, won, turns, counters in db.execute(
        "SELECT game_id, seat, player_id, rank, won, turns, counters FROM seat_results"
        f" WHERE 1{only} ORDER BY game_id, seat", only_params
    ):
        seats.setdefault(found_id, []).append(SeatRecord(
            seat, players[player_id], rank, bool(won), turns, _parsed(counters),
        ))
    inputs = _inputs_of_finished(db, only, only_params) if with_inputs else {}
    for (found_id, game, count, options, start_position, extra, started, finished, cursor,
         result, key, uid) in db.execute(
        f"""
        SELECT id, game, players, options, start_position, extra, started, finished, cursor,
               result, key, uid
        FROM games WHERE status = 'finished'{only.replace('game_id', 'id')}
        ORDER BY finished, id
        """, only_params
    ):
        if found_id in unnamed:
            continue
        lines = inputs.get(found_id, [])
        if with_inputs and game_key(game, count, start_position, started, lines) != key:
            lines = _inputs_of(db, found_id)  # read one by one: the key is what they give
            key = game_key(game, count, start_position, started, lines)
        elif key is None:
            key = game_key(game, count, start_position, started, _inputs_of(db, found_id))
        outcome = json.loads(result) if result else {}
        yield GameExport(
            id=found_id, uid=uid or key, key=key, game=game, players=count,
            options=_parsed(options), start_position=start_position, extra=_parsed(extra),
            started=started, finished=finished, cursor=cursor,
            ranking=[list(group) for group in outcome.get("ranking", [])],
            reason=str(outcome.get("reason", "")), inputs=lines,
            seats=seats.get(found_id, []),
        )


def finished_game(store: Records, game_id: int) -> GameExport:
    """The finished game ``game_id``; KeyError in plain words when there is none (or it was
    not finished)."""
    for game in finished_games(store, with_inputs=False, game_id=game_id):
        return game
    raise KeyError(f"there is no finished game {game_id} in the store")


def game_id_of(store: Records, uid: str) -> int:
    """The stored id of the game whose uid is ``uid``; KeyError when there is none."""
    row = store.connection.execute("SELECT id FROM games WHERE uid = ?", (uid,)).fetchone()
    if row is None:
        raise KeyError(f"there is no game {uid!r} in the store")
    return int(row[0])


def uid_of(store: Records, game_id: int) -> str:
    """The uid of the stored game ``game_id``; KeyError when there is none."""
    row = store.connection.execute("SELECT uid FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None or not row[0]:
        raise KeyError(f"there is no game {game_id} in the store")
    return str(row[0])


def seconds_between(started: str, finished: str) -> int:
    try:
        delta = datetime.fromisoformat(finished) - datetime.fromisoformat(started)
    except (TypeError, ValueError):
        return 0
    return max(0, round(delta.total_seconds()))


def _inputs_of_finished(db: sqlite3.Connection, only: str, params: tuple[int, ...]
                        ) -> dict[int, list[str]]:
    """Every finished game's inputs, one text per game from SQLite (fast). SQLite does not
    promise the order group_concat joins them in, so :func:`finished_games` checks each game
    against its stored key and reads a game whose key differs input by input."""
    return {
        game_id: text.split("\n")
        for game_id, text in db.execute(
            "SELECT game_id, group_concat(line, char(10)) FROM inputs"
            f" WHERE 1{only} GROUP BY game_id", params
        )
    }


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Any:
    """A stored JSON object; the same text (most games' options, many final counters) is parsed
    once, and the objects are shared: the export only reads them."""
    return json.loads(text)


def _inputs_of(db: sqlite3.Connection, game_id: int) -> list[str]:
    return [line for (line,) in db.execute(
        "SELECT line FROM inputs WHERE game_id = ? ORDER BY seq", (game_id,))]
