"""Drawing helpers of the Člověče board: pieces, dice and cached text textures (Kivy canvas)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle

from companion.app.boards.batch import Glyphs, Shapes
from companion.geometry.clovece import (
    FIELD_COLOUR,
    GLOW_COLOUR,
    HINT_COLOUR,
    NUMBER_COLOUR,
    OUTLINE_COLOUR,
    PIECE_RGBA,
    UNUSED_SEAT_COLOUR,
    clearest_ink,
)

MAX_DIE = 44
SEGMENTS = 36
"""Segments of a small disc (Kivy's default of 180 costs vertices and nothing shows)."""


class TextCache:
    """Text textures made once and drawn tinted (white text times the colour)."""

    def __init__(self) -> None:
        self._textures: dict[tuple[str, int, bool, int], Any] = {}

    def texture(self, text: str, size: int, bold: bool = False, width: float = 0) -> Any:
        """White ``text``; with ``width`` it is shortened to fit."""
        key = (text, size, bold, int(width))
        if key not in self._textures:
            options: dict[str, Any] = {"text_size": (width, None), "shorten": True,
                                       "shorten_from": "right",
                                       "halign": "center"} if width else {}
            label = CoreLabel(text=text, font_size=size, bold=bold, color=(1, 1, 1, 1),
                              **options)
            label.refresh()
            self._textures[key] = label.texture
        return self._textures[key]

    def draw(self, text: str, size: int, x: float, y: float, colour: Sequence[float],
             bold: bool = False, width: float = 0) -> None:
        """``text`` centred on (x, y); with ``width`` it is shortened to fit."""
        texture = self.texture(text, size, bold, width)
        Color(*colour)
        Rectangle(texture=texture, size=texture.size,
                  pos=(x - texture.width / 2, y - texture.height / 2))


def draw_piece(texts: TextCache, colour: str, letters: dict[str, str], x: float, y: float,
               r: float) -> None:
    """A piece: a disc in its colour, outlined, with its letter."""
    Color(*PIECE_RGBA[colour])
    Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r), segments=SEGMENTS)
    Color(0.05, 0.05, 0.05, 1)
    Line(circle=(x, y, r, 0, 360, SEGMENTS), width=1.6)
    texts.draw(letters[colour], int(r * 1.15), x, y, ink(PIECE_RGBA[colour]), bold=True)


def draw_dice(texts: TextCache, box: tuple[float, float, float, float],
              dice: list[tuple[str, str]], current: int) -> None:
    """The turn's rolls in order: the current one yellow and ringed, used ones ticked, lost ones
    crossed out, passed ones struck through."""
    x, y, w, h = box
    gap = 4.0
    best = (0.0, 1)
    for columns in range(1, len(dice) + 1):
        rows = math.ceil(len(dice) / columns)
        size = min((w - gap * (columns - 1)) / columns, (h - gap * (rows - 1)) / rows, MAX_DIE)
        best = max(best, (size, columns))
    size, columns = best
    rows = math.ceil(len(dice) / columns)
    top = y + (h + rows * size + (rows - 1) * gap) / 2
    for number, (text, status) in enumerate(dice):
        row, column = divmod(number, columns)
        in_row = min(columns, len(dice) - row * columns)
        left = x + (w - in_row * size - (in_row - 1) * gap) / 2
        dx, dy = left + column * (size + gap), top - (row + 1) * size - row * gap
        is_done = status != "pending"
        if number == current:
            Color(1.0, 0.88, 0.45, 1)
        else:
            Color(1, 1, 1, 0.45 if is_done else 1)
        RoundedRectangle(pos=(dx, dy), size=(size, size), radius=[size * 0.18])
        Color(0.05, 0.05, 0.05, 0.5 if is_done else 1)
        Line(rounded_rectangle=(dx, dy, size, size, size * 0.18), width=1.5)
        texts.draw(text, int(size * 0.62), dx + size / 2, dy + size / 2,
                   (0, 0, 0, 0.45 if is_done else 1), bold=True)
        if number == current:
            Color(*GLOW_COLOUR, 1)
            Line(rounded_rectangle=(dx - 3, dy - 3, size + 6, size + 6, size * 0.2), width=3)
        if status in ("forfeited", "discarded"):
            Color(0.85, 0.05, 0.05, 1)
            Line(points=[dx + 4, dy + 4, dx + size - 4, dy + size - 4], width=3)
            Line(points=[dx + 4, dy + size - 4, dx + size - 4, dy + 4], width=3)
        elif status == "used":
            Color(0.05, 0.55, 0.15, 1)
            Line(points=[dx + size * 0.55, dy + size * 0.25, dx + size * 0.7,
                         dy + size * 0.1, dx + size * 0.95, dy + size * 0.4], width=2.5)
        elif status == "passed":
            Color(0.35, 0.35, 0.35, 1)
            Line(points=[dx + 5, dy + size / 2, dx + size - 5, dy + size / 2], width=3)


