"""The boards as SVG for the phones: a pure function of a match's snapshot, one module per game.

The model is python-chess's ``chess.svg``: a position and a few options in, one ``<svg>``
string out, no I/O. Each game's picture is the touchscreen's (the same geometry module,
:mod:`companion.geometry`, the same colours and letters). Elements a seat may tap carry
``class="tap"`` and ``data-input="<input line>"`` (only for inputs in ``legal``); the last
input's squares or pieces carry ``class="last"``. Every name and text is escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.engine import GAMES
from companion.web.svg import clovece, crash, pacman, patamat, quoridor
from companion.web.svg.drawing import looks
from companion.web.svg.scene import Scene

Draw = Callable[[dict[str, Any], Scene], str]

DRAWINGS: dict[str, Draw] = {
    "quoridor": quoridor.draw,
    "pacman": pacman.draw,
    "clovece": clovece.draw,
    "patamat": patamat.draw,
    "crash": crash.draw,
}
"""One drawing per game, by the game's id."""

BOARD_WORDS = {"en": "The board of {game}", "cs": "Hrací plán: {game}"}


def board_svg(game: str, snapshot: dict[str, Any], *, colours: Sequence[str],
              legal: Sequence[str], last: str | None, lang: str,
              names: Sequence[str]) -> str:
    """The board of ``snapshot`` (``match.snapshot()``) as one ``<svg>`` element.

    ``colours`` and ``names`` are the seats' (colour names of the palette, players' names),
    ``legal`` the inputs the viewer may play now (tap targets; empty for a spectator),
    ``last`` the last input played (highlighted), ``lang`` "cs" or "en"."""
    if game not in DRAWINGS:
        known = ", ".join(sorted(DRAWINGS))
        raise ValueError(f"there is no board drawing for the game {game!r} (games: {known})")
    description = GAMES.get(game)
    title = game if description is None else (
        description.name_cs if lang == "cs" else description.name)
    label = BOARD_WORDS.get(lang, BOARD_WORDS["en"]).format(game=title)
    scene = Scene(looks=looks(names, colours), legal=frozenset(legal), last=last, lang=lang,
                  label=label)
    return DRAWINGS[game](snapshot, scene)


__all__ = ["DRAWINGS", "board_svg"]
