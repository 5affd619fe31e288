"""The companion's seats at the table: when it is their turn, what they play, and the hint.

Kivy-free. The app asks :meth:`CompanionTurns.decide` off the UI thread (a strong decision may
take most of a second) and plays the answer with :meth:`CompanionTurns.play` on it, but only if
the match is still where the decision was made (a person may have undone meanwhile).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.engine import choose_input
from companion.engine.strategy import awaits_the_table

if TYPE_CHECKING:
    from companion.table.session import TableSession

HINT_LEVEL = "normal"
DEFAULT_PAUSE = 1.0
"""Seconds the companion waits before it plays: long enough to see whose turn it is."""


@dataclass(frozen=True)
class Decision:
    """An input chosen for the seat to move at timeline ``cursor`` (``roll`` for the die)."""

    cursor: int
    seat: int
    line: str


class CompanionTurns:
    def __init__(self, table: TableSession) -> None:
        self.table = table

    def is_due(self) -> bool:
        """A companion seat is to move (decide or roll); not when the table's cards are to be
        entered or the table's own die is rolled for it (a person does that)."""
        match = self.table.match
        return (match is not None and not match.is_over
                and self.table.companions.plays(match.to_move)
                and not awaits_the_table(match)
                and not (match.awaiting == "roll" and self.table.die.source == "table"))

    def decide(self) -> Decision | None:
        """What the seat to move plays now; ``roll`` when the die is awaited."""
        match = self.table.match
        if match is None or not self.is_due():
            return None
        seat = match.to_move
        assert seat is not None
        cursor = match.cursor
        if match.awaiting == "roll":
            return Decision(cursor, seat, "roll")
        level = self.table.companions.level(seat)
        return Decision(cursor, seat, choose_input(match, level))

    def play(self, decision: Decision) -> bool:
        """Play ``decision`` if the match is still where it was made."""
        match = self.table.match
        if match is None or match.cursor != decision.cursor or not self.is_due():
            return False
        if decision.line == "roll":
            return self.table.roll()
        return self.table.send(decision.line)

    def can_hint(self) -> bool:
        """A person is to decide: not a roll, not the end, not a companion seat's turn, and
        not the table's cards to enter (which cards came up is no one's choice)."""
        match = self.table.match
        return (match is not None and not match.is_over and match.awaiting != "roll"
                and not self.is_due() and not awaits_the_table(match))

    def hint(self) -> str | None:
        """What the companion would play for the person to move; None when there is nothing
        to hint (see :meth:`can_hint`)."""
        match = self.table.match
        if match is None or not self.can_hint():
            return None
        return choose_input(match, HINT_LEVEL)
