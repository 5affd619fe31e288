"""PAC-MAN's move (R36–R42): every legal full path, and the check of one given path.

A move is a normal segment of 2 steps that may not enter a ghost (R37, R38), cut short by a dot
(R39), then a 3-step bonus per dot eaten that eats every ghost it enters (R40, A12) and starts
afresh on another dot (A14); the 4th dot ends the move and the game (R50, A15).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from companion.games.pacman.layout import GHOST_NAMES
from companion.games.pacman.reasons import reject
from companion.games.pacman.state import BONUS_STEPS, NORMAL_STEPS, PacmanState
from companion.games.quoridor.board import SIZE, Openings, square_name

Ghosts = tuple[int | None, ...]


@dataclass(frozen=True)
class PacmanPath:
    """One legal PAC-MAN move and what it does, in the order things happen."""

    squares: tuple[int, ...]
    dots_eaten: tuple[int, ...]
    ghosts_eaten: tuple[tuple[int, int], ...]  # (ghost, square)
    is_win: bool

    @property
    def final(self) -> int:
        return self.squares[-1]

    @property
    def text(self) -> str:
        return "P:" + "-".join(square_name(square) for square in self.squares)

    @property
    def result(self) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """What R54's shorthand compares: final square, ghosts eaten, dots eaten."""
        return (
            self.final,
            tuple(sorted(ghost for ghost, _ in self.ghosts_eaten)),
            tuple(sorted(self.dots_eaten)),
        )


def legal_paths(state: PacmanState) -> tuple[PacmanPath, ...]:
    """Every legal full path of PAC-MAN now (Q4), sorted by their text; () when he cannot move."""
    return _paths(state.layout.openings, state.pacman, state.ghosts, state.dots)


def paths_between(state: PacmanState, origin: int, target: int) -> list[PacmanPath]:
    """The legal paths from ``origin`` to ``target`` (R54 shorthand)."""
    if origin != state.pacman:
        return []
    return [path for path in legal_paths(state) if path.final == target]


def walk(state: PacmanState, squares: Sequence[int]) -> PacmanPath:
    """Check one full path step by step (R56 order); return what it does or raise."""
    here = state.pacman
    if squares[0] != here:
        raise reject(
            "WRONG_START_SQUARE", "R54", "PAC-MAN stands on {square}, not on {start}",
            square=square_name(here), start=square_name(squares[0]),
        )
    openings = state.layout.openings
    ghosts = list(state.ghosts)
    dots = list(state.dots)
    dots_eaten: list[int] = []
    ghosts_eaten: list[tuple[int, int]] = []
    remaining, in_bonus, end, is_win = NORMAL_STEPS, False, -1, False
    for index in range(1, len(squares)):
        origin, target = squares[index - 1], squares[index]
        check_step(openings, origin, target)
        if end >= 0:
            continue
        if target in ghosts:
            ghost = ghosts.index(target)
            if not in_bonus:
                raise reject(
                    "PAC_ENTERS_GHOST", "R38",
                    "PAC-MAN may not enter {ghost}'s square {square}: "
                    "he eats ghosts only during a bonus",
                    ghost=GHOST_NAMES[ghost], square=square_name(target),
                )
            ghosts[ghost] = None
            ghosts_eaten.append((ghost, target))
        remaining -= 1
        if target in dots:
            dots.remove(target)
            dots_eaten.append(target)
            remaining, in_bonus = BONUS_STEPS, True
            if not dots:
                is_win, remaining = True, 0
        if remaining == 0:
            end = index
    if end < 0:
        raise reject(
            "WRONG_LENGTH", "R41",
            "the path is too short: PAC-MAN still has {count} step(s) to make after {square}",
            count=remaining, square=square_name(squares[-1]),
        )
    if end < len(squares) - 1:
        raise reject(
            "WRONG_LENGTH", "R41",
            "the path is too long: PAC-MAN's move ends on {square} after {count} step(s)",
            square=square_name(squares[end]), count=end,
        )
    return PacmanPath(tuple(squares), tuple(dots_eaten), tuple(ghosts_eaten), is_win)


def check_step(openings: Openings, origin: int, target: int) -> None:
    """R36: a step goes to an orthogonal neighbour through an open edge."""
    if not is_adjacent(origin, target):
        raise reject(
            "NOT_ADJACENT", "R36", "{origin} and {square} are not neighbouring squares",
            origin=square_name(origin), square=square_name(target),
        )
    if target not in openings.neighbours(origin):
        raise reject(
            "WALL", "R36", "a wall stands between {origin} and {square}",
            origin=square_name(origin), square=square_name(target),
        )


def is_adjacent(first: int, second: int) -> bool:
    difference = abs(first - second)
    if difference == SIZE:
        return True
    return difference == 1 and first // SIZE == second // SIZE


# -- private helpers ---------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _paths(
    openings: Openings, start: int, ghosts: Ghosts, dots: tuple[int, ...]
) -> tuple[PacmanPath, ...]:
    found: list[PacmanPath] = []
    _extend(openings, (start,), NORMAL_STEPS, False, ghosts, dots, (), (), found)
    found.sort(key=lambda path: path.text)
    return tuple(found)


def _extend(
    openings: Openings,
    path: tuple[int, ...],
    remaining: int,
    in_bonus: bool,
    ghosts: Ghosts,
    dots: tuple[int, ...],
    dots_eaten: tuple[int, ...],
    ghosts_eaten: tuple[tuple[int, int], ...],
    found: list[PacmanPath],
) -> None:
    for target in openings.neighbours(path[-1]):
        now_ghosts, now_eaten = ghosts, ghosts_eaten
        if target in ghosts:
            if not in_bonus:
                continue  # R38
            ghost = ghosts.index(target)
            now_ghosts = ghosts[:ghost] + (None,) + ghosts[ghost + 1 :]
            now_eaten = ghosts_eaten + ((ghost, target),)
        step = path + (target,)
        if target in dots:
            left = tuple(dot for dot in dots if dot != target)
            eaten = dots_eaten + (target,)
            if not left:
                found.append(PacmanPath(step, eaten, now_eaten, True))  # R50, A15
            else:
                _extend(openings, step, BONUS_STEPS, True, now_ghosts, left, eaten, now_eaten,
                        found)
        elif remaining == 1:
            found.append(PacmanPath(step, dots_eaten, now_eaten, False))
        else:
            _extend(openings, step, remaining - 1, in_bonus, now_ghosts, dots, dots_eaten,
                    now_eaten, found)
