"""What the players read about Člověče, in Czech and English (pure, no Kivy).

Colours are always used in one grammatical role ("the red piece" / „červenou halmičku“, the
object of the sentence), so one translation per colour fits every sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine import Match
from companion.games.clovece.moves import actions, can_pass
from companion.games.clovece.state import State
from companion.i18n import Translate, translator

DOMAIN = "clovece"

PIECES = {
    "R": "the red piece",
    "Y": "the yellow piece",
    "G": "the green piece",
    "B": "the blue piece",
}


def status_line(match: Match, lang: str) -> str:
    _ = translator(DOMAIN, lang)
    state: State = match.state
    outcome = match.outcome
    if outcome is not None:
        return _("Game over: {name} wins").format(name=match.names[outcome.winners[0]])
    seat = match.to_move
    assert seat is not None
    name = match.names[seat]
    if state.phase == "rolloff":
        return _("{name}: roll to see who starts").format(name=name)
    if state.phase == "rolling":
        if state.rolls:
            return _("{name}: a 6 — roll again").format(name=name)
        return _("{name}: roll the die").format(name=name)
    if state.phase == "capture":
        captured = state.first_captured()
        assert captured is not None
        return _("{name}: who gets {piece} from field {field}?").format(
            name=name, piece=_(PIECES[captured[0]]), field=captured[1]
        )
    roll = state.current_roll
    assert roll is not None
    if can_pass(actions(state, roll)):
        return _("{name}: enter a piece with the 6, or pass").format(name=name)
    index = state.statuses.index("pending")
    rest = " ".join(str(value) for value in state.rolls[index + 1 :])
    if rest:
        return _("{name}: move by {roll}, then {rest}").format(name=name, roll=roll, rest=rest)
    return _("{name}: move by {roll}").format(name=name, roll=roll)


STATUS_EVENTS = frozenset({"turn", "choose"})
"""Events the status line says already (whose turn it is, who must choose what): what to
change on the table leaves them out (the terminal still prints them)."""


def describe(events: Sequence[str], match: Match, lang: str) -> list[str]:
    """One short sentence per event: what to change on the physical board or to know now."""
    _ = translator(DOMAIN, lang)
    lines: list[str] = []
    for event in events:
        kind, _space, rest = event.partition(" ")
        words = rest.split()
        if kind == "reroll":
            names = ", ".join(_name(match, label) for label in words)
            lines.append(_("{names}: a tie, roll again").format(names=names))
        elif kind == "turn":
            lines.append(_("{name}'s turn").format(name=_name(match, words[0])))
        elif kind == "forfeit":
            lines.append(_("The {roll} cannot be used and is lost").format(roll=words[0]))
        elif kind == "pass":
            lines.append(_("The {roll} is not used").format(roll=words[0]))
        elif kind == "goal":
            lines.append(
                _("{name} has {piece} in the goal and no longer plays that colour").format(
                    name=_name(match, words[1]), piece=_(PIECES[words[0]])
                )
            )
        elif kind == "choose":
            lines.append(_choose(_, match, words))
        elif kind == "capture":
            colour, field = words[0].split("@")
            lines.append(
                _("Take {piece} from field {field} to the home of {name}").format(
                    piece=_(PIECES[colour]), field=field, name=_name(match, words[2])
                )
            )
        elif kind == "finish":
            lines.append(
                _("{name} finishes in place {place}").format(
                    name=_name(match, words[0]), place=words[2]
                )
            )
        elif kind == "discard":
            lines.append(_("The remaining rolls {rolls} are dropped").format(rolls=" ".join(words)))
        elif kind == "gameover":
            lines.append(_("Game over: {ranking}").format(ranking=_ranking(match)))
        elif kind == "fix":
            lines.append(_("The position was corrected to match the table"))
    return lines


def _choose(_: Translate, match: Match, words: list[str]) -> str:
    colour, field = words[0].rstrip(":").split("@")
    mover = match.to_move
    name = match.names[mover] if mover is not None else ""
    return _("{name}: choose who gets {piece} from field {field}: {names}").format(
        name=name,
        piece=_(PIECES[colour]),
        field=field,
        names=", ".join(_name(match, label) for label in words[1:]),
    )


def _name(match: Match, label: str) -> str:
    state: State = match.state
    return match.names[state.seats.index(int(label[1:]))]


def _ranking(match: Match) -> str:
    outcome = match.outcome
    if outcome is None:
        return ""
    return ", ".join(
        f"{place}. " + " & ".join(match.names[rank] for rank in group)
        for place, group in enumerate(outcome.ranking, start=1)
    )
