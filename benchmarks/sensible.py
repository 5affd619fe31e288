"""The benchmark's sensible players (issue 24), by game: name → ``player(match, chooser)``, which
returns an input ``match.play`` accepts, choosing among equals with the seeded ``chooser``.
They are what a person who plays the obvious way does; they live here, not in the product."""

from __future__ import annotations

import random
from collections.abc import Callable

from benchmarks import sensible_dice, sensible_greedy, sensible_quoridor
from companion.engine import Match

Player = Callable[[Match, random.Random], str]

SENSIBLE: dict[str, dict[str, Player]] = {
    "quoridor": dict(sensible_quoridor.PLAYERS),
    "clovece": dict(sensible_dice.CLOVECE),
    "patamat": dict(sensible_dice.PATAMAT),
    "pacman": dict(sensible_greedy.PACMAN),
    "crash": dict(sensible_greedy.CRASH),
}
