"""What to change on a Crash by Crash board between two snapshots (see
``companion.games.table_lines``).

Board things: ``car:<field>`` → the side whose car stands there (``A``, ``B``; ``AM``/``BM`` for
a magnetic car; a side's cars are alike on the table), ``operator`` → his field or hole,
``bell:<field>`` → ``on board``, ``tile:<tile>`` → ``removed`` (a hole), ``evaluation track`` →
how many bells lie on it, and ``batteries:<side>`` → the batteries not yet used. Scores and
cards are not board things (the events' lines tell them).

Cars are paired, side by side, from the fields they left to the nearest fields they reached;
what is left came from or goes back to the side's supply. A bell that left the board while the
evaluation track grew went onto the track.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import compress
from operator import is_not
from typing import Any

from companion.games.crash.text import side_name_of
from companion.games.table_lines import Shift, TableLine, shifts
from companion.i18n import Translate, translator

DOMAIN = "crash"
ON_BOARD = "on board"
REMOVED = "removed"
TRACK = "evaluation track"
SUPPLY = "supply:"
SUPPLY_DISTANCE = 6.0
"""How far a supply counts as from any field when pairing cars without events."""
ROWS = "abcdefghijklmno"

MOVE_CAR = "Move the car of {name} from {source} to {target}"
MOVE_MAGNET = "Move the magnetic car of {name} from {source} to {target}"
PUT_CAR = "Put a car of {name} on {field}"
PUT_MAGNET = "Put the magnetic car of {name} on {field}"
RETURN_CAR = "Return the car on {field} to {name}"
RETURN_MAGNET = "Return the magnetic car on {field} to {name}"
PUT_OPERATOR = "Put the operator on {field}"
MOVE_OPERATOR = "Move the operator from {source} to {target}"
TAKE_OPERATOR = "Take the operator off the board"
MOVE_BELL = "Move the bell from {source} to {target}"
BELL_TO_TRACK = "Lift the bell off {field} and put it on space {number} of the evaluation track"
BELL_FROM_TRACK = ("Take the bell from space {number} of the evaluation track and put it back "
                   "on {field}")
BELL_OFF = "Lift the bell off {field}"
BELL_ON = "Put a bell on {field}"
TRACK_ON = "Put a bell on space {number} of the evaluation track"
TRACK_OFF = "Take the bell off space {number} of the evaluation track"
TILE_OFF = "Remove tile {tile} from the board"
TILE_ON = "Put tile {tile} back on the board"
BATTERIES_OFF = "Batteries of {name}: put {count} out of the game ({left} now)"
BATTERIES_ON = "Batteries of {name}: give {count} back ({left} now)"

MESSAGES: tuple[str, ...] = (
    MOVE_CAR, MOVE_MAGNET, PUT_CAR, PUT_MAGNET, RETURN_CAR, RETURN_MAGNET, PUT_OPERATOR,
    MOVE_OPERATOR, TAKE_OPERATOR, MOVE_BELL, BELL_TO_TRACK, BELL_FROM_TRACK, BELL_OFF, BELL_ON,
    TRACK_ON, TRACK_OFF, TILE_OFF, TILE_ON, BATTERIES_OFF, BATTERIES_ON,
)


def board_things(snapshot: Mapping[str, Any]) -> dict[str, str]:
    state = snapshot["state"]
    things = _car_things(state["fields"])
    things.update(_other_things(state))
    return things


def _car_things(fields: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """The ``car:<field>`` things of ``fields``."""
    things: dict[str, str] = {}
    for field in fields:
        car = field["car"]
        if car:
            things[f"car:{field['name']}"] = str(car["side"]) + ("M" if car["magnet"] else "")
    return things


def _other_things(state: Mapping[str, Any]) -> dict[str, str]:
    """The board things that are not cars (a handful, from the state's short lists)."""
    things: dict[str, str] = {}
    if state["operator"] is not None:
        things["operator"] = str(state["operator"])
    things.update({f"bell:{field}": ON_BOARD for field in state["bells"]})
    things.update({f"tile:{hole.removeprefix('H')}": REMOVED for hole in state["holes"]})
    things[TRACK] = str(state["evaluations"])
    things.update({f"batteries:{side['side']}": str(side["batteries"])
                   for side in state["sides"]})
    return things


def _changed_things(before: Mapping[str, Any],
                    after: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """The board things of ``before`` and of ``after``, the cars only of the fields whose
    dicts are not the same in both: a snapshot shares the dicts of the fields an input left as
    they were with the snapshots before it (``crash.snapshot``), and so does the board as a
    person's hand left it, so an input's lines walk the few fields it changed, not all 188 twice.
    A car on a field that stayed is on both sides alike: the pairing (:func:`shifts`) passes it
    by, so the lines are those of the whole boards."""
    old_state, new_state = before["state"], after["state"]
    old_fields, new_fields = old_state["fields"], new_state["fields"]
    if len(old_fields) == len(new_fields):
        differ = list(map(is_not, old_fields, new_fields))
        old_fields, new_fields = compress(old_fields, differ), compress(new_fields, differ)
    old, new = _car_things(old_fields), _car_things(new_fields)
    old.update(_other_things(old_state))
    new.update(_other_things(new_state))
    return old, new


def table_lines(before: Mapping[str, Any], after: Mapping[str, Any], events: Sequence[str],
                names: Sequence[str], lang: str, *,
                colours: Sequence[str] | None = None) -> list[TableLine]:
    """``colours`` name nothing here: in the team game a side's cars are two players'."""
    _ = translator(DOMAIN, lang)
    old, new = _changed_things(before, after)
    lines: list[TableLine] = []

    def add(text: str, *keys: str) -> None:
        lines.append(TableLine(text, frozenset(keys)))

    preferred = _event_pairs(events)

    def cost(item: str, source: str, target: str) -> float:
        if (source, target) in preferred or (target, source) in preferred:
            return 0.0
        return _distance(item, source, target)

    for move in shifts(_cars(before, old), _cars(after, new), cost):
        lines.append(_car_line(_, move, names))
    if old.get("operator") != new.get("operator"):
        if "operator" not in new:
            add(_(TAKE_OPERATOR), "operator")
        elif "operator" not in old:
            add(_(PUT_OPERATOR).format(field=new["operator"]), "operator")
        else:
            add(_(MOVE_OPERATOR).format(source=old["operator"], target=new["operator"]),
                "operator")
    lines.extend(_bell_lines(_, old, new))
    for key in sorted(old.keys() ^ new.keys()):
        if key.startswith("tile:"):
            template = TILE_OFF if key in new else TILE_ON
            add(_(template).format(tile=key.removeprefix("tile:")), key)
    for side in ("A", "B"):
        key = f"batteries:{side}"
        count = int(new.get(key, "0")) - int(old.get(key, "0"))
        if count:
            template = BATTERIES_ON if count > 0 else BATTERIES_OFF
            add(_(template).format(name=side_name_of(names, side), count=abs(count),
                                   left=new.get(key, "0")), key)
    return lines


def _car_line(_: Translate, move: Shift, names: Sequence[str]) -> TableLine:
    name = side_name_of(names, move.item[0])
    is_magnet = move.item.endswith("M")
    on_board = [key for key in (move.source, move.target)
                if key is not None and key.startswith("car:")]
    covers = frozenset(on_board)
    source = move.source.removeprefix("car:") if move.source in on_board else ""
    target = move.target.removeprefix("car:") if move.target in on_board else ""
    if not source:
        text = _(PUT_MAGNET if is_magnet else PUT_CAR).format(name=name, field=target)
    elif not target:
        text = _(RETURN_MAGNET if is_magnet else RETURN_CAR).format(name=name, field=source)
    else:
        text = _(MOVE_MAGNET if is_magnet else MOVE_CAR).format(name=name, source=source,
                                                                  target=target)
    return TableLine(text, covers)


def _bell_lines(_: Translate, old: Mapping[str, str], new: Mapping[str, str]) -> list[TableLine]:
    lines: list[TableLine] = []
    track_before, track_after = int(old.get(TRACK, "0")), int(new.get(TRACK, "0"))
    track = track_before
    for move in shifts(_places(old, "bell:"), _places(new, "bell:"), _distance):
        source = move.source.removeprefix("bell:") if move.source else ""
        target = move.target.removeprefix("bell:") if move.target else ""
        covers = {key for key in (move.source, move.target) if key is not None}
        if source and target:
            text = _(MOVE_BELL).format(source=source, target=target)
        elif source and track < track_after:
            track += 1
            text = _(BELL_TO_TRACK).format(field=source, number=track)
            covers.add(TRACK)
        elif source:
            text = _(BELL_OFF).format(field=source)
        elif track > track_after:
            text = _(BELL_FROM_TRACK).format(field=target, number=track)
            track -= 1
            covers.add(TRACK)
        else:
            text = _(BELL_ON).format(field=target)
        lines.append(TableLine(text, frozenset(covers)))
    while track < track_after:
        track += 1
        lines.append(TableLine(_(TRACK_ON).format(number=track), frozenset({TRACK})))
    while track > track_after:
        lines.append(TableLine(_(TRACK_OFF).format(number=track), frozenset({TRACK})))
        track -= 1
    return lines


def _cars(snapshot: Mapping[str, Any], things: Mapping[str, str]) -> dict[str, list[str]]:
    """The cars on the board by field, and each side's supply (``supply:<side>``)."""
    places = _places(things, "car:")
    for side in snapshot["state"]["sides"]:
        label = str(side["side"])
        places[f"{SUPPLY}{label}"] = ([label] * int(side["cars"])
                                      + [label + "M"] * int(side["magnet"]))
    return places


def _event_pairs(events: Sequence[str]) -> set[tuple[str, str]]:
    """Where each car the events name came from and went to (chains followed through), as
    ``car:<field>``/``supply:<side>`` pairs: the pairing the board alone cannot tell (a car
    placed that pushes another one field on)."""
    origins: dict[str, str] = {}
    pairs: set[tuple[str, str]] = set()
    for event in events:
        kind, *args = event.split()
        if kind == "place" and len(args) >= 2:
            origins[args[1]] = f"{SUPPLY}{args[0][0]}"
        elif kind in ("move", "pull") and args and ">" in args[0]:
            source, target = args[0].split(">")
            origins[target] = origins.pop(source, f"car:{source}")
        elif kind == "swap" and args and "<>" in args[0]:
            first, second = args[0].split("<>")
            origins[first], origins[second] = (origins.get(second, f"car:{second}"),
                                               origins.get(first, f"car:{first}"))
        elif kind in ("off", "back") and len(args) >= 2:
            pairs.add((origins.pop(args[1], f"car:{args[1]}"), f"{SUPPLY}{args[0][0]}"))
    pairs.update((origin, f"car:{field}") for field, origin in origins.items())
    return pairs


def _places(things: Mapping[str, str], prefix: str) -> dict[str, list[str]]:
    return {key: [value] for key, value in things.items() if key.startswith(prefix)}


def _distance(_item: str, source: str, target: str) -> float:
    """Rows and numbers apart: enough to pair a push chain's cars with their nearest fields."""
    if source.startswith(SUPPLY) or target.startswith(SUPPLY):
        return SUPPLY_DISTANCE
    first, second = source.partition(":")[2], target.partition(":")[2]
    try:
        rows = abs(ROWS.index(first[0]) - ROWS.index(second[0]))
        return rows + abs(int(first[1:]) - int(second[1:]))
    except (IndexError, ValueError):
        return SUPPLY_DISTANCE
