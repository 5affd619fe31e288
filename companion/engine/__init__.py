"""The shared engine: one facade over every game (see shared/ENGINE.md).

Pure Python: nothing here imports Kivy, gpiozero or pyserial. The registry (``GAMES``,
``open_game``) is loaded on first use, so a game module may import ``companion.engine.errors``
and ``companion.engine.game`` without meeting a half-initialised registry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engine.errors import CompanionError, IllegalInput

if TYPE_CHECKING:
    from companion.engine.game import GameDescription, OptionSpec, Outcome
    from companion.engine.match import Match
    from companion.engine.registry import GAMES, open_game
    from companion.engine.strategy import choose_input

__all__ = [
    "GAMES",
    "CompanionError",
    "GameDescription",
    "IllegalInput",
    "Match",
    "OptionSpec",
    "Outcome",
    "choose_input",
    "open_game",
]


def __getattr__(name: str) -> Any:
    # The game and the match too on first use: importing ``companion.engine.errors`` (the
    # store's faults do) loads no game machinery (``companion stats`` starts faster).
    if name in ("GameDescription", "OptionSpec", "Outcome"):
        from companion.engine import game

        return getattr(game, name)
    if name == "Match":
        from companion.engine.match import Match

        return Match
    if name in ("GAMES", "open_game"):
        from companion.engine import registry

        return getattr(registry, name)
    if name == "choose_input":
        from companion.engine.strategy import choose_input

        return choose_input
    raise AttributeError(f"module 'companion.engine' has no attribute {name!r}")
