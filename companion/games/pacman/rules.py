"""The PAC-MAN variant of Quoridor behind the engine's Rules contract (rules/quoridor.md, Part C).

Inputs (R54, R55): ``P:e7-e8-e9`` (PAC-MAN's full path, or the shorthand ``P:<from>-<to>``),
``P:pass``, ``blinky:c3`` (a ghost's destination, or its full path ``blinky:d5-d4-c4``),
``blinky:pass``. Seat 0 is PAC-MAN; the ghost players follow (Q1, R30).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any

from companion.engine.errors import IllegalInput
from companion.engine.game import Awaiting, Outcome
from companion.games.pacman.description import DESCRIPTION
from companion.games.pacman.ghosts import check_ghost_move, ghost_destinations
from companion.games.pacman.layout import GHOST_NAMES, load_layout
from companion.games.pacman.notation import format_position, parse_position
from companion.games.pacman.paths import PacmanPath, is_adjacent, legal_paths, paths_between, walk
from companion.games.pacman.reasons import reject
from companion.games.pacman.state import (
    PACMAN_SEAT,
    PacmanState,
    ghost_owners,
    initial_state,
)
from companion.games.quoridor.board import square_index, square_name

_SQUARES = r"[a-i][1-9](?:-[a-i][1-9])*"
PACMAN_INPUT = re.compile(rf"^p:(pass|{_SQUARES})$")
GHOST_INPUT = re.compile(rf"^(blinky|pinky|inky|clyde):(pass|{_SQUARES})$")


class PacmanRules:
    description = DESCRIPTION

    def new_state(self, players: int, options: Mapping[str, Any]) -> PacmanState:
        layout = load_layout(options.get("layout"))
        return initial_state(layout, players, ghost_owners(options.get("ghost_owners"), players))

    def parse_position(
        self, text: str, players: int, options: Mapping[str, Any]
    ) -> PacmanState:
        layout = load_layout(options.get("layout"))
        owners = ghost_owners(options.get("ghost_owners"), players)
        return parse_position(text, layout, players, owners)

    def format_position(self, state: PacmanState) -> str:
        return format_position(state)

    def legal(self, state: PacmanState) -> list[str]:
        if state.phase == "pacman":
            return [path.text for path in legal_paths(state)] or ["P:pass"]
        lines: list[str] = []
        for ghost in state.ghosts_to_move:
            name = GHOST_NAMES[ghost]
            destinations = ghost_destinations(state, ghost)
            lines.extend(f"{name}:{square_name(square)}" for square in destinations)
            if not destinations:
                lines.append(f"{name}:pass")
        return lines

    def apply(self, state: PacmanState, line: str) -> tuple[PacmanState, list[str]]:
        text = line.strip().lower()
        pacman_input = PACMAN_INPUT.match(text)
        ghost_input = GHOST_INPUT.match(text)
        if not pacman_input and not ghost_input:
            raise reject(
                "BAD_SYNTAX", "R54",
                "{line} is not a PAC-MAN path like P:e7-e8-e9 or a ghost move like blinky:c3",
                line=repr(line),
            )
        if state.is_over:
            raise reject("GAME_OVER", "R50", "the game is over")
        if pacman_input:
            return self._pacman(state, _squares(pacman_input.group(1)))
        assert ghost_input is not None
        ghost = GHOST_NAMES.index(ghost_input.group(1))
        return self._ghost(state, ghost, _squares(ghost_input.group(2)))

    def apply_fix(
        self, state: PacmanState, text: str, players: int, options: Mapping[str, Any]
    ) -> tuple[PacmanState, list[str]]:
        fixed = parse_position(text, state.layout, state.players, state.owners)
        fixed = replace(fixed, round=state.round)
        return fixed, ["fix " + format_position(fixed)]

    def to_move(self, state: PacmanState) -> int | None:
        if state.phase == "pacman":
            return PACMAN_SEAT
        if state.phase == "ghosts":
            return min(state.owners[ghost] for ghost in state.ghosts_to_move)
        return None

    def awaiting(self, state: PacmanState) -> Awaiting:
        return "over" if state.is_over else "move"

    def outcome(self, state: PacmanState) -> Outcome | None:
        ghost_seats = tuple(range(1, state.players))
        if state.winner == "pacman":
            return Outcome(((PACMAN_SEAT,), ghost_seats), "dots")
        if state.winner == "ghosts":
            return Outcome((ghost_seats, (PACMAN_SEAT,)), "lives")
        return None

    def counters(self, state: PacmanState) -> dict[int, dict[str, int]]:
        result = {PACMAN_SEAT: {"lives": state.lives, "dots": state.dots_eaten}}
        for seat in range(1, state.players):
            on_board = sum(
                1
                for ghost, square in enumerate(state.ghosts)
                if square is not None and state.owners[ghost] == seat
            )
            result[seat] = {"ghosts": on_board}
        return result

    def snapshot(self, state: PacmanState) -> dict[str, Any]:
        return snapshot(state)

    # -- private helpers -----------------------------------------------------------------------

    def _pacman(
        self, state: PacmanState, squares: list[int] | None
    ) -> tuple[PacmanState, list[str]]:
        if state.phase != "pacman":
            raise reject("WRONG_PHASE", "R35",
                         "it is the ghosts' turn, PAC-MAN moves again after them")
        if squares is None:
            if legal_paths(state):
                raise reject("PASS_NOT_ALLOWED", "R42", "PAC-MAN can move, so he may not pass")
            events = ["pass pacman"]
            return _after_pacman(state, state, events, ())
        path = _pacman_path(state, squares)
        events = ["pacman " + path.text[2:]]
        tokens: list[str] = []
        ghosts = list(state.ghosts)
        seen: set[int] = set()
        for square in path.squares[1:]:
            if square in seen:
                continue
            seen.add(square)
            if square in path.dots_eaten:
                events.append(f"dot {square_name(square)}")
            for ghost, where in path.ghosts_eaten:
                if where == square:
                    events.append(f"eat {GHOST_NAMES[ghost]} {square_name(square)}")
                    ghosts[ghost] = None
        if path.dots_eaten:
            tokens.append("dot_eaten")
        if path.ghosts_eaten:
            names = ",".join(GHOST_NAMES[ghost] for ghost, _ in path.ghosts_eaten)
            tokens.append(f"ghost_eaten:[{names}]")
        moved = replace(
            state,
            pacman=path.final,
            dots=tuple(dot for dot in state.dots if dot not in path.dots_eaten),
            ghosts=(ghosts[0], ghosts[1], ghosts[2], ghosts[3]),
        )
        if path.is_win:
            events += ["win pacman", f"rank {moved.rank}"]
            over = replace(moved, phase="over", winner="pacman",
                           last_event=(*tokens, "win:pacman"))
            return over, events
        return _after_pacman(state, moved, events, tuple(tokens))

    def _ghost(
        self, state: PacmanState, ghost: int, squares: list[int] | None
    ) -> tuple[PacmanState, list[str]]:
        name = GHOST_NAMES[ghost]
        if state.phase != "ghosts":
            raise reject("WRONG_PHASE", "R35", "it is PAC-MAN's turn, {ghost} moves after him",
                         ghost=name)
        path = check_ghost_move(state, ghost, squares)
        moved_ghosts = state.moved + (ghost,)
        if path is None:
            after = replace(state, moved=moved_ghosts, last_event=())
            return _end_of_ghost_move(after, ["pass " + name])
        events = [f"frenzy {name}"] if state.sees_pacman(ghost) else []
        events.append(f"ghost {name} " + "-".join(square_name(square) for square in path))
        ghosts = list(state.ghosts)
        ghosts[ghost] = path[-1]
        after = replace(
            state,
            ghosts=(ghosts[0], ghosts[1], ghosts[2], ghosts[3]),
            moved=moved_ghosts,
            last_event=(),
        )
        if path[-1] != state.pacman:
            return _end_of_ghost_move(after, events)
        lives = state.lives - 1  # R46, R48
        events += [f"caught {name} {square_name(path[-1])}", f"life {lives}"]
        caught = f"caught_by:{name}"
        if lives == 0:
            events += ["win ghosts", f"rank {state.rank}"]
            over = replace(after, lives=0, phase="over", winner="ghosts", moved=(),
                           last_event=(caught, "win:ghosts"))
            return over, events
        layout = state.layout
        reset = replace(
            after,
            lives=lives,
            pacman=layout.pacman,
            ghosts=layout.ghosts,
            phase="pacman",
            moved=(),
            round=state.round + 1,
            last_event=(caught, "reset"),
        )
        return reset, events + ["reset"]


def snapshot(state: PacmanState) -> dict[str, Any]:
    """Everything the screen needs (Part D), JSON-safe."""
    to_move = state.ghosts_to_move
    return {
        "phase": state.phase,
        "round": state.round,
        "pacman_square": square_name(state.pacman),
        "ghosts": {
            name: {
                "square": None if square is None else square_name(square),
                "owner": state.owners[ghost],
                "moved_this_phase": ghost in state.moved,
                "frenzy": state.sees_pacman(ghost),
            }
            for ghost, (name, square) in enumerate(zip(GHOST_NAMES, state.ghosts))
        },
        "ghosts_to_move": [GHOST_NAMES[ghost] for ghost in to_move],
        "ghost_destinations": {
            GHOST_NAMES[ghost]: [square_name(square) for square in ghost_destinations(state, ghost)]
            for ghost in to_move
        },
        "pacman_destinations": sorted(
            {square_name(path.final) for path in legal_paths(state)}
            if state.phase == "pacman"
            else set()
        ),
        "dots_remaining": [square_name(dot) for dot in state.dots],
        "dots_eaten": state.dots_eaten,
        "lives": state.lives,
        "winner": state.winner,
        "rank": state.rank,
        "walls": [wall.name for wall in state.layout.walls],
        "layout": state.layout.name,
        "start_squares": {
            "pacman": square_name(state.layout.pacman),
            **{
                name: square_name(square)
                for name, square in zip(GHOST_NAMES, state.layout.ghosts)
            },
        },
        "last_event": list(state.last_event),
        # for the touchscreen board: per destination its distinct results and their paths
        "pacman_moves": legal_pacman_destinations(state),
    }


def legal_pacman_destinations(state: PacmanState) -> dict[str, list[dict[str, Any]]]:
    """For each square PAC-MAN can end on, the distinct results and the paths giving each."""
    if state.phase != "pacman":
        return {}
    grouped: dict[int, dict[Any, dict[str, Any]]] = {}
    for path in legal_paths(state):
        results = grouped.setdefault(path.final, {})
        if path.result not in results:
            results[path.result] = {**_describe_path(path), "paths": []}
        results[path.result]["paths"].append(path.text)
    return {
        square_name(square): list(grouped[square].values()) for square in sorted(grouped)
    }


def preview(state: PacmanState, path: str | Sequence[str]) -> dict[str, Any]:
    """What a PAC-MAN path (``P:e2-e3-e4``, ``e2-e3-e4`` or squares) would do, or why not."""
    text = path if isinstance(path, str) else "-".join(path)
    text = text.strip().lower()
    text = text if text.startswith("p:") else "p:" + text
    found = PACMAN_INPUT.match(text)
    try:
        if not found or found.group(1) == "pass":
            raise reject("BAD_SYNTAX", "R54", "{line} is not a PAC-MAN path like P:e7-e8-e9 "
                         "or a ghost move like blinky:c3", line=repr(text))
        if state.is_over:
            raise reject("GAME_OVER", "R50", "the game is over")
        if state.phase != "pacman":
            raise reject("WRONG_PHASE", "R35",
                         "it is the ghosts' turn, PAC-MAN moves again after them")
        squares = _squares(found.group(1))
        assert squares is not None
        move = _pacman_path(state, squares)
    except IllegalInput as error:
        return {"legal": False, "reason": error.reason, "code": error.params.get("code")}
    return {"legal": True, "reason": None, "code": None, **_describe_path(move),
            "path": move.text}


def _describe_path(path: PacmanPath) -> dict[str, Any]:
    return {
        "square": square_name(path.final),
        "dots_eaten": [square_name(square) for square in path.dots_eaten],
        "ghosts_eaten": [GHOST_NAMES[ghost] for ghost, _ in path.ghosts_eaten],
        "wins": path.is_win,
    }


def _squares(text: str) -> list[int] | None:
    return None if text == "pass" else [square_index(name) for name in text.split("-")]


def _pacman_path(state: PacmanState, squares: list[int]) -> PacmanPath:
    """R54: a full path first; two squares that are not a legal full path are a shorthand."""
    full_error: IllegalInput | None = None
    if all(is_adjacent(a, b) for a, b in pairwise(squares)) or len(squares) != 2:
        try:
            return walk(state, squares)
        except IllegalInput as error:
            if len(squares) != 2 or error.params.get("code") == "WRONG_START_SQUARE":
                raise
            full_error = error
    origin, target = squares
    if origin != state.pacman:
        walk(state, squares)  # raises WRONG_START_SQUARE
    candidates = paths_between(state, origin, target)
    if not candidates:
        if full_error is not None:
            raise full_error
        raise reject(
            "NOT_ADJACENT", "R54", "no legal move of PAC-MAN leads from {origin} to {square}",
            origin=square_name(origin), square=square_name(target),
        )
    if len({path.result for path in candidates}) > 1:
        raise reject(
            "AMBIGUOUS", "R54",
            "paths from {origin} to {square} eat different things: give the whole path",
            origin=square_name(origin), square=square_name(target),
        )
    return candidates[0]


def _after_pacman(
    before: PacmanState, moved: PacmanState, events: list[str], tokens: tuple[str, ...]
) -> tuple[PacmanState, list[str]]:
    if all(square is None for square in moved.ghosts):
        events.append("ghosts none")  # Q6
        return replace(moved, phase="pacman", round=before.round + 1, last_event=tokens), events
    return replace(moved, phase="ghosts", moved=(), last_event=tokens), events


def _end_of_ghost_move(
    state: PacmanState, events: list[str]
) -> tuple[PacmanState, list[str]]:
    if state.ghosts_to_move:
        return state, events
    return replace(state, phase="pacman", moved=(), round=state.round + 1), events


PACMAN = PacmanRules()
