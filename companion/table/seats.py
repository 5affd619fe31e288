"""How players look on screen: a colour from a fixed palette and a letter. No Kivy here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from companion.records.players import COLOURS


@dataclass(frozen=True)
class SeatLook:
    """How one seat is drawn: its player's name, colour (RGBA 0–1) and a letter on the piece."""

    name: str
    colour: tuple[float, float, float, float]
    letter: str


def _rgba(hex_colour: str) -> tuple[float, float, float, float]:
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return (r, g, b, 1.0)


PALETTE: dict[str, tuple[float, float, float, float]] = {
    name: _rgba(hex_colour) for name, hex_colour in COLOURS.items()}
"""The seats' colours: the players' colours of the records (one colour per player)."""
COLOUR_NAMES = tuple(PALETTE)


def seat_looks(names: Sequence[str], colours: Sequence[str]) -> list[SeatLook]:
    """Colour and a letter per seat; letters are initials unless two players share one.
    Worked out once per players and colours (the screens ask at every input, a few times)."""
    return list(_seat_looks(tuple(names), tuple(colours)))


@lru_cache(maxsize=16)
def _seat_looks(names: tuple[str, ...], colours: tuple[str, ...]) -> tuple[SeatLook, ...]:
    initials = [(name.strip()[:1] or "?").upper() for name in names]
    is_unique = len(set(initials)) == len(initials)
    looks = []
    for seat, name in enumerate(names):
        colour = colours[seat] if seat < len(colours) else COLOUR_NAMES[seat % len(COLOUR_NAMES)]
        letter = initials[seat] if is_unique else str(seat + 1)
        looks.append(SeatLook(name, PALETTE.get(colour, PALETTE["red"]), letter))
    return tuple(looks)


def default_colours(players: int) -> list[str]:
    return [COLOUR_NAMES[seat % len(COLOUR_NAMES)] for seat in range(players)]
