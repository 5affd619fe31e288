"""Pat a Mat's board as SVG: the touchscreen's picture from :mod:`companion.geometry.patamat`
(the board file's positions or the automatic grid: edges, fields with their labels, the traffic
light, the signs, START and CÍL, the cars with their shapes and letters, the pawns).

Tap targets: while cars are placed, the car types as buttons under the board (as the
touchscreen's: the car, its name, how many are left; ``class="pick" data-pick="<type>"``) and,
for each type, a group of the fields it may go to (``class="pick-targets" data-pick="<type>"``);
the page shows the group of the type picked (the first one left until a button is tapped: the
others are drawn ``class="… off"``). A roll or a choice is not a place on the board.
"""

from __future__ import annotations

import math
from typing import Any

from companion.games.patamat.choices import CAR_TYPES, NOUN, cars_left
from companion.geometry.patamat import (
    BACKGROUND,
    CAR_LOOK,
    CAR_SPOTS,
    EDGE_COLOUR,
    FIELD_COLOUR,
    FIELD_TEXT,
    LAMPS,
    PAWN_SHARE,
    SELECTED_COLOUR,
    SEMAFOR_COLOUR,
    SIGN_COLOUR,
    START_COLOUR,
    layout_board,
    waiting_spot,
)
from companion.i18n import translator
from companion.web.svg.drawing import Drawing, hex_colour, is_dark, tap_class
from companion.web.svg.scene import Scene

SIDE = 480.0
PICK_HEIGHT = 66.0
"""The row of car-type buttons under the board while cars are placed (board pixels)."""
PANEL_FILL = "#262b33"
PICKED_FILL = "#4d573a"
INK = "#0d0d0d"
CAR_LETTERS = {"en": {"kart": "K", "car": "C", "tractor": "T", "rusty": "R", "garbage": "G"},
               "cs": {"kart": "K", "car": "A", "tractor": "T", "rusty": "R", "garbage": "P"}}


def draw(snapshot: dict[str, Any], scene: Scene) -> str:
    state = snapshot["state"]
    board = state["board"]
    fields = {spot["id"]: spot for spot in board["fields"]}
    layout = layout_board(fields, board["start"], board["finish"])

    def place(field_id: str) -> tuple[float, float, float]:
        """(centre x, centre y, side) of a field, y up (as the touchscreen's ``_place``)."""
        ux, uy = layout.centres[field_id]
        side = layout.start_side if field_id == board["start"] else layout.side
        return ux * SIDE, SIDE - uy * SIDE, side * SIDE

    picks = tap_targets(state, scene.legal)
    board_bottom = layout.panel_top * SIDE + 8
    height = board_bottom + (PICK_HEIGHT + 8 if picks else 0)
    drawing = Drawing(SIDE, height, label=scene.label, background=hex_colour(BACKGROUND))
    drawing.height = SIDE  # the geometry's y runs up from the full square's bottom
    _edges(drawing, fields, place)
    for field_id, spot in fields.items():
        _field(drawing, field_id, spot, place)
    _last(drawing, place, scene.last, fields)
    _cars(drawing, state, place, layout.side * SIDE, scene.lang)
    _pawns(drawing, state, place, layout.side * SIDE, scene)
    for number, (kind, targets) in enumerate(picks.items()):
        drawing.open_group(class_="pick-targets" if number == 0 else "pick-targets off",
                           data_pick=kind)
        for field_id, line in targets.items():
            x, y, side = place(field_id)
            box = drawing.box(x - side / 2, y - side / 2, side, side)
            drawing.rect(box, rx=side * 0.22, fill="#000000", fill_opacity=0,
                         stroke=hex_colour(SELECTED_COLOUR), stroke_width=2,
                         stroke_opacity=0.8, class_=tap_class(line, scene.last),
                         data_input=line, data_field=field_id)
        drawing.close_group()
    if picks:
        _pick_buttons(drawing, state, list(picks), board_bottom, scene.lang)
    drawing.height = height
    return drawing.svg()


def tap_targets(state: dict[str, Any], legal: frozenset[str]) -> dict[str, dict[str, str]]:
    """Car type → field → the input a tap there plays (placing a car of that type there), for
    the types that may still be placed, in the set-up's order; empty when no car is placed."""
    expect = state.get("expect") or {}
    if expect.get("want") != "place":
        return {}
    choices = expect.get("legal") or {}
    found: dict[str, dict[str, str]] = {}
    for kind in choices.get("types", []):
        targets = {field_id: f"place {kind} {field_id}" for field_id in choices.get("fields", [])
                   if f"place {kind} {field_id}" in legal}
        if targets:
            found[kind] = targets
    return found


