"""Člověče's refusals in the players' words (see ``companion/table/words/refusals.py``).

Seats are named by their players ("S2" → "Pat"), colours in words ("R" → "red"; ``piece`` is the
whole phrase "the red piece", the object of a sentence, as in ``text.PIECES``). The refused
input is always the mover's, so the sentences speak to the mover ("your goal").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.engine import Match
from companion.games.clovece.text import PIECES
from companion.i18n import Translate

PLAIN: dict[str, str] = {
    # rolling
    "first roll for the starting player":
        "First everyone rolls to see who starts. Roll the die.",
    "a die shows 1 to 6, not {value}":
        "A die shows 1 to 6, not {value}. Roll again.",
    "roll the die first: the rolls of this turn are not complete":
        "Roll the die first: you move after the roll, and after a 6 you roll once more.",
    "the rolls of this turn are complete; use the {roll} first":
        "No more rolling now: first move a piece by {roll}.",
    "only a 6 that can do nothing but enter may be passed":
        "You may skip a roll only when it is a 6 that could only bring a piece in. Use this "
        "roll.",
    # entering and moving
    "entering needs a 6, the current roll is {roll}":
        "A piece comes in only with a 6, and this roll is {roll}. Move a piece that is already "
        "in play.",
    "there is no {colour} piece in the home of {seat}":
        "You have no {colour} piece at home. Bring in another one.",
    "there is no field {field} on {board}":
        "There is no field {field} on this board.",
    "there is no piece on field {field}":
        "There is no piece on field {field}. Tap a piece that is on the board.",
    "there is no {colour} piece on field {field}":
        "There is no {colour} piece on field {field}. Tap the piece you want to move.",
    "field {field} holds {colours}; say which colour to move":
        "Field {field} holds {colours} pieces. Tap the colour you want to move.",
    "{seat} has a {colour} piece at home, so cannot move {colour} pieces":
        "You have a {colour} piece at home, so you may not move {colour} pieces. Move a piece "
        "of another colour.",
    "{seat} has a {colour} piece in the goal, so cannot move {colour} pieces":
        "You have a {colour} piece in your goal, so you may not move {colour} pieces on the "
        "track. Move a piece of another colour.",
    "a {roll} from field {field} overshoots the goal of {seat}":
        "A {roll} from field {field} would go past your goal: a piece must land in the goal "
        "exactly. Move another piece.",
    "slot {slot} of the goal of {seat} is taken":
        "Place {slot} in your goal is taken, and two pieces never share a place there. Move "
        "another piece.",
    "the goal has slots 1 to 4, not {slot}":
        "The goal has places 1 to 4, not {slot}.",
    "slot {slot} of the goal of {seat} is empty":
        "There is no piece in place {slot} of your goal. Move a piece that is there.",
    "a {roll} from goal slot {slot} goes past slot 4":
        "A {roll} from place {slot} of your goal goes past the last place. Use the {roll} for "
        "another piece.",
    # captured pieces
    "first give the captured {colour} piece from field {field} to a player":
        "First choose who gets {piece} captured on field {field}.",
    "no captured piece is waiting for a recipient":
        "No captured piece is waiting to be given away.",
    "the piece to give now is {expected}, not {given}":
        "First choose who gets {expected}.",
    "{seat} cannot play {colour}, so cannot receive it":
        "{seat} cannot get {piece}: that colour is already in their home or goal. Give it to "
        "someone else.",
    "{seat} does not play in this game":
        "{seat} does not play in this game.",
    # the end
    "the game is over":
        "The game is over: nothing more can be played.",
    "stop is allowed only once a winner exists":
        "The game can be ended only after someone has won.",
    "{line} is not an input: roll N, enter C, move F C, goal-move K, pass, give C@F -> Sk"
    " or stop":
        "That is not a move. Roll the die, or tap the piece you move.",
    # a corrected position (Fix the position)
    "cannot read {part} in the position":
        "The position text cannot be read at “{part}”.",
    "the position does not say whose turn it is":
        "The position text cannot be read: it does not say whose turn it is.",
    "the position has no clause for {seat}":
        "The position text cannot be read: the part for {seat} is missing.",
    "the position has {count} seats, but {players} players play":
        "The corrected position is for {count} players, but {players} play this game.",
    "seat {seat} is not on {board}":
        "The position text cannot be read: seat {seat} is not on this board.",
    "{rolls} are not the rolls of one turn (sixes first, the last one not a six)":
        "In the corrected position the rolls {rolls} cannot be one turn's: sixes first, then "
        "one roll that is not a six.",
    "there must be {count} {colour} pieces, the position has {found}":
        "In the corrected position there are {found} {colour} pieces, but the game has "
        "{count}.",
    "{seat} holds more than one {colour} piece at home and in the goal":
        "In the corrected position {seat} has more than one {colour} piece at home and in the "
        "goal together.",
    "field {field} holds more than one piece that stayed put this turn":
        "In the corrected position field {field} holds several pieces. After a turn each "
        "field holds one piece.",
    "a piece on field {field} is marked as moved outside a turn":
        "In the corrected position the piece on field {field} is marked as moved, but no turn "
        "is being played.",
    "{seat} has a place exactly when its goal is full":
        "In the corrected position {seat} has a place without a full goal, or a full goal "
        "without a place. A player gets a place when all four pieces are in the goal.",
    "the places {places} are not 1, 2, 3, …":
        "In the corrected position the places {places} do not run 1, 2, 3, …",
    "{seat} has finished and cannot be on turn":
        "In the corrected position {seat} is on turn but has already finished.",
    "a game can only end once a winner exists":
        "In the corrected position the game is over without a winner. A game ends only after "
        "someone has won.",
    "without play_on the game ends at the first finish":
        "In the corrected position play goes on after the winner, but this game ends when the "
        "first player finishes.",
}

COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
"""A piece's colour as a word, describing a piece ("a red piece" / „červená halmička“)."""

DERIVED = frozenset({"seat", "colour", "colours", "piece", "expected"})
"""Parameters :func:`words` adds or replaces."""

_GIVEN = re.compile(r"^([RYGB])@(\d+)$")


def words(params: Mapping[str, Any], match: Match | None, translate: Translate) -> dict[str, Any]:
    """Players' names for seat labels, colours and pieces in words."""
    found: dict[str, Any] = {}
    seat = params.get("seat")
    if isinstance(seat, str):
        found["seat"] = _player(seat, match)
    colour = params.get("colour")
    if isinstance(colour, str) and colour in COLOURS:
        found["colour"] = translate(COLOURS[colour])
        found["piece"] = translate(PIECES[colour])
    colours = params.get("colours")
    if isinstance(colours, str):
        named = [translate(COLOURS[c]) for c in colours.split("+") if c in COLOURS]
        found["colours"] = (
            translate("{first} and {last}").format(first=", ".join(named[:-1]), last=named[-1])
            if len(named) > 1 else ", ".join(named)
        )
    expected = _GIVEN.match(str(params.get("expected", "")))
    if expected is not None:
        found["expected"] = translate("{piece} from field {field}").format(
            piece=translate(PIECES[expected.group(1)]), field=expected.group(2)
        )
    return found


def _player(label: str, match: Match | None) -> str:
    """The player's name for a seat label ("S2" → "Pat"); the label when it is not in play."""
    if match is None or not label[1:].isdigit():
        return label
    rank = match.state.rank_of(int(label[1:]))
    if rank is None or rank >= len(match.names):
        return label
    return str(match.names[rank])
