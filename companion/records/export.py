"""Every finished game out of the store (CSV, our JSON, BG Stats' JSON) and our JSON back in.

- **csv**: one row per seat of every finished game (``docs/records-json.md`` lists the columns);
  UTF-8 with a byte-order mark, so a spreadsheet shows Czech names right.
- **json**: our own format, described in ``docs/records-json.md`` with its JSON Schema
  ``docs/records.schema.json``: the players, and every finished game whole (inputs included), so
  :func:`import_json` can put it into another store exactly.
- **bgstats**: the play file BG Stats imports (``docs/bgstats.md`` says what we followed):
  players, games, plays with date, duration, scores, ranks and winners.

A game is known by its *key* (:func:`companion.results.game_key`: a hash of what cannot change
once it is played), kept with every finished game, so importing the same file twice adds each
game once.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sqlite3
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from companion.records.players import (
    COMPANION_LEVELS,
    PALETTE,
    all_players,
    clean_name,
    find_named,
    initial_of,
)
from companion.records.results import SeatResult, game_key, save_results, winning_seats
from companion.records.stats import GAME_IDS

if TYPE_CHECKING:
    from companion.records.store import Store

FORMAT = "companion-records"
VERSION = 1
FORMATS = ("csv", "json", "bgstats")
CSV_COLUMNS = (
    "game_key", "game_id", "game", "players", "started", "finished", "duration_seconds",
    "reason", "seat", "player", "colour", "companion_level", "rank", "won", "turns",
)
BGSTATS_ABOUT = (
    "This is a Play file that can be read by Board Game Stats. If you see this text, try to "
    "use a share, export or open-in function to open it with Board Game Stats. Written by the "
    "companion, a touchscreen table companion."
)
GAME_NAMES = {
    "quoridor": "Quoridor",
    "pacman": "Quoridor PAC-MAN",
    "crash": "Crash by Crash",
    "patamat": "Pat a Mat závodí",
    "clovece": "Matfyzácké Člověče nezlob se",
}
SCORE_COUNTER = {"crash": "score", "patamat": "flags", "clovece": "goal"}
"""The counter BG Stats gets as a play's score; games not listed have no points there."""
_NAMESPACE = uuid.UUID("5b0c1c52-6f1e-4a59-9f54-0c0b5e7a1d16")


class Records(Protocol):
    """What the export reads: a :class:`companion.store.Store`, or a copy of one opened
    read-only (:func:`companion.backup.copy_to_usb` exports from the backup it just made)."""

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
            "key": self.key, "game": self.game, "players": self.players,
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


@dataclass(frozen=True)
class ImportReport:
    added: int
    already_there: int
    players_added: int


def finished_games(store: Records, with_inputs: bool = True) -> Iterator[GameExport]:
    """Every finished game, oldest first, with its seats and results (and its inputs: the CSV
    and BG Stats exports do without them). A game with a seat nobody gave a name (the
    terminal's "Player 1" without ``--name``) is nobody's record: it is left out."""
    db = store.connection
    unnamed = {game_id for (game_id,) in db.execute(
        "SELECT g.id FROM games g WHERE g.players >"
        " (SELECT COUNT(*) FROM game_seats s WHERE s.game_id = g.id)")}
    players = {pid: name for pid, name in db.execute("SELECT id, name FROM players")}
    seats: dict[int, list[SeatRecord]] = {}
    for game_id, seat, player_id, rank, won, turns, counters in db.execute(
        "SELECT game_id, seat, player_id, rank, won, turns, counters FROM seat_results"
        " ORDER BY game_id, seat"
    ):
        seats.setdefault(game_id, []).append(SeatRecord(
            seat, players[player_id], rank, bool(won), turns, _parsed(counters),
        ))
    inputs = _inputs_of_finished(db) if with_inputs else {}
    for (game_id, game, count, options, start_position, extra, started, finished, cursor,
         result, key) in db.execute(
        """
        SELECT id, game, players, options, start_position, extra, started, finished, cursor,
               result, key
        FROM games WHERE status = 'finished' ORDER BY finished, id
        """
    ):
        if game_id in unnamed:
            continue
        lines = inputs.get(game_id, [])
        if with_inputs and game_key(game, count, start_position, started, lines) != key:
            lines = _inputs_of(db, game_id)  # read one by one: the key is what they give
            key = game_key(game, count, start_position, started, lines)
        elif key is None:
            key = game_key(game, count, start_position, started, _inputs_of(db, game_id))
        outcome = json.loads(result) if result else {}
        yield GameExport(
            id=game_id, key=key, game=game, players=count, options=_parsed(options),
            start_position=start_position, extra=_parsed(extra), started=started,
            finished=finished, cursor=cursor,
            ranking=[list(group) for group in outcome.get("ranking", [])],
            reason=str(outcome.get("reason", "")), inputs=lines,
            seats=seats.get(game_id, []),
        )


