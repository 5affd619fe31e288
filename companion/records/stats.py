"""Who wins what: the figures of the statistics screen and of ``companion stats``.

SQL over the finished games' results (``seat_results``: one row per seat with its player, the
game's kind, size and finishing time; indexed for these queries); no game is replayed. A player
*won* a game when one of their seats was ranked first and not every seat was (a game where
every seat shares the first place is a draw: played, not won). Dates are the games' finishing
times in UTC; ``since`` and ``until`` are ISO dates, both included.

A filter's ``players`` keeps the games in which every one of them sat, and the figures of those
players only (player lines, wins per game, records).
"""

from __future__ import annotations

import json
import weakref
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from companion.records.players import Player, all_players

if TYPE_CHECKING:
    import sqlite3

    from companion.records.store import Store

GAME_IDS = ("quoridor", "pacman", "crash", "patamat", "clovece")
"""The games the records know (the registry's ids; a test checks they agree)."""
PACMAN_SEAT = 0
BUCKETS = ("day", "week", "month", "year")
_PLAYED: weakref.WeakKeyDictionary[Any, tuple[Any, dict[int, list[tuple[str, int]]]]] = (
    weakref.WeakKeyDictionary()
)


@dataclass(frozen=True)
class StatsFilter:
    game: str | None = None
    since: str | None = None
    until: str | None = None
    players: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for name in ("since", "until"):
            value = getattr(self, name)
            if value is not None:
                try:
                    date.fromisoformat(value)
                except (TypeError, ValueError):
                    raise ValueError(
                        f"{name} {value!r} is not a date written YYYY-MM-DD"
                    ) from None
        if self.since and self.until and self.since > self.until:
            raise ValueError(f"since {self.since} comes after until {self.until}")


@dataclass(frozen=True)
class PlayerLine:
    player: Player
    games: int
    wins: int
    win_rate: float
    current_streak: int
    best_streak: int
    per_game: dict[str, tuple[int, int]] = field(default_factory=dict)
    """game id → (games, wins)"""


@dataclass(frozen=True)
class HeadToHead:
    games: int
    a_wins: int
    b_wins: int
    neither: int


@dataclass(frozen=True)
class GameRecord:
    game: str
    kind: str
    value: int
    player: Player
    game_id: int
    finished: str


@dataclass(frozen=True)
class TimelineEntry:
    game_id: int
    game: str
    finished: str
    duration_seconds: int
    winners: tuple[str, ...]
    seats: tuple[str, ...]
    started: str = ""
    reason: str = ""
    players: tuple[Player, ...] = ()


@dataclass(frozen=True)
class RecordKind:
    """One record of a game: the value per seat (SQL), better when lower or higher, and which
    seats count."""

    game: str
    kind: str
    value: str
    lower_is_better: bool
    condition: str


RECORD_KINDS = (
    RecordKind("quoridor", "Fewest moves to win (2 players)", "r.turns", True,
               "r.won = 1 AND r.players = 2"),
    RecordKind("quoridor", "Fewest moves to win (4 players)", "r.turns", True,
               "r.won = 1 AND r.players = 4"),
    RecordKind("pacman", "Most dots eaten as PAC-MAN", "json_extract(r.counters, '$.dots')",
               False, f"r.seat = {PACMAN_SEAT}"),
    RecordKind("pacman", "Best rank as PAC-MAN", "r.rank", True, f"r.seat = {PACMAN_SEAT}"),
    RecordKind("crash", "Most points", "json_extract(r.counters, '$.score')", False, "1"),
    RecordKind("patamat", "Most flags", "json_extract(r.counters, '$.flags')", False, "1"),
    RecordKind("clovece", "Fastest finish (fewest turns)", "r.turns", True, "r.won = 1"),
)


def game_count(store: Store, flt: StatsFilter = StatsFilter()) -> int:
    """How many finished games the filter keeps."""
    where, params = _results_where(flt)
    row = store.connection.execute(
        f"SELECT COUNT(*) FROM seat_results r WHERE r.seat = 0 AND {where}", params)
    return int(row.fetchone()[0])


def player_lines(store: Store, flt: StatsFilter = StatsFilter()) -> list[PlayerLine]:
    """Per player: games, wins, win rate, streaks and per game; most wins first."""
    known = _players_by_id(store.connection)
    lines = []
    for player_id, played in _played(store, flt).items():
        # Counted in C, not row by row in Python (the command's time on a large store): a
        # count per (game, won) pair, and the streaks as runs of 1s in a byte per game.
        per_game: dict[str, list[int]] = {}
        for (game, won), times in Counter(played).items():
            counts = per_game.setdefault(game, [0, 0])
            counts[0] += times
            counts[1] += won * times
        outcomes = bytes(map(bool, map(itemgetter(1), played)))
        current = len(outcomes) - len(outcomes.rstrip(b"\x01"))
        best = max(map(len, outcomes.split(b"\x00")))
        wins = sum(map(itemgetter(1), played))
        lines.append(PlayerLine(
            player=known[player_id], games=len(played), wins=wins,
            win_rate=wins / len(played), current_streak=current, best_streak=best,
            per_game={game: (n, w) for game, (n, w) in sorted(per_game.items())},
        ))
    lines.sort(key=lambda line: (-line.wins, -line.win_rate, -line.games,
                                 line.player.name.casefold()))
    return lines


