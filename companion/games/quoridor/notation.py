"""Quoridor's position notation (Part E): written and parsed back identically."""

from __future__ import annotations

from typing import NoReturn

from companion.engine.errors import IllegalInput
from companion.games.quoridor.board import (
    SQUARE_PATTERN,
    WALL_PATTERN,
    Wall,
    parse_wall,
    square_index,
    square_name,
    wall_conflict,
)
from companion.games.quoridor.state import SEATS, TOTAL_WALLS, QuoridorState


def format_position(state: QuoridorState) -> str:
    seats = state.seats
    fields = [f"quoridor {state.players}", f"turn {seats[state.turn].name}"]
    for seat, info in enumerate(seats):
        fields.append(f"{info.name} {square_name(state.pawns[seat])} {state.walls_left[seat]}")
    fields.append("walls " + (" ".join(wall.name for wall in state.walls) or "-"))
    if state.passes:
        fields.append(f"passes {state.passes}")
    if state.winner is not None:
        fields.append(f"winner {seats[state.winner].name}")
    elif state.is_draw:
        fields.append("winner draw")
    if not state.sidestep_when_pawn_behind:
        fields.append("sidestep off")
    return " | ".join(fields)


def parse_position(text: str, players: int, sidestep: bool = True) -> QuoridorState:
    """Read a position; anything malformed or impossible raises IllegalInput naming it."""
    fields = [field.strip() for field in text.strip().lower().split("|")]
    if len(fields) < 4 or fields[0] != f"quoridor {players}":
        _bad("it must start with 'quoridor {players}' and a field per seat", players=players)
    seats = SEATS[players]
    names = [seat.name for seat in seats]
    turn_field = fields[1].split()
    if len(turn_field) != 2 or turn_field[0] != "turn" or turn_field[1] not in names:
        _bad("the second field must be 'turn <seat>', e.g. 'turn e9'")
    turn = names.index(turn_field[1])
    pawns: list[int] = []
    walls_left: list[int] = []
    for seat_info, field in zip(seats, fields[2 : 2 + players]):
        parts = field.split()
        if (
            len(parts) != 3
            or parts[0] != seat_info.name
            or not SQUARE_PATTERN.match(parts[1])
            or not parts[2].isdigit()
        ):
            _bad("seat field {field!r} must read '<seat> <square> <walls left>'", field=field)
        pawns.append(square_index(parts[1]))
        walls_left.append(int(parts[2]))
    rest = fields[2 + players :]
    if not rest or not rest[0].startswith("walls"):
        _bad("the walls field ('walls e3h …' or 'walls -') is missing")
    wall_names = rest[0].split()[1:]
    if wall_names == ["-"]:
        wall_names = []
    walls: list[Wall] = []
    for name in wall_names:
        if not WALL_PATTERN.match(name):
            _bad("{wall!r} is not a wall like e3h", wall=name)
        wall = parse_wall(name)
        if not wall.is_in_bounds:
            raise IllegalInput("R23", "wall {wall} lies partly off the board", wall=name)
        conflict = wall_conflict(wall, walls)
        if conflict:
            raise IllegalInput(
                "R24", "wall {wall} would {kind} wall {other}",
                wall=name, kind="cross" if conflict[0] == "crossing" else "overlap",
                other=conflict[1].name,
            )
        walls.append(wall)
    passes, winner, is_draw = 0, None, False
    for field in rest[1:]:
        key, _, value = field.partition(" ")
        if key == "passes" and value.isdigit() and 0 < int(value) < players:
            passes = int(value)
        elif key == "winner" and value == "draw":
            is_draw = True
        elif key == "winner" and value in names:
            winner = names.index(value)
        elif field == "sidestep off":
            sidestep = False
        else:
            _bad("unknown field {field!r}", field=field)
    if len(set(pawns)) != players:
        _bad("two pawns stand on the same square")
    if sum(walls_left) + len(walls) != TOTAL_WALLS:
        raise IllegalInput(
            "R7", "walls left plus walls on the board make {count}, not {total}",
            count=sum(walls_left) + len(walls), total=TOTAL_WALLS,
        )
    state = QuoridorState(
        players=players,
        pawns=tuple(pawns),
        walls_left=tuple(walls_left),
        walls=tuple(walls),
        turn=turn,
        winner=winner,
        is_draw=is_draw,
        passes=passes,
        sidestep_when_pawn_behind=sidestep,
    )
    for seat, info in enumerate(seats):
        if not state.openings.can_reach(pawns[seat], info.goal):
            raise IllegalInput(
                "R25", "the pawn on {square} has no path to {goal}",
                square=square_name(pawns[seat]), goal=info.goal_name,
            )
        at_goal = bool(info.goal >> pawns[seat] & 1)
        if at_goal and winner != seat:
            raise IllegalInput(
                "R27", "the pawn of {seat} stands on its goal edge but the game has no winner",
                seat=info.name,
            )
    return state


def _bad(template: str, **params: object) -> NoReturn:
    raise IllegalInput("E", "position: " + template, **params)
