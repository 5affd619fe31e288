"""Where the Člověče board puts every field, house and panel (pure Python, no Kivy).

The 40-field cross of the four-seat board on an 11 × 11 grid, and for five or six players a
hexagonal ring of 48, 60 or 72 fields (stretched to fill the square) with the goals along its
spokes and the homes in the wedges between them. Pixels, y up, as Kivy draws.

Field numbers (the lines say "take the red piece from field 13") are read at arm's length: on
the cross they stand on the fields, big enough; the ring's fields are too small for a legible
number, so every other field's number stands just outside the ring, where no piece hides it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

Box = tuple[float, float, float, float]
Point = tuple[float, float]
COLOURS = ("R", "Y", "G", "B")
"""Home slots hold the four colours in this order."""

PIECE_LETTERS = {"en": dict(zip(COLOURS, "RYGB")), "cs": dict(zip(COLOURS, "ČŽZM"))}
"""The letter on a piece: its colour's initial in the players' language (colour-blind help)."""

# The board's colours (RGBA 0–1, as Kivy's ``Color``; the phones' SVG writes them in hex).
PIECE_RGBA = {
    "R": (0.88, 0.12, 0.12, 1.0),
    "Y": (1.0, 0.86, 0.10, 1.0),
    "G": (0.12, 0.66, 0.22, 1.0),
    "B": (0.13, 0.38, 0.95, 1.0),
}
BOARD_COLOUR = (0.96, 0.92, 0.80, 1)
GLOW_COLOUR = (1.0, 0.55, 0.0)
"""Rings around what may be tapped now, and around the roll in use."""
HINT_COLOUR = (0.78, 0.10, 0.86, 1)
"""The coach's hint: the piece's way, its ring and its goal (no piece or glow is purple)."""
FIELD_COLOUR = (1.0, 1.0, 1.0, 1)
OUTLINE_COLOUR = (0.25, 0.22, 0.18, 1)
NUMBER_COLOUR = (0.10, 0.09, 0.07, 1)
"""Field numbers: dark on the white fields and on the pale board."""
UNUSED_SEAT_COLOUR = (0.78, 0.76, 0.70, 1)

GRID4 = 11
TRACK4 = (
    (0, 4), (1, 4), (2, 4), (3, 4), (4, 4), (4, 3), (4, 2), (4, 1), (4, 0), (5, 0),
    (6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (7, 4), (8, 4), (9, 4), (10, 4), (10, 5),
    (10, 6), (9, 6), (8, 6), (7, 6), (6, 6), (6, 7), (6, 8), (6, 9), (6, 10), (5, 10),
    (4, 10), (4, 9), (4, 8), (4, 7), (4, 6), (3, 6), (2, 6), (1, 6), (0, 6), (0, 5),
)
"""Field 0 … 39 of the cross as (column, row) of an 11 × 11 grid, row 0 at the top."""
GOALS4 = (
    ((1, 5), (2, 5), (3, 5), (4, 5)), ((5, 1), (5, 2), (5, 3), (5, 4)),
    ((9, 5), (8, 5), (7, 5), (6, 5)), ((5, 9), (5, 8), (5, 7), (5, 6)),
)
HOMES4 = ((0, 0), (9, 0), (9, 9), (0, 9))
"""Top-left cell of each seat's 2 × 2 home, in the corner beside its start field."""
ROLLS4 = ((2, 0), (7, 0), (7, 9), (2, 9))
"""Top-left cell of the 2 × 2 cells where a seat's rolls are shown."""
BUTTONS4 = ((0, 2), (7, 2), (7, 7), (0, 7))
"""Top-left cell of the 4 × 2 cells for the Pass / Stop buttons of the mover."""
NUMBER_FONT = 16
"""Font size of the field numbers on the cross, in pixels (on the fields)."""
RING_NUMBER_FONT = 14
"""Font size of the field numbers around the ring (outside it): the least legible size."""
RING_REACH = 0.44
"""The ring's top and bottom corners from the centre, in board sides: room outside it for the
numbers."""
NUMBER_GAP = 1.5
"""Between a field and its number outside the ring."""


