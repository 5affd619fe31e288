"""A Člověče input as a choice button (or a hint, or a phone's button) says it.

"Enter the red piece", "Move the red piece from field 12", "Give the red piece to Eva", "Pass:
do not use this 6". Pure, no Kivy; the faces reach it through the table
(``companion.table.words.game.choice_label``).
"""

from __future__ import annotations

from companion.engine import Match
from companion.games.clovece.state import State
from companion.games.clovece.text import DOMAIN, PIECES
from companion.i18n import translator


def choice_label(line: str, match: Match, lang: str) -> str | None:
    """The words of ``line`` (``enter R``, ``move 12 R``, ``goal-move 2``, ``give R@15 -> S2``,
    ``pass``, ``stop``) in ``lang``; None for a line without words of its own (a roll)."""
    _ = translator(DOMAIN, lang)
    words = line.split()
    if not words:
        return None
    if words[0] == "give" and len(words) >= 2:
        colour = words[1].split("@")[0]
        if colour in PIECES:
            return _("Give {piece} to {name}").format(
                piece=_(PIECES[colour]), name=seat_name(match, words[-1]))
    if words[0] == "enter" and len(words) == 2 and words[1] in PIECES:
        return _("Enter {piece}").format(piece=_(PIECES[words[1]]))
    if words[0] == "move" and len(words) == 3 and words[2] in PIECES:
        return _("Move {piece} from field {field}").format(
            piece=_(PIECES[words[2]]), field=words[1])
    if words[0] == "goal-move" and len(words) >= 2:
        return _("Move the piece in goal slot {slot}").format(slot=words[1])
    if line == "pass":
        return _("Pass: do not use this 6")
    if line == "stop":
        return _("End the game now")
    return None


def seat_name(match: Match, label: str) -> str:
    """The player of the seat ``S2``; the label itself for a seat not at the table."""
    state: State = match.state
    number = label.lstrip("Ss")
    seat = int(number) if number.isdigit() else -1
    rank = state.seats.index(seat) if seat in state.seats else None
    return match.names[rank] if rank is not None and rank < len(match.names) else label
