"""What to change on a Quoridor board between two snapshots (see ``companion.games.table_lines``).

Board things: ``pawn:<seat>`` → its square, ``wall:<wall>`` → ``on board``. A wall comes from
the stock of the player whose walls left went down, and goes back to the one whose went up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.quoridor.text import wall_words
from companion.games.table_lines import TableLine, seat_colour, seat_name
from companion.i18n import Translate, translator

DOMAIN = "quoridor"
ON_BOARD = "on board"

PAWN = "{name}'s pawn"
COLOURED_PAWN = {
    "red": "{name}'s red pawn",
    "blue": "{name}'s blue pawn",
    "green": "{name}'s green pawn",
    "yellow": "{name}'s yellow pawn",
    "purple": "{name}'s purple pawn",
    "orange": "{name}'s orange pawn",
}
MOVE = "Move {pawn} from {origin} to {square}"
PLACE_OWN = "Place one of {name}'s walls {where}"
PLACE = "Place a wall {where}"
REMOVE_OWN = "Take the wall {where} off the board and give it back to {name}"
REMOVE = "Take the wall {where} off the board"

MESSAGES: tuple[str, ...] = (
    PAWN, *COLOURED_PAWN.values(), MOVE, PLACE_OWN, PLACE, REMOVE_OWN, REMOVE,
)


def board_things(snapshot: Mapping[str, Any]) -> dict[str, str]:
    state = snapshot["state"]
    things = {f"pawn:{seat}": str(data["pawn"]) for seat, data in enumerate(state["seats"])}
    things.update({f"wall:{wall}": ON_BOARD for wall in state["walls_on_board"]})
    return things


def table_lines(before: Mapping[str, Any], after: Mapping[str, Any], events: Sequence[str],
                names: Sequence[str], lang: str, *,
                colours: Sequence[str] | None = None) -> list[TableLine]:
    _ = translator(DOMAIN, lang)
    old, new = board_things(before), board_things(after)
    lines: list[TableLine] = []
    for seat in range(len(before["state"]["seats"])):
        key = f"pawn:{seat}"
        if old.get(key) != new.get(key):
            text = _(MOVE).format(pawn=pawn_words(_, names, seat, colours),
                                  origin=old.get(key, "?"), square=new.get(key, "?"))
            lines.append(TableLine(text, frozenset({key})))
    placers, returners = _stock_changes(before, after)
    removed = [key for key in old if key.startswith("wall:") and key not in new]
    placed = [key for key in new if key.startswith("wall:") and key not in old]
    for key in removed:
        where = wall_words(key.removeprefix("wall:"), lang)
        if returners:
            text = _(REMOVE_OWN).format(where=where, name=seat_name(names, returners.pop(0)))
        else:
            text = _(REMOVE).format(where=where)
        lines.append(TableLine(text, frozenset({key})))
    for key in placed:
        where = wall_words(key.removeprefix("wall:"), lang)
        if placers:
            text = _(PLACE_OWN).format(where=where, name=seat_name(names, placers.pop(0)))
        else:
            text = _(PLACE).format(where=where)
        lines.append(TableLine(text, frozenset({key})))
    return lines


def pawn_words(_: Translate, names: Sequence[str], seat: int,
               colours: Sequence[str] | None) -> str:
    colour = seat_colour(colours, seat)
    template = COLOURED_PAWN[colour] if colour else PAWN
    return _(template).format(name=seat_name(names, seat))


def _stock_changes(before: Mapping[str, Any],
                   after: Mapping[str, Any]) -> tuple[list[int], list[int]]:
    """The seats whose stock gave a wall (one entry per wall) and those it got back."""
    placers: list[int] = []
    returners: list[int] = []
    pairs = zip(before["state"]["seats"], after["state"]["seats"], strict=False)
    for seat, (old, new) in enumerate(pairs):
        difference = int(new["walls_left"]) - int(old["walls_left"])
        if difference < 0:
            placers.extend([seat] * -difference)
        else:
            returners.extend([seat] * difference)
    return placers, returners
