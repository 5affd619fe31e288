"""The game log of §6.1: a header (board, players, target) and one accepted input per line.

    patamat-log 1
    board standin-v1
    players Pat Mat Eva
    target 3
    place kart F04
    ...

:func:`write_log` writes a match's history in this form; :func:`read_log` opens a fresh match
from such a text and replays it (the replay rule: identical events and state). ``#`` starts a
comment. The ``players`` line gives the names that appear in events and positions.
"""

from __future__ import annotations

from typing import Any

from companion.engine.match import Match
from companion.engine.registry import open_game
from companion.games.patamat.board import resolve_board
from companion.games.patamat.description import DEFAULT_BOARD, DEFAULT_TARGET
from companion.games.patamat.position import format_position
from companion.games.patamat.state import (
    check_names,
    check_target,
    initial_state,
)

LOG_HEADER = "patamat-log 1"


def write_log(match: Match) -> str:
    """The match's accepted inputs under the §6.1 header (the match must start at set-up)."""
    state = (
        match.rules.parse_position(match.start_position, match.players, match.options)
        if match.start_position
        else match.rules.new_state(match.players, match.options)
    )
    lines = [
        LOG_HEADER,
        f"board {state.board.name}",
        "players " + " ".join(state.names),
        f"target {state.target}",
        *match.history,
    ]
    return "\n".join(lines) + "\n"


def read_log(text: str, board: object = None) -> Match:
    """Open the match a log describes and replay its inputs; ValueError names a bad line.

    ``board`` is the board option (name or path); by default the log's ``board`` name.
    """
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    lines = [" ".join(line.split()) for line in lines if line.strip()]
    if not lines or lines[0] != LOG_HEADER:
        raise ValueError(f"log: the first line must be {LOG_HEADER!r}")
    header: dict[str, str] = {}
    body = lines[1:]
    while body and body[0].split(" ", 1)[0] in ("board", "players", "target"):
        key, _, value = body.pop(0).partition(" ")
        header[key] = value
    if "players" not in header:
        raise ValueError("log: a 'players <name> <name> ...' line is missing")
    names = tuple(header["players"].split(" "))
    check_names(names)
    target_text = header.get("target", str(DEFAULT_TARGET))
    if not target_text.isdigit():
        raise ValueError(f"log: target must be a number, not {target_text!r}")
    options: dict[str, Any] = {
        "board": board if board is not None else header.get("board", DEFAULT_BOARD),
        "target": check_target(int(target_text)),
    }
    chosen = resolve_board(options["board"])
    if "board" in header and chosen.name != header["board"]:
        raise ValueError(f"log: the log is for board {header['board']!r}, not {chosen.name!r}")
    start = format_position(initial_state(chosen, names, options["target"]))
    match = open_game("patamat", players=len(names), names=list(names), position=start, **options)
    for number, line in enumerate(body, start=1):
        try:
            match.play(line)
        except ValueError as error:
            raise ValueError(f"log: input {number} {line!r} is rejected: {error}") from None
    return match
