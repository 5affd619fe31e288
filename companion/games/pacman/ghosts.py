"""The ghost phase (R43–R46): which squares a ghost may reach, and the check of one ghost move.

A ghost makes 1 step, or 1–2 steps in a frenzy (R44, A17). It may pass over a dot or a ghost on
its first step but may not end on either (R45, A19, A20); entering PAC-MAN's square ends its
move and catches him (R46, A21).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.pacman.layout import GHOST_NAMES
from companion.games.pacman.paths import is_adjacent
from companion.games.pacman.reasons import reject
from companion.games.pacman.state import PacmanState
from companion.games.quoridor.board import square_name


def ghost_reach(state: PacmanState, ghost: int) -> dict[int, tuple[int, ...]]:
    """Every square the ghost can get to now, ends not yet checked, each with one path to it."""
    here = state.ghosts[ghost]
    if here is None:
        return {}
    openings = state.layout.openings
    reach: dict[int, tuple[int, ...]] = {}
    firsts = openings.neighbours(here)
    for first in firsts:
        reach.setdefault(first, (here, first))
    if state.sees_pacman(ghost):
        for first in firsts:
            if first == state.pacman:
                continue  # R46: the move ends on PAC-MAN's square
            for second in openings.neighbours(first):
                reach.setdefault(second, (here, first, second))
    return reach


def ghost_destinations(state: PacmanState, ghost: int) -> dict[int, tuple[int, ...]]:
    """The legal destinations of the ghost, in square order, each with the path it takes."""
    reach = ghost_reach(state, ghost)
    return {
        square: reach[square]
        for square in sorted(reach)
        if _end_problem(state, ghost, square) is None
    }


def check_ghost_move(
    state: PacmanState, ghost: int, squares: Sequence[int] | None
) -> tuple[int, ...] | None:
    """Check ``<ghost>:pass`` (None), ``<ghost>:<dest>`` (one square) or a full ghost path.

    Returns the path the ghost takes (None for a pass); raises in the order of R56.
    """
    name = GHOST_NAMES[ghost]
    here = state.ghosts[ghost]
    if here is None:
        raise reject("GHOST_EATEN", "R47", "{ghost} has been eaten and is off the board",
                     ghost=name)
    if ghost in state.moved:
        raise reject("ALREADY_MOVED", "R43", "{ghost} has already moved in this ghost phase",
                     ghost=name)
    destinations = ghost_destinations(state, ghost)
    if squares is None:
        if destinations:
            raise reject("PASS_NOT_ALLOWED", "R43", "{ghost} can move, so it may not pass",
                         ghost=name)
        return None
    if len(squares) > 1 and squares[0] != here:
        raise reject("GHOST_NO_PATH", "R55", "{ghost} stands on {square}, not on {start}",
                     ghost=name, square=square_name(here), start=square_name(squares[0]))
    target = squares[-1]
    reach = ghost_reach(state, ghost)
    if target in reach:
        problem = _end_problem(state, ghost, target)
        if problem is not None:
            raise problem
    if len(squares) == 1:
        if target not in reach:
            raise _out_of_reach(state, ghost, target)
        return reach[target]
    _check_ghost_path(state, ghost, squares)
    return tuple(squares)


# -- private helpers ---------------------------------------------------------------------------


def _end_problem(state: PacmanState, ghost: int, square: int) -> Exception | None:
    name = GHOST_NAMES[ghost]
    if square in state.dots:
        return reject("GHOST_ENDS_ON_DOT", "R45", "{ghost} may not end on the dot {square}",
                      ghost=name, square=square_name(square))
    for other, where in enumerate(state.ghosts):
        if other != ghost and where == square:
            return reject(
                "GHOST_ENDS_ON_GHOST", "R45", "{ghost} may not end on {other}'s square {square}",
                ghost=name, other=GHOST_NAMES[other], square=square_name(square),
            )
    return None


def _out_of_reach(state: PacmanState, ghost: int, square: int) -> Exception:
    name = GHOST_NAMES[ghost]
    here = square_name(state.ghosts[ghost] or 0)
    if state.sees_pacman(ghost):
        return reject(
            "GHOST_NO_PATH", "R45",
            "{ghost} on {origin} cannot reach {square} in one or two steps",
            ghost=name, origin=here, square=square_name(square),
        )
    return reject(
        "GHOST_NO_PATH", "R45",
        "{ghost} on {origin} cannot reach {square}: without sight of PAC-MAN it makes one step",
        ghost=name, origin=here, square=square_name(square),
    )


def _check_ghost_path(state: PacmanState, ghost: int, squares: Sequence[int]) -> None:
    name = GHOST_NAMES[ghost]
    openings = state.layout.openings
    steps = len(squares) - 1
    is_frenzy = state.sees_pacman(ghost)
    for index in range(1, len(squares)):
        origin, target = squares[index - 1], squares[index]
        if not is_adjacent(origin, target):
            raise reject(
                "GHOST_NO_PATH", "R36", "{origin} and {square} are not neighbouring squares",
                origin=square_name(origin), square=square_name(target),
            )
        if target not in openings.neighbours(origin):
            raise reject("GHOST_NO_PATH", "R36", "a wall stands between {origin} and {square}",
                         origin=square_name(origin), square=square_name(target))
        if target == state.pacman and index < steps:
            raise reject(
                "GHOST_NO_PATH", "R46",
                "{ghost} catches PAC-MAN on {square}, so its move ends there",
                ghost=name, square=square_name(target),
            )
    if steps > 2 or (steps == 2 and not is_frenzy):
        raise _out_of_reach(state, ghost, squares[-1])
