"""A Crash by Crash input as a choice button (or a hint, or a phone's button) says it.

The cards drawn at the end of a turn ("Lambada + blind"), the display refilled ("Lambada,
Rocket Drive"), a four-player discard ("Discard: Lambada, -") and the set-up's first placer
("Eva places the first car"). An action on the board (a car placed, the operator, a card
played) has no words here: the board previews it with what it does, and the table describes
it. Pure, no Kivy; the faces reach it through the table (``companion.table.words``).
"""

from __future__ import annotations

from companion.engine import Match
from companion.games.crash.text import card_name, side_name
from companion.i18n import translator

DOMAIN = "crash"
SIDES = ("A", "B")


def choice_label(line: str, match: Match, lang: str) -> str | None:
    """The words of ``line`` (``draw d:lambada,blind``, ``refill lambada,rocket``, ``draw4
    discard=lambada,-``, ``first A``) in ``lang``; None for any other line."""
    _ = translator(DOMAIN, lang)
    head, _space, rest = line.partition(" ")
    if not rest:
        return None
    if head == "draw":
        return " + ".join(_("blind") if token == "blind" else card_name(token[2:], lang)
                          for token in rest.split(","))
    if head == "refill":
        return ", ".join(card_name(kind, lang) for kind in rest.split(","))
    if head == "draw4":
        kinds = rest.partition("=")[2].split(",")
        return _("Discard: {cards}").format(cards=", ".join(
            "-" if kind == "-" else card_name(kind, lang) for kind in kinds))
    if head == "first" and rest in SIDES:
        return _("{name} places the first car").format(name=side_name(match, rest))
    return None
