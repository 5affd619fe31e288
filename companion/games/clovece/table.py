"""What to change on a Člověče board between two snapshots (see ``companion.games.table_lines``).

Pieces of one colour are interchangeable and belong to nobody (rules §2: a player is his seat,
never a piece colour), so the board things are places, each with the colours standing there:
``field:<n>`` (a track field; ``"G,Y"`` when two pieces share it within a turn),
``home:<seat>`` (the seat's home) and ``goal:<seat>:<slot>`` (slot 1–4). Homes and goals are
named by their owner; a piece by its colour ("the yellow piece").

The lines pair, colour by colour, each place that lost a piece with one that gained one (the
shortest way forward along the track first). A ``capture C@F -> Sk`` event of the step is said as
such when the board alone cannot tell it (a piece landing where one of its colour was taken off).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.clovece.text import PIECES
from companion.games.table_lines import TableLine, multiset_value, seat_name, shifts
from companion.i18n import Translate, translator

DOMAIN = "clovece"

MOVE = "Move {piece} {source} {target}"
IN_GOAL = "Move {piece} in the goal of {name} from place {slot} to place {target}"
CAPTURE = "Take {piece} from field {field} to the home of {name}"
PUT = "Put {piece} {target}"
TAKE_OFF = "Take {piece} {source} off the board"
FROM_FIELD = "from field {field}"
FROM_HOME = "from the home of {name}"
FROM_GOAL = "from place {slot} of the goal of {name}"
TO_FIELD = "to field {field}"
TO_HOME = "into the home of {name}"
TO_GOAL = "to place {slot} of the goal of {name}"

MESSAGES: tuple[str, ...] = (
    MOVE, IN_GOAL, CAPTURE, PUT, TAKE_OFF,
    FROM_FIELD, FROM_HOME, FROM_GOAL, TO_FIELD, TO_HOME, TO_GOAL,
)


def board_things(snapshot: Mapping[str, Any]) -> dict[str, str]:
    return {key: multiset_value(colours) for key, colours in _places(snapshot).items() if colours}


def table_lines(before: Mapping[str, Any], after: Mapping[str, Any], events: Sequence[str],
                names: Sequence[str], lang: str, *,
                colours: Sequence[str] | None = None) -> list[TableLine]:
    """``colours`` (the seats' colours) name nothing here: homes are named by their players."""
    _ = translator(DOMAIN, lang)
    old, new = _places(before), _places(after)
    labels = [str(data["seat"]) for data in before["state"]["seats"]]
    captures = _captures(events, labels, old, new)
    for colour, field, seat in captures:  # said on their own: take them out of the pairing
        old[f"field:{field}"].remove(colour)
        old.setdefault(f"home:{seat}", []).append(colour)
    board = before["state"]["board"]
    length = int(board["length"])
    starts = [int(board["start"][data["seat"]]) for data in before["state"]["seats"]]

    def cost(_colour: str, source: str, target: str) -> float:
        kind, _sep, where = source.partition(":")
        if kind == "field" and target.startswith("field:"):
            return (int(target.removeprefix("field:")) - int(where)) % length
        if kind == "home" and target == f"field:{starts[int(where)]}":
            return 0
        return length

    lines: list[TableLine] = []
    for shift in shifts(old, new, cost):
        piece = _(PIECES[shift.item])
        covers = frozenset(key for key in (shift.source, shift.target) if key is not None)
        lines.append(TableLine(_say(_, piece, shift.source, shift.target, names), covers))
    for colour, field, seat in captures:
        text = _(CAPTURE).format(piece=_(PIECES[colour]), field=field,
                                 name=seat_name(names, seat))
        lines.append(TableLine(text, frozenset({f"field:{field}", f"home:{seat}"})))
    return lines


def _say(_: Translate, piece: str, source: str | None, target: str | None,
         names: Sequence[str]) -> str:
    if source is None:
        assert target is not None
        return _(PUT).format(piece=piece, target=_place(_, TO_FIELD, TO_HOME, TO_GOAL, target,
                                                        names))
    origin = _place(_, FROM_FIELD, FROM_HOME, FROM_GOAL, source, names)
    if target is None:
        return _(TAKE_OFF).format(piece=piece, source=origin)
    source_kind, *source_where = source.split(":")
    target_kind, *target_where = target.split(":")
    if source_kind == "field" and target_kind == "home":
        return _(CAPTURE).format(piece=piece, field=source_where[0],
                                 name=seat_name(names, int(target_where[0])))
    if source_kind == target_kind == "goal" and source_where[0] == target_where[0]:
        return _(IN_GOAL).format(piece=piece, name=seat_name(names, int(source_where[0])),
                                 slot=source_where[1], target=target_where[1])
    return _(MOVE).format(piece=piece, source=origin,
                          target=_place(_, TO_FIELD, TO_HOME, TO_GOAL, target, names))


def _place(_: Translate, field: str, home: str, goal: str, key: str,
           names: Sequence[str]) -> str:
    kind, *where = key.split(":")
    if kind == "field":
        return _(field).format(field=where[0])
    name = seat_name(names, int(where[0]))
    if kind == "home":
        return _(home).format(name=name)
    return _(goal).format(name=name, slot=where[1])


def _places(snapshot: Mapping[str, Any]) -> dict[str, list[str]]:
    state = snapshot["state"]
    places: dict[str, list[str]] = {}
    for piece in state["track"]:
        places.setdefault(f"field:{piece['field']}", []).append(str(piece["colour"]))
    for seat, data in enumerate(state["seats"]):
        places[f"home:{seat}"] = [str(colour) for colour in data["home"]]
        for slot, colour in enumerate(data["goal"], start=1):
            if colour is not None:
                places[f"goal:{seat}:{slot}"] = [str(colour)]
    return places


def _captures(events: Sequence[str], labels: Sequence[str], old: Mapping[str, list[str]],
              new: Mapping[str, list[str]]) -> list[tuple[str, int, int]]:
    """The step's ``capture C@F -> Sk`` events the board difference bears out: a C on field F
    before, one C more in Sk's home after (the seat as its index among ``labels``)."""
    found: list[tuple[str, int, int]] = []
    given: dict[tuple[str, int], int] = {}
    for event in events:
        words = event.split()
        if len(words) < 4 or words[0] != "capture" or "@" not in words[1]:
            continue
        colour, field_text = words[1].split("@")
        if words[3] not in labels or not field_text.isdigit():
            continue
        seat = list(labels).index(words[3])
        home = f"home:{seat}"
        gained = new.get(home, []).count(colour) - old.get(home, []).count(colour)
        standing = old.get(f"field:{field_text}", []).count(colour)
        already = sum(1 for c, f, _s in found if (c, f) == (colour, int(field_text)))
        if gained - given.get((colour, seat), 0) < 1 or standing - already < 1:
            continue
        given[(colour, seat)] = given.get((colour, seat), 0) + 1
        found.append((colour, int(field_text), seat))
    return found