def wins_per_game(store: Store, flt: StatsFilter = StatsFilter()) -> dict[int, dict[str, int]]:
    """Player id → game id → wins (every game the player played, 0 included): the bars."""
    result: dict[int, dict[str, int]] = {}
    for player_id, played in _played(store, flt).items():
        wins = result[player_id] = {}
        for (game, won), times in Counter(played).items():  # games in the order first played
            wins[game] = wins.get(game, 0) + won * times
    return result


def head_to_head(
    store: Store, a_id: int, b_id: int, flt: StatsFilter = StatsFilter()
) -> HeadToHead:
    """The games both played: how often each ranked better than the other."""
    a, b = store.player(a_id).id, store.player(b_id).id
    where, params = _results_where(flt)
    row = store.connection.execute(
        f"""
        WITH ranks AS (
            SELECT r.game_id,
                   MIN(CASE WHEN r.player_id = ? THEN r.rank END) AS a_rank,
                   MIN(CASE WHEN r.player_id = ? THEN r.rank END) AS b_rank
            FROM seat_results r
            WHERE r.player_id IN (?, ?) AND {where}
            GROUP BY r.game_id
        )
        SELECT COUNT(*), COALESCE(SUM(a_rank < b_rank), 0), COALESCE(SUM(b_rank < a_rank), 0)
        FROM ranks WHERE a_rank IS NOT NULL AND b_rank IS NOT NULL
        """,
        (a, b, a, b, *params),
    ).fetchone()
    games, a_wins, b_wins = (int(value) for value in row)
    return HeadToHead(games, a_wins, b_wins, games - a_wins - b_wins)


def game_records(store: Store, flt: StatsFilter = StatsFilter()) -> list[GameRecord]:
    """Each game's records; the first to reach a value holds it."""
    db = store.connection
    known = _players_by_id(db)
    where, params = _results_where(flt)
    only, extra = _only_players(flt)
    records = []
    for spec in RECORD_KINDS:
        if flt.game is not None and flt.game != spec.game:
            continue
        order = "ASC" if spec.lower_is_better else "DESC"
        # "+": one pass over the results, not a lookup of each of the game's rows through
        # seat_results_by_game (faster on a large store; a game filter still uses the index)
        row = db.execute(
            f"""
            SELECT {spec.value} AS value, r.player_id, r.game_id, r.finished
            FROM seat_results r
            WHERE +r.game = ? AND ({spec.condition}) AND {spec.value} IS NOT NULL
                  AND {where}{only}
            ORDER BY value {order}, r.finished, r.game_id, r.seat
            LIMIT 1
            """,
            (spec.game, *params, *extra),
        ).fetchone()
        if row is not None:
            value, player_id, game_id, finished = row
            records.append(GameRecord(spec.game, spec.kind, int(value), known[player_id],
                                      game_id, finished))
    return records


def results_over_time(
    store: Store, player_id: int, flt: StatsFilter = StatsFilter(), bucket: str = "month"
) -> list[tuple[str, int, int]]:
    """(period, games, wins) of one player, oldest first; only periods with games."""
    label = {
        "day": "substr(r.finished, 1, 10)",
        "week": "strftime('%Y-W%W', r.finished)",
        "month": "substr(r.finished, 1, 7)",
        "year": "substr(r.finished, 1, 4)",
    }.get(bucket)
    if label is None:
        raise ValueError(f"bucket {bucket!r} is not one of {', '.join(BUCKETS)}")
    player = store.player(player_id).id
    where, params = _results_where(flt)
    rows = store.connection.execute(
        f"""
        SELECT label, COUNT(*), SUM(won) FROM (
            SELECT {label} AS label, r.game_id, MAX(r.won) AS won
            FROM seat_results r
            WHERE r.player_id = ? AND {where}
            GROUP BY r.game_id
        )
        GROUP BY label ORDER BY label
        """,
        (player, *params),
    )
    return [(str(period), int(games), int(wins)) for period, games, wins in rows]