def _pick_buttons(drawing: Drawing, state: dict[str, Any], kinds: list[str], top: float,
                  lang: str) -> None:
    """The car types to place as buttons in a row under the board (the touchscreen's): the
    car, how many are left, its name; the first one picked."""
    t = translator("patamat", lang)
    letters = CAR_LETTERS.get(lang, CAR_LETTERS["en"])
    shown = [kind for kind in CAR_TYPES if kind in kinds]
    slot = (SIDE - 8) / len(CAR_TYPES)
    for number, kind in enumerate(shown):
        left = 4 + number * slot
        drawing.open_group(class_="pick picked" if number == 0 else "pick", data_pick=kind,
                           role="button")
        drawing.title(t(NOUN[kind]))
        drawing.rect((left + 3, top, slot - 6, PICK_HEIGHT), rx=8, fill=PANEL_FILL,
                     class_="pick-face")
        drawing.rect((left + 3, top, slot - 6, PICK_HEIGHT), rx=8, fill=PICKED_FILL,
                     stroke=hex_colour(SELECTED_COLOUR), stroke_width=2.5, class_="pick-mark")
        _car(drawing, kind, left + 22, top + 20, 24, letters.get(kind, "?"), None,
             class_="car-type")
        drawing.text(left + slot - 24, top + 20, f"{cars_left(state['cars'], kind)}×", 17,
                     fill="#ffffff")
        noun = t(NOUN[kind])
        drawing.text(left + slot / 2, top + 48, noun, min(15.0, (slot - 10) / max(1, len(noun))
                                                              / 0.56), fill="#f2f2f2")
        drawing.close_group()


Place = Any


def _edges(drawing: Drawing, fields: dict[str, dict[str, Any]], place: Place) -> None:
    for field_id, spot in fields.items():
        x, y, side = place(field_id)
        for following in spot["next"]:
            tx, ty, _ = place(following)
            is_forced = spot.get("forced") == following and spot["kind"] == "sign"
            drawing.line(drawing.point(x, y), drawing.point(tx, ty),
                         stroke=hex_colour(SIGN_COLOUR if is_forced else EDGE_COLOUR),
                         stroke_width=6.4 if is_forced else 4.8)


def _field(drawing: Drawing, field_id: str, spot: dict[str, Any], place: Place) -> None:
    x, y, side = place(field_id)
    kind = spot["kind"]
    fill = {"start": START_COLOUR, "semafor": SEMAFOR_COLOUR, "sign": SIGN_COLOUR}.get(
        kind, FIELD_COLOUR)
    left, top = drawing.point(x - side / 2, y + side / 2)
    drawing.rect((left, top, side, side), rx=side * 0.22, fill=hex_colour(fill),
                 data_field=field_id, class_=f"field {kind}")
    label = spot.get("label") or field_id
    light = kind in ("start", "semafor", "sign")
    ink = "#ffffff" if light else hex_colour(FIELD_TEXT)
    cx = left + side / 2
    if kind == "semafor":
        for number, lamp in enumerate(("red", "orange", "green")):
            drawing.circle(left + side * (0.26 + 0.26 * number), top + side * 0.22, side * 0.1,
                           fill=hex_colour(LAMPS[lamp]))
        drawing.text(cx, top + side * 0.66, label, _fit(label, side * 0.42, side - 4), fill=ink)
    elif kind == "finish":
        step = side / 4
        for row in range(4):
            for column in range(4):
                if (row + column) % 2 == 0:
                    drawing.rect((left + column * step, top + row * step, step, step),
                                 fill=INK)
        drawing.rect((left + 3, top + side * 0.28, side - 6, side * 0.44), rx=4,
                     fill="#ffffff", fill_opacity=0.9)
        text = label if spot.get("label") else "CÍL"
        drawing.text(cx, top + side / 2, text, _fit(text, side * 0.36, side - 8),
                     fill="#cc0d0d")
    elif kind == "start":
        text = label if spot.get("label") else "START"
        drawing.text(cx, top + side * 0.14, text, _fit(text, side * 0.2, side - 6), fill=ink)
    else:
        drawing.text(cx, top + side * (0.7 if kind == "sign" else 0.5), label,
                     _fit(label, side * 0.46, side - 4), fill=ink)


def _fit(text: str, size: float, width: float) -> float:
    """A font size for ``text`` that fits ``width`` (bold digits and capitals ≈ 0.62 em)."""
    return min(size, width / max(1, len(text)) / 0.62)