def text_box(text: str, size: float) -> tuple[float, float]:
    """About how wide and tall ``text`` in bold digits of ``size`` px is drawn (a painter
    centres its real text on the same point)."""
    return 0.6 * size * len(text) + 2, 1.2 * size


@dataclass
class Layout:
    """Where everything is, in pixels (y up): built from the board's size on every redraw."""

    fields: list[tuple[float, float]]
    field_radius: float
    homes: dict[int, list[tuple[float, float]]]
    goals: dict[int, list[tuple[float, float]]]
    slot_radius: float
    home_boxes: dict[int, tuple[float, float, float, float]]
    seat_panels: dict[int, tuple[float, float, float, float]]
    """Per seat: where its roll-off die and (board4) its turn's rolls are drawn."""
    turn_panels: dict[int, tuple[float, float, float, float]]
    button_boxes: dict[int, tuple[float, float, float, float]]
    extra: dict[str, Any] = field(default_factory=dict)
    numbers: dict[int, Point] = field(default_factory=dict)
    """Where each numbered field's number is centred."""
    number_font: int = NUMBER_FONT


def cross_layout(ox: float, oy: float, side: float) -> Layout:
    pitch = side / GRID4

    def centre(cell: tuple[int, int]) -> tuple[float, float]:
        return ox + (cell[0] + 0.5) * pitch, oy + side - (cell[1] + 0.5) * pitch

    def box(cell: tuple[int, int], columns: int, rows: int) -> tuple[float, float, float, float]:
        return ox + cell[0] * pitch, oy + side - (cell[1] + rows) * pitch, columns * pitch, \
            rows * pitch

    homes = {seat: [centre((cx + dx, cy + dy)) for dy in (0, 1) for dx in (0, 1)]
             for seat, (cx, cy) in enumerate(HOMES4)}
    tags, names = {}, {}
    for seat, (cx, cy) in enumerate(HOMES4):
        tx, ty = (cx if cx == 0 else cx + 1), (cy + 2 if cy == 0 else cy - 1)
        tags[seat] = centre((tx, ty))
        nx, ny = centre((tx + (2 if cx == 0 else -2), ty))
        names[seat] = (nx, ny, pitch * 3 - 6)
    return Layout(
        fields=[centre(cell) for cell in TRACK4],
        field_radius=pitch * 0.42,
        homes=homes,
        goals={seat: [centre(cell) for cell in lane] for seat, lane in enumerate(GOALS4)},
        slot_radius=pitch * 0.42,
        home_boxes={seat: _grow(box(cell, 2, 2), -2) for seat, cell in enumerate(HOMES4)},
        seat_panels={seat: _grow(box(cell, 2, 2), -4) for seat, cell in enumerate(ROLLS4)},
        turn_panels={seat: _grow(box(cell, 2, 2), -4) for seat, cell in enumerate(ROLLS4)},
        button_boxes={seat: _grow(box(cell, 4, 2), -8) for seat, cell in enumerate(BUTTONS4)},
        extra={"tags": tags, "names": names},
        numbers={number: centre(cell) for number, cell in enumerate(TRACK4)},
    )


