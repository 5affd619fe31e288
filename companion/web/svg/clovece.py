"""The Člověče board as SVG: the touchscreen's picture from :mod:`companion.geometry.clovece`
(the cross of 40 fields or the ring of 48–72, homes and goals tinted in the seats' colours,
field numbers where the lines speak of them, pieces with their letters, the turn's rolls).

Tap targets: a piece one legal input moves (its place on the board, as the touchscreen rings
it); where several inputs move pieces on one field, the list of choices decides.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from companion.geometry.clovece import (
    BOARD_COLOUR,
    COLOURS,
    FIELD_COLOUR,
    GLOW_COLOUR,
    NUMBER_COLOUR,
    OUTLINE_COLOUR,
    PIECE_LETTERS,
    PIECE_RGBA,
    UNUSED_SEAT_COLOUR,
    Layout,
    clearest_ink,
    cross_layout,
    lines_of,
    movable_spots,
    ring_layout,
)
from companion.web.svg.drawing import Drawing, Look, hex_colour, is_dark, tap_class
from companion.web.svg.scene import Scene

SIDE = 480.0
INK = "#0d0d0d"
LAST_COLOUR = "#7a12d9"


def draw(snapshot: dict[str, Any], scene: Scene) -> str:
    state = snapshot["state"]
    board = state["board"]
    layout = (cross_layout(0, 0, SIDE) if board["name"] == "board4"
              else ring_layout(0, 0, SIDE, board["length"]))
    drawing = Drawing(SIDE, SIDE, label=scene.label, background=hex_colour(BOARD_COLOUR))
    ranks = {int(seat["seat"][1:]): rank for rank, seat in enumerate(state["seats"])}
    mover = _mover(snapshot, state)
    _houses(drawing, layout, ranks, scene.looks, mover)
    _track(drawing, layout, board, ranks, scene.looks)
    letters = PIECE_LETTERS.get(scene.lang, PIECE_LETTERS["en"])
    _pieces(drawing, layout, state, letters, scene.last)
    _rolls(drawing, layout, state, mover)
    legal = sorted(scene.legal)
    r = max(layout.field_radius, layout.slot_radius) * 1.02
    for key, (x, y) in movable_spots(layout, state, legal, mover).items():
        lines = lines_of(state, legal, key)
        cx, cy = drawing.point(x, y)
        drawing.circle(cx, cy, r + 4, fill="none", stroke=hex_colour(GLOW_COLOUR),
                       stroke_width=3, class_="movable")
        if len(lines) == 1:
            drawing.circle(cx, cy, max(r + 6, 22.0), fill="#000000", fill_opacity=0,
                           class_=tap_class(lines[0], scene.last), data_input=lines[0])
    return drawing.svg()


def _mover(snapshot: dict[str, Any], state: dict[str, Any]) -> int | None:
    """The board seat (S-number) expected to act now, the roll-off roller included."""
    to_move = snapshot.get("to_move")
    seats = state.get("seats", [])
    if to_move is None or to_move >= len(seats):
        return None
    return int(seats[to_move]["seat"][1:])


def _look(ranks: dict[int, int], looks: list[Look], seat: int | None) -> Look | None:
    rank = ranks.get(seat) if seat is not None else None
    return looks[rank] if rank is not None and rank < len(looks) else None


def _houses(drawing: Drawing, layout: Layout, ranks: dict[int, int], looks: list[Look],
            mover: int | None) -> None:
    """Each seat's house (home and goal slots) tinted in its colour, unused seats grey; the
    mover's house framed; each player's tag with the letter."""
    r = layout.slot_radius
    is_round = "round_homes" in layout.extra
    for seat, box in layout.home_boxes.items():
        look = _look(ranks, looks, seat)
        colour = look.colour if look is not None else hex_colour(UNUSED_SEAT_COLOUR)
        x, y, w, h = drawing.box(*box)
        corner = w / 2 if is_round else 8
        drawing.rect((x, y, w, h), rx=corner, fill=colour,
                     fill_opacity=0.45 if look is not None else 0.25, data_house=seat)
        if seat == mover:
            drawing.rect((x, y, w, h), rx=corner, fill="none", stroke=INK, stroke_width=3,
                         class_="to-move")
        for spots in (layout.homes[seat], layout.goals[seat]):
            for sx, sy in spots:
                cx, cy = drawing.point(sx, sy)
                drawing.circle(cx, cy, r, fill=colour,
                               fill_opacity=0.35 if look is not None else 0.2, stroke=colour,
                               stroke_width=2)
        if look is not None:
            tag = layout.slot_radius * 0.95
            tx, ty = drawing.point(*layout.extra["tags"][seat])
            drawing.open_group(class_="seat-tag", data_seat=ranks[seat])
            drawing.title(look.name)
            drawing.rect((tx - tag, ty - tag, 2 * tag, 2 * tag), fill=look.colour, stroke=INK,
                         stroke_width=1.5)
            drawing.text(tx, ty, look.letter, tag * 1.3, fill=look.ink)
            drawing.close_group()
            names = layout.extra.get("names")
            if names:
                nx, ny, _width = names[seat]
                px, py = drawing.point(nx, ny)
                drawing.text(px, py, _short(look.name, 10), 20, fill="#1f1a14",
                             class_="seat-name")


def _short(name: str, most: int) -> str:
    return name if len(name) <= most else name[: most - 1] + "…"


def _track(drawing: Drawing, layout: Layout, board: dict[str, Any], ranks: dict[int, int],
           looks: list[Look]) -> None:
    """The track's line, the fields (start fields in their seat's colour) and the numbers:
    the same all game long, drawn once per board and seats' colours (:func:`_track_layer`)."""
    starts = tuple(sorted((board["start"][label], int(label[1:])) for label in board["start"]))
    colours = tuple(look.colour for look in looks)
    drawing.raw(_track_layer(board["name"], int(board.get("length") or 0), starts,
                             tuple(sorted(ranks.items())), colours, drawing.width,
                             drawing.height))


