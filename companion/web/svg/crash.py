"""Crash by Crash's board as SVG: the touchscreen's picture from :mod:`companion.geometry.crash`
(the stretched hex fields with their values 0–3 in four blues, holes, the tiles' borders, the
row letters a–o down the left and the numbers 1–13 along the top, bells, the operator and the
cars in their owners' colours and letters, the magnetic car a disc).

Tap targets: a field whose every legal input is "<word> <that field>" (setting up a car, the
operator's start, …) plays it; a move with a direction and batteries is left to the list.

Most of the picture never changes within a game: the ~190 fields, the tiles' borders and the
edge names are ~1,500 of its ~1,900 shapes. Each field is drawn once per (field, value, hole,
covered by a piece) and the borders and names once per process, then reused as SVG text
(:meth:`Drawing.raw`): a board is then its pieces and tap targets plus joined strings, the
same bytes as drawn whole (a phone's state after every change, beside the touchscreen's tap).
"""

from __future__ import annotations

import functools
import math
from typing import Any

from companion.geometry.crash import (
    BACKGROUND,
    BELL_COLOUR,
    EDGE_COLOUR,
    HOLE_COLOUR,
    LABEL_COLOUR,
    LABEL_FONT,
    OPERATOR_COLOUR,
    PIECE_SHARE,
    TILE_EDGE_COLOUR,
    VALUE_COLOURS,
    VALUE_FONT,
    HexGrid,
    tile_edges,
)
from companion.web.svg.drawing import Drawing, Look, hex_colour, is_dark, tap_class
from companion.web.svg.scene import Scene

SIDE = 480.0
INK = "#050505"
LAST_COLOUR = "#ffd900"
FALLBACK = {"A": (0.86, 0.16, 0.16, 1.0), "B": (0.15, 0.42, 0.95, 1.0)}


def draw(snapshot: dict[str, Any], scene: Scene) -> str:
    state = snapshot["state"]
    grid = _grid()
    drawing = Drawing(SIDE, SIDE, label=scene.label, background=hex_colour(BACKGROUND))
    fields = state["fields"]
    names = {field["name"] for field in fields}
    for field in fields:
        drawing.raw(_field_layer(field["name"], field["value"], bool(field["hole"]),
                                 bool(field["car"] or field["bell"] or field["operator"])))
    drawing.raw(_frame_layer())
    last_fields = {word for word in (scene.last or "").replace("-", " ").split()
                   if word in names}
    size = min(grid.w, 2 * grid.radius) * PIECE_SHARE
    for field in fields:
        _pieces(drawing, grid, field, scene.looks, size)
        if field["name"] in last_fields:
            drawing.polygon(_hex(drawing, grid, field["name"], 1.02), fill="none",
                            stroke=LAST_COLOUR, stroke_width=3, class_="last",
                            data_field=field["name"])
    for name, line in tap_targets(names, scene.legal).items():
        drawing.polygon(_hex(drawing, grid, name, 1.0), fill="#2bd95a", fill_opacity=0.25,
                        stroke="#26d959", stroke_width=2, class_=tap_class(line, scene.last),
                        data_input=line, data_field=name)
    return drawing.svg()


def tap_targets(names: set[str], legal: frozenset[str]) -> dict[str, str]:
    """Field → the one input a tap there plays: every legal input naming that field alone."""
    by_field: dict[str, list[str]] = {}
    for line in legal:
        words = line.split()
        if len(words) == 2 and words[1] in names:
            by_field.setdefault(words[1], []).append(line)
    # in the fields' order: the same drawing in every process (a set's order is not)
    return {name: lines[0] for name, lines in sorted(by_field.items()) if len(lines) == 1}


def _hex(drawing: Drawing, grid: HexGrid, name: str, scale: float) -> list[tuple[float, float]]:
    return [drawing.point(x, y) for x, y in grid.corners(name, scale)]


@functools.lru_cache(maxsize=2048)
def _field_layer(name: str, value: int, is_hole: bool, is_covered: bool) -> str:
    """One field as SVG: its hex in its value's blue (a hole dark), its value unless a piece
    covers it. Drawn once per (field, value, hole, covered), then reused."""
    drawing = Drawing(SIDE, SIDE)
    grid = _grid()
    if is_hole:
        drawing.polygon(_hex(drawing, grid, name, 1.0), fill=hex_colour(HOLE_COLOUR),
                        data_field=name, class_="field hole")
        return drawing.fragment()
    colour = VALUE_COLOURS.get(value, VALUE_COLOURS[0])
    drawing.polygon(_hex(drawing, grid, name, 0.97), fill=hex_colour(colour),
                    stroke=hex_colour(EDGE_COLOUR), stroke_width=1, data_field=name,
                    class_="field")
    if not is_covered:
        cx, cy = drawing.point(*grid.centre(name))
        drawing.text(cx, cy, str(value), VALUE_FONT,
                     fill="#ffffff" if is_dark(colour) else "#1a1a26", class_="value")
    return drawing.fragment()


