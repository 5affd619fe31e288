"""Known players into seats (the new-game screen's chips). No Kivy here.

A tap on a known player's chip puts the player into the next free person's seat (a seat whose
name is empty or still the default "Player 3"); a tap on a seated player's chip frees the seat
again. The seat takes the palette colour nearest the player's own, unless another seat has it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.i18n import LANGUAGES, translator
from companion.table.seats import PALETTE

Rgba = tuple[float, float, float, float]


def default_names(seat: int) -> set[str]:
    """The default names of ``seat`` in every language, with and without the space."""
    names = set()
    for lang in LANGUAGES:
        name = translator("app", lang)("Player {number}").format(number=seat + 1)
        names |= {name.casefold(), name.replace(" ", "").casefold()}
    return names


def is_free(seat: int, name: str, companions: Mapping[int, str]) -> bool:
    """A person's seat nobody has taken yet (no name, or the default one)."""
    text = name.strip()
    return seat not in companions and (not text or text.casefold() in default_names(seat))


def free_seat(names: Sequence[str], companions: Mapping[int, str]) -> int | None:
    """The first free person's seat, or None."""
    for seat, name in enumerate(names):
        if is_free(seat, name, companions):
            return seat
    return None


def seat_of(player_id: int, player_name: str, names: Sequence[str],
            seated: Mapping[int, int], companions: Mapping[int, str]) -> int | None:
    """The seat the player sits in: seated by a chip, or typed by name; None if not seated."""
    for seat, seated_id in seated.items():
        if seated_id == player_id and seat < len(names):
            return seat
    wanted = _bare(player_name)
    for seat, name in enumerate(names):
        if seat not in companions and _bare(name) == wanted:
            return seat
    return None


def seat_name(player_name: str, one_word: bool) -> str:
    """The name as the seat shows it: one word (spaces left out) where the game needs it."""
    return "".join(player_name.split()) if one_word else player_name


def nearest_colour(colour: Rgba, taken: Sequence[str]) -> str | None:
    """The palette colour nearest ``colour`` that no other seat has, or None when the nearest
    is taken (then the seat keeps its own)."""
    def distance(name: str) -> float:
        r, g, b = PALETTE[name][:3]
        return (r - colour[0]) ** 2 + (g - colour[1]) ** 2 + (b - colour[2]) ** 2

    nearest = min(PALETTE, key=distance)
    return None if nearest in taken else nearest


def _bare(name: str) -> str:
    return "".join(name.split()).casefold()
