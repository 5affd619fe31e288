"""Pat a Mat závodí: a dice race on a track described by a board file (spec rules/patamat.md)."""

# The engine package first: its registry imports this game's rules, so importing the game
# before the engine would otherwise meet a half-initialised ``rules`` module.
import companion.engine  # noqa: F401  # isort: skip
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
