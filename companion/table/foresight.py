"""Inputs worked out ahead: what the table would show after an input not played yet.

While the table waits (a roll's six faces), a face may ask the session to foresee an input
(:meth:`TableSession.foresee`) and measure and render the texts it would bring, so that the
input's own tap finds them ready. The session works it out by its own steps on a copy of the
match; what it made is kept here, by line, for the position it was made in, and an input
played in that very position is played from it (the rules' answer for an immutable state is
the same). Any change the session tells forgets it all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from companion.engine import Match
    from companion.engine.game import Step as EngineStep
    from companion.engine.match import TimelineMark
    from companion.table.steps import Step


class Foreseen(NamedTuple):
    """What :meth:`TableSession.foresee` found an input would bring (nothing was played)."""

    line: str
    events: tuple[str, ...]
    to_move: int | None
    """Whose turn it would be."""
    status: str
    table_lines: tuple[str, ...]
    described: tuple[str, ...]
    """:meth:`TableSession.describe` of its events (what a board says of them)."""
    snapshot: dict[str, Any]
    """The position after it (``match.snapshot()``)."""


class Ahead(NamedTuple):
    """An input foreseen: the match and its timeline it was foreseen in, the rules' step it
    made (``played``), the table's step and what it shows."""

    match: Match
    base: TimelineMark
    played: EngineStep[Any]
    step: Step
    seen: Foreseen


class Foresight:
    """The inputs foreseen in the position now, by line."""

    def __init__(self) -> None:
        self._by_line: dict[str, Ahead] = {}

    def keep(self, ahead: Ahead) -> None:
        self._by_line[ahead.seen.line] = ahead

    def forget(self) -> None:
        """A change: what was foreseen was for the position before it."""
        if self._by_line:
            self._by_line = {}

    def here(self, line: str, match: Match | None, now: TimelineMark) -> Ahead | None:
        """What was foreseen for ``line`` if it was foreseen in this very position: the same
        match, and its timeline the same up to the cursor (its states are immutable)."""
        ahead = self._by_line.get(line)
        if ahead is None or ahead.match is not match or now.cursor != ahead.base.cursor:
            return None
        cursor = now.cursor
        if any(a is not b for a, b in zip(now.steps[:cursor], ahead.base.steps[:cursor])):
            return None
        return ahead
