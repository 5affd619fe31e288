"""Greedy players for PAC-MAN and Crash by Crash (issue 24), for the benchmark, not the product:
each input judged by the position right after it, the obvious way.

- **PAC-MAN, greedy**: as PAC-MAN, the move that eats most dots, loses no life and does not end
  next to a ghost, nearest to the next dot; as the ghosts, a capture if there is one, else the
  ghost move that brings a ghost nearest to PAC-MAN.
- **Crash by Crash, greedy**: on a turn, the action after which its side's score leads the
  other side's most (batteries a little), judged over a seeded sample of the actions when there
  are many; the other inputs (set-up, cards drawn) a seeded pick.
"""

from __future__ import annotations

import random

from companion.engine import Match
from companion.games.pacman.state import PacmanState
from companion.games.quoridor.board import Openings

DOT, LIFE, NEXT_TO_GHOST, FAR = 1_000.0, 5_000.0, 800.0, 99
CRASH_SAMPLE = 120
"""Crash by Crash actions judged per decision at most (a turn may allow more than 1,500)."""


def _distance(openings: Openings, start: int, target: int) -> int:
    found = openings.distance(start, 1 << target)
    return FAR if found is None else found


def _nearest_dot(state: PacmanState) -> int:
    openings = state.layout.openings
    goal = 0
    for dot in state.dots:
        goal |= 1 << dot
    if not goal:
        return 0
    found = openings.distance(state.pacman, goal)
    return FAR if found is None else found


def pacman_greedy(match: Match, chooser: random.Random) -> str:
    state: PacmanState = match.state
    rules = match.rules
    lines = match.legal()
    openings = state.layout.openings
    if state.phase == "pacman":
        def pacman_value(line: str) -> float:
            after: PacmanState = rules.apply(state, line)[0]
            near = sum(1 for ghost in after.ghosts
                       if ghost is not None and _distance(openings, ghost, after.pacman) <= 1)
            return (DOT * after.dots_eaten + LIFE * after.lives - NEXT_TO_GHOST * near
                    - _nearest_dot(after) + chooser.random())

        return max(lines, key=pacman_value)

    def ghost_value(line: str) -> float:
        after: PacmanState = rules.apply(state, line)[0]
        nearest = min((_distance(openings, ghost, after.pacman)
                       for ghost in after.ghosts if ghost is not None), default=FAR)
        return -LIFE * after.lives - nearest + chooser.random()

    return max(lines, key=ghost_value)


def crash_greedy(match: Match, chooser: random.Random) -> str:
    lines = match.legal()
    if match.awaiting != "move" or len(lines) == 1:
        return chooser.choice(lines)
    state = match.state
    rules = match.rules
    seat = match.to_move
    assert seat is not None
    team = {seat, (seat + 2) % 4} if match.players == 4 else {seat}
    sample = lines if len(lines) <= CRASH_SAMPLE else chooser.sample(lines, CRASH_SAMPLE)

    def value(line: str) -> float:
        after = rules.apply(state, line)[0]
        outcome = rules.outcome(after)
        if outcome is not None:
            won = set(outcome.ranking[0]) if outcome.ranking else set()
            return 1e6 if won <= team and won else -1e6 if won else 0.0
        counters = rules.counters(after)
        mine = sum(counters[s]["score"] * 10 + counters[s]["batteries"]
                   for s in counters if s in team)
        theirs = sum(counters[s]["score"] * 10 + counters[s]["batteries"]
                     for s in counters if s not in team)
        return mine - theirs + chooser.random()

    return max(sample, key=value)


PACMAN = {"greedy": pacman_greedy}
CRASH = {"greedy": crash_greedy}
