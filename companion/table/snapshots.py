"""The position's snapshot, made once per position.

An input reads ``match.snapshot()`` three times (the table lines' before and after, the board's
refresh), which cost Crash by Crash ~1 ms each. A snapshot is a function of the match's state
and cursor, so the position's is kept and reused until they change (callers only read it); an
input played from what the foresight made brings its snapshot along (:meth:`Snapshots.keep`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.engine import Match


class Snapshots:
    """The last ``match.snapshot()`` made, with the match, state and cursor it is of."""

    def __init__(self) -> None:
        self._made: tuple[Match, Any, int, dict[str, Any]] | None = None

    def of(self, match: Match) -> dict[str, Any]:
        """``match.snapshot()`` of the position now, made only when it is not kept."""
        state, cursor = match.state, match.cursor
        made = self._made
        if made is not None and made[0] is match and made[1] is state and made[2] == cursor:
            return made[3]
        snapshot = match.snapshot()
        self._made = (match, state, cursor, snapshot)
        return snapshot

    def keep(self, match: Match, snapshot: dict[str, Any]) -> None:
        """``snapshot`` is the position ``match`` stands at now (made ahead, on a copy)."""
        self._made = (match, match.state, match.cursor, snapshot)


__all__ = ["Snapshots"]
