"""What a screen needs (§6.4): ``expect()``, the JSON snapshot, and a move's ``result``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from companion.games.patamat import turns
from companion.games.patamat.board import Board
from companion.games.patamat.state import ALL_CARS, CAR_TYPE, CAR_TYPES, State

RULE_TEXT = {
    "walk": "walk: roll, forward",
    "kart": "kart: 3 × roll, forward",
    "car": "car: 2 × roll, forward",
    "tractor": "tractor: 2 forward, no roll",
    "rusty": "rusty car: skip the turn",
    "garbage": "garbage truck: roll, backward",
}


def expect(state: State) -> dict[str, Any]:
    """§6.4 ``expect()``: what the engine waits for, from whom, and what is legal."""
    want = turns.wanted(state)
    phase = "setup" if state.phase in ("setup", "rolloff") else state.phase
    over = state.phase == "over"
    player = None if over else state.names[state.turn]
    legal: Any = []
    car = None
    if want.want == "roll":
        legal = list(range(1, 7))
    elif want.want == "choose":
        offered = {CAR_TYPE[option] for option in state.pawn.options}
        legal = [kind for kind in CAR_TYPES if kind in offered]
    elif want.want == "place":
        legal = {"types": list(state.unplaced_types()), "fields": list(state.board.normal_fields)}
    if state.phase == "play":
        car = state.pawn.car
    rule = None
    if state.phase == "play" and want.want in ("roll", "go") and want.purpose != "light":
        rule = RULE_TEXT[turns.movement_mode(state.pawn)]
    return {
        "phase": phase,
        "player": player,
        "want": want.want,
        "purpose": want.purpose,
        "legal": legal,
        "car": car,
        "rule": rule,
        "light_pending": state.phase == "play" and state.pawn.light,
        "winner": state.names[state.turn] if over else None,
    }


def snapshot(state: State) -> dict[str, Any]:
    """The whole state as JSON-safe data: board, pawns, cars, flags and ``expect()``."""
    board = state.board
    return {
        "board": _board_part(board.name, board.sha, board),
        "phase": state.phase,
        "players": list(state.names),
        "target": state.target,
        "turn": None if state.phase == "over" else state.names[state.turn],
        "flags": dict(zip(state.names, state.flags)),
        "cars": {car: spot for car, spot in zip(ALL_CARS, state.car_fields) if spot is not None},
        "pawns": {
            name: {
                "field": pawn.field,
                "car": pawn.car,
                "options": list(pawn.options),
                "light": pawn.light,
            }
            for name, pawn in zip(state.names, state.pawns)
        },
        "rolloff": {
            "group": [state.names[seat] for seat in state.rolloff_group],
            "rolls": dict(
                zip((state.names[seat] for seat in state.rolloff_group), state.rolloff_rolls)
            ),
        }
        if state.phase == "rolloff"
        else None,
        "winner": state.names[state.turn] if state.phase == "over" else None,
        "expect": expect(state),
    }


def result(events: Sequence[str]) -> dict[str, Any] | None:
    """§6.4 ``result`` of the movement or skip among ``events`` (None when there is none)."""
    found: dict[str, Any] | None = None
    for event in events:
        word, *rest = event.split(" ")
        if word == "move":
            player, mode, planned, shown = rest[:4]
            path = [] if shown == "-" else shown.split(">")
            end = path[-1] if path else None
            stopped = None
            if len(rest) > 4:
                stopped = "START" if mode == "garbage" else "CIL"
            factor = {"walk": 1, "kart": 3, "car": 2, "garbage": 1}.get(mode)
            found = {
                "player": player,
                "mode": mode,
                "planned": int(planned),
                "roll": int(planned) // factor if factor else None,
                "direction": "back" if mode == "garbage" else "fwd",
                "path": path,
                "end": end,
                "stopped": stopped,
                "car_left": None,
                "bumps": [],
                "arrivals": [],
                "flag": None,
                "reset": False,
                "winner": None,
                "skipped": None,
            }
            if end is not None:
                found["arrivals"].append(_arrival_entry(player, end))
        elif word == "skip" or (word == "light" and rest[-1] == "red"):
            found = _empty(rest[0], "rusty" if word == "skip" else "red")
        elif found is None:
            continue
        elif word == "leave":
            found["car_left"] = {"car": rest[0], "field": rest[1]}
        elif word == "bump":
            found["bumps"].append({"player": rest[0], "from": rest[1], "to": rest[2], "lost": []})
            found["arrivals"].append(_arrival_entry(rest[0], rest[2]))
        elif word == "lost" and found["bumps"]:
            found["bumps"][-1]["lost"] = rest[1].split(",")
        elif word in ("board", "options", "atlight", "sign"):
            _arrival(found, word, rest)
        elif word == "flag":
            found["flag"] = {"player": rest[0], "total": int(rest[1])}
            found["arrivals"] = []
        elif word == "reset":
            found["reset"] = True
        elif word == "win":
            found["winner"] = rest[0]
    return found


def _empty(player: str, skipped: str) -> dict[str, Any]:
    return {
        "player": player,
        "mode": None,
        "roll": None,
        "planned": 0,
        "direction": None,
        "path": [],
        "end": None,
        "stopped": None,
        "car_left": None,
        "bumps": [],
        "arrivals": [],
        "flag": None,
        "reset": False,
        "winner": None,
        "skipped": skipped,
    }


def _arrival(found: dict[str, Any], word: str, rest: list[str]) -> None:
    player = rest[0]
    arrivals: list[dict[str, Any]] = found["arrivals"]
    entry = next((item for item in arrivals if item["player"] == player), None)
    if entry is None:
        return
    if word == "board":
        entry["car"] = rest[1]
    elif word == "options":
        entry["options"] = rest[1].split(",")
    elif word == "atlight":
        entry["light"] = True
    else:
        entry["sign_to"] = rest[1]


def _arrival_entry(player: str, field_id: str) -> dict[str, Any]:
    return {
        "player": player,
        "field": field_id,
        "car": None,
        "options": [],
        "light": False,
        "sign_to": None,
    }


@lru_cache(maxsize=4)
def _board_part(name: str, sha: str, board: Board) -> dict[str, Any]:
    """The snapshot's ``board``: the same for every position of a game (a board is immutable),
    so made once per board (name and file content) and shared by its positions' snapshots,
    which their readers only read."""
    return {
        "name": board.name,
        "sha": board.sha,
        "start": board.start,
        "finish": board.finish,
        "fields": [
            {
                "id": spot.id,
                "kind": spot.kind,
                "next": list(spot.next),
                "main": spot.main,
                "forced": spot.forced,
                "back": spot.back,
                "label": spot.label,
                "x": spot.x,
                "y": spot.y,
            }
            for spot in board.fields
        ],
    }
