"""The records commands: ``companion stats``, ``export``, ``import``, ``backup``, ``restore``.

Each one works on the store given by ``--store PATH`` (after the command or before it), else
the default one. A bad value, a missing file or a file that fails a check is one plain line on
stderr and exit status 2; nothing here ends in a traceback. ``stats`` prints the figures of the
statistics screen in Czech or English (gettext domain ``records``), or ``--json``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from companion.records import words
from companion.records.players import Player
from companion.records.words import GAME_NAMES

if TYPE_CHECKING:
    from companion.i18n import Translate
    from companion.records.stats import StatsFilter

COMMANDS = ("stats", "export", "import", "backup", "restore")
__all__ = ["COMMANDS", "GAME_NAMES", "CommandError", "add_commands", "run"]


class CommandError(Exception):
    """One plain line for stderr; the command exits with status 2."""


def add_commands(commands: Any) -> None:
    """The records sub-commands on ``companion``'s sub-parsers."""
    store_help = "the SQLite file that keeps every game"
    stats = commands.add_parser("stats", help="who wins what: players, records, head-to-head")
    stats.add_argument("--player", action="append", default=[], metavar="NAME",
                       help="only games this player played (repeatable; two give head-to-head)")
    stats.add_argument("--game", metavar="ID", help=f"one game: {', '.join(GAME_NAMES)}")
    stats.add_argument("--since", metavar="DATE", help="from this day on (YYYY-MM-DD)")
    stats.add_argument("--until", metavar="DATE", help="up to this day (YYYY-MM-DD)")
    stats.add_argument("--json", action="store_true", help="one JSON object, for scripts")
    stats.add_argument("--lang", dest="records_lang", metavar="cs|en", help="language")
    stats.add_argument("--store", dest="records_store", metavar="PATH", help=store_help)

    export = commands.add_parser("export", help="every finished game to a file")
    export.add_argument("--format", dest="fmt", metavar="csv|json|bgstats", default="json",
                        help="csv (one row per seat), json (ours) or bgstats (BG Stats import)")
    export.add_argument("file", help="the file to write")
    export.add_argument("--store", dest="records_store", metavar="PATH", help=store_help)

    load = commands.add_parser("import", help="games from our JSON export (each game once)")
    load.add_argument("file", help="a file written by companion export --format json")
    load.add_argument("--store", dest="records_store", metavar="PATH", help=store_help)

    backup = commands.add_parser("backup", help="a consistent copy of the store, safe while "
                                                "the app runs")
    backup.add_argument("file", help="where the copy goes")
    backup.add_argument("--store", dest="records_store", metavar="PATH", help=store_help)

    restore = commands.add_parser("restore", help="replace the store with a checked copy "
                                                  "(the old one is kept aside)")
    restore.add_argument("file", help="a backup of the store")
    restore.add_argument("--store", dest="records_store", metavar="PATH", help=store_help)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the records command in ``args``; the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    handlers: dict[str, Callable[[argparse.Namespace, TextIO], None]] = {
        "stats": _stats, "export": _export, "import": _import, "backup": _backup,
        "restore": _restore,
    }
    try:
        handlers[args.command](args, out)
    except CommandError as error:
        print(f"error: {error}", file=err)
        return 2
    except sqlite3.DatabaseError as error:  # a damaged file found while reading it
        print(f"error: the games file {_store_path(args)} cannot be read: {error}", file=err)
        return 2
    return 0


# -- the commands ------------------------------------------------------------------------------


def _stats(args: argparse.Namespace, out: TextIO) -> None:
    from companion.records import stats
    from companion.records.stats import GAME_IDS, StatsFilter

    lang = args.records_lang or getattr(args, "lang", None) or "en"
    if lang not in ("cs", "en"):
        raise CommandError(f"--lang {lang!r}: the language is cs or en")
    if args.game is not None and args.game not in GAME_IDS:
        raise CommandError(f"--game {args.game!r}: the games are {', '.join(GAME_IDS)}")
    store = _open_existing(args)
    try:
        players = [_named(store, name) for name in args.player]
        try:
            flt = StatsFilter(game=args.game, since=args.since, until=args.until,
                              players=tuple(dict.fromkeys(p.id for p in players)))
        except ValueError as error:
            raise CommandError(str(error)) from None
        figures: dict[str, Any] = {
            "games": stats.game_count(store, flt),
            "lines": stats.player_lines(store, flt),
            "records": stats.game_records(store, flt),
            "head_to_head": None,
        }
        if len(players) == 2 and players[0].id != players[1].id:
            figures["head_to_head"] = stats.head_to_head(store, players[0].id, players[1].id,
                                                         flt)
    finally:
        store.close()
    if args.json:
        out.write(json.dumps(_stats_json(flt, players, figures), ensure_ascii=False) + "\n")
    else:
        out.write(_stats_text(flt, players, figures, lang))


