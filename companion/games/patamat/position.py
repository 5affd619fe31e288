"""The position notation: the snapshot TOML of §6.3, in every state (P3).

At a turn start the text is exactly the form of §6.3 (plus ``board_sha``). The engine adds:

* ``phase = "setup"`` while cars are being placed (``cars`` lists the placed ones, ``turn`` is
  the placing player), ``phase = "rolloff"`` during the roll-off with
  ``rolloff = { group = [names still rolling], rolls = { name = n, ... } }`` (the rolls made so
  far in this round, by the first players of the group; ``turn`` is the next roller), and
  ``phase = "over"`` after the game with ``winner = "<name>"`` instead of ``turn``. No ``phase``
  key means play.
* ``board_sha``: a hash of the board file's content; loading a position with another board is
  refused.

Inside a turn nothing else is needed: a light roll in progress is ``light = true`` on the
player's pawn, a pending choice is its ``options``, and what follows (roll or ``go``) is read
from its ``car``. A position squashed onto one line (as a ``fix`` line arrives) is read too.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from companion.games.patamat.board import Board
from companion.games.patamat.description import MAX_TARGET, MIN_TARGET
from companion.games.patamat.state import (
    ALL_CARS,
    CAR_INDEX,
    CAR_TYPE,
    Pawn,
    State,
    check_names,
    sort_cars,
)

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_TOP_KEYS = {
    "board",
    "board_sha",
    "players",
    "target",
    "phase",
    "turn",
    "winner",
    "rolloff",
    "flags",
    "cars",
    "pawns",
}


def format_position(state: State) -> str:
    names = state.names
    lines = [
        f"board = {_string(state.board.name)}",
        f"board_sha = {_string(state.board.sha)}",
        f"players = [{', '.join(_string(name) for name in names)}]",
        f"target = {state.target}",
    ]
    if state.phase != "play":
        lines.append(f"phase = {_string(state.phase)}")
    if state.phase == "over":
        lines.append(f"winner = {_string(names[state.turn])}")
    else:
        lines.append(f"turn = {_string(names[state.turn])}")
    if state.phase == "rolloff":
        group = ", ".join(_string(names[seat]) for seat in state.rolloff_group)
        rolls = _table(
            (names[seat], str(roll)) for seat, roll in zip(state.rolloff_group, state.rolloff_rolls)
        )
        lines.append(f"rolloff = {{ group = [{group}], rolls = {rolls} }}")
    lines.append(f"flags = {_table((name, str(flag)) for name, flag in zip(names, state.flags))}")
    placed = ((car, _string(spot)) for car, spot in zip(ALL_CARS, state.car_fields) if spot)
    lines.append(f"cars = {_table(placed)}")
    lines.append("[pawns]")
    for name, pawn in zip(names, state.pawns):
        lines.append(f"{_key(name)} = {_pawn_table(pawn)}")
    return "\n".join(lines) + "\n"


def parse_position(text: str, board: Board, players: int) -> State:
    """Read a position for ``board`` with ``players`` seats; ValueError names what is wrong."""
    data = _load(text)
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise ValueError(f"position: unknown key {unknown[0]!r}")
    if data.get("board") != board.name:
        raise ValueError(
            f"position: board is {data.get('board')!r} but the match uses board {board.name!r}"
        )
    if "board_sha" in data and data["board_sha"] != board.sha:
        raise ValueError(
            f"position: board_sha {data['board_sha']!r} is not the loaded board file "
            f"{board.name!r} ({board.sha}); it was made with another version of the board"
        )
    names = _names(data, players)
    seat_of = {name: seat for seat, name in enumerate(names)}
    target = data.get("target")
    if (
        isinstance(target, bool)
        or not isinstance(target, int)
        or not (MIN_TARGET <= target <= MAX_TARGET)
    ):
        raise ValueError(f"position: target must be {MIN_TARGET} to {MAX_TARGET}, not {target!r}")
    phase = data.get("phase", "play")
    if phase not in ("setup", "rolloff", "over", "play") or data.get("phase") == "play":
        raise ValueError(f"position: phase must be setup, rolloff or over, not {phase!r}")
    car_fields = _cars(data, board, phase)
    flags = _flags(data, names, target, phase)
    pawns = _pawns(data, names, board, car_fields, phase)
    turn, group, rolls = _turn(data, names, seat_of, phase, flags, target)
    state = State(board, names, target, phase, turn, car_fields, pawns, flags, group, rolls)
    _check_phase(state)
    return state


# -- reading helpers ---------------------------------------------------------------------------


def _load(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        try:
            return tomllib.loads(_reline(text))
        except tomllib.TOMLDecodeError:
            raise ValueError(f"position: not valid TOML ({error})") from None


def _names(data: dict[str, Any], players: int) -> tuple[str, ...]:
    raw = data.get("players")
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        raise ValueError("position: players must be a list of names")
    names = tuple(raw)
    if len(names) != players:
        raise ValueError(f"position: players lists {len(names)} names for {players} players")
    try:
        check_names(names)
    except ValueError as error:
        raise ValueError(f"position: {error}") from None
    return names


def _cars(data: dict[str, Any], board: Board, phase: str) -> tuple[str | None, ...]:
    raw = data.get("cars", {})
    if not isinstance(raw, dict):
        raise ValueError("position: cars must be a table of car = field")  # noqa: TRY004
    fields: list[str | None] = [None] * len(ALL_CARS)
    for car, spot in raw.items():
        if car not in CAR_INDEX:
            raise ValueError(f"position: cars: there is no car {car!r}")
        found = board.lookup(spot) if isinstance(spot, str) else None
        if found is None:
            raise ValueError(f"position: cars: {car} stands on unknown field {spot!r}")
        if phase in ("setup", "rolloff") and board.kind(found) != "normal":
            raise ValueError(f"position: cars: {car} is on {found}, which is not a normal field")
        fields[CAR_INDEX[car]] = found
    missing = [car for car, spot in zip(ALL_CARS, fields) if spot is None]
    if phase in ("play", "over", "rolloff") and missing:
        raise ValueError(f"position: cars: {missing[0]} is missing; all 15 cars must be listed")
    if phase == "setup" and not missing:
        raise ValueError("position: cars: all 15 cars are placed, so set-up is over")
    return tuple(fields)


def _flags(
    data: dict[str, Any], names: tuple[str, ...], target: int, phase: str
) -> tuple[int, ...]:
    raw = data.get("flags")
    if not isinstance(raw, dict) or set(raw) != set(names):
        raise ValueError("position: flags must give a number for every player")
    flags = tuple(raw[name] for name in names)
    for name, flag in zip(names, flags):
        if isinstance(flag, bool) or not isinstance(flag, int) or not 0 <= flag <= target:
            raise ValueError(f"position: flags: {name} has {flag!r} flags (0 to {target})")
        if phase in ("setup", "rolloff") and flag:
            raise ValueError(f"position: flags: {name} cannot have flags before the race")
    return flags


def _pawns(
    data: dict[str, Any],
    names: tuple[str, ...],
    board: Board,
    car_fields: tuple[str | None, ...],
    phase: str,
) -> tuple[Pawn, ...]:
    raw = data.get("pawns")
    if raw is None and phase in ("setup", "rolloff"):
        return tuple(Pawn(board.start) for _ in names)
    if not isinstance(raw, dict) or set(raw) != set(names):
        raise ValueError("position: [pawns] must give a pawn for every player")
    pawns = tuple(_pawn(name, raw[name], board, car_fields) for name in names)
    taken: dict[str, str] = {}
    for name, pawn in zip(names, pawns):
        if pawn.field in taken and pawn.field != board.start:
            raise ValueError(
                f"position: pawns: {taken[pawn.field]} and {name} both stand on {pawn.field} (I1)"
            )
        taken[pawn.field] = name
    return pawns


def _pawn(name: str, raw: object, board: Board, car_fields: tuple[str | None, ...]) -> Pawn:
    where = f"position: pawns: {name}"
    if not isinstance(raw, dict) or set(raw) - {"field", "car", "options", "light"}:
        raise ValueError(f"{where} must be {{ field = ..., car/options/light optional }}")
    spot = board.lookup(raw.get("field", "")) if isinstance(raw.get("field"), str) else None
    if spot is None:
        raise ValueError(f"{where}: unknown field {raw.get('field')!r}")
    car = raw.get("car")
    if car is not None and (car not in CAR_INDEX or car_fields[CAR_INDEX[car]] != spot):
        raise ValueError(f"{where}: car {car!r} is not a car standing on {spot} (I2)")
    options = raw.get("options", [])
    if not isinstance(options, list) or any(
        option not in CAR_INDEX or car_fields[CAR_INDEX[option]] != spot for option in options
    ):
        raise ValueError(f"{where}: options must be cars standing on {spot} (I2)")
    if options and (
        len({CAR_TYPE[option] for option in options}) < 2 or len(set(options)) != len(options)
    ):
        raise ValueError(f"{where}: options must hold different cars of at least 2 types")
    if car is not None and options:
        raise ValueError(f"{where} cannot have both a car and options (I2)")
    light = raw.get("light", False)
    if not isinstance(light, bool) or (light and board.kind(spot) != "semafor"):
        raise ValueError(f"{where}: light = true only on a semafor (I3)")
    if spot == board.start and (car or options):
        raise ValueError(f"{where}: a pawn on START never has a car (R16)")
    return Pawn(spot, car, sort_cars(options), light)


def _turn(
    data: dict[str, Any],
    names: tuple[str, ...],
    seat_of: dict[str, int],
    phase: str,
    flags: tuple[int, ...],
    target: int,
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    key = "winner" if phase == "over" else "turn"
    other = "turn" if phase == "over" else "winner"
    if other in data:
        raise ValueError(f"position: {other} does not belong to phase {phase}")
    if data.get(key) not in seat_of:
        raise ValueError(f"position: {key} must be one of the players, not {data.get(key)!r}")
    turn = seat_of[data[key]]
    if phase == "over" and flags[turn] != target:
        raise ValueError(f"position: the winner {names[turn]} must have {target} flags")
    if phase != "rolloff":
        if "rolloff" in data:
            raise ValueError("position: rolloff belongs only to phase rolloff")
        return turn, (), ()
    raw = data.get("rolloff")
    if not isinstance(raw, dict) or set(raw) != {"group", "rolls"}:
        raise ValueError("position: rolloff must be { group = [...], rolls = {...} }")
    group_names, roll_table = raw["group"], raw["rolls"]
    if (
        not isinstance(group_names, list)
        or not isinstance(roll_table, dict)
        or any(name not in seat_of for name in group_names)
    ):
        raise ValueError("position: rolloff group must list players")
    group = tuple(seat_of[name] for name in group_names)
    if len(group) < 2 or list(group) != sorted(set(group)):
        raise ValueError("position: rolloff group must list 2 or more players in seat order")
    rolled = [names[seat] for seat in group[: len(roll_table)]]
    if list(roll_table) != rolled or len(rolled) >= len(group):
        raise ValueError("position: rolloff rolls must be those of the first players of the group")
    rolls = tuple(roll_table[name] for name in rolled)
    if any(isinstance(roll, bool) or roll not in range(1, 7) for roll in rolls):
        raise ValueError("position: rolloff rolls must be 1 to 6")
    return turn, group, rolls


def _check_phase(state: State) -> None:
    board = state.board
    before_race = state.phase in ("setup", "rolloff")
    if before_race and any(pawn != Pawn(board.start) for pawn in state.pawns):
        raise ValueError("position: before the race every pawn stands on START")
    if state.phase == "setup" and state.turn != state.placed_count() % state.players:
        expected = state.names[state.placed_count() % state.players]
        raise ValueError(f"position: turn must be {expected}, who places the next car (S3)")
    if state.phase == "rolloff":
        expected_seat = state.rolloff_group[len(state.rolloff_rolls)]
        if state.turn != expected_seat:
            raise ValueError(f"position: turn must be {state.names[expected_seat]}, who rolls next")
    for seat, pawn in enumerate(state.pawns):
        if pawn.field == board.finish and not (state.phase == "over" and seat == state.turn):
            raise ValueError(f"position: pawns: {state.names[seat]} cannot stand on the finish")


def _reline(text: str) -> str:
    """Put back the line breaks of a position squashed onto one line (a ``fix`` input)."""
    out: list[str] = []
    depth, index, in_string, expect_key = 0, 0, False, True
    while index < len(text):
        char = text[index]
        if in_string:
            out.append(char)
            if char == "\\":
                out.append(text[index + 1 : index + 2])
                index += 1
            elif char == '"':
                in_string = False
                if depth == 0 and not expect_key:
                    out.append("\n")
                    expect_key = True
        elif char == '"':
            in_string = True
            out.append(char)
        elif expect_key and depth == 0 and char == "[":
            end = text.index("]", index)
            out.append(text[index : end + 1] + "\n")
            index = end
        elif char in "[{":
            depth += 1
            out.append(char)
        elif char in "]}":
            depth -= 1
            out.append(char)
            if depth == 0:
                out.append("\n")
                expect_key = True
        elif char == "=" and depth == 0:
            expect_key = False
            out.append(char)
        elif char == " " and depth == 0 and not expect_key and out and out[-1] not in "= ":
            out.append("\n")
            expect_key = True
        else:
            out.append(char)
        index += 1
    return "".join(out)


# -- writing helpers ---------------------------------------------------------------------------


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _string(name)


def _table(items: Any) -> str:
    body = ", ".join(f"{_key(key)} = {value}" for key, value in items)
    return f"{{ {body} }}" if body else "{}"


def _pawn_table(pawn: Pawn) -> str:
    items = [("field", _string(pawn.field))]
    if pawn.car is not None:
        items.append(("car", _string(pawn.car)))
    if pawn.options:
        items.append(("options", "[" + ", ".join(_string(car) for car in pawn.options) + "]"))
    if pawn.light:
        items.append(("light", "true"))
    return _table(items)