def _last(drawing: Drawing, place: Place, last: str | None,
          fields: dict[str, dict[str, Any]]) -> None:
    """A car just placed: its field framed."""
    words = (last or "").split()
    if len(words) == 3 and words[0] == "place" and words[2] in fields:
        x, y, side = place(words[2])
        left, top = drawing.point(x - side / 2 - 3, y + side / 2 + 3)
        drawing.rect((left, top, side + 6, side + 6), rx=side * 0.25, fill="none",
                     stroke=hex_colour(SELECTED_COLOUR), stroke_width=4, class_="last",
                     data_field=words[2])


def _car_order(item: tuple[str, str]) -> tuple[int, int]:
    car = item[0]
    kind = car.rstrip("0123456789")
    number = car[len(kind):]
    return (list(CAR_LOOK).index(kind) if kind in CAR_LOOK else 99,
            int(number) if number else 0)


def _cars(drawing: Drawing, state: dict[str, Any], place: Place, field_side: float,
          lang: str) -> None:
    by_field: dict[str, list[str]] = {}
    for car, field_id in sorted(state["cars"].items(), key=_car_order):
        by_field.setdefault(field_id, []).append(car)
    letters = CAR_LETTERS.get(lang, CAR_LETTERS["en"])
    for field_id, cars in by_field.items():
        x, y, side = place(field_id)
        if field_id == state["board"]["start"]:
            y -= side / 2 - field_side / 2
            side = field_side
        badge = side * 0.48
        for number, car in enumerate(cars[:4]):
            dx, dy = CAR_SPOTS[number]
            kind = car.rstrip("0123456789")
            label = letters.get(kind, "?") if number < 3 or len(cars) <= 4 \
                else f"+{len(cars) - 3}"
            cx, cy = drawing.point(x + dx * side * 0.68, y + dy * side * 0.68)
            _car(drawing, kind, cx, cy, badge, label, field_id)


def _car(drawing: Drawing, kind: str, x: float, y: float, size: float, label: str,
         field_id: str | None, *, class_: str = "car") -> None:
    """A car token in its colour and shape (SVG y down), with its letter (``class_``
    "car-type": the picture on a car type's button, on no field)."""
    colour, shape = CAR_LOOK.get(kind, ((0.6, 0.6, 0.6, 1), "circle"))
    half = size / 2
    drawing.open_group(class_=class_, data_car=kind, data_field=field_id)
    style: dict[str, str | float | None] = {"fill": hex_colour(colour), "stroke": INK,
                                            "stroke_width": 1.3}
    if shape == "triangle":
        drawing.polygon([(x - half * 1.1, y + half * 0.8), (x + half * 1.1, y + half * 0.8),
                         (x, y - half * 1.1)], **style)
    elif shape == "square":
        drawing.rect((x - half, y - half, size, size), **style)
    elif shape == "diamond":
        drawing.polygon([(x, y + half * 1.2), (x + half * 1.2, y), (x, y - half * 1.2),
                         (x - half * 1.2, y)], **style)
    elif shape == "hexagon":
        drawing.polygon([(x + half * 1.05 * math.cos(math.pi * k / 3),
                          y + half * 1.05 * math.sin(math.pi * k / 3)) for k in range(6)],
                        **style)
    else:
        drawing.circle(x, y, half * 1.05, **style)
    drawing.text(x, y + (half * 0.12 if shape == "triangle" else 0), label, size * 0.62,
                 fill="#ffffff" if is_dark(colour) else INK)
    drawing.close_group()


def _pawns(drawing: Drawing, state: dict[str, Any], place: Place, field_side: float,
           scene: Scene) -> None:
    players = state["players"]
    start = state["board"]["start"]
    waiting = [name for name in players if state["pawns"][name]["field"] == start]
    turn = state.get("turn")
    for seat, name in enumerate(players):
        if seat >= len(scene.looks):
            continue
        look = scene.looks[seat]
        pawn = state["pawns"][name]
        x, y, side = place(pawn["field"])
        diameter = side * PAWN_SHARE
        if pawn["field"] == start:
            x, y, diameter = waiting_spot(waiting.index(name), len(waiting), x, y, side,
                                          field_side * 0.8)
        cx, cy = drawing.point(x, y)
        drawing.open_group(class_="pawn", data_seat=seat, data_field=pawn["field"])
        drawing.title(look.name)
        if name == turn:
            drawing.circle(cx, cy, diameter / 2 + 3, fill="none", stroke="#ffffff",
                           stroke_width=2.5)
        drawing.circle(cx, cy, diameter / 2, fill=look.colour, stroke=INK, stroke_width=1.5)
        drawing.text(cx, cy, look.letter, diameter * 0.55, fill=look.ink)
        drawing.close_group()


__all__ = ["draw", "tap_targets"]
