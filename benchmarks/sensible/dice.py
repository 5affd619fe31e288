"""Sensible one-ply players for the dice games (issue 24), for the benchmark, not the product.

- **Člověče, oneply**: each action for the roll judged on its own, the obvious way: into the
  goal first, then a capture, then entering a piece, then moving; a move counts its progress
  towards the mover's goal and loses for landing within a die's reach in front of another
  seat's piece (safety); a captured piece goes to the seat with most pieces in its goal.
- **Pat a Mat, oneply**: the car that gains most (kart, car, tractor, rusty, garbage); cars
  placed before the race where the seeded pick puts them (a person spreads them anyhow).
"""

from __future__ import annotations

import random

from companion.engine import Match
from companion.games.clovece.board import SIX
from companion.games.clovece.moves import Action, actions
from companion.games.clovece.state import State

GOAL, CAPTURE, ENTER, MOVE = 400.0, 300.0, 200.0, 100.0
UNSAFE = 60.0
"""What standing within a die's reach in front of another seat's piece costs a move."""
CAR_ORDER = ("kart", "car", "tractor", "rusty", "garbage")


def clovece_oneply(match: Match, chooser: random.Random) -> str:
    state: State = match.state
    lines = [line for line in match.legal() if line != "stop"]
    if state.phase == "capture":
        return max(lines, key=lambda line: (_goal_count(state, line), chooser.random()))
    if state.phase != "moving":
        return chooser.choice(lines)
    roll = state.current_roll or 0
    scores = {action.line: _action_value(state, action) for action in actions(state, roll)}
    return max(lines, key=lambda line: (scores.get(line, 0.0), chooser.random()))


def _action_value(state: State, action: Action) -> float:
    if action.kind == "pass":
        return 0.0
    if action.enters_goal or action.kind == "goal-move":
        return GOAL + action.to_slot
    board = state.board
    rank = state.current
    start = board.start(state.seats[rank])
    if action.kind == "enter":
        return ENTER - (UNSAFE if _unsafe(state, start) else 0.0)
    progress = ((action.to_field - start) % board.length) / board.length
    value = (CAPTURE if action.lands_on_occupied else MOVE) + 10 * progress
    return value - (UNSAFE if _unsafe(state, action.to_field) else 0.0)


def _unsafe(state: State, field: int) -> bool:
    """Another seat has a piece of a colour it may play within a die's reach behind ``field``."""
    rank = state.current
    for other in state.unfinished():
        if other == rank:
            continue
        playable = state.playable(other)
        for stack in state.track:
            if 1 <= (field - stack.field) % state.board.length <= SIX and any(
                    colour in playable for colour in stack.colours):
                return True
    return False


def _goal_count(state: State, line: str) -> int:
    """For ``give … -> Sk``: the recipient's pieces in its goal (the leader gets it); never the
    mover itself when another seat may have it."""
    rank = state.rank_of(int(line.rsplit("S", 1)[1]))
    if rank is None:
        return 0
    if rank == state.current:
        return -1
    return sum(1 for colour in state.goals[rank] if colour is not None)


def patamat_oneply(match: Match, chooser: random.Random) -> str:
    lines = match.legal()
    chosen = [line for line in lines if line.startswith("choose ")]
    if chosen:
        return min(chosen, key=lambda line: (CAR_ORDER.index(line.split()[1])
                                             if line.split()[1] in CAR_ORDER else 9))
    return chooser.choice(lines)


CLOVECE = {"oneply": clovece_oneply}
PATAMAT = {"oneply": patamat_oneply}
