"""A PAC-MAN input as a choice button (or a hint, or a phone's button) says it.

"PAC-MAN to e7 (eats the dot e7, eats blinky, wins)", "inky to c3", "pinky cannot move: it
passes". What a path eats is the rules' own preview of it. Pure, no Kivy; the faces reach it
through the table (``companion.table.words.game.choice_label``).
"""

from __future__ import annotations

from companion.engine import Match
from companion.games.pacman.rules import preview
from companion.i18n import translator

DOMAIN = "pacman"


def choice_label(line: str, match: Match, lang: str) -> str | None:
    """The words of ``line`` (``P:e7-e6-d6``, ``blinky:e5``, ``P:pass``) in ``lang``; None
    for a line that is not a move of a figure."""
    _ = translator(DOMAIN, lang)
    name, colon, rest = line.partition(":")
    if not colon or not rest:
        return None
    if rest == "pass":
        if name.lower() == "p":
            return _("PAC-MAN cannot move: he passes")
        return _("{ghost} cannot move: it passes").format(ghost=name)
    square = rest.split("-")[-1]
    if name.lower() != "p":
        return _("{ghost} to {square}").format(ghost=name, square=square)
    effects = preview(match.state, line)
    parts: list[str] = []
    if effects["legal"]:
        if effects["dots_eaten"]:
            parts.append(_("eats the dot {squares}").format(
                squares=", ".join(effects["dots_eaten"])))
        if effects["ghosts_eaten"]:
            parts.append(_("eats {ghosts}").format(ghosts=", ".join(effects["ghosts_eaten"])))
        if effects["wins"]:
            parts.append(_("wins"))
    text = _("PAC-MAN to {square}").format(square=square)
    return f"{text} ({', '.join(parts)})" if parts else text