def export_records(store: Records, fmt: str, path: Path) -> int:
    """Write every finished game to ``path`` in ``fmt``; returns how many games."""
    if fmt not in FORMATS:
        raise ValueError(f"the format {fmt!r} is not one of {', '.join(FORMATS)}")
    games = list(finished_games(store, with_inputs=False))
    if fmt == "csv":
        text = records_csv(store, games)
        _write_atomically(path, text, encoding="utf-8-sig")
    elif fmt == "json":
        _write_atomically(path, _records_json_text(store, games))
    else:
        _write_atomically(path, _dumps(bgstats_json(store, games)))
    return len(games)


def records_json(store: Records, games: Iterable[GameExport] | None = None) -> dict[str, Any]:
    """Our JSON (``docs/records.schema.json``)."""
    games = list(finished_games(store) if games is None else games)
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported": _now(),
        "players": [
            {"name": p.name, "colour": p.colour, "initial": p.initial,
             "companion_level": p.companion_level}
            for p in sorted(all_players(store.connection, recent_first=False),
                            key=lambda player: player.name.casefold())
        ],
        "games": [game.to_json() for game in games],
    }


def _records_json_text(store: Records, games: list[GameExport]) -> str:
    """:func:`records_json` as text, without handling a million inputs one by one in Python:
    SQLite writes each game's inputs as a JSON array (``json_group_array``), put in place of a
    marker after the rest is encoded."""
    arrays = _input_arrays(store.connection)
    marker = f"inputs-{uuid.uuid4().hex}"
    data = records_json(store, [])
    data["games"] = [{**game.to_json(), "inputs": f"{marker}:{game.id}"} for game in games]
    return re.sub(
        f'"{marker}:(\\d+)"', lambda found: arrays.get(int(found.group(1)), "[]"), _dumps(data)
    )


def _input_arrays(db: sqlite3.Connection) -> dict[int, str]:
    """Game id → its inputs as a JSON array, in order. The aggregate sees the rows in the
    order the query walks them: the (game, seq) index. Should SQLite plan it otherwise (a
    sort), the inputs are read in explicit order instead."""
    query = "SELECT game_id, json_group_array(line) FROM inputs GROUP BY game_id"
    plan = " ".join(str(row[-1]) for row in db.execute("EXPLAIN QUERY PLAN " + query))
    if "USING INDEX sqlite_autoindex_inputs_1" in plan and "TEMP B-TREE" not in plan:
        return dict(db.execute(query).fetchall())
    lines: dict[int, list[str]] = {}
    for game_id, line in db.execute("SELECT game_id, line FROM inputs ORDER BY game_id, seq"):
        lines.setdefault(game_id, []).append(line)
    return {game_id: json.dumps(each, ensure_ascii=False) for game_id, each in lines.items()}


def records_csv(store: Records, games: Iterable[GameExport] | None = None) -> str:
    games = list(finished_games(store) if games is None else games)
    colours = {p.name: (p.colour, p.companion_level or "")
               for p in all_players(store.connection)}
    counter_names = sorted({name for g in games for s in g.seats for name in s.counters})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*CSV_COLUMNS, *counter_names])
    for game in games:
        duration = _seconds_between(game.started, game.finished)
        for seat in game.seats:
            colour, level = colours.get(seat.player, ("", ""))
            writer.writerow([
                game.key, game.id, game.game, game.players, game.started, game.finished,
                duration, game.reason, seat.seat, seat.player, colour, level, seat.rank,
                int(seat.won), "" if seat.turns is None else seat.turns,
                *(seat.counters.get(name, "") for name in counter_names),
            ])
    return out.getvalue()