def timeline(
    store: Store, flt: StatsFilter = StatsFilter(), limit: int = 50
) -> list[TimelineEntry]:
    """The latest finished games, newest first."""
    db = store.connection
    known = _players_by_id(db)
    where, params = _games_where(flt)
    games = db.execute(
        f"""
        SELECT g.id, g.game, g.started, g.finished, g.result,
               CAST(ROUND((julianday(g.finished) - julianday(g.started)) * 86400) AS INTEGER)
        FROM games g WHERE {where}
        ORDER BY g.finished DESC, g.id DESC LIMIT ?
        """,
        (*params, limit),
    ).fetchall()
    seats: dict[int, list[tuple[Player, bool]]] = {}
    ids = [row[0] for row in games]
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        for game_id, player_id, won in db.execute(
            f"""
            SELECT s.game_id, s.player_id, COALESCE(r.won, 0) FROM game_seats s
            LEFT JOIN seat_results r ON r.game_id = s.game_id AND r.seat = s.seat
            WHERE s.game_id IN ({', '.join('?' * len(chunk))}) ORDER BY s.game_id, s.seat
            """,
            chunk,
        ):
            seats.setdefault(game_id, []).append((known[player_id], bool(won)))
    entries = []
    for game_id, game, started, finished, result, duration in games:
        sitting = seats.get(game_id, [])
        entries.append(TimelineEntry(
            game_id=game_id, game=game, finished=finished,
            duration_seconds=max(0, int(duration or 0)),
            winners=tuple(player.name for player, won in sitting if won),
            seats=tuple(player.name for player, _ in sitting),
            started=started, reason=_reason(result),
            players=tuple(player for player, _ in sitting),
        ))
    return entries


# -- private helpers ---------------------------------------------------------------------------


def _games_where(flt: StatsFilter) -> tuple[str, list[Any]]:
    """The SQL condition on ``games g`` for the filter, with its parameters."""
    return _where(
        flt, "g", "g.status = 'finished'",
        "EXISTS (SELECT 1 FROM game_seats f WHERE f.game_id = g.id AND f.player_id = ?)",
    )


def _played(store: Store, flt: StatsFilter) -> dict[int, list[tuple[str, int]]]:
    """:func:`_played_by_player`, kept while the store is unchanged: the screen asks for the
    lines and the bars of the same filter one after the other. (Not to be changed: shared.)"""
    db = store.connection
    stamp = (flt, db.total_changes, db.execute("PRAGMA data_version").fetchone()[0])
    cached = _PLAYED.get(store)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    played = _played_by_player(db, flt)
    _PLAYED[store] = (stamp, played)
    return played


def _played_by_player(
    db: sqlite3.Connection, flt: StatsFilter
) -> dict[int, list[tuple[str, int]]]:
    """Player id → (game id, won 0/1) of each game the filter keeps, in the order they finished
    (one scan of ``seat_results_by_player``; a player in two seats of a game counts once)."""
    where, params = _results_where(flt)
    only, extra = _only_players(flt)
    played: dict[int, list[tuple[str, int]]] = {}
    last_player = last_game = -1
    rows: list[tuple[str, int]] = []
    for player_id, game, game_id, won in db.execute(
        f"""
        SELECT r.player_id, r.game, r.game_id, r.won FROM seat_results r
        WHERE {where}{only}
        ORDER BY r.player_id, r.finished, r.game_id
        """,
        (*params, *extra),
    ):
        if player_id != last_player:
            rows = played.setdefault(player_id, [])
            last_player, last_game = player_id, -1
        if game_id == last_game:  # the same player's other seat in this game
            rows[-1] = (game, max(won, rows[-1][1]))
            continue
        rows.append((game, won))
        last_game = game_id
    return played


def _results_where(flt: StatsFilter) -> tuple[str, list[Any]]:
    """The SQL condition on ``seat_results r`` for the filter, with its parameters."""
    return _where(
        flt, "r", "1",
        # "+": look the game's seats up by its key, not the player's whole history
        "EXISTS (SELECT 1 FROM seat_results f WHERE f.game_id = r.game_id AND +f.player_id = ?)",
    )


def _where(flt: StatsFilter, table: str, first: str, seated: str) -> tuple[str, list[Any]]:
    """The filter as one SQL condition on the ``game`` and ``finished`` of the rows of
    ``table`` (an alias), with its parameters: ``first``, the game, the dates, then ``seated``
    (one ``?``, the player's id) for each player of the filter."""
    clauses = [first]
    params: list[Any] = []
    if flt.game is not None:
        clauses.append(f"{table}.game = ?")
        params.append(flt.game)
    if flt.since is not None:
        clauses.append(f"{table}.finished >= ?")
        params.append(flt.since)
    if flt.until is not None:
        clauses.append(f"{table}.finished < ?")
        params.append(_day_after(flt.until))
    for player_id in flt.players:
        clauses.append(seated)
        params.append(player_id)
    return " AND ".join(clauses), params


def _only_players(flt: StatsFilter) -> tuple[str, Sequence[int]]:
    if not flt.players:
        return "", ()
    return f" AND r.player_id IN ({', '.join('?' * len(flt.players))})", flt.players


def _day_after(day: str) -> str:
    return (date.fromisoformat(day) + timedelta(days=1)).isoformat()


def _players_by_id(db: sqlite3.Connection) -> dict[int, Player]:
    """Every player record, merged ones too (their seats moved, but a stale id still reads)."""
    known = {player.id: player for player in all_players(db, recent_first=False)}
    for row in db.execute(
        "SELECT id, name, colour, initial, companion_level FROM players"
        " WHERE merged_into IS NOT NULL"
    ):
        known.setdefault(row[0], Player(*row))
    return known


def _reason(result: str | None) -> str:
    if not result:
        return ""
    try:
        reason = json.loads(result).get("reason", "")
    except (ValueError, AttributeError):
        return ""
    return str(reason)
