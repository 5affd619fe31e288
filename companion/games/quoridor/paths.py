"""Path lengths for the Quoridor strategies, remembered between decisions.

Each is a pure function of the walls, a square and a goal edge (pawns ignored, as in R25), so
remembering them changes the speed of a search, never its answer: fields grown from each goal
edge per wall layout (:func:`distance`), the walls across one shortest path
(:func:`path_walls`), and how far a few walls in a row can lengthen a path (:func:`exposure`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from companion.games.quoridor.board import Openings, Wall
from companion.games.quoridor.moves import (
    blocked_wall_slots,
    pawn_destinations,
    shortest_path,
    walls_on_step,
)
from companion.games.quoridor.state import QuoridorState

#: Wall layouts whose path lengths are remembered between decisions (a pure function of the
#: walls, the square and the goal: remembering them changes no answer, only its speed). A
#: four-player game with the strong level adds about 13,000; 40,000 keep two or three games'
#: worth in about 30 MB (100,000 grew the process past 70 MB over four games).
FIELDS_KEPT = 40_000


def forward_steps(state: QuoridorState) -> list[int]:
    """The pawn moves that shorten the mover's path to its goal; all of them when none does.

    Stepping aside is never worth a tempo against the race measure, and allowing it lets two
    careful players shuffle for ever, each waiting for the other to walk into its walls.
    """
    seat = state.turn
    goal = state.seats[seat].goal
    openings = state.openings
    destinations = pawn_destinations(state)
    now = distance(openings, state.pawns[seat], goal)
    if now is None:
        return destinations
    forward = [
        square
        for square in destinations
        if goal >> square & 1 or (distance(openings, square, goal) or now) < now
    ]
    return forward or destinations


def exposure(state: QuoridorState, seat: int, walls: int) -> int:
    """Steps that ``walls`` walls in a row, each the one across ``seat``'s shortest path that
    lengthens it most (as a plain player walls), add to that path. Remembered like
    :func:`distance` (a pure function of the walls, the square and the goal)."""
    if walls <= 0:
        return 0
    key = (frozenset(state.walls), state.pawns[seat], state.seats[seat].goal, walls)
    known = _EXPOSURE.get(key)
    if known is not None:
        return known
    goal = state.seats[seat].goal
    square = state.pawns[seat]
    placed = list(state.walls)
    openings = state.openings
    start = now = distance(openings, square, goal) or 0
    for _ in range(walls):
        blocked = blocked_wall_slots(tuple(placed))
        across = path_walls(openings, square, goal)
        best: tuple[int, Wall, Openings] | None = None
        for bit, wall in enumerate(WALL_OF_BIT):
            if across >> bit & 1 and wall not in blocked:
                walled = openings.with_wall(wall)
                found = distance(walled, square, goal)
                if found is not None and (best is None or found > best[0]):
                    best = (found, wall, walled)
        if best is None:
            break
        now, wall, openings = best
        placed.append(wall)
    if len(_EXPOSURE) >= FIELDS_KEPT:
        _EXPOSURE.clear()
    _EXPOSURE[key] = now - start
    return now - start


def seat_steps(state: QuoridorState, openings: Openings) -> tuple[int, ...] | None:
    """Every seat's shortest path length to its goal edge, pawns ignored; None if one is cut off."""
    steps = []
    for seat, info in enumerate(state.seats):
        found = distance(openings, state.pawns[seat], info.goal)
        if found is None:
            return None
        steps.append(found)
    return tuple(steps)


Field = tuple[int, bool, tuple[int, ...]]
"""Every square's path length to one goal under one set of walls, as far as grown: the squares
reached, whether nothing more can be, and the layers (squares 0, 1, 2 … steps from the goal).
Plain tuples of numbers, which the garbage collector stops tracking: a large cache of objects
would make each of its full collections take a tenth of a second."""

