"""Every finished game out of the store (CSV, our JSON, BG Stats' JSON) and our JSON back in.

- **csv**: one row per seat of every finished game (``docs/records-json.md`` lists the columns);
  UTF-8 with a byte-order mark, so a spreadsheet shows Czech names right.
- **json**: our own format, described in ``docs/records-json.md`` with its JSON Schema
  ``docs/records.schema.json``: the players, and every finished game whole (inputs included), so
  :func:`import_json` can put it into another store exactly.
- **bgstats**: the play file BG Stats imports (:mod:`companion.records.bgstats`).

A game is known by its *uid* (random, given when it started; see
:mod:`companion.records.finished`), kept with every game and written into every export, so
importing the same file twice adds each game once, and two games with the same inputs started
in the same second stay two games. A file written before uids existed (version 1) has none: its
games are known by their content key (:func:`companion.records.results.game_key`), which the
store keeps with every finished game.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.records import boards as kept_boards
from companion.records.bgstats import bgstats_json
from companion.records.finished import GameExport, Records, finished_games
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
from companion.whole_files import write_whole

if TYPE_CHECKING:
    from companion.records.store import Store

__all__ = ["ENCODINGS", "FORMATS", "GameExport", "ImportReport", "export_records",
           "export_text", "finished_games", "import_json", "records_csv", "records_json"]
FORMAT = "companion-records"
VERSION = 2
"""What we write. Version 2 added every game's ``uid``; version 1 files are read as well."""
READABLE_VERSIONS = (1, VERSION)
FORMATS = ("csv", "json", "bgstats")
ENCODINGS = {"csv": "utf-8-sig", "json": "utf-8", "bgstats": "utf-8"}
"""How each format is written: the CSV with a byte-order mark (a spreadsheet reads UTF-8)."""
CSV_COLUMNS = (
    "game_uid", "game_key", "game_id", "game", "players", "started", "finished",
    "duration_seconds", "reason", "seat", "player", "colour", "companion_level", "rank", "won",
    "turns",
)
_UID_LENGTH = 64


@dataclass(frozen=True)
class ImportReport:
    added: int
    already_there: int
    players_added: int


def export_records(store: Records, fmt: str, path: Path) -> int:
    """Write every finished game to ``path`` in ``fmt``; returns how many games."""
    text, count = export_text(store, fmt)
    write_whole(path, text, encoding=ENCODINGS[fmt], newline="")
    return count


def export_text(store: Records, fmt: str) -> tuple[str, int]:
    """Every finished game in ``fmt`` as text (to be written in ``ENCODINGS[fmt]``), and how
    many games. ValueError for another format."""
    if fmt not in FORMATS:
        raise ValueError(f"the format {fmt!r} is not one of {', '.join(FORMATS)}")
    games = list(finished_games(store, with_inputs=False))
    if fmt == "csv":
        return records_csv(store, games), len(games)
    if fmt == "json":
        return _records_json_text(store, games), len(games)
    return _dumps(bgstats_json(store, games)), len(games)


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
        "boards": _boards_of(store, games),
    }


def _records_json_text(store: Records, games: list[GameExport]) -> str:
    """:func:`records_json` as text, without handling a million inputs one by one in Python:
    SQLite writes each game's inputs as a JSON array (``json_group_array``), put in place of a
    marker after the rest is encoded."""
    arrays = _input_arrays(store.connection)
    marker = f"inputs-{uuid.uuid4().hex}"
    data = records_json(store, [])
    data["games"] = [{**game.to_json(), "inputs": f"{marker}:{game.id}"} for game in games]
    data["boards"] = _boards_of(store, games)
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
        duration = game.duration_seconds
        for seat in game.seats:
            colour, level = colours.get(seat.player, ("", ""))
            writer.writerow([
                game.uid, game.key, game.id, game.game, game.players, game.started, game.finished,
                duration, game.reason, seat.seat, seat.player, colour, level, seat.rank,
                int(seat.won), "" if seat.turns is None else seat.turns,
                *(seat.counters.get(name, "") for name in counter_names),
            ])
    return out.getvalue()


