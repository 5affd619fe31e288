"""The benchmark's sensible players (issue 24), by game: name → ``player(match, chooser)``, which
returns an input ``match.play`` accepts, choosing among equals with the seeded ``chooser``.
They are what a person who plays the obvious way does; they live here, not in the product:
``quoridor.py`` (the race: one and two plies), ``dice.py`` (Člověče and Pat a Mat, one ply),
``greedy.py`` (PAC-MAN and Crash by Crash: the input whose position right after looks best)."""

from __future__ import annotations

import random
from collections.abc import Callable

from benchmarks.sensible import dice, greedy, quoridor
from companion.engine import Match

Player = Callable[[Match, random.Random], str]

SENSIBLE: dict[str, dict[str, Player]] = {
    "quoridor": dict(quoridor.PLAYERS),
    "clovece": dict(dice.CLOVECE),
    "patamat": dict(dice.PATAMAT),
    "pacman": dict(greedy.PACMAN),
    "crash": dict(greedy.CRASH),
}
