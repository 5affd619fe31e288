"""The table's own die: the players roll the game's die and tap the face it shows.

Nothing rolls here. ``request_roll()`` answers False (the ROLL button, the R key and the GPIO
button have nothing to ask), and a face comes in through the app's face buttons, counted under
``source = "table"`` in the fairness statistics like any die's.
"""

from __future__ import annotations

SOURCE = "table"


class TableDie:
    """Same shape as :class:`hardware.software_die.SoftwareDie`, with nothing to roll."""

    source = SOURCE

    def __init__(self) -> None:
        self.status = "connected"
        self._is_closed = False

    @property
    def is_connected(self) -> bool:
        return not self._is_closed

    def request_roll(self) -> bool:
        """A person rolls the table's die and taps its face: nothing to ask for."""
        return False

    def close(self) -> None:
        self._is_closed = True
        self.status = "closed"
