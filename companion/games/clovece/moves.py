"""What the mover may do with the current roll, and the flow of a turn (rules/clovece.md R4–R13).

Every function takes a state and returns the next state with the events it caused; nothing
mutates. The automatic steps (forfeits R7.1, single-recipient gives R12.3, discards R13.1, the
next turn R3) happen inside ``advance``; the engine never plays an action for the player (R7.5).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from companion.games.clovece.board import COLOURS, GOAL_SLOTS, SIX
from companion.games.clovece.state import (
    Piece,
    RollStatus,
    State,
    check_invariants,
    clear_moved,
    with_goal,
    with_home,
    with_piece_added,
    with_piece_removed,
)

ActionKind = Literal["enter", "move", "goal-move", "pass"]


@dataclass(frozen=True)
class Action:
    """One R6 action (or the R7.3 pass) for the current roll, with where it ends."""

    kind: ActionKind
    colour: str = ""
    field: int = -1
    slot: int = 0
    to_field: int = -1
    to_slot: int = 0
    lands_on_occupied: bool = False

    @property
    def enters_goal(self) -> bool:
        return self.kind == "move" and self.to_slot > 0

    @property
    def line(self) -> str:
        """The canonical input line (K5: a track move is written ``move F C``)."""
        if self.kind == "enter":
            return f"enter {self.colour}"
        if self.kind == "move":
            return f"move {self.field} {self.colour}"
        if self.kind == "goal-move":
            return f"goal-move {self.slot}"
        return "pass"


def actions(state: State, roll: int) -> tuple[Action, ...]:
    """A(d): the legal R6 actions of the mover for ``roll``, in canonical order (§5.4)."""
    rank = state.current
    seat = state.seats[rank]
    board = state.board
    found: list[Action] = []
    if roll == SIX:
        start = board.start(seat)
        occupied = state.stack(start) is not None
        found.extend(
            Action("enter", colour, to_field=start, lands_on_occupied=occupied)
            for colour in state.homes[rank]
        )
    playable = state.playable(rank)
    goal = state.goals[rank]
    for stack in state.track:
        for colour in COLOURS:
            if colour not in playable or colour not in stack.colours:
                continue
            where, target = board.destination(seat, stack.field, roll)
            if where == "track":
                occupied = state.stack(target) is not None
                found.append(
                    Action("move", colour, stack.field, to_field=target, lands_on_occupied=occupied)
                )
            elif where == "goal" and goal[target - 1] is None:
                found.append(Action("move", colour, stack.field, to_slot=target))
    for slot in range(1, GOAL_SLOTS + 1):
        target = slot + roll
        if goal[slot - 1] is not None and target <= GOAL_SLOTS and goal[target - 1] is None:
            found.append(Action("goal-move", goal[slot - 1] or "", slot=slot, to_slot=target))
    return tuple(found)


def can_pass(options: tuple[Action, ...]) -> bool:
    """R7.3: a roll whose only uses are entries may be passed."""
    return bool(options) and all(action.kind == "enter" for action in options)


# -- inputs -------------------------------------------------------------------------------


def roll(state: State, value: int) -> tuple[State, list[str]]:
    """A die value during the roll-off (R2) or the mover's rolling (R4)."""
    events: list[str] = []
    if state.phase == "rolloff":
        values = state.rolloff_values + (value,)
        group = state.rolloff_group
        if len(values) < len(group):
            return replace(state, rolloff_values=values), events
        best = max(values)
        leaders = tuple(rank for rank, v in zip(group, values) if v == best)
        if len(leaders) > 1:
            events.append("reroll " + " ".join(state.label(rank) for rank in leaders))
            return replace(state, rolloff_group=leaders, rolloff_values=()), events
        started = replace(
            state, phase="rolling", current=leaders[0], rolloff_group=(), rolloff_values=()
        )
        events.append(f"turn {started.label(leaders[0])}")
        return started, events
    rolled = replace(state, rolls=state.rolls + (value,), statuses=state.statuses + ("pending",))
    if value == SIX:
        return rolled, events
    return advance(replace(rolled, phase="moving"), events)


def perform(state: State, action: Action) -> tuple[State, list[str]]:
    """Carry out one legal action for the current roll, then the automatic steps."""
    rank = state.current
    index = state.statuses.index("pending")
    events: list[str] = []
    if action.kind == "pass":
        events.append(f"pass {state.rolls[index]}")
        return advance(_mark(state, index, "passed"), events)
    track = state.track
    homes = state.homes
    goals = state.goals
    if action.kind == "enter":
        homes = with_home(state, rank, tuple(c for c in state.homes[rank] if c != action.colour))
        track = with_piece_added(track, action.to_field, Piece(action.colour, moved=True))
    elif action.kind == "move":
        track = with_piece_removed(track, action.field, action.colour, latest=True)
        if action.to_slot:
            goal = list(state.goals[rank])
            goal[action.to_slot - 1] = action.colour
            goals = with_goal(state, rank, tuple(goal))
            events.append(f"goal {action.colour} {state.label(rank)} slot {action.to_slot}")
        else:
            track = with_piece_added(track, action.to_field, Piece(action.colour, moved=True))
    else:
        goal = list(state.goals[rank])
        goal[action.to_slot - 1], goal[action.slot - 1] = goal[action.slot - 1], None
        goals = with_goal(state, rank, tuple(goal))
    moved = _mark(replace(state, track=track, homes=homes, goals=goals), index, "used")
    if action.enters_goal and None not in moved.goals[rank]:
        return _finish(moved, events)
    return advance(moved, events)


