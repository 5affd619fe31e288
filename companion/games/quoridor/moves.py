"""Pawn moves (R15–R21) and wall placements (R22–R25) of standard Quoridor."""

from __future__ import annotations

from dataclasses import replace

from companion.games.quoridor.board import (
    ALL_WALLS,
    DELTAS,
    DOWN,
    LEFT,
    PERPENDICULAR,
    RIGHT,
    SIZE,
    UP,
    Openings,
    Wall,
    column_of,
    row_of,
    square_name,
)
from companion.games.quoridor.state import QuoridorState


def pawn_destinations(state: QuoridorState) -> list[int]:
    """The squares the pawn to move may reach: steps, straight jumps, side-steps."""
    openings = state.openings
    here = state.pawns[state.turn]
    occupied = set(state.pawns)
    found: set[int] = set()
    for direction in (UP, DOWN, RIGHT, LEFT):
        if not openings.is_open(here, direction):
            continue
        near = here + DELTAS[direction]
        if near not in occupied:
            found.add(near)
            continue
        behind_open = openings.is_open(near, direction)
        behind = near + DELTAS[direction]
        if behind_open and behind not in occupied:
            found.add(behind)  # R18 straight jump
            continue
        if behind_open and not state.sidestep_when_pawn_behind:
            continue
        for side in PERPENDICULAR[direction]:  # R19 side-steps
            if openings.is_open(near, side):
                target = near + DELTAS[side]
                if target not in occupied:
                    found.add(target)
    return sorted(found)


def stepped(state: QuoridorState, square: int) -> tuple[str, QuoridorState]:
    """The input and the state after the mover's pawn goes to ``square``, one of
    :func:`pawn_destinations` (as the rules' R15–R21 move makes it, without asking them again):
    the searches' child positions."""
    seat = state.turn
    pawns = state.pawns[:seat] + (square,) + state.pawns[seat + 1 :]
    if state.seats[seat].goal >> square & 1:
        return square_name(square), replace(state, pawns=pawns, winner=seat, passes=0)
    child = replace(state, pawns=pawns, turn=state.next_seat(), passes=0)
    child.__dict__["openings"] = state.openings  # the walls are the same: keep their bits
    return square_name(square), child


def shortest_path(openings: Openings, start: int, goal: int) -> list[int] | None:
    """One shortest path of squares from ``start`` into ``goal`` (pawns ignored, R25).

    Breadth-first layers as bitboards, then one square per layer walked back from the goal.
    """
    layers = [1 << start]
    reach = layers[0]
    while not reach & goal:
        grown = openings.grow(reach)
        if grown == reach:
            return None
        layers.append(grown & ~reach)
        reach = grown
    current = (layers[-1] & goal).bit_length() - 1
    path = [current]
    for layer in reversed(layers[:-1]):
        for previous in openings.neighbours(current):
            if layer >> previous & 1:
                current = previous
                break
        path.append(current)
    return path[::-1]


def walls_on_step(a: int, b: int) -> list[Wall]:
    """The wall positions that would close the step between adjacent squares a and b."""
    low, high = min(a, b), max(a, b)
    column, row = column_of(low), row_of(low)
    if high - low == SIZE:
        candidates = [Wall(column, row, True), Wall(column - 1, row, True)]
    else:
        candidates = [Wall(column, row, False), Wall(column, row - 1, False)]
    return [wall for wall in candidates if wall.is_in_bounds]


def blocked_wall_slots(walls: tuple[Wall, ...]) -> set[Wall]:
    """Every wall position that overlaps or crosses a placed wall (R24)."""
    slots: set[Wall] = set()
    for wall in walls:
        column, row = wall.column, wall.row
        if wall.is_horizontal:
            slots.update(Wall(column + dc, row, True) for dc in (-1, 0, 1))
        else:
            slots.update(Wall(column, row + dr, False) for dr in (-1, 0, 1))
        slots.add(Wall(column, row, not wall.is_horizontal))
    return slots


def cut_off_seats(state: QuoridorState, wall: Wall) -> list[int]:
    """The seats that would have no path to their goal edge after ``wall`` (R25)."""
    after = state.openings.with_wall(wall)
    return [
        seat
        for seat, info in enumerate(state.seats)
        if not after.can_reach(state.pawns[seat], info.goal)
    ]


def legal_walls(state: QuoridorState) -> list[Wall]:
    """Every wall the seat to move may place now (R22–R25), in board order."""
    if state.walls_left[state.turn] == 0:
        return []
    blocked = blocked_wall_slots(state.walls)
    openings = state.openings
    on_some_path: set[Wall] = set()
    for seat, info in enumerate(state.seats):
        path = shortest_path(openings, state.pawns[seat], info.goal)
        if path is None:
            continue
        for a, b in zip(path, path[1:]):
            on_some_path.update(walls_on_step(a, b))
    legal: list[Wall] = []
    for wall in ALL_WALLS:
        if wall in blocked:
            continue
        # A wall off every current shortest path cannot cut anyone off: the path stays.
        if wall in on_some_path and cut_off_seats(state, wall):
            continue
        legal.append(wall)
    return legal
