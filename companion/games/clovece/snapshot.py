"""The JSON-safe picture of a state for the screen (rules/clovece.md §5.4).

A track piece's ``stamp`` is its arrival order on its field (0 = oldest): the only part of the
spec's global arrival stamp that any rule reads (R11.3, R12.2).
"""

from __future__ import annotations

from typing import Any

from companion.games.clovece.moves import actions, can_pass
from companion.games.clovece.state import State


def snapshot(state: State) -> dict[str, Any]:
    board = state.board
    roll = state.current_roll
    options = actions(state, roll) if roll is not None else ()
    captured = state.first_captured() if state.phase == "capture" else None
    return {
        "board": {
            "name": board.name,
            "length": board.length,
            "seats": board.seat_count,
            "start": {f"S{seat}": board.start(seat) for seat in range(board.seat_count)},
            "entrance": {f"S{seat}": board.entrance(seat) for seat in range(board.seat_count)},
        },
        "phase": state.phase,
        "current": None if state.phase in ("rolloff", "over") else state.label(state.current),
        "rolloff": {
            "group": [state.label(rank) for rank in state.rolloff_group],
            "rolls": list(state.rolloff_values),
            "to_roll": [
                state.label(rank) for rank in state.rolloff_group[len(state.rolloff_values) :]
            ],
        },
        "rolls": [
            {"value": value, "status": status} for value, status in zip(state.rolls, state.statuses)
        ],
        "roll_index": state.roll_index,
        "needs_roll": state.needs_roll,
        "legal": [
            {
                "input": action.line,
                "kind": action.kind,
                "colour": action.colour,
                "from_field": action.field if action.kind == "move" else None,
                "from_slot": action.slot or None,
                "to_field": action.to_field if action.to_field >= 0 else None,
                "to_slot": action.to_slot or None,
                "enters_goal": action.enters_goal,
                "lands_on_occupied": action.lands_on_occupied,
            }
            for action in options
        ],
        "can_pass": can_pass(options),
        "pending_capture": (
            {
                "colour": captured[0],
                "field": captured[1],
                "eligible": [state.label(rank) for rank in state.eligible(captured[0])],
            }
            if captured
            else None
        ),
        "seats": [
            {
                "seat": state.label(rank),
                "home": list(state.homes[rank]),
                "goal": list(state.goals[rank]),
                "playable": list(state.playable(rank)),
                "place": state.places[rank],
            }
            for rank in range(len(state.seats))
        ],
        "track": [
            {"field": stack.field, "colour": piece.colour, "stamp": order, "moved": piece.moved}
            for stack in state.track
            for order, piece in enumerate(stack.pieces)
        ],
        "winner": None if state.winner is None else state.label(state.winner),
        "places": {
            state.label(rank): place for rank, place in enumerate(state.places) if place is not None
        },
        "gameover": state.phase == "over",
    }