@functools.lru_cache(maxsize=64)
def _track_layer(name: str, length: int, starts: tuple[tuple[int, int], ...],
                 ranks: tuple[tuple[int, int], ...], colours: tuple[str, ...], width: float,
                 height: float) -> str:
    drawing = Drawing(width, height)
    layout = cross_layout(0, 0, SIDE) if name == "board4" else ring_layout(0, 0, SIDE, length)
    seat_of = dict(starts)
    rank_of = dict(ranks)

    def colour_of(number: int) -> str | None:
        rank = rank_of.get(seat_of[number]) if number in seat_of else None
        return colours[rank] if rank is not None and rank < len(colours) else None

    points = [drawing.point(x, y) for x, y in layout.fields]
    drawing.polygon(points, fill="none", stroke=hex_colour(OUTLINE_COLOUR), stroke_width=2)
    for number, (x, y) in enumerate(points):
        colour = colour_of(number)
        drawing.circle(x, y, layout.field_radius,
                       fill=colour if colour is not None else hex_colour(FIELD_COLOUR),
                       stroke=hex_colour(OUTLINE_COLOUR), stroke_width=1.2, data_field=number)
    for number, (nx, ny) in layout.numbers.items():
        fx, fy = layout.fields[number]
        seat_colour = colour_of(number)
        ink: tuple[float, ...] = NUMBER_COLOUR
        if (nx, ny) == (fx, fy) and seat_colour is not None:
            ink = clearest_ink(_rgba(seat_colour))
        x, y = drawing.point(nx, ny)
        drawing.text(x, y, str(number), layout.number_font, fill=hex_colour(ink),
                     class_="number")
    return drawing.fragment()


