"""The one explicit table of board widgets. Adding a game's board is one line here.

A game without an entry is played through :class:`GenericBoard` (its legal inputs as big
buttons and its position as text), so every engine game works on screen from day one.
See ``companion/app/BOARDS.md``.
"""

from __future__ import annotations

from companion.app.boards.base import Board, BoardHost
from companion.app.boards.clovece import CloveceBoard
from companion.app.boards.crash import CrashBoard
from companion.app.boards.generic import GenericBoard
from companion.app.boards.pacman import PacmanBoard
from companion.app.boards.patamat import PatamatBoard
from companion.app.boards.quoridor import QuoridorBoard
from companion.app.seats import SeatLook

BOARDS: dict[str, type[Board]] = {
    "quoridor": QuoridorBoard,
    "pacman": PacmanBoard,
    "patamat": PatamatBoard,
    "clovece": CloveceBoard,
    "crash": CrashBoard,
}


def board_class(game_id: str) -> type[Board]:
    """The board widget class for ``game_id``; the generic fallback when it has none."""
    return BOARDS.get(game_id, GenericBoard)


def kv_names() -> list[str]:
    """The kv files the boards need (``kv/board_<name>.kv``), loaded once at start."""
    return ["generic", *BOARDS]


__all__ = ["BOARDS", "Board", "BoardHost", "GenericBoard", "SeatLook", "board_class", "kv_names"]
