"""The boards the games are played on, kept in the store: a game keeps its board.

A Pat a Mat game is played on a board file the players may edit or delete later. When such a
game starts, the store keeps the file's text in ``boards`` (once per content, keyed by its hash,
:func:`companion.games.patamat.board.board_sha`) and the game's ``extra["board_sha"]`` points
to it. Resume, history, replay and the export read that text, never the file: an old game plays
back on the board it was played on. The options keep the board's name as it was chosen (the new
game screen's last choice, ``companion board list``'s "in use").
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.engine import Match

BOARD_KEY = "board_sha"
"""The key of a game's ``extra`` naming the stored board it is played on."""
BOARD_OPTION = "board"
BOARD_GAME = "patamat"


def board_of(match: Match) -> tuple[str, str] | None:
    """(hash, text) of the board file ``match`` is played on; None for a game without one."""
    if match.game_id != BOARD_GAME:
        return None
    from companion.games.patamat.board import Board, board_sha

    board = getattr(match.state, "board", None)
    if not isinstance(board, Board) or not board.text:
        return None
    return board_sha(board.text), board.text


def keep(db: sqlite3.Connection, sha: str, text: str) -> None:
    """Store a board's text once (a second game on it adds nothing)."""
    db.execute("INSERT OR IGNORE INTO boards (sha, text) VALUES (?, ?)", (sha, text))


def text_of(db: sqlite3.Connection, extra: Mapping[str, Any]) -> str | None:
    """The text of the board a stored game (its ``extra``) is played on; None when it names
    none (a game of another kind, or stored before boards were kept)."""
    sha = extra.get(BOARD_KEY)
    if not isinstance(sha, str):
        return None
    row = db.execute("SELECT text FROM boards WHERE sha = ?", (sha,)).fetchone()
    return str(row[0]) if row else None


def texts_of(db: sqlite3.Connection, shas: Iterable[str]) -> dict[str, str]:
    """Hash → text of the stored boards among ``shas`` (what an export carries)."""
    wanted = sorted(set(shas))
    found: dict[str, str] = {}
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        marks = ", ".join("?" * len(chunk))
        found.update(db.execute(f"SELECT sha, text FROM boards WHERE sha IN ({marks})", chunk))
    return found


def take_in(db: sqlite3.Connection, boards: Mapping[str, str]) -> int:
    """Keep the boards an imported file carries (those whose text has that hash and is a
    playable board); returns how many were new."""
    from companion.games.patamat.board import BoardError, board_sha, parse_board

    added = 0
    for sha, text in boards.items():
        if board_sha(text) != sha:
            continue
        try:
            parse_board(text, "<imported board>")
        except BoardError:
            continue
        added += db.execute(
            "INSERT OR IGNORE INTO boards (sha, text) VALUES (?, ?)", (sha, text)).rowcount
    return added


def with_board(options: Mapping[str, Any], text: str | None) -> dict[str, Any]:
    """A stored game's options as a match opens with them: the board option is the kept text
    (when there is one), so the file it came from no longer matters."""
    played = dict(options)
    if text is not None:
        played[BOARD_OPTION] = text
    return played


def board_names_in_use(db: sqlite3.Connection) -> set[str]:
    """The boards (by name, as the board option named them) the unfinished games are played
    on: these are not deleted."""
    import json

    names: set[str] = set()
    for (options,) in db.execute(
        "SELECT options FROM games WHERE status = 'playing' AND game = ?", (BOARD_GAME,)
    ):
        try:
            value = json.loads(options).get(BOARD_OPTION)
        except (TypeError, ValueError, AttributeError):
            continue
        if isinstance(value, str) and "\n" not in value:
            names.add(Path(value).stem if value.endswith(".toml") else value)
    return names


__all__ = ["BOARD_KEY", "board_names_in_use", "board_of", "keep", "take_in", "text_of",
           "texts_of", "with_board"]
