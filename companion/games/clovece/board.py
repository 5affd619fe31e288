"""Board geometry (rules/clovece.md §1): the 40-field board4 and the parametric board6."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.clovece.description import BOARD6_DEFAULT_LENGTH

COLOURS = ("R", "Y", "G", "B")
"""The four logical piece colours in canonical order."""

GOAL_SLOTS = 4
DIE_FACES = (1, 2, 3, 4, 5, 6)
SIX = 6
BOARD6_LENGTHS = (48, 60, 72)
BOARD4_LENGTH = 40

SEATS_FOR_PLAYERS: dict[int, tuple[int, ...]] = {
    2: (0, 2),
    3: (0, 1, 2),
    4: (0, 1, 2, 3),
    5: (0, 1, 2, 3, 4),
    6: (0, 1, 2, 3, 4, 5),
}
"""Players → seats used (§1, A16): two players sit opposite each other."""


@dataclass(frozen=True)
class Board:
    """The track: ``length`` fields, ``seat_count`` seats spaced evenly around it."""

    kind: str
    length: int
    seat_count: int

    @property
    def name(self) -> str:
        """``board4``, ``board6`` or ``board6/60`` for a board6 of another length (K2)."""
        if self.kind == "board6" and self.length != BOARD6_DEFAULT_LENGTH:
            return f"board6/{self.length}"
        return self.kind

    def start(self, seat: int) -> int:
        """The field where ``seat`` enters pieces: ``start(s) = s·L/seats``."""
        return seat * self.length // self.seat_count

    def entrance(self, seat: int) -> int:
        """The last track field before ``seat``'s goal."""
        return (self.start(seat) - 1) % self.length

    def destination(self, seat: int, field: int, steps: int) -> tuple[str, int]:
        """Where a piece on ``field`` goes when ``seat`` moves it ``steps`` (the path formula).

        Returns ``("track", field)``, ``("goal", slot)`` or ``("over", t)`` for an overshoot.
        """
        t = (field - self.start(seat)) % self.length + steps
        if t < self.length:
            return "track", (self.start(seat) + t) % self.length
        if t < self.length + GOAL_SLOTS:
            return "goal", t - self.length + 1
        return "over", t


BOARD4 = Board("board4", BOARD4_LENGTH, 4)


def board_for(players: int, track_length: int) -> Board:
    """board4 for 2–4 players, board6 of ``track_length`` fields for 5–6 (A16)."""
    if players <= 4:
        return BOARD4
    return Board("board6", track_length, 6)


def parse_board(text: str) -> Board | None:
    """``board4``, ``board6`` or ``board6/L``; None when ``text`` is none of them."""
    if text == "board4":
        return BOARD4
    if text == "board6":
        return Board("board6", BOARD6_DEFAULT_LENGTH, 6)
    if text.startswith("board6/") and text[len("board6/") :].isdigit():
        length = int(text[len("board6/") :])
        if length in BOARD6_LENGTHS:
            return Board("board6", length, 6)
    return None


def seat_label(seat: int) -> str:
    return f"S{seat}"
