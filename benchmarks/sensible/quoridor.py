"""Sensible Quoridor players for the benchmark (issue 24), not the companion: what a person who
plays the obvious race does.

- **oneply**: the input after which "my shortest path is shorter than theirs" the most: the
  leading other seat's path length minus its own (pawns ignored, as in R25). Walls are tried only
  across another seat's shortest path (elsewhere a wall changes neither length). On equal value
  a pawn step is kept over a wall (walls are saved) while the step wins the race, a wall over a
  step while it does not (the others move first); the rest is a seeded pick.
- **twoply**: the same measure, two plies deep: each of its inputs judged by the next seat's
  best reply against it (that seat's steps and its walls across the mover's shortest path).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from companion.engine import Match
from companion.games.quoridor.board import Openings, Wall, square_name
from companion.games.quoridor.moves import (
    blocked_wall_slots,
    pawn_destinations,
    shortest_path,
    walls_on_step,
)
from companion.games.quoridor.state import QuoridorState

WON = 1_000


def distances(state: QuoridorState, openings: Openings,
              pawns: tuple[int, ...] | None = None) -> list[int] | None:
    """Every seat's shortest path length; None when a seat is cut off (the wall is illegal)."""
    found = []
    for seat, info in enumerate(state.seats):
        steps = openings.distance((pawns or state.pawns)[seat], info.goal)
        if steps is None:
            return None
        found.append(steps)
    return found


def race(steps: list[int], seat: int) -> int:
    """The leading other seat's path length minus ``seat``'s."""
    if steps[seat] == 0:
        return WON
    return min(length for other, length in enumerate(steps) if other != seat) - steps[seat]


def walls_across(state: QuoridorState, targets: list[int]) -> Iterator[Wall]:
    """Walls not blocked by placed ones, across the shortest paths of ``targets``."""
    openings = state.openings
    blocked = blocked_wall_slots(state.walls)
    seen: set[Wall] = set()
    for target in targets:
        path = shortest_path(openings, state.pawns[target], state.seats[target].goal) or []
        for a, b in zip(path, path[1:]):
            for wall in walls_on_step(a, b):
                if wall not in seen and wall not in blocked:
                    seen.add(wall)
                    yield wall


def options(state: QuoridorState, targets: list[int]) -> Iterator[tuple[str, Openings,
                                                                       tuple[int, ...]]]:
    """The mover's pawn steps and walls across ``targets``' paths: (line, openings, pawns)."""
    seat = state.turn
    for square in pawn_destinations(state):
        pawns = state.pawns[:seat] + (square,) + state.pawns[seat + 1:]
        yield square_name(square), state.openings, pawns
    if state.walls_left[seat]:
        for wall in walls_across(state, targets):
            yield wall.name, state.openings.with_wall(wall), state.pawns


def ranked(state: QuoridorState, seat: int) -> list[tuple[int, bool, str]]:
    """The mover's inputs with their one-ply race for ``seat`` (legal ones only), and whether
    each is the kind to prefer on equal value: a step while a step wins the race (the others
    move first, so it needs a lead of one), a wall while it does not."""
    others = [other for other in range(state.players) if other != state.turn]
    found = []
    for line, openings, pawns in options(state, others):
        steps = distances(state, openings, pawns)
        if steps is not None:
            found.append((race(steps, seat), line[-1] not in "hv", line))
    best_step = max((value for value, is_step, _ in found if is_step), default=None)
    walls_first = best_step is not None and best_step < 1
    return [(value, is_step != walls_first, line) for value, is_step, line in found]


def pick(scored: list[tuple[float, bool, str]], chooser: random.Random) -> str:
    best = max((value, preferred) for value, preferred, _ in scored)
    return chooser.choice([line for value, preferred, line in scored
                           if (value, preferred) == best])


def oneply(match: Match, chooser: random.Random) -> str:
    state: QuoridorState = match.state
    scored = ranked(state, state.turn)
    return pick(scored, chooser) if scored else chooser.choice(match.legal())


def twoply(match: Match, chooser: random.Random) -> str:
    state: QuoridorState = match.state
    seat = state.turn
    rules = match.rules
    scored: list[tuple[float, bool, str]] = []
    for value, preferred, line in ranked(state, seat):
        if value == WON:
            return line
        after = rules.apply(state, line)[0]
        replies = [reply for reply, _, _ in ranked_reply(after, seat)]
        scored.append((min(replies, default=value), preferred, line))
    return pick(scored, chooser) if scored else chooser.choice(match.legal())


def ranked_reply(state: QuoridorState, seat: int) -> list[tuple[int, bool, str]]:
    """The next seat's replies judged for ``seat``: its steps, and its walls across ``seat``'s
    path; as the replying seat sees them it takes the one best for itself."""
    replier = state.turn
    found = []
    for line, openings, pawns in options(state, [seat]):
        steps = distances(state, openings, pawns)
        if steps is not None:
            found.append((race(steps, replier), race(steps, seat), line))
    if not found:
        return []
    best = max(mine for mine, _, _ in found)
    return [(theirs, True, line) for mine, theirs, line in found if mine == best]


PLAYERS = {"oneply": oneply, "twoply": twoply}
