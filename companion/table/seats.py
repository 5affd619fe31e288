"""How players look on screen: a colour from a fixed palette and a letter. No Kivy here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class SeatLook:
    """How one seat is drawn: its player's name, colour (RGBA 0–1) and a letter on the piece."""

    name: str
    colour: tuple[float, float, float, float]
    letter: str


PALETTE: dict[str, tuple[float, float, float, float]] = {
    "red": (0.86, 0.16, 0.16, 1.0),
    "blue": (0.15, 0.42, 0.95, 1.0),
    "green": (0.10, 0.65, 0.25, 1.0),
    "yellow": (0.95, 0.78, 0.05, 1.0),
    "purple": (0.62, 0.30, 0.85, 1.0),
    "orange": (0.98, 0.50, 0.08, 1.0),
}
COLOUR_NAMES = tuple(PALETTE)


def seat_looks(names: Sequence[str], colours: Sequence[str]) -> list[SeatLook]:
    """Colour and a letter per seat; letters are initials unless two players share one."""
    initials = [(name.strip()[:1] or "?").upper() for name in names]
    is_unique = len(set(initials)) == len(initials)
    looks = []
    for seat, name in enumerate(names):
        colour = colours[seat] if seat < len(colours) else COLOUR_NAMES[seat % len(COLOUR_NAMES)]
        letter = initials[seat] if is_unique else str(seat + 1)
        looks.append(SeatLook(name, PALETTE.get(colour, PALETTE["red"]), letter))
    return looks


def default_colours(players: int) -> list[str]:
    return [COLOUR_NAMES[seat % len(COLOUR_NAMES)] for seat in range(players)]