def draw_track(texts: TextCache, layout: Any, board: dict[str, Any], ranks: dict[int, int],
               looks: list[Any]) -> list[tuple[str, int, float, float, float, float]]:
    """The track: its line, the fields (start fields in their seat's colour), the numbers
    (on the fields of the cross, outside the ring, where ``layout.numbers`` puts them).
    Batched (``batch``): a few meshes, not three draw calls per field. Returns the numbers
    drawn: text, font size and box (x, y, width, height)."""
    starts = {board["start"][label]: int(label[1:]) for label in board["start"]}
    line, discs, rings, numbers = Shapes(), Shapes(), Shapes(), Glyphs()
    placed: list[tuple[str, int, float, float, float, float]] = []
    line.polyline(OUTLINE_COLOUR, layout.fields, 2, close=True)
    r = layout.field_radius
    for number, (x, y) in enumerate(layout.fields):
        seat = starts.get(number)
        if seat is not None and seat in ranks and ranks[seat] < len(looks):
            discs.disc(looks[ranks[seat]].colour, x, y, r, SEGMENTS)
        else:
            discs.disc(FIELD_COLOUR, x, y, r, SEGMENTS)
        rings.ring(OUTLINE_COLOUR, x, y, r, 1.2, SEGMENTS)
        if number in layout.numbers:
            nx, ny = layout.numbers[number]
            rank = ranks.get(seat, len(looks)) if seat is not None else len(looks)
            is_on_colour = (nx, ny) == (x, y) and rank < len(looks)
            text_colour = clearest_ink(looks[rank].colour) if is_on_colour else NUMBER_COLOUR
            texture = texts.texture(str(number), layout.number_font, bold=True)
            numbers.place(texture, nx, ny, text_colour)
            w, h = texture.size
            placed.append((str(number), layout.number_font, nx - w / 2, ny - h / 2, w, h))
    for batch in (line, discs, rings, numbers):
        batch.draw()
    return placed


def draw_houses(layout: Any, ranks: dict[int, int], looks: list[Any]) -> None:
    """Each seat's house (home and goal slots) tinted in its colour; unused seats grey."""
    r = layout.slot_radius
    slots, rings = Shapes(), Shapes()
    for seat, box in layout.home_boxes.items():
        rank = ranks.get(seat)
        look = looks[rank] if rank is not None and rank < len(looks) else None
        colour = look.colour if look is not None else UNUSED_SEAT_COLOUR
        Color(colour[0], colour[1], colour[2], 0.45 if look is not None else 0.25)
        corner = box[2] / 2 if "round_homes" in layout.extra else 8
        RoundedRectangle(pos=box[:2], size=box[2:], radius=[corner])
        for spots in (layout.homes[seat], layout.goals[seat]):
            for x, y in spots:
                slots.disc((colour[0], colour[1], colour[2], 0.35 if look is not None else 0.2),
                           x, y, r, SEGMENTS)
                rings.ring(tuple(colour) if look is not None else UNUSED_SEAT_COLOUR,
                           x, y, r, 2, SEGMENTS)
    slots.draw()
    rings.draw()


def draw_selection(layout: Any, spot: tuple[str, Any] | None) -> None:
    """The piece picked up in fix mode: a thick ring around its place."""
    if spot is None:
        return
    kind, where = spot
    if kind == "field":
        (x, y), r = layout.fields[where], layout.field_radius
    else:
        spots = layout.homes if kind == "home" else layout.goals
        (x, y), r = spots[where[0]][where[1]], layout.slot_radius
    Color(*GLOW_COLOUR, 1)
    Line(circle=(x, y, r + 6, 0, 360, SEGMENTS), width=4)
    Color(0.05, 0.05, 0.05, 1)
    Line(circle=(x, y, r + 10, 0, 360, SEGMENTS), width=1.5)


def draw_hint_way(points: Sequence[tuple[float, float]], r: float) -> None:
    """The coach's hint for a piece: a thick ring on it, a thin ring on every field it passes
    (their numbers stay readable, the steps can be counted), short links between them, and a
    double ring where it lands; each line with a dark edge, to be seen on the pale board."""
    rings = [(x, y, r + 3, 2.5) for x, y in points[1:-1]]
    rings += [(*points[0], r + 7, 4.5), (*points[-1], r + 6, 4), (*points[-1], r + 12, 2.5)]
    links = []
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        gap = math.dist((ax, ay), (bx, by))
        if gap > 2 * r + 16:  # only where the rings do not touch
            ux, uy = (bx - ax) / gap, (by - ay) / gap
            links.append([ax + ux * (r + 8), ay + uy * (r + 8), bx - ux * (r + 8),
                          by - uy * (r + 8)])
    for colour, extra in (((0.05, 0.05, 0.05, 1), 1.5), (HINT_COLOUR, 0.0)):
        Color(*colour)
        for link in links:
            Line(points=link, width=3 + extra, cap="round")
        for x, y, radius, width in rings:
            Line(circle=(x, y, radius, 0, 360, SEGMENTS), width=width + extra)


def draw_hint_frame(x: float, y: float, w: float, h: float) -> None:
    """The coach's hint for a button on the board (Pass, End game): a thick frame around it."""
    Color(0.05, 0.05, 0.05, 1)
    Line(rectangle=(x - 6, y - 6, w + 12, h + 12), width=5.5)
    Color(*HINT_COLOUR)
    Line(rectangle=(x - 6, y - 6, w + 12, h + 12), width=4)


def ink(colour: Sequence[float]) -> tuple[float, float, float, float]:
    r, g, b = colour[:3]
    return (1, 1, 1, 1) if 0.299 * r + 0.587 * g + 0.114 * b < 0.6 else (0, 0, 0, 1)
