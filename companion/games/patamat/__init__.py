"""Pat a Mat závodí: a dice race on a track described by a board file (spec rules/patamat.md)."""

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
