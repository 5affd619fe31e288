"""A Quoridor input as a choice button (or a hint, or a phone's button) says it.

"Move to e8", "Wall between rows 3 and 4, columns e–f": the squares' names the board shows,
never the notation of a wall. Pure, no Kivy; the faces reach it through the table
(``companion.table.words.game.choice_label``).
"""

from __future__ import annotations

from companion.engine import Match
from companion.games.quoridor.board import SQUARE_PATTERN, WALL_PATTERN
from companion.games.quoridor.text import wall_words
from companion.i18n import translator

DOMAIN = "quoridor"


def choice_label(line: str, match: Match, lang: str) -> str | None:
    """The words of ``line`` on a choice button in ``lang``; None for a line without words
    of its own (a pass, a fix: the table says those)."""
    _ = translator(DOMAIN, lang)
    if WALL_PATTERN.match(line):
        return _("Wall {wall}").format(wall=wall_words(line, lang))
    if SQUARE_PATTERN.match(line):
        return _("Move to {square}").format(square=line)
    return None