def _export(args: argparse.Namespace, out: TextIO) -> None:
    from companion.records.export import FORMATS, export_records

    if args.fmt not in FORMATS:
        raise CommandError(f"--format {args.fmt!r}: the formats are {', '.join(FORMATS)}")
    store = _open_existing(args)
    try:
        count = export_records(store, args.fmt, Path(args.file))
    except OSError as error:
        raise CommandError(f"{args.file} cannot be written: {error.strerror or error}") from None
    finally:
        store.close()
    out.write(f"{count} finished games written to {args.file} ({args.fmt})\n")


def _import(args: argparse.Namespace, out: TextIO) -> None:
    from companion.records.export import import_json
    from companion.records.faults import StoreUnwritable

    if not Path(args.file).is_file():
        raise CommandError(f"there is no file {args.file}")
    store = _open(args)
    try:
        report = import_json(store, Path(args.file))
    except (ValueError, StoreUnwritable) as error:
        raise CommandError(str(error)) from None
    except OSError as error:
        raise CommandError(f"{args.file} cannot be read: {error.strerror or error}") from None
    finally:
        store.close()
    out.write(f"{report.added} games added, {report.already_there} already in the store, "
              f"{report.players_added} new players\n")


def _backup(args: argparse.Namespace, out: TextIO) -> None:
    from companion.records.backup import BackupError, backup_store

    try:
        target = backup_store(_store_path(args), Path(args.file))
    except (BackupError, OSError) as error:
        raise CommandError(_plain(error)) from None
    out.write(f"the games file {_store_path(args)} was copied to {target}\n")


def _restore(args: argparse.Namespace, out: TextIO) -> None:
    from companion.records.backup import BackupError, restore_store

    store_path = _store_path(args)
    try:
        aside = restore_store(Path(args.file), store_path)
    except (BackupError, OSError) as error:
        raise CommandError(_plain(error)) from None
    kept = f"; the previous one is kept in {aside}" if aside is not None else ""
    out.write(f"{args.file} is now the games file {store_path}{kept}\n")


# -- stats: text and JSON ----------------------------------------------------------------------


def _stats_text(flt: StatsFilter, players: list[Player], figures: dict[str, Any],
                lang: str) -> str:
    tr = _translator(lang)
    czech = lang == "cs"
    lines = [tr("Finished games: {games}").format(games=figures["games"]) + _filter_words(
        flt, players, tr, czech)]
    lines.append("")
    player_lines = figures["lines"]
    if not player_lines:
        lines.append(tr("No finished games yet."))
        return "\n".join(lines) + "\n"
    headings = (tr("Player"), tr("Games"), tr("Wins"), tr("Win rate"), tr("Streak"),
                tr("Best streak"))
    width = max([len(headings[0])] + [len(_name(line.player, tr)) for line in player_lines])
    numbers = [max(len(heading), 5) for heading in headings[1:]]
    lines.append(headings[0].ljust(width) + "".join(
        "  " + heading.rjust(size) for heading, size in zip(headings[1:], numbers)))
    for line in player_lines:
        values = (str(line.games), str(line.wins), f"{round(line.win_rate * 100)} %",
                  str(line.current_streak), str(line.best_streak))
        lines.append(_name(line.player, tr).ljust(width) + "".join(
            "  " + value.rjust(size) for value, size in zip(values, numbers)))
        per_game = " · ".join(
            tr("{game}: games {games}, wins {wins}").format(
                game=_game_name(game, czech), games=games, wins=wins)
            for game, (games, wins) in line.per_game.items()
        )
        lines.append("  " + per_game)
    records = figures["records"]
    if records:
        lines += ["", tr("Records")]
        for record in records:
            lines.append("  " + tr("{game}, {kind}: {value}, {player} (game {id}, {date})").format(
                game=_game_name(record.game, czech), kind=tr(record.kind), value=record.value,
                player=_name(record.player, tr), id=record.game_id, date=record.finished[:10]))
    duel = figures["head_to_head"]
    if duel is not None:
        a, b = _name(players[0], tr), _name(players[1], tr)
        lines += ["", tr("Head to head: {a} and {b}").format(a=a, b=b)]
        lines.append("  " + tr(
            "games together {games}: {a} better {a_wins}, {b} better {b_wins}, "
            "neither {neither}").format(games=duel.games, a=a, b=b, a_wins=duel.a_wins,
                                        b_wins=duel.b_wins, neither=duel.neither))
    return "\n".join(lines) + "\n"


