"""Painting Pat a Mat's track (the edges between fields and the fields with their labels):
done once per board and frame, into the board's static layer (Kivy canvas)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle, Triangle

from companion.app.boards.batch import Shapes
from companion.geometry.patamat import (
    CAR_SPOTS,
    EDGE_COLOUR,
    FIELD_COLOUR,
    FIELD_TEXT,
    LAMPS,
    SEMAFOR_COLOUR,
    SIGN_COLOUR,
    START_COLOUR,
)


class TrackPainter:
    """The track's drawing (``board.track``): the board gives it the geometry (``place``: a
    field's centre and side) and its text drawing (``text``, with the board's texture cache);
    it paints the fields it is given into the current canvas."""

    def __init__(self, *, place: Callable[[str], tuple[float, float, float]],
                 text: Callable[..., None]) -> None:
        self._place = place
        self._text = text

    def draw_edges(self, fields: dict[str, dict[str, Any]]) -> None:
        for field_id, spot in fields.items():
            x, y, side = self._place(field_id)
            for following in spot["next"]:
                tx, ty, _ = self._place(following)
                is_forced = spot.get("forced") == following and spot["kind"] == "sign"
                Color(*(SIGN_COLOUR if is_forced else EDGE_COLOUR))
                Line(points=[x, y, tx, ty], width=3.2 if is_forced else 2.4)
                if is_forced:
                    self._arrow_head(x, y, tx, ty, side * 0.75, side * 0.32)

    def _arrow_head(self, x: float, y: float, tx: float, ty: float, at: float,
                    length: float) -> None:
        angle = math.atan2(ty - y, tx - x)
        hx, hy = x + math.cos(angle) * at, y + math.sin(angle) * at
        back = angle + math.pi
        left = (hx + math.cos(back + 0.5) * length, hy + math.sin(back + 0.5) * length)
        right = (hx + math.cos(back - 0.5) * length, hy + math.sin(back - 0.5) * length)
        Triangle(points=[hx, hy, *left, *right])

    def draw_fields(self, fields: dict[str, dict[str, Any]]) -> None:
        """Every field: first all their squares, one mesh per colour (pixel for pixel Kivy's
        ``RoundedRectangle``; fields never overlap), then each field's marks and label. The
        ~55 squares were a draw call each, and under Mesa's software GL every draw call costs
        ~37 kB for each frame drawn."""
        squares = Shapes()
        for field_id, spot in fields.items():
            x, y, side = self._place(field_id)
            squares.kivy_rounded_rectangle(_fill_of(spot["kind"]), x - side / 2, y - side / 2,
                                           side, side, side * 0.22)
        squares.draw()
        for field_id, spot in fields.items():
            self.draw_field(field_id, spot, with_square=False)

    def draw_field(self, field_id: str, spot: dict[str, Any], with_square: bool = True) -> None:
        x, y, side = self._place(field_id)
        kind = spot["kind"]
        left, bottom = x - side / 2, y - side / 2
        radius = side * 0.22
        if with_square:
            Color(*_fill_of(kind))
            RoundedRectangle(pos=(left, bottom), size=(side, side), radius=[radius])
        if kind == "finish":
            self._checker(left, bottom, side)
        label = spot.get("label") or field_id
        text_colour: tuple[float, ...] = (1, 1, 1, 1) if kind in ("start", "semafor", "sign") \
            else FIELD_TEXT
        if kind == "semafor":
            for number, lamp in enumerate(("red", "orange", "green")):
                Color(*LAMPS[lamp])
                dot = side * 0.2
                Ellipse(pos=(left + side * (0.16 + 0.26 * number), bottom + side * 0.68),
                            size=(dot, dot))
            self._text(label, x, bottom + side * 0.34, side * 0.42, side - 4, text_colour)
        elif kind == "sign":
            forced = spot.get("forced")
            if forced:  # a white arrow in the top half, pointing where the blue arrow sends
                fx, fy, _ = self._place(forced)
                angle = math.atan2(fy - y, fx - x)
                ax, ay = x, bottom + side * 0.74
                Color(1, 1, 1, 1)
                Line(points=[ax - math.cos(angle) * side * 0.2, ay - math.sin(angle) * side * 0.2,
                             ax + math.cos(angle) * side * 0.1, ay + math.sin(angle) * side * 0.1],
                     width=2)
                tip = (ax + math.cos(angle) * side * 0.24, ay + math.sin(angle) * side * 0.24)
                self._arrow_head(*tip, tip[0] + math.cos(angle), tip[1] + math.sin(angle), 0,
                                 side * 0.2)
            self._text(label, x, bottom + side * 0.3, side * 0.4, side - 4, text_colour)
        elif kind == "finish":
            Color(1, 1, 1, 0.9)
            RoundedRectangle(pos=(left + 3, y - side * 0.22), size=(side - 6, side * 0.44),
                             radius=[4])
            self._text(label if spot.get("label") else "CÍL", x, y, side * 0.36, side - 8,
                       (0.8, 0.05, 0.05, 1))
        elif kind == "start":
            self._text(label if spot.get("label") else "START", x, y + side * 0.36, side * 0.2,
                       side - 6, text_colour)
        else:
            self._text(label, x, y, side * 0.46, side - 4, text_colour)

    def _checker(self, left: float, bottom: float, side: float) -> None:
        squares = 4
        step = side / squares
        Color(0.05, 0.05, 0.05, 1)
        for row in range(squares):
            for column in range(squares):
                if (row + column) % 2 == 0:
                    Rectangle(pos=(left + column * step, bottom + row * step), size=(step, step))


def _fill_of(kind: str) -> tuple[float, ...]:
    return {"start": START_COLOUR, "semafor": SEMAFOR_COLOUR, "sign": SIGN_COLOUR}.get(
        kind, FIELD_COLOUR)


__all__ = ["CAR_SPOTS", "LAMPS", "TrackPainter"]
