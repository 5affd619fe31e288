"""``companion board list|check|import|export``: the Pat a Mat boards from the terminal.

* ``list``: every board: its name, fields, title, whether it comes with the app and whether an
  unfinished game is played on it (the store says: ``--store PATH``, else the default one).
* ``check FILE``: the checker's sentences (exit status 1) or ``OK`` (0).
* ``import FILE [--title T] [--lang cs|en]``: the file checked first: refused, why in the
  players' words (the rule small at the end; ``--lang`` or ``companion --lang``, else English)
  and exit status 1, nothing written; taken, it becomes one of the players' boards
  (``OK: saved as NAME``).
* ``export NAME FILE``: a board (the players' or the stand-in) written to a file.

A bad value (no such board, a file that cannot be written) is one plain line on stderr and exit
status 2; nothing here ends in a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

ACTIONS = ("list", "check", "import", "export")


def add_board_command(commands: Any) -> None:
    """``companion board …`` on ``companion``'s sub-parsers."""
    board = commands.add_parser("board", help="Pat a Mat boards: list, check, import, export")
    board.add_argument("action", choices=ACTIONS,
                       help="list the boards, check a file, import a file, export a board")
    board.add_argument("target", nargs="?", metavar="FILE|NAME",
                       help="check/import: the board file; export: the board's name")
    board.add_argument("file", nargs="?", metavar="FILE", help="export: the file to write")
    board.add_argument("--title", dest="board_title", metavar="TEXT",
                       help="import: the board's name as the app shows it")
    board.add_argument("--store", dest="board_store", metavar="PATH",
                       help="list: the SQLite file that keeps every game")
    board.add_argument("--lang", dest="board_lang", choices=("cs", "en"),
                       help="import: the language a refused file is told in (default: English)")


def run_board(args: argparse.Namespace, out: TextIO | None = None,
              err: TextIO | None = None) -> int:
    """Run ``companion board``; the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    action = args.action
    wanted = {"list": 0, "check": 1, "import": 1, "export": 2}[action]
    given = [value for value in (args.target, args.file) if value is not None]
    if len(given) != wanted:
        usage = {"list": "companion board list", "check": "companion board check FILE",
                 "import": "companion board import FILE",
                 "export": "companion board export NAME FILE"}[action]
        print(f"error: usage: {usage}", file=err)
        return 2
    try:
        if action == "list":
            return _list(args, out)
        if action == "check":
            return _check(given[0], out)
        if action == "import":
            lang = getattr(args, "board_lang", None) or getattr(args, "lang", None) or "en"
            return _import(given[0], args.board_title, lang, out)
        return _export(given[0], given[1], out)
    except (KeyError, ValueError, OSError) as error:
        print(f"error: {_plain(error)}", file=err)
        return 2


def _list(args: argparse.Namespace, out: TextIO) -> int:
    from companion.games.patamat.library import board_entries

    in_use = _in_use(args.board_store or getattr(args, "store", None))
    for entry in board_entries():
        notes = ["comes with the app"] if entry.shipped else []
        if entry.name in in_use:
            notes.append("in use by an unfinished game")
        note = f"  ({'; '.join(notes)})" if notes else ""
        print(f"{entry.name:<24} {entry.fields:>3} fields  {entry.title}{note}", file=out)
    return 0


def _check(file: str, out: TextIO) -> int:
    from companion.games.patamat.board import load_board_file, validate_board_file

    errors = validate_board_file(file)
    if errors:
        for error in errors:
            print(error, file=out)
        return 1
    board = load_board_file(file)
    print(f"OK: board {board.name!r}, {len(board.fields)} fields", file=out)
    return 0


def _import(file: str, title: str | None, lang: str, out: TextIO) -> int:
    from companion.games.patamat.board import BoardError
    from companion.games.patamat.builder.problems import findings_words
    from companion.games.patamat.library import board_title, import_board
    from companion.records.words import translator

    if not Path(file).is_file():
        raise ValueError(f"there is no file {file!r}")
    try:
        name = import_board(file, title)
    except BoardError as error:
        said = translator(lang)("refused: {file} is not a playable board; nothing was saved")
        print(said.format(file=file), file=out)
        for sentence in findings_words(error.errors, lang):
            print(sentence, file=out)
        return 1
    print(f"OK: saved as {name!r} ({board_title(name)})", file=out)
    return 0


def _export(name: str, file: str, out: TextIO) -> int:
    from companion.games.patamat.library import export_board

    written = export_board(name, file)
    print(f"OK: board {name!r} written to {written}", file=out)
    return 0


def _in_use(store_path: str | None) -> set[str]:
    from companion.records.store import Store

    store = Store(store_path, check=False, read_only=True)
    try:
        return store.board_names_in_use()
    finally:
        store.close()


def _plain(error: BaseException) -> str:
    if isinstance(error, KeyError) and error.args:
        return str(error.args[0])
    if isinstance(error, OSError) and error.strerror:
        where = f" {error.filename}" if error.filename else ""
        return f"cannot write{where}: {error.strerror}"
    return str(error)


__all__ = ["ACTIONS", "add_board_command", "run_board"]
