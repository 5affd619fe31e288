"""Matfyzácké Člověče nezlob se behind the engine's Rules contract (rules/clovece.md)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.engine.errors import IllegalInput
from companion.engine.game import Awaiting, Outcome
from companion.games.clovece import moves
from companion.games.clovece.board import (
    BOARD6_LENGTHS,
    COLOURS,
    DIE_FACES,
    SEATS_FOR_PLAYERS,
    SIX,
    board_for,
)
from companion.games.clovece.description import BOARD6_DEFAULT_LENGTH, DESCRIPTION
from companion.games.clovece.moves import Action, actions, can_pass, ranking_order
from companion.games.clovece.notation import format_position, parse_position
from companion.games.clovece.snapshot import snapshot
from companion.games.clovece.state import State, check_invariants, initial_state

_ROLL = re.compile(r"^roll (\d+)$")
_ENTER = re.compile(r"^enter ([rygb])$")
_MOVE = re.compile(r"^move (\d+)(?: ([rygb]))?$")
_GOAL_MOVE = re.compile(r"^goal-move (\d+)$")
_GIVE = re.compile(r"^give ([rygb])@(\d+) ?-> ?s(\d+)$")


class CloveceRules:
    description = DESCRIPTION

    def new_state(self, players: int, options: Mapping[str, Any]) -> State:
        length, play_on = _options(options)
        return initial_state(board_for(players, length), SEATS_FOR_PLAYERS[players], play_on)

    def parse_position(self, text: str, players: int, options: Mapping[str, Any]) -> State:
        _, play_on = _options(options)
        return parse_position(text, players, play_on)[0]

    def format_position(self, state: State) -> str:
        return format_position(state)

    def legal(self, state: State) -> list[str]:
        stop = ["stop"] if state.winner is not None and state.phase != "over" else []
        if state.phase in ("rolloff", "rolling"):
            return [f"roll {value}" for value in DIE_FACES] + stop
        if state.phase == "moving":
            options = actions(state, _current_roll(state))
            lines = [action.line for action in options]
            return lines + (["pass"] if can_pass(options) else []) + stop
        if state.phase == "capture":
            captured = state.first_captured()
            assert captured is not None
            colour, field = captured
            return [
                f"give {colour}@{field} -> {state.label(rank)}" for rank in state.eligible(colour)
            ] + stop
        return []

    def apply(self, state: State, line: str) -> tuple[State, list[str]]:
        text = " ".join(line.split()).lower()
        if state.phase == "over":
            if _is_input(text):
                raise IllegalInput("R13", "the game is over")
            raise _not_an_input(line)
        if text == "stop":
            if state.winner is None:
                raise IllegalInput("R13.4", "stop is allowed only once a winner exists")
            new_state, events = moves.stop(state)
        elif (rolled := _ROLL.match(text)) is not None:
            new_state, events = self._roll(state, int(rolled.group(1)))
        elif (given := _GIVE.match(text)) is not None:
            new_state, events = self._give(
                state, given.group(1).upper(), int(given.group(2)), int(given.group(3))
            )
        elif _is_input(text):
            new_state, events = self._act(state, text)
        else:
            raise _not_an_input(line)
        check_invariants(new_state)
        return new_state, events

    def apply_fix(
        self, state: State, text: str, players: int, options: Mapping[str, Any]
    ) -> tuple[State, list[str]]:
        fixed, events = parse_position(text, players, state.play_on)
        return fixed, ["fix " + format_position(fixed), *events]

    def to_move(self, state: State) -> int | None:
        if state.phase == "over":
            return None
        if state.phase == "rolloff":
            return state.rolloff_group[len(state.rolloff_values)]
        return state.current

    def awaiting(self, state: State) -> Awaiting:
        if state.phase in ("rolloff", "rolling"):
            return "roll"
        if state.phase == "moving":
            return "move"
        if state.phase == "capture":
            return "choice"
        return "over"

    def outcome(self, state: State) -> Outcome | None:
        """K4: ranking by places; unfinished seats form one tied last group."""
        if state.phase != "over":
            return None
        order = ranking_order(state)
        placed = [(rank,) for rank in order if state.places[rank] is not None]
        rest = tuple(rank for rank in order if state.places[rank] is None)
        ranking = tuple(placed) + ((rest,) if rest else ())
        return Outcome(ranking=ranking, reason="stopped" if state.stopped else "goal")

    def counters(self, state: State) -> dict[int, dict[str, int]]:
        return {
            rank: {"goal": sum(1 for c in state.goals[rank] if c is not None)}
            for rank in range(len(state.seats))
        }

    def snapshot(self, state: State) -> dict[str, Any]:
        return snapshot(state)

    # -- the inputs ------------------------------------------------------------------------

    def _roll(self, state: State, value: int) -> tuple[State, list[str]]:
        if value not in DIE_FACES:
            raise IllegalInput("R4.1", "a die shows 1 to 6, not {value}", value=value)
        if state.phase == "moving":
            raise IllegalInput(
                "R4.2",
                "the rolls of this turn are complete; use the {roll} first",
                roll=_current_roll(state),
            )
        if state.phase == "capture":
            raise _capture_pending(state)
        return moves.roll(state, value)

    def _give(self, state: State, colour: str, field: int, seat: int) -> tuple[State, list[str]]:
        captured = state.first_captured() if state.phase == "capture" else None
        if captured is None:
            raise IllegalInput("R12.3", "no captured piece is waiting for a recipient")
        if (colour, field) != captured:
            raise IllegalInput(
                "R12.3",
                "the piece to give now is {expected}, not {given}",
                expected=f"{captured[0]}@{captured[1]}",
                given=f"{colour}@{field}",
            )
        rank = state.rank_of(seat)
        if rank is None:
            raise IllegalInput("§1", "{seat} does not play in this game", seat=f"S{seat}")
        if rank not in state.eligible(colour):
            raise IllegalInput(
                "R12.3",
                "{seat} cannot play {colour}, so cannot receive it",
                seat=f"S{seat}",
                colour=colour,
            )
        return moves.give(state, rank)

    def _act(self, state: State, text: str) -> tuple[State, list[str]]:
        if state.phase == "rolloff":
            raise IllegalInput("R2", "first roll for the starting player")
        if state.phase == "rolling":
            raise IllegalInput(
                "R4.2", "roll the die first: the rolls of this turn are not complete"
            )
        if state.phase == "capture":
            raise _capture_pending(state)
        roll = _current_roll(state)
        options = actions(state, roll)
        if text == "pass":
            if not can_pass(options):
                raise IllegalInput("R7.3", "only a 6 that can do nothing but enter may be passed")
            return moves.perform(state, Action("pass"))
        wanted = _canonical(state, text)
        for action in options:
            if action.line == wanted:
                return moves.perform(state, action)
        raise _why_not(state, wanted, roll)


# -- helpers ------------------------------------------------------------------------------


def _options(options: Mapping[str, Any]) -> tuple[int, bool]:
    length = options.get("track_length", BOARD6_DEFAULT_LENGTH)
    if isinstance(length, bool) or length not in BOARD6_LENGTHS:
        raise ValueError(f"track_length must be 48, 60 or 72, not {length!r}")
    play_on = options.get("play_on", True)
    if type(play_on) is not bool:
        raise ValueError(f"play_on must be True or False, not {play_on!r}")
    return int(length), play_on


def _is_input(text: str) -> bool:
    return text in ("pass", "stop") or any(
        pattern.match(text) for pattern in (_ROLL, _ENTER, _MOVE, _GOAL_MOVE, _GIVE)
    )


def _not_an_input(line: str) -> IllegalInput:
    return IllegalInput(
        "§5.2",
        "{line} is not an input: roll N, enter C, move F C, goal-move K, pass, give C@F -> Sk"
        " or stop",
        line=repr(line),
    )


def _current_roll(state: State) -> int:
    roll = state.current_roll
    assert roll is not None
    return roll


def _capture_pending(state: State) -> IllegalInput:
    captured = state.first_captured()
    assert captured is not None
    return IllegalInput(
        "R12.3",
        "first give the captured {colour} piece from field {field} to a player",
        colour=captured[0],
        field=captured[1],
    )


def _canonical(state: State, text: str) -> str:
    """``move F`` → ``move F C`` when field F holds one colour (R11.3); other lines as typed."""
    if (entered := _ENTER.match(text)) is not None:
        return f"enter {entered.group(1).upper()}"
    if (goal_moved := _GOAL_MOVE.match(text)) is not None:
        return f"goal-move {int(goal_moved.group(1))}"
    moved = _MOVE.match(text)
    assert moved is not None
    field = int(moved.group(1))
    if moved.group(2):
        return f"move {field} {moved.group(2).upper()}"
    stack = state.stack(field)
    colours = sorted(set(stack.colours), key=COLOURS.index) if stack else []
    if len(colours) > 1:
        raise IllegalInput(
            "R11.3",
            "field {field} holds {colours}; say which colour to move",
            field=field,
            colours="+".join(colours),
        )
    return f"move {field} {colours[0]}" if colours else f"move {field} ?"


def _why_not(state: State, line: str, roll: int) -> IllegalInput:
    """The rule that forbids ``line`` (already known not to be a legal action)."""
    rank = state.current
    seat = state.label(rank)
    words = line.split()
    if words[0] == "enter":
        if roll != SIX:
            return IllegalInput("R6.1", "entering needs a 6, the current roll is {roll}", roll=roll)
        return IllegalInput(
            "R6.1", "there is no {colour} piece in the home of {seat}", colour=words[1], seat=seat
        )
    if words[0] == "goal-move":
        return _why_not_goal_move(state, int(words[1]), roll)
    field, colour = int(words[1]), words[2]
    if field >= state.board.length:
        return IllegalInput(
            "§1", "there is no field {field} on {board}", field=field, board=state.board.name
        )
    stack = state.stack(field)
    if stack is None:
        return IllegalInput("R6.2", "there is no piece on field {field}", field=field)
    if colour not in stack.colours:
        return IllegalInput(
            "R6.2", "there is no {colour} piece on field {field}", colour=colour, field=field
        )
    if colour in state.homes[rank]:
        return IllegalInput(
            "R8",
            "{seat} has a {colour} piece at home, so cannot move {colour} pieces",
            seat=seat,
            colour=colour,
        )
    if colour in state.goals[rank]:
        return IllegalInput(
            "R10",
            "{seat} has a {colour} piece in the goal, so cannot move {colour} pieces",
            seat=seat,
            colour=colour,
        )
    where, target = state.board.destination(state.seats[rank], field, roll)
    if where == "over":
        return IllegalInput(
            "R9.3",
            "a {roll} from field {field} overshoots the goal of {seat}",
            roll=roll,
            field=field,
            seat=seat,
        )
    return IllegalInput(
        "R9.3", "slot {slot} of the goal of {seat} is taken", slot=target, seat=seat
    )


def _why_not_goal_move(state: State, slot: int, roll: int) -> IllegalInput:
    seat = state.label(state.current)
    if not 1 <= slot <= len(state.goals[state.current]):
        return IllegalInput("R6.3", "the goal has slots 1 to 4, not {slot}", slot=slot)
    if state.goals[state.current][slot - 1] is None:
        return IllegalInput(
            "R6.3", "slot {slot} of the goal of {seat} is empty", slot=slot, seat=seat
        )
    if slot + roll > len(state.goals[state.current]):
        return IllegalInput(
            "R6.3", "a {roll} from goal slot {slot} goes past slot 4", roll=roll, slot=slot
        )
    return IllegalInput(
        "R9.3", "slot {slot} of the goal of {seat} is taken", slot=slot + roll, seat=seat
    )


CLOVECE = CloveceRules()


def log_form(state: State, line: str) -> str:
    """The display form of an accepted input (K3), e.g. ``S0 move 37 B +6 -> goal 4`` or
    ``S0 enter G +6 -> 0``; ``state`` is the state the input was played in."""
    text = " ".join(line.split()).lower()
    seat = CLOVECE.to_move(state)
    prefix = "" if seat is None else f"{state.label(seat)} "
    if state.phase != "moving" or text in ("pass", "stop") or not _is_input(text):
        return prefix + " ".join(line.split())
    roll = _current_roll(state)
    wanted = _canonical(state, text)
    for action in actions(state, roll):
        if action.line == wanted:
            where = f"goal {action.to_slot}" if action.to_slot else str(action.to_field)
            return f"{prefix}{wanted} +{roll} -> {where}"
    return prefix + wanted
