"""Find a game's text module (status line, board instructions) by game id."""

from __future__ import annotations

import importlib
from types import ModuleType


def game_texts(game_id: str) -> ModuleType:
    """``companion.games.<game_id>.text``: ``status_line``, ``describe`` and maybe ``picture``."""
    return importlib.import_module(f"companion.games.{game_id}.text")
