"""Find a game's text module (status line, board instructions, result lines) by game id."""

from __future__ import annotations

import importlib
from types import ModuleType


def game_texts(game_id: str) -> ModuleType:
    """``companion.games.<game_id>.text``: ``status_line``, ``describe`` and maybe ``picture``."""
    return importlib.import_module(f"companion.games.{game_id}.text")


def text_module(game_id: str) -> ModuleType | None:
    """``companion.games.<game_id>.text`` (the game's words), or None for a game without one."""
    try:
        return game_texts(game_id)
    except ImportError:
        return None
