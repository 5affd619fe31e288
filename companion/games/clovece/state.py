"""The immutable state of a Člověče match (rules/clovece.md §2, §5.4).

Pieces have no identity beyond their colour. Instead of global arrival stamps the track keeps,
per field, its pieces in arrival order (oldest first): only the order among pieces sharing a
field matters (R11.3, R12.2). A piece that arrived during the current turn carries ``moved``.
Seats are kept by *rank* (index among the seats in use, K1); ``seats`` maps rank → seat label.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.games.clovece.board import COLOURS, GOAL_SLOTS, SIX, Board

Phase = Literal["rolloff", "rolling", "moving", "capture", "over"]
RollStatus = Literal["pending", "used", "forfeited", "passed", "discarded"]
ROLL_STATUSES: tuple[RollStatus, ...] = ("pending", "used", "forfeited", "passed", "discarded")

Slots = tuple[str | None, ...]


@dataclass(frozen=True)
class Piece:
    colour: str
    moved: bool = False


@dataclass(frozen=True)
class Stack:
    """The pieces on one track field, oldest arrival first."""

    field: int
    pieces: tuple[Piece, ...]

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(piece.colour for piece in self.pieces)


@dataclass(frozen=True)
class State:
    board: Board
    seats: tuple[int, ...]
    homes: tuple[tuple[str, ...], ...]
    goals: tuple[Slots, ...]
    track: tuple[Stack, ...]
    places: tuple[int | None, ...]
    phase: Phase
    current: int = 0
    rolls: tuple[int, ...] = ()
    statuses: tuple[RollStatus, ...] = ()
    rolloff_group: tuple[int, ...] = ()
    rolloff_values: tuple[int, ...] = ()
    stopped: bool = False
    play_on: bool = True

    # -- seats ------------------------------------------------------------------------------

    @property
    def pieces_per_colour(self) -> int:
        """n pieces of each colour, n = number of players (§2)."""
        return len(self.seats)

    def label(self, rank: int) -> str:
        return f"S{self.seats[rank]}"

    def rank_of(self, seat: int) -> int | None:
        return self.seats.index(seat) if seat in self.seats else None

    def playable(self, rank: int) -> tuple[str, ...]:
        """playable(P): colours neither in P's home nor in P's goal (§2), canonical order."""
        home, goal = self.homes[rank], self.goals[rank]
        return tuple(c for c in COLOURS if c not in home and c not in goal)

    def is_finished(self, rank: int) -> bool:
        return self.places[rank] is not None

    def unfinished(self) -> tuple[int, ...]:
        return tuple(rank for rank in range(len(self.seats)) if self.places[rank] is None)

    @property
    def winner(self) -> int | None:
        for rank, place in enumerate(self.places):
            if place == 1:
                return rank
        return None

    # -- rolls ------------------------------------------------------------------------------

    @property
    def roll_index(self) -> int | None:
        """Index of the current (first pending) roll once the roll list is complete."""
        if self.phase != "moving":
            return None
        return self.statuses.index("pending")

    @property
    def current_roll(self) -> int | None:
        index = self.roll_index
        return None if index is None else self.rolls[index]

    @property
    def needs_roll(self) -> bool:
        return self.phase == "rolling" and (not self.rolls or self.rolls[-1] == SIX)

    # -- track ------------------------------------------------------------------------------

    def stack(self, field: int) -> Stack | None:
        for stack in self.track:
            if stack.field == field:
                return stack
        return None

    def count_on_track(self, colour: str) -> int:
        return sum(stack.colours.count(colour) for stack in self.track)

    def first_captured(self) -> tuple[str, int] | None:
        """The next piece R12 captures: lowest shared field, oldest arrival there."""
        for stack in self.track:
            if len(stack.pieces) >= 2:
                return stack.pieces[0].colour, stack.field
        return None

    def eligible(self, colour: str) -> tuple[int, ...]:
        """Ranks that may receive a captured ``colour`` piece (R12.3), mover included."""
        return tuple(r for r in range(len(self.seats)) if colour in self.playable(r))


# -- pure updates -------------------------------------------------------------------------


def with_piece_added(track: tuple[Stack, ...], field: int, piece: Piece) -> tuple[Stack, ...]:
    """``piece`` arrives on ``field`` (latest arrival there)."""
    stacks = list(track)
    for index, stack in enumerate(stacks):
        if stack.field == field:
            stacks[index] = Stack(field, stack.pieces + (piece,))
            return tuple(stacks)
        if stack.field > field:
            stacks.insert(index, Stack(field, (piece,)))
            return tuple(stacks)
    stacks.append(Stack(field, (piece,)))
    return tuple(stacks)


def with_piece_removed(
    track: tuple[Stack, ...], field: int, colour: str, latest: bool
) -> tuple[Stack, ...]:
    """Take one ``colour`` piece off ``field``: the latest arrival (a move, R11.3) or the
    oldest (a capture, R12.3). The caller has checked that such a piece is there."""
    stacks = list(track)
    for index, stack in enumerate(stacks):
        if stack.field != field:
            continue
        positions = [i for i, piece in enumerate(stack.pieces) if piece.colour == colour]
        drop = positions[-1] if latest else positions[0]
        rest = stack.pieces[:drop] + stack.pieces[drop + 1 :]
        if rest:
            stacks[index] = Stack(field, rest)
        else:
            del stacks[index]
        return tuple(stacks)
    raise AssertionError(f"no {colour} piece on field {field}")


def with_home(state: State, rank: int, home: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    ordered = tuple(c for c in COLOURS if c in home)
    return state.homes[:rank] + (ordered,) + state.homes[rank + 1 :]


def with_goal(state: State, rank: int, goal: Slots) -> tuple[Slots, ...]:
    return state.goals[:rank] + (goal,) + state.goals[rank + 1 :]


def clear_moved(track: tuple[Stack, ...]) -> tuple[Stack, ...]:
    return tuple(Stack(s.field, tuple(Piece(p.colour) for p in s.pieces)) for s in track)


def initial_state(board: Board, seats: tuple[int, ...], play_on: bool) -> State:
    """Every home holds R, Y, G, B; goals and track empty; the roll-off begins (R1, R2)."""
    count = len(seats)
    return State(
        board=board,
        seats=seats,
        homes=(COLOURS,) * count,
        goals=((None,) * GOAL_SLOTS,) * count,
        track=(),
        places=(None,) * count,
        phase="rolloff",
        rolloff_group=tuple(range(count)),
        play_on=play_on,
    )


def check_invariants(state: State) -> None:
    """I1–I3 (§2). Raises AssertionError: a violation is a bug in the engine."""
    counts = dict.fromkeys(COLOURS, 0)
    for stack in state.track:
        if len(stack.pieces) > 1 and state.phase in ("rolloff", "rolling"):
            raise AssertionError(f"I3: field {stack.field} is shared between turns")
        for piece in stack.pieces:
            counts[piece.colour] += 1
    for rank in range(len(state.seats)):
        held = state.homes[rank] + tuple(c for c in state.goals[rank] if c is not None)
        if len(held) != len(set(held)):
            raise AssertionError(f"I1: {state.label(rank)} holds a colour twice")
        for colour in held:
            counts[colour] += 1
    for colour, count in counts.items():
        if count != state.pieces_per_colour:
            raise AssertionError(
                f"I2: {count} {colour} pieces instead of {state.pieces_per_colour}"
            )


__all__ = [
    "ROLL_STATUSES",
    "Phase",
    "Piece",
    "RollStatus",
    "Slots",
    "Stack",
    "State",
    "check_invariants",
    "clear_moved",
    "initial_state",
    "with_goal",
    "with_home",
    "with_piece_added",
    "with_piece_removed",
]
