"""Helpers for the Crash by Crash tests: matches opened from positions in the game's notation."""

from __future__ import annotations

import pytest

from companion.engine import IllegalInput, Match, open_game


def game(*clauses: str, players: int = 2) -> Match:
    """A match at the position made of ``clauses`` (joined with ``|``)."""
    return open_game("crash", players=players, position=" | ".join(clauses))


def rejected(match: Match, line: str, code: str) -> str:
    """Play ``line``, expect a rejection with ``code``; the match must not change."""
    before = match.position()
    with pytest.raises(IllegalInput) as error:
        match.play(line)
    assert code in error.value.reason, error.value.reason
    assert match.position() == before
    return error.value.reason