def _filter_words(flt: StatsFilter, players: list[Player], tr: Translate, czech: bool) -> str:
    parts = []
    if flt.game:
        parts.append(_game_name(flt.game, czech))
    if flt.since:
        parts.append(tr("since {date}").format(date=flt.since))
    if flt.until:
        parts.append(tr("until {date}").format(date=flt.until))
    if players:
        parts.append(tr("with {names}").format(names=", ".join(_name(p, tr) for p in players)))
    return f" ({'; '.join(parts)})" if parts else ""


def _stats_json(flt: StatsFilter, players: list[Player], figures: dict[str, Any]
                ) -> dict[str, Any]:
    def player(p: Player) -> dict[str, Any]:
        return {"id": p.id, "name": p.name, "colour": p.colour, "initial": p.initial,
                "companion_level": p.companion_level}

    duel = figures["head_to_head"]
    return {
        "filter": {"game": flt.game, "since": flt.since, "until": flt.until,
                   "players": [p.name for p in players]},
        "games": figures["games"],
        "players": [
            {"player": player(line.player), "games": line.games, "wins": line.wins,
             "win_rate": round(line.win_rate, 4), "current_streak": line.current_streak,
             "best_streak": line.best_streak,
             "per_game": {game: {"games": games, "wins": wins}
                          for game, (games, wins) in line.per_game.items()}}
            for line in figures["lines"]
        ],
        "records": [
            {"game": r.game, "kind": r.kind, "value": r.value, "player": player(r.player),
             "game_id": r.game_id, "finished": r.finished}
            for r in figures["records"]
        ],
        "head_to_head": None if duel is None else {
            "a": player(players[0]), "b": player(players[1]), "games": duel.games,
            "a_wins": duel.a_wins, "b_wins": duel.b_wins, "neither": duel.neither,
        },
    }


# -- private helpers ---------------------------------------------------------------------------


def _store_path(args: argparse.Namespace) -> Path:
    from companion.records.store import default_store_path

    given = args.records_store or getattr(args, "store", None)
    return Path(given) if given else default_store_path()


def _open(args: argparse.Namespace, check: bool = True) -> Any:
    """The store; ``check=False`` for a command that only reads it (the integrity check reads
    the whole file, slow on a large store; a damaged page is an error when it is read)."""
    from companion.records.store import Store

    store = Store(_store_path(args), check=check)
    for warning in store.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return store


def _open_existing(args: argparse.Namespace) -> Any:
    path = _store_path(args)
    if not path.is_file():
        raise CommandError(f"there is no games file at {path}")
    return _open(args, check=False)


def _named(store: Any, name: str) -> Player:
    try:
        player: Player = store.player_named(name, create=False)
    except (KeyError, ValueError) as error:
        raise CommandError(f"--player {name!r}: {_plain(error)}") from None
    return player


def _translator(lang: str) -> Translate:
    return words.translator(lang)


def _name(player: Player, tr: Translate) -> str:
    return words.player_name(player, tr)


def _game_name(game: str, czech: bool) -> str:
    return words.game_name(game, "cs" if czech else "en")


def _plain(error: BaseException) -> str:
    """A KeyError's message without its quotes; others as they are."""
    if isinstance(error, KeyError) and error.args:
        return str(error.args[0])
    return str(error)