@functools.lru_cache(maxsize=1)
def _frame_layer() -> str:
    """The tiles' borders and the edge names (rows a–o, numbers 1–13): the same on every
    board, drawn once."""
    drawing = Drawing(SIDE, SIDE)
    grid = _grid()
    for x1, y1, x2, y2 in tile_edges(grid):
        drawing.line(drawing.point(x1, y1), drawing.point(x2, y2),
                     stroke=hex_colour(TILE_EDGE_COLOUR), stroke_width=1.8)
    for text, x, y in grid.labels():
        px, py = drawing.point(x, y)
        drawing.text(px, py, text, LABEL_FONT, fill=hex_colour(LABEL_COLOUR), class_="edge")
    return drawing.fragment()


@functools.lru_cache(maxsize=1)
def _grid() -> HexGrid:
    return HexGrid.fit(0, 0, SIDE, SIDE)


def _pieces(drawing: Drawing, grid: HexGrid, field: dict[str, Any], looks: list[Look],
            size: float) -> None:
    if not (field["bell"] or field["operator"] or field["car"]):
        return
    cx, cy = drawing.point(*grid.centre(field["name"]))
    half = size / 2
    if field["bell"]:
        drawing.open_group(class_="bell", data_field=field["name"])
        drawing.path(f"M {cx - half * 0.62:.2f} {cy + half * 0.35:.2f} "
                     f"Q {cx - half * 0.62:.2f} {cy - half * 0.95:.2f} {cx:.2f} "
                     f"{cy - half * 0.95:.2f} Q {cx + half * 0.62:.2f} {cy - half * 0.95:.2f} "
                     f"{cx + half * 0.62:.2f} {cy + half * 0.35:.2f} Z",
                     fill=hex_colour(BELL_COLOUR), stroke=INK, stroke_width=1.5)
        drawing.circle(cx, cy + half * 0.5, half * 0.18, fill=INK)
        drawing.close_group()
    if field["operator"]:
        edge = half + 2
        drawing.open_group(class_="operator", data_field=field["name"])
        drawing.polygon([(cx - edge - 2, cy), (cx, cy - edge - 2), (cx + edge + 2, cy),
                         (cx, cy + edge + 2)], fill="#ffffff")
        drawing.polygon([(cx - edge, cy), (cx, cy - edge), (cx + edge, cy), (cx, cy + edge)],
                        fill=hex_colour(OPERATOR_COLOUR))
        drawing.text(cx, cy, "Č", max(12.0, size * 0.55), fill="#ffffff")
        drawing.close_group()
    car = field["car"]
    if car:
        seat = 0 if car["side"] == "A" else 1
        look = looks[seat] if seat < len(looks) else None
        rgba = FALLBACK[car["side"]] if look is None else None
        fill = look.colour if look is not None else hex_colour(rgba or FALLBACK["A"])
        ink = look.ink if look is not None else "#ffffff"
        letter = look.letter if look is not None else str(car["side"])
        drawing.open_group(class_="car magnet" if car["magnet"] else "car", data_seat=seat,
                           data_field=field["name"])
        if look is not None:
            drawing.title(look.name)
        if car["magnet"]:
            drawing.circle(cx, cy, half + 2, fill=INK)
            drawing.circle(cx, cy, half, fill=fill)
            drawing.path(_arc(cx, cy, half * 0.78), fill="none", stroke="#ffffff",
                         stroke_width=2.2)
        else:
            drawing.rect((cx - half - 2, cy - half - 2, size + 4, size + 4), rx=size * 0.22,
                         fill=INK)
            drawing.rect((cx - half, cy - half, size, size), rx=size * 0.2, fill=fill)
        drawing.text(cx, cy, letter, max(12.0, size * 0.62), fill=ink)
        drawing.close_group()


def _arc(cx: float, cy: float, r: float) -> str:
    """The magnet's horseshoe: the circle but for its bottom third (SVG y down)."""
    start = (cx + r * math.sin(math.radians(-120)), cy - r * math.cos(math.radians(-120)))
    end = (cx + r * math.sin(math.radians(120)), cy - r * math.cos(math.radians(120)))
    return (f"M {start[0]:.2f} {start[1]:.2f} A {r:.2f} {r:.2f} 0 1 1 {end[0]:.2f} "
            f"{end[1]:.2f}")


__all__ = ["draw", "tap_targets"]
