"""Quoridor's refusals in the players' words (see ``companion/table/words/refusals.py``).

A wall is named by the square it starts at, as the board shows it ("the wall at a3"), never by
its notation ("a3h"); a seat by its player's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import Match
from companion.games.quoridor.board import WALL_PATTERN
from companion.i18n import Translate

PLAIN: dict[str, str] = {
    # moves
    "{line} is not a square like e8, a wall like e3h, or pass":
        "That is not a move. Tap a square to move your pawn, or a groove between squares to "
        "place a wall.",
    "the game is over":
        "The game is over: nothing more can be played.",
    "passing is allowed only when no pawn move and no wall is possible":
        "You may pass only when you can neither move nor place a wall. Move your pawn or "
        "place a wall.",
    "{square} is occupied by a pawn":
        "A pawn already stands on {square}. Move to a free square.",
    "a wall stands between {origin} and {square}":
        "A wall stands between {origin} and {square}. Go around it.",
    "the pawn on {origin} cannot reach {square}: it moves one square, "
    "or jumps over a pawn it faces":
        "Your pawn on {origin} cannot go to {square}. A pawn moves one square, or jumps over "
        "a pawn right in front of it.",
    # walls
    "{seat} has no walls left and must move the pawn":
        "{seat} has no walls left. Move your pawn.",
    "wall {wall} would stick out of the board":
        "The wall would stick out of the board. A wall always runs along two squares.",
    "there is already a wall at {wall}":
        "There is already a wall at {wall_at}. Place yours elsewhere.",
    "wall {wall} would overlap wall {other}":
        "The wall would overlap the wall at {other_at}. Place it elsewhere or move your pawn.",
    "wall {wall} would cross wall {other}":
        "The wall would cross the wall at {other_at}. Place it elsewhere or move your pawn.",
    "wall {wall} would cut the player at {square} off from {goal}":
        "The wall would shut the pawn on {square} off from its goal. Every pawn must keep a "
        "way to its goal: place the wall elsewhere.",
    # a corrected position (Fix the position)
    "wall {wall} lies partly off the board":
        "In the corrected position the wall at {wall_at} sticks out of the board.",
    "wall {wall} would {kind} wall {other}":
        "In the corrected position the walls at {wall_at} and {other_at} overlap or cross. "
        "Walls may only touch.",
    "walls left plus walls on the board make {count}, not {total}":
        "In the corrected position the walls do not add up: {count} in hand and on the board "
        "together, but the game has {total}.",
    "the pawn on {square} has no path to {goal}":
        "In the corrected position the pawn on {square} has no way to its goal. Every pawn "
        "must keep a way to its goal.",
    "the pawn of {seat} stands on its goal edge but the game has no winner":
        "In the corrected position {seat} stands in the goal, but the game has no winner. "
        "Check where that pawn stands.",
    "position: two pawns stand on the same square":
        "In the corrected position two pawns stand on the same square. Put each pawn where it "
        "stands on the table.",
    "position: it must start with 'quoridor {players}' and a field per seat":
        "The position text cannot be read: it must start with 'quoridor {players}' and have "
        "one part per player.",
    "position: the second field must be 'turn <seat>', e.g. 'turn e9'":
        "The position text cannot be read: its second part must say whose turn it is, e.g. "
        "'turn e9'.",
    "position: seat field {field!r} must read '<seat> <square> <walls left>'":
        "The position text cannot be read at “{field}”: a player's part gives the start square, "
        "the pawn's square and the walls in hand, e.g. 'e9 e5 10'.",
    "position: the walls field ('walls e3h …' or 'walls -') is missing":
        "The position text cannot be read: the list of walls ('walls e3h …' or 'walls -') is "
        "missing.",
    "position: {wall!r} is not a wall like e3h":
        "The position text cannot be read: “{wall}” is not a wall like e3h.",
    "position: unknown field {field!r}":
        "The position text cannot be read: “{field}” is not part of a Quoridor position.",
}

DERIVED = frozenset({"wall_at", "other_at", "seat"})
"""Parameters :func:`words` adds or replaces."""


def words(params: Mapping[str, Any], match: Match | None, translate: Translate) -> dict[str, Any]:
    """The wall's square ("a3h" → "a3") and the player's name for a seat ("e9" → "Eva")."""
    found: dict[str, Any] = {}
    for key in ("wall", "other"):
        value = str(params.get(key, ""))
        found[f"{key}_at"] = value[:2] if WALL_PATTERN.match(value) else value
    seat = params.get("seat")
    if isinstance(seat, str):
        found["seat"] = _player(seat, match)
    return found


def _player(seat: str, match: Match | None) -> str:
    """The name of the player whose seat (start square) is ``seat``; the seat otherwise."""
    if match is None:
        return seat
    names = [info.name for info in match.state.seats]
    if seat in names and names.index(seat) < len(match.names):
        return str(match.names[names.index(seat)])
    return seat
