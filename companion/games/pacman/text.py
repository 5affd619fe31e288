"""What the players read about the PAC-MAN variant, in Czech and English (pure, no Kivy)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine import Match
from companion.games.pacman.layout import GHOST_NAMES
from companion.games.pacman.state import PacmanState
from companion.games.quoridor.board import square_name
from companion.i18n import Translate, translator

DOMAIN = "pacman"

# R52: the rank's title and the leaflet's message.
RANK_TEXTS = {
    "beginner": ("PAC-MAN beginner", "You lack appetite."),
    "amateur": ("PAC-MAN amateur", "Bite it, you'll soon be better!"),
    "pro": ("PAC-MAN pro", "Next time you'll eat them all."),
    "expert": ("PAC-MAN expert", "The ghosts had no chance."),
}


def rank_text(rank: str, lang: str) -> tuple[str, str]:
    """The rank's title and message in ``lang``, e.g. ("PAC-MAN expert", "The ghosts …")."""
    _ = translator(DOMAIN, lang)
    title, message = RANK_TEXTS[rank]
    return _(title), _(message)


def status_line(match: Match, lang: str) -> str:
    _ = translator(DOMAIN, lang)
    state: PacmanState = match.state
    if state.winner is not None:
        title, message = rank_text(state.rank, lang)
        if state.winner == "pacman":
            return _("{name} (PAC-MAN) wins: {rank}. {message}").format(
                name=match.names[0], rank=title, message=message
            )
        return _("The ghosts win ({names}): {rank}. {message}").format(
            names=_ghost_players(match), rank=title, message=message
        )
    seat = match.to_move
    assert seat is not None
    name = match.names[seat]
    if state.phase == "pacman":
        if match.legal() == ["P:pass"]:
            return _("{name} (PAC-MAN): no move is possible, pass").format(name=name)
        return _("{name} (PAC-MAN): move two steps").format(name=name)
    own = [ghost for ghost in state.ghosts_to_move if state.owners[ghost] == seat]
    if len(own) > 2:  # the names would not fit the status line: the board shows them
        frenzied = sum(1 for ghost in own if state.sees_pacman(ghost))
        if frenzied:
            return _("{name}: move your {count} ghosts ({frenzied} in frenzy)").format(
                name=name, count=len(own), frenzied=frenzied
            )
        return _("{name}: move your {count} ghosts").format(name=name, count=len(own))
    ghosts = [_ghost_label(state, ghost, _) for ghost in own]
    return _("{name}: move {ghosts}").format(name=name, ghosts=", ".join(ghosts))


def describe(events: Sequence[str], match: Match, lang: str) -> list[str]:
    """One short sentence per event: what to change on the physical board or to know now."""
    _ = translator(DOMAIN, lang)
    state: PacmanState = match.state
    lines: list[str] = []
    for index, event in enumerate(events):
        kind, _space, rest = event.partition(" ")
        words = rest.split()
        following = events[index + 1 :]
        if kind == "pacman":
            squares = words[0].split("-")
            lines.append(_("PAC-MAN: move from {origin} to {square} ({path})").format(
                origin=squares[0], square=squares[-1], path=words[0]))
        elif kind == "pass" and words[0] == "pacman":
            lines.append(_("PAC-MAN cannot move and stays on {square}").format(
                square=square_name(state.pacman)))
        elif kind == "pass":
            lines.append(_("{ghost} cannot move and stays on {square}").format(
                ghost=words[0], square=_ghost_square(state, words[0])))
        elif kind == "dot" and "win pacman" in following:
            lines.append(_("PAC-MAN eats the last dot at {square}").format(square=words[0]))
        elif kind == "dot":
            lines.append(_("PAC-MAN eats the dot at {square}: three bonus steps").format(
                square=words[0]))
        elif kind == "eat":
            lines.append(_("PAC-MAN eats {ghost} at {square}: take it off the board").format(
                ghost=words[0], square=words[1]))
        elif kind == "ghosts":
            lines.append(_("All ghosts are eaten: PAC-MAN moves again"))
        elif kind == "frenzy":
            lines.append(_("{ghost} sees PAC-MAN: frenzy, one or two steps").format(
                ghost=words[0]))
        elif kind == "ghost":
            squares = words[1].split("-")
            lines.append(_("Move {ghost} from {origin} to {square}").format(
                ghost=words[0], origin=squares[0], square=squares[-1]))
        elif kind == "caught" and "reset" in following:
            lines.append(_("Caught by {ghost}: everyone back to the start squares").format(
                ghost=words[0]))
        elif kind == "caught":
            lines.append(_("Caught by {ghost} on {square}").format(
                ghost=words[0], square=words[1]))
        elif kind == "life" and words[0] == "0":
            lines.append(_("PAC-MAN loses his last life"))
        elif kind == "life":
            lines.append(_("PAC-MAN loses a life; lives left: {count}").format(count=words[0]))
        elif kind == "reset":
            layout = state.layout
            starts = {
                name: square_name(square) for name, square in zip(GHOST_NAMES, layout.ghosts)
            }
            lines.append(_(
                "Start squares: PAC-MAN {pacman}, blinky {blinky}, pinky {pinky}, inky {inky}, "
                "clyde {clyde} (eaten ghosts too); eaten dots stay off the board"
            ).format(pacman=square_name(layout.pacman), **starts))
        elif kind == "win" and words[0] == "pacman":
            lines.append(_("{name} (PAC-MAN) ate all four dots and wins!").format(
                name=match.names[0]))
        elif kind == "win":
            lines.append(_("PAC-MAN has no lives left: the ghosts win ({names})!").format(
                names=_ghost_players(match)))
        elif kind == "rank":
            title, message = rank_text(words[0], lang)
            lines.append(_("Rank: {rank}. {message}").format(rank=title, message=message))
        elif kind == "fix":
            lines.append(_("Position corrected: set up the board as the screen shows"))
    return lines


# -- private helpers ---------------------------------------------------------------------------


def _ghost_label(state: PacmanState, ghost: int, _: Translate) -> str:
    name = GHOST_NAMES[ghost]
    if state.sees_pacman(ghost):
        return _("{ghost} (frenzy)").format(ghost=name)
    return name


def _ghost_square(state: PacmanState, name: str) -> str:
    square = state.ghosts[GHOST_NAMES.index(name)]
    return "-" if square is None else square_name(square)


def _ghost_players(match: Match) -> str:
    return ", ".join(match.names[1:])
