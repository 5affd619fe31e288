"""Pat a Mat závodí behind the engine facade: parsing inputs, ``legal``, ``apply``, outcome.

Options (``open_game("patamat", players=3, target=3, board="standin-v1")``):

* ``target``: flags needed to win, 1–10 (default 3).
* ``board``: the track: a board name (a ``<name>.toml`` in the user boards directory,
  ``$COMPANION_PATAMAT_BOARDS`` or ``<user data>/companion/patamat-boards``, or one shipped in
  the package) or a path to a board file; default ``standin-v1`` (see BOARDS.md).
* ``names`` is not an option of ``open_game`` (it is the facade's own argument); the seats are
  called ``P1``…``Pn`` in events and positions unless the options carry ``names`` (P1, P5).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from companion.engine.errors import IllegalInput
from companion.engine.game import Awaiting, Outcome
from companion.games.patamat import turns
from companion.games.patamat.board import Board, resolve_board
from companion.games.patamat.description import DEFAULT_BOARD, DEFAULT_TARGET, DESCRIPTION
from companion.games.patamat.position import format_position, parse_position
from companion.games.patamat.state import (
    ALL_CARS,
    CAR_COUNTS,
    CAR_TYPE,
    CAR_TYPES,
    State,
    check_names,
    check_target,
    initial_state,
)

DIE_FACES = range(1, 7)
ROLLS = tuple(f"roll {value}" for value in DIE_FACES)
KIND_WORDS = {
    "start": "the start",
    "finish": "the finish",
    "semafor": "a semafor",
    "sign": "a direction sign",
}


class PatamatInput(IllegalInput):
    """A rejected input with the error code of §6.4 (``wrong-input``, ``bad-value`` …)."""

    def __init__(self, code: str, rule: str, template: str, **params: Any) -> None:
        super().__init__(rule, template, **params)
        self.code = code


class PatamatRules:
    description = DESCRIPTION

    # -- opening ------------------------------------------------------------------------------

    def new_state(self, players: int, options: Mapping[str, Any]) -> State:
        board = _board(options)
        target = check_target(options.get("target", DEFAULT_TARGET))
        names = _names(players, options)
        return initial_state(board, names, target)

    def parse_position(self, text: str, players: int, options: Mapping[str, Any]) -> State:
        return parse_position(text, _board(options), players)

    def format_position(self, state: State) -> str:
        return format_position(state)

    def apply_fix(
        self, state: State, text: str, players: int, options: Mapping[str, Any]
    ) -> tuple[State, list[str]]:
        try:
            return parse_position(text, state.board, players), []
        except ValueError as error:
            raise PatamatInput(
                "bad-value", "fix", "this position cannot be loaded: {problem}", problem=str(error)
            ) from None

    # -- the facade -----------------------------------------------------------------------------

    def legal(self, state: State) -> list[str]:
        want = turns.wanted(state)
        if want.want == "roll":
            return list(ROLLS)
        if want.want == "place":
            return _placements(state)
        if want.want == "choose":
            types = dict.fromkeys(CAR_TYPE[car] for car in state.pawn.options)
            return [f"choose {kind}" for kind in CAR_TYPES if kind in types]
        if want.want == "go":
            return ["go"]
        return []

    def apply(self, state: State, line: str) -> tuple[State, list[str]]:
        words = line.split(" ")
        keyword = words[0].lower()
        want = turns.wanted(state)
        if want.want == "none":
            winner = state.names[state.turn]
            raise PatamatInput(
                "game-over", "R19", "the game is over: {player} has won", player=winner
            )
        if keyword == "roll" and want.want == "roll" and len(words) == 2:
            value = _die(words[1])
            if want.purpose == "rolloff":
                return turns.rolloff(state, value)
            if want.purpose == "light":
                return turns.light(state, value)
            return turns.move_roll(state, value)
        if keyword == "place" and want.want == "place" and len(words) == 3:
            car, field_id = _placement(state, words[1], words[2])
            return turns.place(state, car, field_id)
        if keyword == "choose" and want.want == "choose" and len(words) == 2:
            return turns.choose(state, _choice(state, words[1]))
        if keyword == "go" and want.want == "go" and len(words) == 1:
            return turns.go(state)
        raise _wrong_input(state, want, line)

    def to_move(self, state: State) -> int | None:
        return None if state.phase == "over" else state.turn

    def awaiting(self, state: State) -> Awaiting:
        want = turns.wanted(state).want
        if want == "place":
            return "setup"
        if want == "roll":
            return "roll"
        if want == "choose":
            return "choice"
        if want == "go":
            return "move"
        return "over"

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        others = tuple(seat for seat in range(state.players) if seat != state.turn)
        return Outcome(ranking=((state.turn,), others), reason="flags")

    def counters(self, state: State) -> dict[int, dict[str, int]]:
        return {seat: {"flags": flags} for seat, flags in enumerate(state.flags)}

    def snapshot(self, state: State) -> dict[str, Any]:
        from companion.games.patamat.view import snapshot

        return snapshot(state)


PATAMAT = PatamatRules()


# -- parsing the inputs ------------------------------------------------------------------------


def _board(options: Mapping[str, Any]) -> Board:
    return resolve_board(options.get("board", DEFAULT_BOARD))


def _names(players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
    given = options.get("names")
    if given is None:
        return tuple(f"P{seat + 1}" for seat in range(players))
    names = tuple(str(name) for name in given)
    if len(names) != players:
        raise ValueError(f"option 'names' gives {len(names)} names for {players} players")
    check_names(names)
    return names


def _die(text: str) -> int:
    if text.isdigit() and int(text) in DIE_FACES:
        return int(text)
    raise PatamatInput(
        "bad-value", "R2", "{value!r} is not a die value: a roll is 1 to 6", value=text
    )


def _car_type(text: str) -> str:
    kind = text.lower()
    if kind not in CAR_TYPES:
        raise PatamatInput(
            "bad-value",
            "S3",
            "{value!r} is not a car type: the types are kart, car, tractor, rusty, garbage",
            value=text,
        )
    return kind


def _placement(state: State, type_text: str, field_text: str) -> tuple[str, str]:
    kind = _car_type(type_text)
    board = state.board
    field_id = board.lookup(field_text)
    if field_id is None:
        raise PatamatInput(
            "bad-field",
            "S3",
            "there is no field {field!r} on board {board}",
            field=field_text,
            board=board.name,
        )
    spot_kind = board.kind(field_id)
    if spot_kind != "normal":
        raise PatamatInput(
            "special-field",
            "S3",
            _SPECIAL_FIELD[spot_kind],
            field=field_id,
        )
    car = state.next_car_of(kind)
    if car is None:
        raise PatamatInput(
            "no-car-left",
            "S3",
            "all {count} cars of type {kind} are placed already",
            count=CAR_COUNTS[kind],
            kind=kind,
        )
    return car, field_id


_SPECIAL_FIELD = {
    "start": "no car may be placed on {field}: it is the start",
    "finish": "no car may be placed on {field}: it is the finish",
    "semafor": "no car may be placed on {field}: it is a semafor",
    "sign": "no car may be placed on {field}: it is a direction sign",
}


def _choice(state: State, text: str) -> str:
    kind = _car_type(text)
    offered = {CAR_TYPE[car] for car in state.pawn.options}
    if kind not in offered:
        choices = ", ".join(kind for kind in CAR_TYPES if kind in offered)
        raise PatamatInput(
            "illegal-choice",
            "R17",
            "{player} cannot choose {kind}: the cars there are {choices}",
            player=state.names[state.turn],
            kind=kind,
            choices=choices,
        )
    return kind


_WRONG_INPUT = {
    "place": "{line!r} is not the input now: {player} places a car (place <type> <field>)",
    "rolloff": "{line!r} is not the input now: {player} rolls to decide who starts (roll 1 to 6)",
    "light": "{line!r} is not the input now: {player} rolls at the traffic light (roll 1 to 6)",
    "move": "{line!r} is not the input now: {player} rolls to move (roll 1 to 6)",
    "choose": "{line!r} is not the input now: {player} chooses a car (choose <type>)",
    "go": "{line!r} is not the input now: {player} confirms the turn with go",
}


def _placements(state: State) -> list[str]:
    return list(_placement_lines(state.board, state.unplaced_types()))


@lru_cache(maxsize=64)
def _placement_lines(board: Board, kinds: tuple[str, ...]) -> tuple[str, ...]:
    """Every placement of the given car types on the board's normal fields (memoised)."""
    return tuple(f"place {kind} {field_id}" for kind in kinds for field_id in board.normal_fields)


def _wrong_input(state: State, want: turns.Want, line: str) -> PatamatInput:
    if want.want == "roll" and line.split(" ")[0].lower() == "roll":
        return PatamatInput(
            "bad-value",
            "R2",
            "{value!r} is not a die value: a roll is 1 to 6",
            value=line[len("roll") :].strip(),
        )
    key = want.purpose if want.want == "roll" and want.purpose else want.want
    rule = {"place": "S3", "rolloff": "S5", "light": "R10", "choose": "R17"}.get(key, "R2")
    return PatamatInput(
        "wrong-input", rule, _WRONG_INPUT[key], line=line, player=state.names[state.turn]
    )


__all__ = ["ALL_CARS", "PATAMAT", "PatamatInput", "PatamatRules"]