def give(state: State, recipient: int) -> tuple[State, list[str]]:
    """The mover's choice of recipient for the pending captured piece (R12.3)."""
    captured = state.first_captured()
    assert captured is not None
    events: list[str] = []
    given = _give(state, captured[0], captured[1], recipient, events, automatic=False)
    return _resolve_captures(given, events)


def stop(state: State) -> tuple[State, list[str]]:
    """R13.4: end the game once a winner exists; unfinished seats stay unranked."""
    over = replace(
        state,
        phase="over",
        stopped=True,
        current=0,
        rolls=(),
        statuses=(),
        rolloff_group=(),
        rolloff_values=(),
    )
    return over, [_gameover_event(over)]


def advance(state: State, events: list[str]) -> tuple[State, list[str]]:
    """Run the automatic steps until an input is needed: forfeit rolls with no action (R7.1),
    end the turn when every roll is spent, resolve captures (R12), start the next turn (R3)."""
    if state.phase == "capture":
        return _resolve_captures(state, events)
    if state.phase != "moving":
        return state, events
    while "pending" in state.statuses:
        index = state.statuses.index("pending")
        if actions(state, state.rolls[index]):
            return state, events
        events.append(f"forfeit {state.rolls[index]}")
        state = _mark(state, index, "forfeited")
    return _resolve_captures(replace(state, phase="capture"), events)


# -- the end of a turn --------------------------------------------------------------------


def _finish(state: State, events: list[str]) -> tuple[State, list[str]]:
    """R13.1: the mover's goal is full — he takes the next place, his other rolls are dropped.

    On the turn that ends the game the ``finish`` event waits until the captures are
    resolved (K4); otherwise it is announced at once (R13.2).
    """
    rank = state.current
    place = 1 + sum(1 for p in state.places if p is not None)
    places = state.places[:rank] + (place,) + state.places[rank + 1 :]
    finished = replace(state, places=places)
    if not _is_final(finished):
        events.append(f"finish {finished.label(rank)} place {place}")
    left = [i for i, status in enumerate(finished.statuses) if status == "pending"]
    if left:
        events.append("discard " + " ".join(str(finished.rolls[i]) for i in left))
        statuses = tuple(
            "discarded" if status == "pending" else status for status in finished.statuses
        )
        finished = replace(finished, statuses=statuses)
    return _resolve_captures(replace(finished, phase="capture"), events)


def _resolve_captures(state: State, events: list[str]) -> tuple[State, list[str]]:
    """R12: on every shared field the latest arrival stays; the others go, lowest field and
    oldest arrival first, to the one seat that can play them — or the mover chooses."""
    while (captured := state.first_captured()) is not None:
        colour, field = captured
        eligible = state.eligible(colour)
        if not eligible:
            raise AssertionError(f"L1: nobody can receive the captured {colour}@{field}")
        if len(eligible) > 1:
            labels = " ".join(state.label(rank) for rank in eligible)
            events.append(f"choose {colour}@{field}: {labels}")
            return replace(state, phase="capture"), events
        state = _give(state, colour, field, eligible[0], events, automatic=True)
    return _next_turn(state, events)


def _give(
    state: State, colour: str, field: int, rank: int, events: list[str], automatic: bool
) -> State:
    track = with_piece_removed(state.track, field, colour, latest=False)
    homes = with_home(state, rank, state.homes[rank] + (colour,))
    suffix = " (auto)" if automatic else ""
    events.append(f"capture {colour}@{field} -> {state.label(rank)}{suffix}")
    return replace(state, track=track, homes=homes)


def _next_turn(state: State, events: list[str]) -> tuple[State, list[str]]:
    mover = state.current
    if _is_final(state):
        place = state.places[mover]
        events.append(f"finish {state.label(mover)} place {place}")
        places = state.places
        left = state.unfinished()
        if state.play_on and len(left) == 1:
            places = places[: left[0]] + (len(places),) + places[left[0] + 1 :]
        over = replace(
            state,
            phase="over",
            current=0,
            places=places,
            rolls=(),
            statuses=(),
            track=clear_moved(state.track),
        )
        check_invariants(over)
        events.append(_gameover_event(over))
        return over, events
    count = len(state.seats)
    following = next(
        (mover + step) % count
        for step in range(1, count + 1)
        if state.places[(mover + step) % count] is None
    )
    turn = replace(
        state,
        phase="rolling",
        current=following,
        rolls=(),
        statuses=(),
        track=clear_moved(state.track),
    )
    check_invariants(turn)
    events.append(f"turn {turn.label(following)}")
    return turn, events


def _is_final(state: State) -> bool:
    """The game ends when the mover has just finished and nobody is left to play for a place
    (R13.3), or at the first finish when play does not go on (R13.2)."""
    if state.places[state.current] is None:
        return False
    return not state.play_on or len(state.unfinished()) <= 1


def _gameover_event(state: State) -> str:
    return "gameover " + " ".join(state.label(rank) for rank in ranking_order(state))


def ranking_order(state: State) -> list[int]:
    """Seats by place, the unranked after them in seat order."""
    placed = sorted((place, rank) for rank, place in enumerate(state.places) if place is not None)
    return [rank for _, rank in placed] + [
        rank for rank, place in enumerate(state.places) if place is None
    ]


def _mark(state: State, index: int, status: RollStatus) -> State:
    statuses = state.statuses[:index] + (status,) + state.statuses[index + 1 :]
    return replace(state, statuses=statuses)
