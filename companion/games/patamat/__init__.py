"""Pat a Mat závodí: a dice race on a track described by a board file (spec rules/patamat.md).

The names below are loaded on first use: the registry reads this game's ``description`` for
the home screen without loading its track or rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games.patamat.board import Board, BoardError, parse_board, validate_board_file
    from companion.games.patamat.rules import PATAMAT, PatamatInput, PatamatRules

__all__ = [
    "PATAMAT",
    "Board",
    "BoardError",
    "PatamatInput",
    "PatamatRules",
    "parse_board",
    "validate_board_file",
]


def __getattr__(name: str) -> Any:
    if name in ("Board", "BoardError", "parse_board", "validate_board_file"):
        from companion.games.patamat import board

        return getattr(board, name)
    if name in ("PATAMAT", "PatamatInput", "PatamatRules"):
        from companion.games.patamat import rules

        return getattr(rules, name)
    raise AttributeError(f"module 'companion.games.patamat' has no attribute {name!r}")