def import_json(store: Store, path: Path) -> ImportReport:
    """Read our JSON into the store; a game already there (the same uid; a game of a file
    without uids: the same content key) is left alone.

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
    boards = _checked_boards(data.get("boards", {}), path)

    def write(db: sqlite3.Connection) -> ImportReport:
        kept_boards.take_in(db, boards)
        uids = {uid for (uid,) in db.execute("SELECT uid FROM games WHERE uid IS NOT NULL")}
        keys = {key for (key,) in db.execute("SELECT key FROM games WHERE key IS NOT NULL")}
        players_before = db.execute("SELECT COUNT(*) FROM players").fetchone()[0]
        ids = {entry["name"].casefold(): _import_player(db, entry) for entry in players}
        added = skipped = 0
        for game in games:
            lines = [str(line) for line in game["inputs"]]
            key = game_key(game["game"], game["players"], game.get("start_position"),
                           game["started"], lines)
            uid = game.get("uid")
            if uid is None:  # a file from before uids: the content key is all it has
                known = key in keys or key in uids
                uid = key
            else:
                known = uid in uids
            if known:
                skipped += 1
                continue
            uids.add(uid)
            keys.add(key)
            _import_game(db, game, lines, ids, key, uid)
            added += 1
        players_after = db.execute("SELECT COUNT(*) FROM players").fetchone()[0]
        return ImportReport(added, skipped, players_after - players_before)

    return store.write(write)


# -- private helpers ---------------------------------------------------------------------------


def _boards_of(store: Records, games: Iterable[GameExport]) -> dict[str, str]:
    """Hash → text of the boards the games were played on (a game keeps its board)."""
    shas = [sha for game in games
            if isinstance(sha := game.extra.get(kept_boards.BOARD_KEY), str)]
    if not shas:
        return {}
    try:
        return kept_boards.texts_of(store.connection, shas)
    except sqlite3.OperationalError:  # a copy of a store from before boards were kept
        return {}


def _checked_boards(boards: Any, path: Path) -> dict[str, str]:
    if not isinstance(boards, dict) or not all(
        isinstance(sha, str) and isinstance(text, str) for sha, text in boards.items()
    ):
        raise ValueError(f"{path}: 'boards' must map each board's hash to its file's text")
    return boards


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
                 ids: dict[str, int], key: str, uid: str) -> None:
    seats = sorted(game["seats"], key=lambda seat: seat["seat"])
    names = [seat["player"] for seat in seats]
    cursor = db.execute(
        "INSERT INTO games (game, players, names, options, start_position, extra, started,"
        " finished, status, cursor, result, key, uid)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?)",
        (game["game"], game["players"], json.dumps(names), json.dumps(game.get("options", {})),
         game.get("start_position"), json.dumps(game.get("extra", {})), game["started"],
         game["finished"], game.get("cursor", len(lines)),
         json.dumps({"ranking": game["ranking"], "reason": game.get("reason", "")}), key, uid),
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
    if data.get("version") not in READABLE_VERSIONS:
        raise ValueError(
            f"{path} has version {data.get('version')!r}; this companion reads versions "
            f"{', '.join(map(str, READABLE_VERSIONS))}"
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
    uid = game.get("uid")
    if uid is not None and not (isinstance(uid, str) and 0 < len(uid.strip()) == len(uid)
                                <= _UID_LENGTH):
        return f"'uid' must be the game's identity: a text of 1 to {_UID_LENGTH} characters"
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


def _is_colour(value: Any) -> bool:
    return (isinstance(value, str) and len(value) == 7 and value.startswith("#")
            and all(c in "0123456789abcdefABCDEF" for c in value[1:]))


def _dumps(data: Any) -> str:
    """Compact JSON (no indent: the C encoder writes 10,000 games in a fraction of a second)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
