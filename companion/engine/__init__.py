"""The shared engine: one facade over every game (see shared/ENGINE.md).

Pure Python: nothing here imports Kivy, gpiozero or pyserial.
"""

from companion.engine.errors import CompanionError, IllegalInput
from companion.engine.game import GameDescription, OptionSpec, Outcome
from companion.engine.match import Match
from companion.engine.registry import GAMES, open_game

__all__ = [
    "GAMES",
    "CompanionError",
    "GameDescription",
    "IllegalInput",
    "Match",
    "OptionSpec",
    "Outcome",
    "open_game",
]
