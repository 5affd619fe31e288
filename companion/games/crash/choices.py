"""A Crash by Crash input as a choice button (or a hint, a preview, or a phone's button) says it.

The cards drawn at the end of a turn ("Lambada + blind"), the display refilled ("Lambada,
Rocket Drive"), a four-player discard ("Discard: Lambada, -"), the set-up's first placer
("Eva places the first car"), the display laid out at the set-up, and every action on the board:
"Car on e4, push E, batteries: 1", "Magnetic car on c7", "Operator: m4, l4", "Lambada e5 e6",
"Swap Bell Shift and Free Ride (take Tandem + blind)", "Pass: end the turn". The touchscreen's
board previews an action with these words (and what it does); the phones list them as buttons.
Pure, no Kivy; the faces reach it through the table (``companion.table.words.game``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from companion.engine import Match
from companion.games.crash.text import card_name, side_name_of
from companion.i18n import Translate, translator

DOMAIN = "crash"
SIDES = ("A", "B")
DIRECTIONS = ("NE", "E", "SE", "SW", "W", "NW")
"""The push directions, each translated on its own ("push E" reads "tlačí V")."""


def choice_label(line: str, match: Match, lang: str) -> str | None:
    """The words of ``line`` (``draw d:lambada,blind``, ``refill lambada,rocket``, ``draw4
    discard=lambada,-``, ``first A``, ``display …``, ``place e4 push=E bat=1``, ``magnet c7``,
    ``operator m4 l4``, ``card lambada e5 e6``, ``swap fluct ticket take=…``, ``pass``, …) in
    ``lang``; None for any other line. They depend on the line, the players' names and the
    language only, so they are kept: a turn offers ~1,500 inputs, most of them again the next
    turn (a phone's list after every change)."""
    return _said(line, tuple(match.names), lang)


@functools.lru_cache(maxsize=8192)
def _said(line: str, names: tuple[str, ...], lang: str) -> str | None:
    _ = translator(DOMAIN, lang)
    head, _space, rest = line.partition(" ")
    if head == "draw" and rest:
        return _cards_taken(rest, lang, _)
    if head == "refill" and rest:
        return ", ".join(card_name(kind, lang) for kind in rest.split(","))
    if head == "draw4" and rest:
        kinds = rest.partition("=")[2].split(",")
        return _("Discard: {cards}").format(cards=", ".join(
            "-" if kind == "-" else card_name(kind, lang) for kind in kinds))
    if head == "first" and rest in SIDES:
        return _("{name} places the first car").format(name=side_name_of(names, rest))
    if head == "display" and rest:
        return _("Lay out on the display: {cards}").format(
            cards=", ".join(card_name(kind, lang) for kind in rest.split()))
    if head == "swap":
        said = action_words(line, names, lang)
        take = next((word[5:] for word in line.split() if word.startswith("take=")), "")
        if said is not None and take:
            return _("{swap} (take {cards})").format(swap=said,
                                                     cards=_cards_taken(take, lang, _))
        return said
    return action_words(line, names, lang)


def action_words(line: str, names: Sequence[str], lang: str) -> str | None:
    """What an action on the board is, in ``lang`` (the names of the players in seat order
    say who places the first car): the words the touchscreen's preview starts with. None for
    a line that is not an action (a card drawn, a refill, a roll)."""
    _ = translator(DOMAIN, lang)
    parts = line.split()
    if not parts:
        return None
    head, args = parts[0], parts[1:]
    if head == "place" and args:
        push = next((part[5:] for part in args if part.startswith("push=")), "")
        batteries = next((part[4:] for part in args if part.startswith("bat=")), "0")
        text = _("Car on {field}").format(field=args[0])
        if push:
            text += ", " + _("push {direction}").format(
                direction=",".join(_(name) for name in push.split(",")))
        if batteries != "0":
            text += ", " + _("batteries: {count}").format(count=batteries)
        return text
    if head in ("magnet", "init", "operator-start") and args:
        if head == "magnet":
            return _("Magnetic car on {field}").format(field=args[0])
        if head == "init":  # the set-up's starting cars
            return _("Car on {field}").format(field=args[0])
        return _("Operator: {steps}").format(steps=args[0])
    if head == "operator" and args:
        return _("Operator: {steps}").format(steps=", ".join(args))
    if head == "card" and args:
        return " ".join([card_name(args[0], lang), *args[1:]])
    if head == "swap" and len(args) >= 2:
        return _("Swap {first} and {second}").format(
            first=card_name(args[0], lang), second=card_name(args[1], lang))
    if line == "pass":
        return _("Pass: end the turn")
    if head == "first" and len(args) == 1 and args[0] in SIDES and names:
        return _("{name} places the first car").format(name=side_name_of(names, args[0]))
    return None


def _cards_taken(tokens: str, lang: str, _: Translate) -> str:
    """``d:lambada,blind`` as "Lambada + blind"."""
    return " + ".join(_("blind") if token == "blind" else card_name(token[2:], lang)
                      for token in tokens.split(","))
