"""Shared set-ups for the PAC-MAN tests: a small 'table' layout and position builders."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import IllegalInput, Match, open_game

# Two walls only, so sight lines are easy to follow: d4v (d4|e4, d5|e5), f6h (f6|f7, g6|g7).
TABLE: dict[str, Any] = {
    "format": "quoridor-pacman-layout/1",
    "name": "table",
    "pacman": "e2",
    "ghosts": {"blinky": "a8", "pinky": "c8", "inky": "g8", "clyde": "i8"},
    "dots": ["a1", "i1", "a9", "i9"],
    "walls": ["d4v", "f6h"],
    "lives": 3,
}


def table_position(body: str, winner: str | None = None) -> str:
    """``body``: 'phase … | pacman … | dots … | blinky … | pinky … | inky … | clyde … | moved …'."""
    text = f"pacman | layout table | {body} | walls d4v f6h"
    return text + (f" | winner {winner}" if winner else "")


def board(
    phase: str = "pacman",
    pacman: str = "e2",
    lives: int = 3,
    dots: str = "a1 i1 a9 i9",
    blinky: str = "a8",
    pinky: str = "c8",
    inky: str = "g8",
    clyde: str = "i8",
    moved: str = "-",
) -> str:
    """The body of a table position; the defaults are the table layout's start."""
    return (
        f"phase {phase} | pacman {pacman} lives {lives} | dots {dots} | blinky {blinky} | "
        f"pinky {pinky} | inky {inky} | clyde {clyde} | moved {moved}"
    )


def at(body: str, players: int = 2, winner: str | None = None, **options: Any) -> Match:
    """A match of the table layout at the given position."""
    return open_game(
        "pacman", players=players, position=table_position(body, winner), layout=TABLE,
        **options,
    )


def rejected(match: Match, line: str) -> IllegalInput:
    """Play ``line``, expect a rejection, check nothing changed and return the rejection."""
    before = match.position()
    history = list(match.history)
    with pytest.raises(IllegalInput) as caught:
        match.play(line)
    assert match.position() == before
    assert match.history == history
    return caught.value
