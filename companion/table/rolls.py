"""The rolls at the table: which die the session asks, what that die last said of its
connection, and whose a face that comes back is.

The session composes one :class:`Rolls` and keeps its own small API (``roll``, ``on_roll``,
``die_rolled``, ``die``, …): it decides *whether* a roll is awaited and plays a face as
``roll N``; this part asks the die, rolls the software die on the screen when an electronic
one cannot roll, and remembers the position a face was asked for in, so that a face that comes
back after an undo, a fix or a new game is dropped, never played as another seat's roll.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.table.dice import DieSource, FallbackDie

if TYPE_CHECKING:
    from companion.engine import Match

PlayFace = Callable[[int, str], bool]
"""Play a face from a die (face, the source it is counted under); False if it was not played."""


class Rolls:
    """The session's die and the roll it asked for."""

    def __init__(self, die: DieSource, play_face: PlayFace) -> None:
        """``play_face``: how the session plays a face the software die rolled on the screen
        in place of an electronic die that could not roll."""
        self.die = die
        self.status = ""
        """The die's last ``on_status`` text ("connected", "disconnected: …", …)."""
        self._play_face = play_face
        self._screen_die: DieSource | None = None
        self._asked_at: tuple[Match, int] | None = None
        """The match and its cursor when :meth:`ask` last asked the die (None: no face
        awaited)."""

    @property
    def is_the_tables(self) -> bool:
        """The table's own die: a person taps the face it shows; nobody asks it."""
        return self.die.source == "table"

    def ask(self, match: Match) -> bool:
        """Ask the die for the roll ``match`` awaits; the face comes back via the die's
        ``on_roll``. When the electronic die cannot roll (its cable is pulled), the software
        die rolls instead, so the game goes on. False when nothing rolls."""
        if self.is_the_tables:
            return False  # the table's own die: a person taps the face it shows
        self._asked_at = (match, match.cursor)
        if self.die.request_roll():
            return True
        self._asked_at = None
        if self.die.source in ("software", "gpio"):
            return False
        if self._screen_die is None:
            self._screen_die = FallbackDie(self._screen_die_rolled)
        return self._screen_die.request_roll()

    def _screen_die_rolled(self, face: int) -> None:
        """The software die that stands in for an electronic one that cannot roll."""
        self._play_face(face, "software")

    def came_back_late(self, match: Match | None) -> bool:
        """A face has come back: was it asked for in a position the table has since left
        (another match, or the same one moved on)? A face nobody asked for (the die's own
        button) is for whoever is to roll."""
        asked_at, self._asked_at = self._asked_at, None
        return asked_at is not None and (asked_at[0] is not match
                                         or asked_at[1] != asked_at[0].cursor)

    def status_changed(self, status: str) -> bool:
        """The die's ``on_status`` text: True when it is news for the listeners."""
        if status == "closed":
            return False  # a die closed on purpose (another chosen, the app stopping)
        self.status = status
        return True

    @property
    def is_disconnected(self) -> bool:
        """The electronic die lost its connection (and is reconnecting)."""
        return self.die.source.startswith("serial:") and self.status.startswith("disconnected")


__all__ = ["PlayFace", "Rolls"]
