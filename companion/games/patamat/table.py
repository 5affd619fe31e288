"""What to change on a Pat a Mat board between two snapshots (see ``companion.games.table_lines``).

Board things: ``pawn:<seat>`` → the field its pawn stands on, ``cars:<field>`` → the kinds of
car standing there (``"kart"``, ``"car,garbage"``; cars of one kind are alike on the table) and
``flags:<seat>`` → how many flags the player has taken. Fields are named as the rest of the
product names them (a board's label, else its id). A car that went where a pawn went, from where
the pawn stood, is said with the pawn: "… and take the go-kart along".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.patamat.state import CAR_TYPE
from companion.games.patamat.text import A_CAR, THE_CAR
from companion.games.table_lines import (
    Shift,
    TableLine,
    multiset_value,
    seat_colour,
    seat_name,
    shifts,
)
from companion.i18n import Translate, translator

DOMAIN = "patamat"

PAWN = "the pawn of {name}"
COLOURED_PAWN = {
    "red": "{name}'s red pawn",
    "blue": "{name}'s blue pawn",
    "green": "{name}'s green pawn",
    "yellow": "{name}'s yellow pawn",
    "purple": "{name}'s purple pawn",
    "orange": "{name}'s orange pawn",
}
MOVE = "Move {pawn} from field {origin} to field {field}"
RIDE = "Move {pawn} from field {origin} to field {field} and take {car} along"
MOVE_CAR = "Move {car} from field {origin} to field {field}"
PUT_CAR = "Put {car} on field {field}"
TAKE_CAR = "Take {car} off field {field}"
GIVE_FLAG = "Give {name} a flag ({total} in all)"
GIVE_FLAGS = "Flags of {name}: give {count} more ({total} in all)"
TAKE_FLAG = "Take a flag back from {name} ({total} left)"
TAKE_FLAGS = "Flags of {name}: take {count} back ({total} left)"

MESSAGES: tuple[str, ...] = (
    PAWN, *COLOURED_PAWN.values(), MOVE, RIDE, MOVE_CAR, PUT_CAR, TAKE_CAR,
    GIVE_FLAG, GIVE_FLAGS, TAKE_FLAG, TAKE_FLAGS,
)


def board_things(snapshot: Mapping[str, Any]) -> dict[str, str]:
    state = snapshot["state"]
    things = {f"pawn:{seat}": str(state["pawns"][token]["field"])
              for seat, token in enumerate(state["players"])}
    things.update({key: multiset_value(kinds) for key, kinds in _cars(snapshot).items()})
    things.update({f"flags:{seat}": str(state["flags"][token])
                   for seat, token in enumerate(state["players"])})
    return things


def table_lines(before: Mapping[str, Any], after: Mapping[str, Any], events: Sequence[str],
                names: Sequence[str], lang: str, *,
                colours: Sequence[str] | None = None) -> list[TableLine]:
    _ = translator(DOMAIN, lang)
    old, new = board_things(before), board_things(after)
    labels = _labels(after)
    seats = range(len(after["state"]["players"]))
    walks = {seat: (old[f"pawn:{seat}"], new[f"pawn:{seat}"]) for seat in seats
             if old.get(f"pawn:{seat}") != new.get(f"pawn:{seat}")}
    paths = {(f"cars:{origin}", f"cars:{field}") for origin, field in walks.values()}
    moves = shifts(_cars(before), _cars(after),
                   lambda _kind, source, target: 0.0 if (source, target) in paths else 1.0)
    lines: list[TableLine] = []
    for seat, (origin, field) in walks.items():
        pawn = _pawn(_, names, seat, colours)
        key = f"pawn:{seat}"
        ridden = next((move for move in moves
                       if (move.source, move.target) == (f"cars:{origin}", f"cars:{field}")),
                      None)
        place = {"origin": labels.get(origin, origin), "field": labels.get(field, field)}
        if ridden is None:
            lines.append(TableLine(_(MOVE).format(pawn=pawn, **place), frozenset({key})))
            continue
        moves.remove(ridden)
        text = _(RIDE).format(pawn=pawn, car=_(THE_CAR[ridden.item]), **place)
        lines.append(TableLine(text, frozenset({key, f"cars:{origin}", f"cars:{field}"})))
    lines.extend(_car_line(_, move, labels) for move in moves)
    for seat in seats:
        key = f"flags:{seat}"
        count = int(new.get(key, "0")) - int(old.get(key, "0"))
        if count:
            lines.append(TableLine(_flag_text(_, seat_name(names, seat), count, new[key]),
                                   frozenset({key})))
    return lines


def _car_line(_: Translate, move: Shift, labels: Mapping[str, str]) -> TableLine:
    def field(key: str) -> str:
        where = key.removeprefix("cars:")
        return labels.get(where, where)

    covers = frozenset(key for key in (move.source, move.target) if key is not None)
    if move.source is None:
        assert move.target is not None
        return TableLine(_(PUT_CAR).format(car=_(A_CAR[move.item]), field=field(move.target)),
                         covers)
    if move.target is None:
        return TableLine(_(TAKE_CAR).format(car=_(THE_CAR[move.item]), field=field(move.source)),
                         covers)
    text = _(MOVE_CAR).format(car=_(THE_CAR[move.item]), origin=field(move.source),
                              field=field(move.target))
    return TableLine(text, covers)


def _flag_text(_: Translate, name: str, count: int, total: str) -> str:
    if count == 1:
        return _(GIVE_FLAG).format(name=name, total=total)
    if count > 1:
        return _(GIVE_FLAGS).format(name=name, count=count, total=total)
    if count == -1:
        return _(TAKE_FLAG).format(name=name, total=total)
    return _(TAKE_FLAGS).format(name=name, count=-count, total=total)


def _pawn(_: Translate, names: Sequence[str], seat: int, colours: Sequence[str] | None) -> str:
    colour = seat_colour(colours, seat)
    template = COLOURED_PAWN[colour] if colour else PAWN
    return _(template).format(name=seat_name(names, seat))


def _cars(snapshot: Mapping[str, Any]) -> dict[str, list[str]]:
    places: dict[str, list[str]] = {}
    for car, field in snapshot["state"]["cars"].items():
        places.setdefault(f"cars:{field}", []).append(CAR_TYPE.get(car, car.rstrip("0123456789")))
    return places


def _labels(snapshot: Mapping[str, Any]) -> dict[str, str]:
    """The fields' labels by id: a board's, read once per board (its ``sha``)."""
    board = snapshot["state"]["board"]
    sha = board.get("sha")
    known = _LABELS.get(sha) if sha else None
    if known is None:
        known = {str(field["id"]): str(field["label"])
                 for field in board["fields"] if field.get("label")}
        if sha:
            _LABELS.clear()  # one board at a time at the table
            _LABELS[sha] = known
    return known


_LABELS: dict[str, dict[str, str]] = {}