def bgstats_json(store: Records, games: Iterable[GameExport] | None = None) -> dict[str, Any]:
    """The BG Stats play file (``docs/bgstats.md``, ``docs/bgstats.schema.json``)."""
    games = list(finished_games(store) if games is None else games)
    now = _bgstats_date(_now())
    player_ids: dict[str, int] = {}
    for game in games:
        for seat in game.seats:
            player_ids.setdefault(seat.player, len(player_ids) + 1)
    kinds = sorted({game.game for game in games}, key=lambda g: GAME_IDS.index(g)
                   if g in GAME_IDS else len(GAME_IDS))
    game_ids = {kind: number for number, kind in enumerate(kinds, start=1)}
    teams = {game.game for game in games if game.game == "crash" and game.players == 4}
    return {
        "about": BGSTATS_ABOUT,
        "players": [
            {"uuid": _uuid("player", name), "id": number, "name": name, "isAnonymous": False,
             "modificationDate": now, "bggUsername": ""}
            for name, number in player_ids.items()
        ],
        "locations": [
            {"uuid": _uuid("location", "companion"), "id": 1, "name": "Companion table",
             "modificationDate": now},
        ],
        "games": [
            {"uuid": _uuid("game", kind), "id": number, "name": GAME_NAMES.get(kind, kind),
             "modificationDate": now, "cooperative": False, "highestWins": True,
             "noPoints": kind not in SCORE_COUNTER, "usesTeams": kind in teams,
             "bggId": 0, "bggYear": 0}
            for kind, number in game_ids.items()
        ],
        "plays": [_bgstats_play(game, player_ids, game_ids[game.game], now) for game in games],
    }


