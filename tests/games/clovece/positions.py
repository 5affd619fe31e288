"""The Člověče rule tests' table: a game from a position, inputs played, a rejection read."""

from __future__ import annotations

import pytest

from companion.engine import IllegalInput, Match, open_game

TWO = "board4 seats{S0,S2}"
THREE = "board4 seats{S0,S1,S2}"
BASE = (
    f"{TWO} | S0 home{{R,Y,G}} goal{{}} | S2 home{{R,Y,G}} goal{{}} | track{{5:B, 25:B}} | turn S0"
)
"""Two seats, three pieces at home each, blue on 5 and 25: S0 to move."""
GOAL3 = (
    f"{TWO} | S0 home{{}} goal{{1:R, 2:Y, 3:G}} | S2 home{{R,Y,G,B}} goal{{}} | "
    "track{38:B} | turn S0"
)
"""S0 has three pieces in its goal and blue on 38, just before the entrance."""
MIXED = (
    f"{TWO} | S0 home{{Y,G}} goal{{}} | S2 home{{R,G}} goal{{}} | "
    "track{5:R, 7:Y, 9:B, 11:B} | turn S0"
)
"""Pieces of several colours on the track, some colours still at home."""


def game(position: str | None = None, players: int = 2, **options: object) -> Match:
    return open_game("clovece", players=players, position=position, **options)


def play(match: Match, *lines: str) -> list[str]:
    """Play every line; return the events of the last one."""
    events: list[str] = []
    for line in lines:
        events = match.play(line)
    return events


def rejected(match: Match, line: str) -> str:
    before = match.position()
    with pytest.raises(IllegalInput) as rejection:
        match.play(line)
    assert match.position() == before
    return rejection.value.reason
