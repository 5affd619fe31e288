"""A small SVG writer: shapes in board pixels (y down), every attribute and text escaped.

The geometry modules (:mod:`companion.geometry`) speak Kivy's pixels, y up from the bottom of
the board; :meth:`Drawing.box` and :meth:`Drawing.point` turn them into the SVG's y down. Nothing
here reads a file or the network; the result is one ``<svg>`` element as a string.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from companion.table.seats import seat_looks

Box = tuple[float, float, float, float]
"""x, y (top left, y down), width, height."""

TEXT_FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def hex_colour(rgba: Sequence[float]) -> str:
    """``#rrggbb`` of an RGBA in 0–1 (Kivy's colours)."""
    return _hex(tuple(rgba[:3]))


@functools.lru_cache(maxsize=512)
def _hex(rgb: tuple[float, ...]) -> str:
    r, g, b = (max(0, min(255, round(channel * 255))) for channel in rgb)
    return f"#{r:02x}{g:02x}{b:02x}"


def is_dark(rgba: Sequence[float]) -> bool:
    """A colour dark enough for white writing on it (the boards' letters)."""
    r, g, b = rgba[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b < 0.6


@dataclass(frozen=True)
class Look:
    """One seat as the pieces show it: its colour (``#rrggbb``), letter and name."""

    colour: str
    letter: str
    name: str
    is_dark: bool

    @property
    def ink(self) -> str:
        """The colour of writing on the seat's colour."""
        return "#ffffff" if self.is_dark else "#000000"


def looks(names: Sequence[str], colours: Sequence[str]) -> list[Look]:
    """The seats' looks, exactly as the touchscreen draws them (:func:`seat_looks`)."""
    return [Look(hex_colour(look.colour), look.letter, look.name, is_dark(look.colour))
            for look in seat_looks(names, colours)]


def attributes(**values: str | float | None) -> str:
    """` name="value"` pairs, escaped; ``class_`` → ``class``, ``data_input`` → ``data-input``;
    None leaves the attribute out."""
    parts = []
    for name, value in values.items():
        if value is None:
            continue
        key = _KEYS.get(name) or _KEYS.setdefault(name, name.rstrip("_").replace("_", "-"))
        if isinstance(value, int | float):  # digits, "-" and ".": nothing to escape
            parts.append(f' {key}="{_number(value)}"')
            continue
        text = str(value)
        # quoteattr's result, faster for the plain texts that nearly every attribute is (a
        # board has thousands: it was most of a phone's state): "text" when nothing needs it
        quoted = quoteattr(text) if _NEEDS_ESCAPE.search(text) else f'"{text}"'
        parts.append(f" {key}={quoted}")
    return "".join(parts)


_KEYS: dict[str, str] = {}
"""Attribute names as written (``class_`` → ``class``), by keyword."""
_NEEDS_ESCAPE = re.compile("[&<>\"\n\r\t]")
"""What :func:`xml.sax.saxutils.quoteattr` changes or quotes otherwise."""


class Drawing:
    """One board drawing, ``width`` × ``height`` board pixels; shapes kept in order."""

    def __init__(self, width: float, height: float, *, label: str = "",
                 background: str | None = None) -> None:
        self.width = width
        self.height = height
        self.label = label
        self._parts: list[str] = []
        if background is not None:
            self.rect((0, 0, width, height), fill=background)

    # -- from the geometry's y-up pixels -------------------------------------------------------

    def box(self, x: float, y: float, width: float, height: float) -> Box:
        """A geometry box (bottom left, y up) as an SVG box (top left, y down)."""
        return (x, self.height - y - height, width, height)

    def point(self, x: float, y: float) -> tuple[float, float]:
        return (x, self.height - y)

    # -- shapes --------------------------------------------------------------------------------

    def rect(self, box: Box, **extra: str | float | None) -> None:
        x, y, w, h = box
        self._parts.append(f"<rect{attributes(x=x, y=y, width=w, height=h, **extra)}/>")

    def circle(self, cx: float, cy: float, r: float, **extra: str | float | None) -> None:
        self._parts.append(f"<circle{attributes(cx=cx, cy=cy, r=r, **extra)}/>")

    def polygon(self, points: Iterable[tuple[float, float]], **extra: str | float | None) -> None:
        text = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self._parts.append(f"<polygon{attributes(points=text, **extra)}/>")

    def polyline(self, points: Iterable[tuple[float, float]],
                 **extra: str | float | None) -> None:
        text = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self._parts.append(f"<polyline{attributes(points=text, fill='none', **extra)}/>")

    def line(self, start: tuple[float, float], end: tuple[float, float],
             **extra: str | float | None) -> None:
        values = attributes(x1=start[0], y1=start[1], x2=end[0], y2=end[1], **extra)
        self._parts.append(f"<line{values}/>")

    def path(self, d: str, **extra: str | float | None) -> None:
        self._parts.append(f"<path{attributes(d=d, **extra)}/>")

    def text(self, x: float, y: float, text: str, size: float, *, fill: str = "#000000",
             weight: str = "bold", anchor: str = "middle", **extra: str | float | None) -> None:
        """``text`` centred on (x, y) (SVG pixels), escaped."""
        values = attributes(x=x, y=y, font_size=size, font_family=TEXT_FONT, font_weight=weight,
                            text_anchor=anchor, dominant_baseline="central", fill=fill, **extra)
        self._parts.append(f"<text{values}>{escape(text)}</text>")

    def open_group(self, **extra: str | float | None) -> None:
        self._parts.append(f"<g{attributes(**extra)}>")

    def close_group(self) -> None:
        self._parts.append("</g>")

    def title(self, text: str) -> None:
        """A tooltip / accessible name for the element opened just before (inside a group)."""
        self._parts.append(f"<title>{escape(text)}</title>")

    def raw(self, fragment: str) -> None:
        """Shapes written before (:meth:`fragment` of another drawing), as they are."""
        self._parts.append(fragment)

    def fragment(self) -> str:
        """The shapes drawn so far, without the ``<svg>`` around them: a layer to keep and
        :meth:`raw` into later drawings (a board's fields, drawn once)."""
        return "".join(self._parts)

    def svg(self) -> str:
        """The drawing as one ``<svg>`` element, scaled by its ``viewBox``."""
        head = attributes(xmlns="http://www.w3.org/2000/svg",
                          viewBox=f"0 0 {_number(self.width)} {_number(self.height)}",
                          class_="board", role="img", aria_label=self.label or None)
        return f"<svg{head}>" + "".join(self._parts) + "</svg>"


def tap_class(input_line: str, last: str | None, *extra: str) -> str:
    """The class of a tap target: ``tap``, ``last`` when it is the last input, and ``extra``."""
    names = ["tap", *extra]
    if last is not None and input_line == last:
        names.append("last")
    return " ".join(names)


__all__ = ["Box", "Drawing", "Look", "attributes", "hex_colour", "is_dark", "looks", "tap_class"]