def import_json(store: Store, path: Path) -> ImportReport:
    """Read our JSON into the store; a game already there (same key) is left alone.

    ValueError in plain words for a file that is not our JSON; StoreUnwritable when the card
    refuses the write (then nothing is imported).
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except UnicodeDecodeError as error:
        raise ValueError(f"{path} is not a text file ({error.reason})") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path} is not JSON: {error.msg} at line {error.lineno}") from None
    players, games = _checked_file(data, path)

    def write(db: sqlite3.Connection) -> ImportReport:
        known = _existing_keys(db)
        players_before = db.execute("SELECT COUNT(*) FROM players").fetchone()[0]
        ids = {entry["name"].casefold(): _import_player(db, entry) for entry in players}
        added = skipped = 0
        for game in games:
            lines = [str(line) for line in game["inputs"]]
            key = game_key(game["game"], game["players"], game.get("start_position"),
                           game["started"], lines)
            if key in known:
                skipped += 1
                continue
            known.add(key)
            _import_game(db, game, lines, ids, key)
            added += 1
        players_after = db.execute("SELECT COUNT(*) FROM players").fetchone()[0]
        return ImportReport(added, skipped, players_after - players_before)

    return store.write(write)


# -- private helpers ---------------------------------------------------------------------------


def _inputs_of_finished(db: sqlite3.Connection) -> dict[int, list[str]]:
    """Every finished game's inputs, one text per game from SQLite (fast). SQLite does not
    promise the order group_concat joins them in, so :func:`finished_games` checks each game
    against its stored key and reads a game whose key differs input by input."""
    return {
        game_id: text.split("\n")
        for game_id, text in db.execute(
            "SELECT game_id, group_concat(line, char(10)) FROM inputs GROUP BY game_id"
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


def _existing_keys(db: sqlite3.Connection) -> set[str]:
    return {key for (key,) in db.execute("SELECT key FROM games WHERE key IS NOT NULL")}


def _import_player(db: sqlite3.Connection, entry: dict[str, Any]) -> int:
    found = find_named(db, entry["name"])
    if found is not None:
        return found.id
    level = entry.get("companion_level")
    colour = entry.get("colour")
    cursor = db.execute(
        "INSERT INTO players (name, colour, initial, companion_level, created)"
        " VALUES (?, ?, ?, ?, ?)",
        (entry["name"], colour if _is_colour(colour) else PALETTE[0],
         str(entry.get("initial") or initial_of(entry["name"]))[:2],
         level if level in COMPANION_LEVELS else None, _now()),
    )
    return int(cursor.lastrowid or 0)


def _import_game(db: sqlite3.Connection, game: dict[str, Any], lines: list[str],
                 ids: dict[str, int], key: str) -> None:
    seats = sorted(game["seats"], key=lambda seat: seat["seat"])
    names = [seat["player"] for seat in seats]
    cursor = db.execute(
        "INSERT INTO games (game, players, names, options, start_position, extra, started,"
        " finished, status, cursor, result, key)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'finished', ?, ?, ?)",
        (game["game"], game["players"], json.dumps(names), json.dumps(game.get("options", {})),
         game.get("start_position"), json.dumps(game.get("extra", {})), game["started"],
         game["finished"], game.get("cursor", len(lines)),
         json.dumps({"ranking": game["ranking"], "reason": game.get("reason", "")}), key),
    )
    game_id = int(cursor.lastrowid or 0)
    db.executemany(
        "INSERT INTO inputs (game_id, seq, line) VALUES (?, ?, ?)",
        [(game_id, seq, line) for seq, line in enumerate(lines)],
    )
    player_ids = [ids.get(name.casefold()) or _player_for(db, name, ids) for name in names]
    db.executemany(
        "INSERT INTO game_seats (game_id, seat, player_id) VALUES (?, ?, ?)",
        [(game_id, seat["seat"], pid) for seat, pid in zip(seats, player_ids)],
    )
    db.executemany(
        "UPDATE players SET last_played = ? WHERE id = ?"
        " AND (last_played IS NULL OR last_played < ?)",
        [(game["started"], pid, game["started"]) for pid in set(player_ids)],
    )
    ranks = {seat["seat"]: int(seat["rank"]) for seat in seats}
    winners = winning_seats(ranks)
    save_results(db, game_id, [
        SeatResult(seat["seat"], ranks[seat["seat"]], seat["seat"] in winners,
                   seat.get("turns"), {k: int(v) for k, v in seat.get("counters", {}).items()})
        for seat in seats
    ], game["game"], game["players"], game["finished"])


def _player_for(db: sqlite3.Connection, name: str, ids: dict[str, int]) -> int:
    player_id = _import_player(db, {"name": name})
    ids[name.casefold()] = player_id
    return player_id


def _checked_file(data: Any, path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The players and games of our JSON, or ValueError saying what is wrong with it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path} is not a companion records file (format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise ValueError(
            f"{path} has version {data.get('version')!r}; this companion reads version {VERSION}"
        )
    players, games = data.get("players", []), data.get("games")
    if not isinstance(players, list) or not isinstance(games, list):
        raise ValueError(f"{path}: 'players' and 'games' must be lists")
    for number, entry in enumerate(players, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise ValueError(f"{path}: player {number} has no name")
        try:
            entry["name"] = clean_name(entry["name"])
        except ValueError as error:
            raise ValueError(f"{path}: player {number}: {error}") from None
    for number, game in enumerate(games, start=1):
        problem = _game_problem(game)
        if problem:
            raise ValueError(f"{path}: game {number}: {problem}")
        for seat in game["seats"]:
            try:
                seat["player"] = clean_name(seat["player"])
            except ValueError as error:
                raise ValueError(f"{path}: game {number}: {error}") from None
    return players, games


def _game_problem(game: Any) -> str:
    if not isinstance(game, dict):
        return "is not an object"
    wanted = {"game": str, "players": int, "started": str, "finished": str, "inputs": list,
              "seats": list, "ranking": list}
    for name, kind in wanted.items():
        if not isinstance(game.get(name), kind):
            return f"{name!r} is missing or not a {kind.__name__}"
    if game["game"] not in GAME_IDS:
        return f"the game {game['game']!r} is not one this companion knows"
    if not all(isinstance(line, str) and line for line in game["inputs"]):
        return "'inputs' must be a list of lines"
    if not isinstance(game.get("options", {}), dict) or not isinstance(game.get("extra", {}),
                                                                       dict):
        return "'options' and 'extra' must be objects"
    if not isinstance(game.get("start_position"), (str, type(None))):
        return "'start_position' must be a position or null"
    cursor = game.get("cursor", len(game["inputs"]))
    if not isinstance(cursor, int) or not 0 <= cursor <= len(game["inputs"]):
        return "'cursor' must count some of the inputs"
    ranked = [seat for group in game["ranking"] if isinstance(group, list) for seat in group]
    if not all(isinstance(group, list) and group for group in game["ranking"]) or not all(
        isinstance(seat, int) and 0 <= seat < game["players"] for seat in ranked
    ) or len(ranked) != len(set(ranked)):
        return "'ranking' must list seats of this game, best first, each once"
    seats = game["seats"]
    if len(seats) != game["players"]:
        return f"it has {len(seats)} seats for {game['players']} players"
    for seat in seats:
        if not isinstance(seat, dict) or not isinstance(seat.get("seat"), int) \
                or not isinstance(seat.get("player"), str) or not seat["player"].strip() \
                or not isinstance(seat.get("rank"), int):
            return "every seat needs 'seat' (a number), 'player' (a name) and 'rank' (a number)"
        if not isinstance(seat.get("turns"), (int, type(None))):
            return "a seat's 'turns' must be a whole number or null"
        counters = seat.get("counters", {})
        if not isinstance(counters, dict) or not all(
            isinstance(value, int) for value in counters.values()
        ):
            return "a seat's 'counters' must map names to whole numbers"
    if sorted(seat["seat"] for seat in seats) != list(range(game["players"])):
        return "its seats must be numbered 0 to players - 1"
    return ""


def _bgstats_play(game: GameExport, player_ids: dict[str, int], game_ref: int,
                  now: str) -> dict[str, Any]:
    counter = SCORE_COUNTER.get(game.game)
    uses_teams = game.game == "crash" and game.players == 4
    scores = []
    for seat in game.seats:
        entry: dict[str, Any] = {
            "playerRefId": player_ids[seat.player], "winner": seat.won, "rank": seat.rank,
            "seatOrder": seat.seat + 1, "startPlayer": seat.seat == 0, "newPlayer": False,
        }
        if counter is not None and counter in seat.counters:
            entry["score"] = str(seat.counters[counter])
        if uses_teams:
            entry["team"] = str(seat.seat % 2 + 1)
        scores.append(entry)
    return {
        "uuid": _uuid("play", game.key),
        "modificationDate": now,
        "entryDate": _bgstats_date(game.finished),
        "playDate": _bgstats_date(game.started),
        "durationMin": max(1, (_seconds_between(game.started, game.finished) + 30) // 60),
        "usesTeams": uses_teams,
        "ignored": False,
        "manualWinner": False,
        "rounds": 0,
        "locationRefId": 1,
        "gameRefId": game_ref,
        "rating": 0,
        "scoringSetting": 0,
        "playerScores": scores,
    }


def _bgstats_date(iso: str) -> str:
    """BG Stats writes local time as ``YYYY-MM-DD HH:MM:SS``."""
    moment = datetime.fromisoformat(iso)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _uuid(kind: str, name: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, f"{kind}:{name}")).upper()


def _seconds_between(started: str, finished: str) -> int:
    try:
        delta = datetime.fromisoformat(finished) - datetime.fromisoformat(started)
    except (TypeError, ValueError):
        return 0
    return max(0, round(delta.total_seconds()))


def _is_colour(value: Any) -> bool:
    return (isinstance(value, str) and len(value) == 7 and value.startswith("#")
            and all(c in "0123456789abcdefABCDEF" for c in value[1:]))


def _dumps(data: Any) -> str:
    """Compact JSON (no indent: the C encoder writes 10,000 games in a fraction of a second)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def _write_atomically(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write a whole file or nothing: a temporary file beside it, flushed, then renamed."""
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding=encoding, newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
