"""Standard Quoridor behind the engine's Rules contract (rules/quoridor.md, Part A)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.engine.errors import IllegalInput
from companion.engine.game import Awaiting, Outcome
from companion.games.quoridor.board import (
    SQUARE_PATTERN,
    WALL_PATTERN,
    Wall,
    parse_wall,
    square_index,
    square_name,
    wall_conflict,
)
from companion.games.quoridor.description import DESCRIPTION
from companion.games.quoridor.moves import cut_off_seats, legal_walls, pawn_destinations
from companion.games.quoridor.notation import format_position, parse_position
from companion.games.quoridor.state import QuoridorState, initial_state


class QuoridorRules:
    description = DESCRIPTION

    def new_state(self, players: int, options: Mapping[str, Any]) -> QuoridorState:
        return initial_state(players, _sidestep_option(options))

    def parse_position(
        self, text: str, players: int, options: Mapping[str, Any]
    ) -> QuoridorState:
        return parse_position(text, players, _sidestep_option(options))

    def format_position(self, state: QuoridorState) -> str:
        return format_position(state)

    def legal(self, state: QuoridorState) -> list[str]:
        if state.is_over:
            return []
        pawn_moves = [square_name(square) for square in pawn_destinations(state)]
        walls = [wall.name for wall in legal_walls(state)]
        return pawn_moves + walls or ["pass"]

    def apply(self, state: QuoridorState, line: str) -> tuple[QuoridorState, list[str]]:
        text = line.strip().lower()
        if not (text == "pass" or SQUARE_PATTERN.match(text) or WALL_PATTERN.match(text)):
            raise IllegalInput(
                "R4", "{line} is not a square like e8, a wall like e3h, or pass",
                line=repr(line),
            )
        if state.is_over:
            raise IllegalInput("R27", "the game is over")
        if text == "pass":
            return self._pass(state)
        if len(text) == 2:
            return self._move(state, square_index(text))
        return self._wall(state, parse_wall(text))

    def apply_fix(
        self, state: QuoridorState, text: str, players: int, options: Mapping[str, Any]
    ) -> tuple[QuoridorState, list[str]]:
        fixed = parse_position(text, players, state.sidestep_when_pawn_behind)
        return fixed, ["fix " + format_position(fixed)]

    def to_move(self, state: QuoridorState) -> int | None:
        return None if state.is_over else state.turn

    def awaiting(self, state: QuoridorState) -> Awaiting:
        return "over" if state.is_over else "move"

    def outcome(self, state: QuoridorState) -> Outcome | None:
        if state.winner is not None:
            others = tuple(seat for seat in range(state.players) if seat != state.winner)
            return Outcome(((state.winner,), others), "goal")
        if state.is_draw:
            return Outcome((tuple(range(state.players)),), "draw")
        return None

    def counters(self, state: QuoridorState) -> dict[int, dict[str, int]]:
        openings = state.openings
        result: dict[int, dict[str, int]] = {}
        for seat, info in enumerate(state.seats):
            steps = openings.distance(state.pawns[seat], info.goal)
            result[seat] = {"walls": state.walls_left[seat], "steps": steps or 0}
        return result

    def snapshot(self, state: QuoridorState) -> dict[str, Any]:
        destinations = [] if state.is_over else pawn_destinations(state)
        winner = state.seats[state.winner].name if state.winner is not None else None
        return {
            "players": state.players,
            "seats": [
                {
                    "seat": info.name,
                    "goal": info.goal_name,
                    "pawn": square_name(state.pawns[seat]),
                    "walls_left": state.walls_left[seat],
                }
                for seat, info in enumerate(state.seats)
            ],
            "to_move": None if state.is_over else state.seats[state.turn].name,
            "walls_on_board": [wall.name for wall in state.walls],
            "winner": "draw" if state.is_draw else winner,
            "pawn_destinations": [square_name(square) for square in destinations],
            "options": {"sidestep_when_pawn_behind": state.sidestep_when_pawn_behind},
        }

    # -- private helpers -----------------------------------------------------------------------

    def _pass(self, state: QuoridorState) -> tuple[QuoridorState, list[str]]:
        if pawn_destinations(state) or legal_walls(state):
            raise IllegalInput(
                "R12", "passing is allowed only when no pawn move and no wall is possible"
            )
        seat = state.seats[state.turn].name
        passes = state.passes + 1
        if passes >= state.players:
            return replace(state, passes=0, is_draw=True), [f"pass {seat}", "draw"]
        return replace(state, passes=passes, turn=state.next_seat()), [f"pass {seat}"]

    def _move(self, state: QuoridorState, target: int) -> tuple[QuoridorState, list[str]]:
        if target not in pawn_destinations(state):
            raise _pawn_error(state, target)
        seat = state.seats[state.turn]
        pawns = list(state.pawns)
        pawns[state.turn] = target
        events = [f"move {seat.name} {square_name(target)}"]
        if seat.goal >> target & 1:
            events.append(f"win {seat.name}")
            return replace(state, pawns=tuple(pawns), winner=state.turn, passes=0), events
        moved = replace(state, pawns=tuple(pawns), turn=state.next_seat(), passes=0)
        return moved, events

    def _wall(self, state: QuoridorState, wall: Wall) -> tuple[QuoridorState, list[str]]:
        seat = state.seats[state.turn]
        if state.walls_left[state.turn] == 0:
            raise IllegalInput(
                "R11", "{seat} has no walls left and must move the pawn", seat=seat.name
            )
        if not wall.is_in_bounds:
            raise IllegalInput("R23", "wall {wall} would stick out of the board", wall=wall.name)
        if wall in state.walls:
            raise IllegalInput("R24", "there is already a wall at {wall}", wall=wall.name)
        conflict = wall_conflict(wall, state.walls)
        if conflict and conflict[0] == "overlap":
            raise IllegalInput(
                "R24", "wall {wall} would overlap wall {other}",
                wall=wall.name, other=conflict[1].name,
            )
        if conflict:
            raise IllegalInput(
                "R24", "wall {wall} would cross wall {other}",
                wall=wall.name, other=conflict[1].name,
            )
        cut = cut_off_seats(state, wall)
        if cut:
            info = state.seats[cut[0]]
            raise IllegalInput(
                "R25", "wall {wall} would cut the player at {square} off from {goal}",
                wall=wall.name, square=square_name(state.pawns[cut[0]]), goal=info.goal_name,
            )
        walls_left = list(state.walls_left)
        walls_left[state.turn] -= 1
        placed = replace(
            state,
            walls=state.walls + (wall,),
            walls_left=tuple(walls_left),
            turn=state.next_seat(),
            passes=0,
        )
        return placed, [f"wall {seat.name} {wall.name}"]


def _pawn_error(state: QuoridorState, target: int) -> IllegalInput:
    here = state.pawns[state.turn]
    name, origin = square_name(target), square_name(here)
    if target in state.pawns:
        return IllegalInput("R16", "{square} is occupied by a pawn", square=name)
    openings = state.openings
    if target in _adjacent(here) and target not in openings.neighbours(here):
        return IllegalInput(
            "R16", "a wall stands between {origin} and {square}", origin=origin, square=name
        )
    return IllegalInput(
        "R15", "the pawn on {origin} cannot reach {square}: it moves one square, "
        "or jumps over a pawn it faces", origin=origin, square=name,
    )


def _adjacent(square: int) -> set[int]:
    column, row = square % 9, square // 9
    result = set()
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= column + dc < 9 and 0 <= row + dr < 9:
            result.add(square + dc + 9 * dr)
    return result


def _sidestep_option(options: Mapping[str, Any]) -> bool:
    value = options.get("sidestep_when_pawn_behind", True)
    if not isinstance(value, bool):
        raise ValueError(
            f"option 'sidestep_when_pawn_behind' must be true or false, not {value!r}"
        )
    return value


QUORIDOR = QuoridorRules()