def ring_layout(ox: float, oy: float, side: float, length: int) -> Layout:
    """Six seats at the corners of a hexagon (stretched to the square), goals along the spokes,
    homes in the wedges beside their start fields, the turn's rolls in the middle."""
    per_side = length // 6
    cx, cy = ox + side / 2, oy + side / 2
    ry = side * RING_REACH
    rx = ry / math.cos(math.radians(30)) * 0.985
    corners = []
    for seat in range(6):
        angle = math.radians(150 - 60 * seat)
        corners.append((cx + rx * math.cos(angle), cy + ry * math.sin(angle)))
    fields = []
    for number in range(length):
        seat, step = divmod(number, per_side)
        (ax, ay), (bx, by) = corners[seat], corners[(seat + 1) % 6]
        t = (step + 0.5) / per_side
        fields.append((ax + (bx - ax) * t, ay + (by - ay) * t))
    spacing = min(math.dist(fields[i], fields[(i + 1) % length]) for i in range(length))
    field_radius = min(spacing * 0.47, side * 0.032)
    slot_radius = side * 0.028
    goals: dict[int, list[Point]] = {}
    homes: dict[int, list[Point]] = {}
    home_boxes: dict[int, Box] = {}
    tags: dict[int, Point] = {}
    panels: dict[int, Box] = {}
    for seat in range(6):
        vx, vy = corners[seat]
        distance = math.dist((vx, vy), (cx, cy))
        gx, gy = (cx - vx) / distance, (cy - vy) / distance
        goals[seat] = [(vx + gx * side * (0.085 + 0.064 * k), vy + gy * side * (0.085 + 0.064 * k))
                       for k in range(4)]
        nx, ny = corners[(seat + 1) % 6]
        mx, my = (vx + nx) / 2 - cx, (vy + ny) / 2 - cy
        length_m = math.hypot(mx, my)
        ux, uy = mx / length_m, my / length_m          # along the wedge's bisector, outwards
        wx, wy = -uy, ux
        hx, hy = cx + ux * side * 0.235, cy + uy * side * 0.235
        half = slot_radius * 1.1
        homes[seat] = [(hx + (a * ux + b * wx) * half, hy + (a * uy + b * wy) * half)
                       for a, b in ((1, 1), (1, -1), (-1, 1), (-1, -1))]
        reach = half * math.sqrt(2) + slot_radius + 3
        home_boxes[seat] = (hx - reach, hy - reach, 2 * reach, 2 * reach)
        tags[seat] = (hx + ux * (reach + slot_radius + 2), hy + uy * (reach + slot_radius + 2))
        px, py = cx + ux * side * 0.125, cy + uy * side * 0.125
        panels[seat] = (px - 16, py - 16, 32.0, 32.0)
    middle = (cx - side * 0.15, cy - side * 0.13, side * 0.3, side * 0.26)
    buttons = (middle[0], middle[1], middle[2], middle[3] * 0.45)
    return Layout(
        fields=fields, field_radius=field_radius, homes=homes, goals=goals,
        slot_radius=slot_radius, home_boxes=home_boxes, seat_panels=panels,
        turn_panels={seat: middle for seat in range(6)},
        button_boxes={seat: buttons for seat in range(6)},
        extra={"tags": tags, "shared_panel": middle, "round_homes": True},
        numbers=_outside_numbers(fields, field_radius, corners, (cx, cy)),
        number_font=RING_NUMBER_FONT,
    )


def _outside_numbers(fields: list[Point], radius: float, corners: list[Point],
                     centre: Point) -> dict[int, Point]:
    """Every other field's number, just outside the ring across its side."""
    per_side = len(fields) // 6
    numbers: dict[int, Point] = {}
    for number in range(0, len(fields), 2):
        seat = number // per_side
        (ax, ay), (bx, by) = corners[seat], corners[(seat + 1) % 6]
        length = math.hypot(bx - ax, by - ay)
        nx, ny = (by - ay) / length, (ax - bx) / length
        if nx * (ax - centre[0]) + ny * (ay - centre[1]) < 0:
            nx, ny = -nx, -ny                                   # away from the middle
        w, h = text_box(str(number), RING_NUMBER_FONT)
        reach = radius + NUMBER_GAP + abs(nx) * w / 2 + abs(ny) * h / 2
        fx, fy = fields[number]
        numbers[number] = (fx + nx * reach, fy + ny * reach)
    return numbers


def _grow(box: tuple[float, float, float, float], by: float) -> tuple[float, float, float, float]:
    x, y, w, h = box
    return x - by, y - by, w + 2 * by, h + 2 * by


def along(path: list[tuple[float, float]], t: float) -> tuple[float, float]:
    """The point at fraction ``t`` of a polyline's steps (each step takes the same time)."""
    if len(path) == 1 or t <= 0:
        return path[0]
    position = t * (len(path) - 1)
    index = min(int(position), len(path) - 2)
    fraction = position - index
    (ax, ay), (bx, by) = path[index], path[index + 1]
    return ax + (bx - ax) * fraction, ay + (by - ay) * fraction


