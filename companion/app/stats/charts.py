"""Charts drawn with canvas instructions: grouped bars, and one bar split in shares.

Both are legible at arm's length on the 7" screen: every text at least 18 px, each series in
its player's colour **and** marked with the player's letter (colour is never the only signal).
They draw when their data, size or position change, never per frame. What was drawn is kept
in :attr:`BarChart.bars` and :attr:`ShareBar.parts` (the tests read them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.widget import Widget

CHART_FONT = 18
"""The smallest text on a chart (axis values, group names, letters)."""
AXIS_COLOUR = (0.55, 0.60, 0.68, 1)
GRID_COLOUR = (0.30, 0.33, 0.38, 1)
TEXT_COLOUR = (0.92, 0.93, 0.95, 1)
MUTED_TEXT = (0.78, 0.81, 0.86, 1)
LEGEND_HEIGHT = 30
MARKER_RADIUS = 12
"""A player's mark: a disc in the player's colour with the letter on it (24 px)."""
Rgba = tuple[float, float, float, float]


@dataclass(frozen=True)
class Series:
    """One player's values in a chart: a letter, a colour, a name for the legend."""

    name: str
    letter: str
    colour: Rgba
    values: tuple[float | None, ...]
    """One value per group; None: nothing there."""


@dataclass(frozen=True)
class Bar:
    """One drawn bar (window-independent: in the chart's own coordinates)."""

    group: int
    series: int
    value: float
    x: float
    y: float
    width: float
    height: float


