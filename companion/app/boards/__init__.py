"""The one explicit table of board widgets. Adding a game's board is one line here.

A game without an entry is played through :class:`GenericBoard` (its legal inputs as big
buttons and its position as text), so every engine game works on screen from day one.
See ``companion/app/BOARDS.md``.

The table names each board as ``"module:Class"``; the module is imported, and its kv file
``kv/board_<game>.kv`` loaded, when that board is first shown (a faster app start). A class
may be put in the table directly too (a test's stand-in board).
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.app import KV_DIR
from companion.app.boards.base import Board, BoardHost
from companion.app.boards.generic import GenericBoard
from companion.table.seats import SeatLook


class BoardTable(dict[str, Any]):
    """game id → board class; an entry given as ``"module:Class"`` is imported on first use."""

    def __getitem__(self, game_id: str) -> type[Board]:
        value = super().__getitem__(game_id)
        if isinstance(value, str):
            module, _, name = value.partition(":")
            value = getattr(importlib.import_module(module), name)
            super().__setitem__(game_id, value)
        return value  # type: ignore[no-any-return]

    def get(self, game_id: str, default: Any = None) -> Any:  # type: ignore[override]
        return self[game_id] if game_id in self else default


BOARDS: BoardTable = BoardTable({
    "quoridor": "companion.app.boards.quoridor.board:QuoridorBoard",
    "pacman": "companion.app.boards.pacman.board:PacmanBoard",
    "patamat": "companion.app.boards.patamat.board:PatamatBoard",
    "clovece": "companion.app.boards.clovece.board:CloveceBoard",
    "crash": "companion.app.boards.crash.board:CrashBoard",
})

_KV_LOADED: set[str] = set()


def board_class(game_id: str) -> type[Board]:
    """The board widget class for ``game_id``; the generic fallback when it has none."""
    cls: type[Board] = BOARDS.get(game_id, GenericBoard)
    return cls


def kv_name(game_id: str) -> str:
    """The kv file a board needs: ``kv/board_<game>.kv`` (``generic`` for the fallback)."""
    return game_id if game_id in BOARDS else "generic"


def load_board_kv(game_id: str) -> None:
    """Load the board's kv file (once per process), before its first widget is made."""
    name = kv_name(game_id)
    if name in _KV_LOADED:
        return
    _KV_LOADED.add(name)
    path = KV_DIR / f"board_{name}.kv"
    if path.exists():
        from kivy.lang import Builder

        Builder.load_file(str(path))


def make_board(game_id: str, **kwargs: Any) -> Board:
    """A new board widget for ``game_id``, its kv rules loaded first."""
    cls = board_class(game_id)
    load_board_kv(game_id)
    return cls(**kwargs)


def kv_names() -> list[str]:
    """The kv files the boards need (``kv/board_<name>.kv``); loaded on first use."""
    return ["generic", *BOARDS]


__all__ = ["BOARDS", "Board", "BoardHost", "GenericBoard", "SeatLook", "board_class",
           "kv_names", "load_board_kv", "make_board"]