def _rgba(hex_text: str) -> tuple[float, float, float, float]:
    r, g, b = (int(hex_text[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return (r, g, b, 1.0)


def _pieces(drawing: Drawing, layout: Layout, state: dict[str, Any], letters: dict[str, str],
            last: str | None) -> None:
    for seat_info in state["seats"]:
        seat = int(seat_info["seat"][1:])
        for colour in seat_info["home"]:
            _piece(drawing, colour, letters, *layout.homes[seat][COLOURS.index(colour)],
                   layout.slot_radius, place=f"home {seat}")
        for slot, colour in enumerate(seat_info["goal"]):
            if colour:
                _piece(drawing, colour, letters, *layout.goals[seat][slot], layout.slot_radius,
                       place=f"goal {seat} {slot + 1}")
    r = max(layout.field_radius, layout.slot_radius) * 1.02
    stacks: dict[int, list[dict[str, Any]]] = {}
    for piece in state["track"]:
        stacks.setdefault(piece["field"], []).append(piece)
    newest = max(state["track"], key=lambda p: p.get("stamp", 0), default=None)
    was_moved = last is not None and last.split()[:1] in (["move"], ["enter"])
    cx0, cy0 = SIDE / 2, SIDE / 2
    for number, pieces in stacks.items():
        x, y = layout.fields[number]
        distance = max(1.0, math.dist((x, y), (cx0, cy0)))
        ux, uy = (cx0 - x) / distance * r * 0.9, (cy0 - y) / distance * r * 0.9
        for depth, piece in enumerate(pieces):  # older pieces peek out towards the middle
            offset = len(pieces) - 1 - depth
            is_last = was_moved and piece is newest
            _piece(drawing, piece["colour"], letters, x + ux * offset, y + uy * offset, r,
                   place=f"field {number}", is_last=is_last)
        if len(pieces) > 1:
            bx, by = drawing.point(x + r * 0.85, y + r * 0.85)
            br = max(10.0, r * 0.55)
            drawing.circle(bx, by, br, fill=INK, stroke="#ffffff", stroke_width=1.2)
            drawing.text(bx, by, str(len(pieces)), br * 1.5, fill="#ffffff", class_="badge")


def _piece(drawing: Drawing, colour: str, letters: dict[str, str], x: float, y: float,
           r: float, *, place: str, is_last: bool = False) -> None:
    """A piece: a disc in its colour, outlined, with its letter."""
    cx, cy = drawing.point(x, y)
    rgba = PIECE_RGBA[colour]
    drawing.open_group(class_="piece last" if is_last else "piece", data_colour=colour,
                       data_place=place)
    if is_last:
        drawing.circle(cx, cy, r + 5, fill="none", stroke=LAST_COLOUR, stroke_width=3)
    drawing.circle(cx, cy, r, fill=hex_colour(rgba), stroke=INK, stroke_width=1.6)
    drawing.text(cx, cy, letters[colour], r * 1.15, fill="#ffffff" if is_dark(rgba) else INK)
    drawing.close_group()


def _rolls(drawing: Drawing, layout: Layout, state: dict[str, Any], mover: int | None) -> None:
    """The roll-off's dice by each roller, or the mover's rolls of this turn in order (the one
    in use ringed, used ones faded)."""
    if state["phase"] == "rolloff":
        values = dict(zip(state["rolloff"]["group"], state["rolloff"]["rolls"]))
        for label in state["rolloff"]["group"]:
            value = values.get(label)
            _dice(drawing, layout.seat_panels[int(label[1:])],
                  [(str(value) if value is not None else "?", "pending")], -1)
        return
    if mover is None or not state["rolls"]:
        return
    dice = [(str(roll["value"]), str(roll["status"])) for roll in state["rolls"]]
    index = state["roll_index"] if state["roll_index"] is not None else -1
    _dice(drawing, layout.turn_panels[mover], dice, index)


def _dice(drawing: Drawing, box: tuple[float, float, float, float],
          dice: list[tuple[str, str]], current: int) -> None:
    x, y, w, h = drawing.box(*box)
    gap = 4.0
    best = (0.0, 1)
    for columns in range(1, len(dice) + 1):
        rows = math.ceil(len(dice) / columns)
        size = min((w - gap * (columns - 1)) / columns, (h - gap * (rows - 1)) / rows, 44.0)
        best = max(best, (size, columns))
    size, columns = best
    rows = math.ceil(len(dice) / columns)
    top = y + (h - rows * size - (rows - 1) * gap) / 2
    for number, (text, status) in enumerate(dice):
        row, column = divmod(number, columns)
        in_row = min(columns, len(dice) - row * columns)
        left = x + (w - in_row * size - (in_row - 1) * gap) / 2
        dx, dy = left + column * (size + gap), top + row * (size + gap)
        is_done = status != "pending"
        drawing.rect((dx, dy, size, size), rx=size * 0.18,
                     fill="#ffe073" if number == current else "#ffffff",
                     fill_opacity=0.45 if is_done else 1, stroke=INK, stroke_width=1.5,
                     class_=f"die {status}")
        drawing.text(dx + size / 2, dy + size / 2, text, size * 0.62, fill=INK,
                     fill_opacity=0.45 if is_done else 1)
        if number == current:
            drawing.rect((dx - 3, dy - 3, size + 6, size + 6), rx=size * 0.2, fill="none",
                         stroke=hex_colour(GLOW_COLOUR), stroke_width=3)
        if status in ("forfeited", "discarded"):
            drawing.line((dx + 4, dy + 4), (dx + size - 4, dy + size - 4), stroke="#d90d0d",
                         stroke_width=3)
            drawing.line((dx + 4, dy + size - 4), (dx + size - 4, dy + 4), stroke="#d90d0d",
                         stroke_width=3)


__all__ = ["draw"]