class _Chart(Widget):
    series = ListProperty([])
    """The :class:`Series` to draw, in legend order."""
    empty_text = StringProperty("")
    """Said in the middle when there is nothing to draw."""
    font_size = NumericProperty(CHART_FONT)

    def __init__(self, **kwargs: Any) -> None:
        self._trigger = Clock.create_trigger(lambda _dt: self.redraw(), -1)
        super().__init__(**kwargs)
        self.fbind("size", self._trigger)
        self.fbind("pos", self._trigger)
        self.fbind("series", self._trigger)
        self.fbind("empty_text", self._trigger)

    def redraw(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    # -- drawing helpers -------------------------------------------------------------------------

    def _text(self, text: str, x: float, y: float, anchor: str = "left",
              colour: Rgba = TEXT_COLOUR, bold: bool = False, size: float | None = None) -> float:
        """Draw ``text`` with its baseline box at ``y`` (bottom); ``anchor`` left / centre /
        right of ``x``. Returns the text's width."""
        texture = _texture(text, int(size or self.font_size), bold)
        width, height = texture.size
        if anchor == "centre":
            x -= width / 2
        elif anchor == "right":
            x -= width
        x = max(self.x, min(x, self.right - width))  # never cut off at the chart's edges
        Color(*colour)
        Rectangle(texture=texture, pos=(round(x), round(y)), size=(width, height))
        return float(width)

    def _legend(self, top: float) -> None:
        """The players as ``● E Eva`` in a row along the top (their colour and letter)."""
        x = self.x + 8
        y = top - LEGEND_HEIGHT + 3
        for entry in self.series:
            self._marker(x + MARKER_RADIUS, y + MARKER_RADIUS, entry)
            x += 2 * MARKER_RADIUS + 6
            x += self._text(entry.name, x, y + 1) + 18
            if x > self.right - 60:
                break

    def _marker(self, cx: float, cy: float, entry: Series) -> None:
        Color(*entry.colour)
        Ellipse(pos=(cx - MARKER_RADIUS, cy - MARKER_RADIUS),
                size=(2 * MARKER_RADIUS, 2 * MARKER_RADIUS))
        if not entry.letter:
            return
        texture = _texture(entry.letter, CHART_FONT, True)
        Color(*_ink_on(entry.colour))
        w, h = texture.size
        Rectangle(texture=texture, pos=(round(cx - w / 2), round(cy - h / 2)), size=(w, h))

    def _empty(self) -> None:
        if self.empty_text:
            self._text(self.empty_text, self.center_x, self.center_y - 12, "centre",
                       MUTED_TEXT, size=22)


class BarChart(_Chart):
    """Grouped bars: a group per category (a game, a month), a bar per series (a player)."""

    groups = ListProperty([])
    """The name of each group, under it."""
    show_letters = BooleanProperty(True)
    """The series' letter under each of its bars (players), or not (games and wins)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bars: list[Bar] = []
        self.fbind("groups", self._trigger)
        self.fbind("show_letters", self._trigger)

    def redraw(self) -> None:
        self.canvas.clear()
        self.bars = []
        values = [v for entry in self.series for v in entry.values if v is not None]
        with self.canvas:
            if not self.groups or not self.series or not any(values):
                self._empty()
                return
            self._legend(self.top)
            label_height = _line_height(int(self.font_size))
            letters_height = label_height + 2 if self.show_letters else 0
            group_width = (self.width - 16 - _axis_width(values, int(self.font_size))) / len(
                self.groups)
            label_lines, every = self._label_layout(group_width)
            bottom = self.y + label_height * label_lines + letters_height + 6
            top = self.top - LEGEND_HEIGHT - label_height / 2 - 6
            left = self.x + 8 + _axis_width(values, int(self.font_size))
            right = self.right - 8
            if top - bottom < 40 or right - left < 40:
                return
            scale_max, ticks = nice_ticks(max(values))
            self._axis(left, right, bottom, top, scale_max, ticks)
            count = len(self.series)
            size = int(self.font_size)
            gap = min(16.0, group_width * 0.25)
            bar_width = max(2.0, min(64.0, (group_width - gap) / count))
            inner = min(4.0, bar_width * 0.2)
            widest = max(_text_width(_number(v), size) for v in values)
            show_values = bar_width - inner >= widest + 2  # every value, or none (no clutter)
            for group, name in enumerate(self.groups):
                start = left + group * group_width + (group_width - bar_width * count) / 2
                for index, entry in enumerate(self.series):
                    value = entry.values[group] if group < len(entry.values) else None
                    x = start + index * bar_width
                    height = (top - bottom) * (value or 0) / scale_max
                    Color(*entry.colour)
                    Rectangle(pos=(x + inner / 2, bottom),
                              size=(bar_width - inner, max(height, 0)))
                    self.bars.append(Bar(group, index, float(value or 0), x + inner / 2, bottom,
                                         bar_width - inner, height))
                    if value is not None and show_values:
                        self._text(_number(value), x + bar_width / 2, bottom + height + 1,
                                   "centre")
                    if self.show_letters and bar_width >= 18:
                        self._text(entry.letter, x + bar_width / 2, bottom - letters_height,
                                   "centre", MUTED_TEXT, bold=True)
                if group % every == 0:
                    self._group_label(name, left + group * group_width, group_width,
                                      bottom - letters_height - 4, label_lines)

    def _label_layout(self, group_width: float) -> tuple[int, int]:
        """(lines per group name, every how many groups a name is shown): names of up to two
        lines under every group when they fit, else one line under every k-th group."""
        size = int(self.font_size)
        fits = all(
            len(lines) <= 2 and all(_text_width(line, size) <= group_width - 4 for line in lines)
            for lines in (_wrap(str(name), group_width - 6, size) for name in self.groups))
        if fits:
            lines = max(len(_wrap(str(name), group_width - 6, size)) for name in self.groups)
            return lines, 1
        widest = max(_text_width(str(name), size) for name in self.groups) + 12
        return 1, max(1, int(-(-widest // max(group_width, 1))))

    def _axis(self, left: float, right: float, bottom: float, top: float, scale_max: float,
              ticks: Sequence[float]) -> None:
        for tick in ticks:
            y = bottom + (top - bottom) * tick / scale_max
            Color(*GRID_COLOUR)
            Line(points=[left, y, right, y], width=1)
            self._text(_number(tick), left - 6, y - _line_height(int(self.font_size)) / 2,
                       "right", MUTED_TEXT)
        Color(*AXIS_COLOUR)
        Line(points=[left, bottom, right, bottom], width=1.5)

    def _group_label(self, name: str, x: float, width: float, top: float,
                     most_lines: int) -> None:
        """The group's name centred under it, on up to ``most_lines`` lines."""
        size = int(self.font_size)
        lines = _wrap(name, width - 6, size) if most_lines > 1 else [name]
        height = _line_height(size)
        for number, line in enumerate(lines[:most_lines]):
            self._text(line, x + width / 2, top - height * (number + 1), "centre", TEXT_COLOUR)


class ShareBar(_Chart):
    """One horizontal bar split in shares (head-to-head: A's wins, B's wins, neither)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.parts: list[tuple[float, float]] = []
        """(x, width) of each share drawn."""

    def redraw(self) -> None:
        self.canvas.clear()
        self.parts = []
        total = sum(v or 0 for entry in self.series for v in entry.values)
        with self.canvas:
            if not total:
                self._empty()
                return
            x = self.x
            for entry in self.series:
                value = sum(v or 0 for v in entry.values)
                width = self.width * value / total
                Color(*entry.colour)
                Rectangle(pos=(x, self.y), size=(width, self.height))
                self.parts.append((x, width))
                if value and width >= 2 * MARKER_RADIUS + 8:
                    self._marker(x + width / 2, self.center_y, entry)
                x += width


def nice_ticks(top: float) -> tuple[float, tuple[float, ...]]:
    """A round top for an axis showing values up to ``top``, and the gridline values (about
    four): 7 → (8, (0, 2, 4, 6, 8)); 130 → (150, (0, 50, 100, 150))."""
    if top <= 0:
        return 1.0, (0.0, 1.0)
    for unit in _units():
        if top / unit <= 4:
            steps = int(-(-top // unit))
            return float(unit * steps), tuple(float(unit * n) for n in range(steps + 1))
    raise AssertionError("unreachable")  # pragma: no cover


def _units() -> Any:
    scale = 1
    while True:
        for base in (1, 2, 5):
            yield base * scale
        scale *= 10


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _axis_width(values: Sequence[float], size: int) -> float:
    top, _ticks = nice_ticks(max(values))
    return _text_width(_number(top), size) + 6


def _ink_on(colour: Sequence[float]) -> Rgba:
    """Black or white, whichever reads on ``colour``."""
    r, g, b = colour[:3]
    return (0, 0, 0, 1) if 0.299 * r + 0.587 * g + 0.114 * b >= 0.6 else (1, 1, 1, 1)


def _wrap(text: str, width: float, size: int) -> list[str]:
    if _text_width(text, size) <= width:
        return [text]
    lines: list[str] = []
    for word in text.split():
        if lines and _text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


@lru_cache(maxsize=512)
def _texture(text: str, size: int, bold: bool) -> Any:
    label = CoreLabel(text=text, font_size=size, bold=bold)
    label.refresh()
    return label.texture


def _text_width(text: str, size: int) -> float:
    return float(_texture(text, size, False).size[0])


def _line_height(size: int) -> float:
    return float(_texture("Ag", size, False).size[1])


__all__ = ["Bar", "BarChart", "Series", "ShareBar", "nice_ticks"]