def movable_spots(layout: Layout, state: dict[str, Any], legal: list[str],
                  mover: int | None) -> dict[tuple[str, Any], Point]:
    """Each piece a legal input would move, by ("field", f) / ("home", c) / ("goal", k)."""
    spots: dict[tuple[str, Any], Point] = {}
    for action in state.get("legal", []):
        if action["input"] not in legal or mover is None:
            continue
        if action["kind"] == "enter":
            spots[("home", action["colour"])] = layout.homes[mover][
                COLOURS.index(action["colour"])]
        elif action["kind"] == "move":
            spots[("field", action["from_field"])] = layout.fields[action["from_field"]]
        elif action["kind"] == "goal-move":
            spots[("goal", action["from_slot"])] = layout.goals[mover][action["from_slot"] - 1]
    return spots


def lines_of(state: dict[str, Any], legal: list[str], key: tuple[str, Any]) -> list[str]:
    """The legal inputs that move the piece at ``key`` (several where colours share a field)."""
    kind, where = key
    lines = []
    for action in state.get("legal", []):
        if action["input"] not in legal:
            continue
        if ((kind == "home" and action["kind"] == "enter" and action["colour"] == where)
                or (kind == "field" and action["from_field"] == where)
                or (kind == "goal" and action["kind"] == "goal-move"
                    and action["from_slot"] == where)):
            lines.append(action["input"])
    return lines


def element_at(layout: Layout, x: float, y: float) -> tuple[str, Any] | None:
    """The field ("field", f), home slot ("home", (seat, c)) or goal slot ("goal", (seat, k))
    under a tap, or None."""
    best: tuple[float, tuple[str, Any]] | None = None
    for number, (fx, fy) in enumerate(layout.fields):
        best = _closer(best, math.dist((x, y), (fx, fy)), ("field", number))
    for seat, spots in layout.homes.items():
        for colour, spot in enumerate(spots):
            best = _closer(best, math.dist((x, y), spot), ("home", (seat, colour)))
    for seat, spots in layout.goals.items():
        for slot, spot in enumerate(spots):
            best = _closer(best, math.dist((x, y), spot), ("goal", (seat, slot)))
    if best is None or best[0] > max(layout.field_radius, layout.slot_radius) * 1.4:
        return None
    return best[1]


def flight_path(layout: Layout, state: dict[str, Any], action: dict[str, Any],
                seat: int) -> list[Point]:
    """The points a piece passes when ``seat`` plays ``action`` (a snapshot legal entry)."""
    length = state["board"]["length"]
    start = state["board"]["start"][f"S{seat}"]
    if action["kind"] == "enter":
        return [layout.homes[seat][COLOURS.index(action["colour"])], layout.fields[start]]
    if action["kind"] == "goal-move":
        return [layout.goals[seat][action["from_slot"] - 1],
                layout.goals[seat][action["to_slot"] - 1]]
    if action["kind"] != "move":
        return []
    rel = (action["from_field"] - start) % length
    roll = state["rolls"][state["roll_index"]]["value"]
    points = [layout.fields[action["from_field"]]]
    for step in range(1, roll + 1):
        t = rel + step
        points.append(layout.fields[(start + t) % length] if t < length
                      else layout.goals[seat][t - length])
    return points


def clearest_ink(colour: tuple[float, ...]) -> tuple[float, float, float, float]:
    """Black or white, whichever stands out more on ``colour`` (WCAG's contrast ratio): white
    on a mid green reads worse than black does."""
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(channel) for channel in colour[:3])
    light = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return (0, 0, 0, 1) if (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) else (1, 1, 1, 1)


def _closer(best: tuple[float, tuple[str, Any]] | None, distance: float,
            key: tuple[str, Any]) -> tuple[float, tuple[str, Any]]:
    return (distance, key) if best is None or distance < best[0] else best