_FIELDS: dict[tuple[tuple[int, int, int, int], int], Field] = {}
_PATH_WALLS: dict[tuple[tuple[int, int, int, int], int, int], int] = {}
_EXPOSURE: dict[tuple[frozenset[Wall], int, int, int], int] = {}
WALL_OF_BIT = tuple(Wall(column, row, horizontal) for column in range(8) for row in range(8)
                    for horizontal in (False, True))
"""Every wall position, numbered: a set of them is an integer with those bits set."""


def wall_bit(wall: Wall) -> int:
    return (wall.column * 8 + wall.row) * 2 + wall.is_horizontal


def distance(openings: Openings, square: int, goal: int) -> int | None:
    """``openings.distance``, remembered: the same walls and goal come back again and again in
    a search, in the next seat's search and in the next decision's (a pure function, so the
    answers never depend on what was remembered). Grown from the goal, layer by layer, only as
    far as a question needs (the walls are the same both ways)."""
    key = (openings.masks, goal)
    reach, done, layers = _FIELDS.get(key) or (goal, False, (goal,))
    bit = 1 << square
    if reach & bit:
        return next(steps for steps, layer in enumerate(layers) if layer & bit)
    found: int | None = None
    grown_layers = list(layers)
    while not done:
        grown = openings.grow(reach)
        fresh = grown & ~reach
        if not fresh:
            done = True
            break
        grown_layers.append(fresh)
        reach = grown
        if fresh & bit:
            found = len(grown_layers) - 1
            break
    if len(_FIELDS) >= FIELDS_KEPT:
        _FIELDS.clear()
    _FIELDS[key] = (reach, done, tuple(grown_layers))
    return found


def lengths_with_wall(state: QuoridorState, walled: Openings, paths: Sequence[int],
                      now: Sequence[int], wall: Wall) -> tuple[int, ...] | None:
    """Every seat's path length once ``wall`` stands (``walled``): measured again only for the
    seats whose shortest path it crosses (``paths``: each seat's path walls), the others kept
    from ``now``; None when it would cut a seat off (R25)."""
    lengths = list(now)
    for other, info in enumerate(state.seats):
        if paths[other] >> wall_bit(wall) & 1:
            steps = distance(walled, state.pawns[other], info.goal)
            if steps is None:
                return None
            lengths[other] = steps
    return tuple(lengths)


def path_walls(openings: Openings, square: int, goal: int) -> int:
    """The wall positions across one shortest path from ``square`` to ``goal`` (bits of
    :func:`wall_bit`): only these can lengthen it (any other wall leaves this path open).
    Remembered like :func:`distance`."""
    key = (openings.masks, square, goal)
    known = _PATH_WALLS.get(key)
    if known is None:
        if len(_PATH_WALLS) >= FIELDS_KEPT:
            _PATH_WALLS.clear()
        path = shortest_path(openings, square, goal) or []
        known = 0
        for a, b in zip(path, path[1:]):
            for wall in walls_on_step(a, b):
                known |= 1 << wall_bit(wall)
        _PATH_WALLS[key] = known
    return known


def race_chance(
    steps: Sequence[int], turn: int, seat: int, walls_left: Sequence[int],
    wall_in_hand: float = 0.6,
) -> float:
    """Four players: the log of ``seat``'s chance to arrive first, in rounds.

    Arrivals as in :func:`race_margin`, each brought forward by the walls its seat holds, are
    weighed by a softmax one round wide. Unlike the margin to the leading other seat, this
    still rewards holding back a leader when another seat is as close: whoever leads is the
    danger, and every seat lets the others do the blocking at its peril.
    """
    players = len(steps)
    arrivals = [
        players * (needed - 1 - wall_in_hand * walls_left[other]) + (other - turn) % players
        for other, needed in enumerate(steps)
    ]
    mine = arrivals[seat]
    total = sum(math.exp((mine - arrival) / players) for arrival in arrivals)
    return -math.log(total)
