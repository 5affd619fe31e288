"""How to play: one screen of the essentials per game, in pages, in the players' words.

Every game lists its pages in ``companion/games/<game>/howto.py`` as ``PAGES``. A page is a
heading, a few short points and, where a picture explains, a diagram: a position in the game's
own notation that the game's board draws at a small size (never an image). The words are
English here; their Czech is in the game's catalogue (``locale/cs/LC_MESSAGES/<game>.po``).
No Kivy here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from companion.i18n import translator


@dataclass(frozen=True)
class Diagram:
    """A position the board draws: ``position`` in the game's notation for ``players``.

    ``mark`` is an input line the board shows as its preview (a wall in yellow where it may be
    placed, in red where it may not); ``shows_moves`` lets the board mark the legal moves of the
    player to move, as it does in play."""

    position: str
    players: int
    caption: str = ""
    mark: str = ""
    shows_moves: bool = False
    names: tuple[str, ...] = ()
    """The players' names the position itself carries (Pat a Mat's); else the table's."""


@dataclass(frozen=True)
class Page:
    heading: str
    points: tuple[str, ...]
    diagram: Diagram | None = None
    players: tuple[int, ...] = ()
    """The player counts this page is for (empty: every count)."""


@dataclass(frozen=True)
class ShownPage:
    """A page in the players' language."""

    heading: str
    points: tuple[str, ...]
    diagram: Diagram | None
    caption: str


def all_pages(game_id: str) -> tuple[Page, ...]:
    """Every page of ``game_id`` (for every player count); () for a game without any."""
    try:
        module = importlib.import_module(f"companion.games.{game_id}.howto")
    except ModuleNotFoundError:
        return ()
    pages: tuple[Page, ...] = module.PAGES
    return pages


def pages(game_id: str, players: int, lang: str) -> list[ShownPage]:
    """The pages for a game of ``players`` players, translated into ``lang``."""
    _ = translator(game_id, lang)
    return [
        ShownPage(_(page.heading), tuple(_(point) for point in page.points), page.diagram,
                  _(page.diagram.caption) if page.diagram and page.diagram.caption else "")
        for page in all_pages(game_id)
        if not page.players or players in page.players
    ]


def texts(game_id: str) -> list[str]:
    """Every English text of the game's pages (each must have its Czech)."""
    found: list[str] = []
    for page in all_pages(game_id):
        found += [page.heading, *page.points]
        if page.diagram is not None and page.diagram.caption:
            found.append(page.diagram.caption)
    return found
