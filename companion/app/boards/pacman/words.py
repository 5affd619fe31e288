"""What the PAC-MAN board says: the hint in the action area, a ghost's caption (frenzy or one
step), the way among several to one square, a catch, a ghost to tap first.

Kivy-free: functions of the snapshot's state and the legal inputs, in ``lang``; the texts are
English msgids of the ``pacman`` catalogue.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from companion.games.pacman.text import rank_text
from companion.i18n import translator

DOMAIN = "pacman"


def hint(state: Mapping[str, Any], legal: Collection[str], lang: str) -> str:
    """What the players do now (the result's rank once PAC-MAN has won or lost)."""
    _ = translator(DOMAIN, lang)
    if state.get("winner"):
        title, message = rank_text(state["rank"], lang)
        return _("Rank: {rank}. {message}").format(rank=title, message=message)
    if state.get("phase") == "pacman":
        if legal == {"P:pass"}:
            return _("PAC-MAN cannot move: tap him to pass")
        return _("Tap where PAC-MAN goes (yellow squares)")
    if any(state["ghosts"][g]["frenzy"] for g in state.get("ghosts_to_move", [])):
        return _("Tap a ghost, then where it goes. Red glow: frenzy, 1 or 2 steps")
    return _("Tap a ghost, then where it goes")


def frenzy_text(state: Mapping[str, Any], ghost: str, lang: str) -> str:
    """The caption while ``ghost`` is picked: how far it goes."""
    _ = translator(DOMAIN, lang)
    if state["ghosts"][ghost]["frenzy"]:
        return _("{ghost}: frenzy, 1 or 2 steps").format(ghost=ghost)
    return _("{ghost}: one step").format(ghost=ghost)


def way_text(number: int, count: int, lang: str) -> str:
    """After an input's words, while several ways to one square are drawn."""
    _ = translator(DOMAIN, lang)
    return _("— way {number} of {count}, tap a path to switch").format(number=number,
                                                                          count=count)


def caught_text(ghost: str, lang: str) -> str:
    """The caption of a catch."""
    _ = translator(DOMAIN, lang)
    return _("Caught by {ghost}! Everyone back to start").format(ghost=ghost)


def ghost_first_text(lang: str) -> str:
    """A square tapped in the ghosts' phase with no ghost picked."""
    return translator(DOMAIN, lang)("Tap a ghost first")


__all__ = ["caught_text", "frenzy_text", "ghost_first_text", "hint", "way_text"]
