"""The builder's drawing of the track as it grows: the game board's automatic layout and its
``TrackPainter``, the end of the walk framed, the fields a way may join outlined while the
players pick one, and the field a tap hits.

The drawing is as wide as its scrolling view, or wider when the fields would be smaller than a
finger (a long track): then the view scrolls, and follows the end of the walk.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line, Rectangle
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.widget import Widget

from companion.app.boards.patamat.track import TrackPainter
from companion.app.labels.widths import text_width
from companion.games.patamat.builder import Track
from companion.geometry.patamat import BACKGROUND, SELECTED_COLOUR, Layout, layout_board

SMALLEST_FIELD = 40
"""A field's side at the least, in pixels: tapped within 0.62 side of its centre, a target of
about 50 px."""
END_COLOUR = SELECTED_COLOUR
JOIN_COLOUR = (0.35, 0.85, 1.0, 1)
OPEN_FORK_COLOUR = (1.0, 0.55, 0.1, 1)
MARGIN = 6


class TrackDrawing(Widget):
    """Draws ``track``; ``end`` is the field the walk has reached, ``joinable`` the fields
    outlined for a join, ``open_forks`` the fields whose other way is still to be walked.
    A tap on a field fires ``on_field(field_id)``."""

    track = ObjectProperty(None, allownone=True)
    end = StringProperty("")
    joinable = ListProperty([])
    open_forks = ListProperty([])
    view_width = ObjectProperty(460)
    """The width of the scrolling view it is drawn in."""

    __events__ = ("on_field",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._layout: Layout | None = None
        self._textures: dict[tuple[Any, ...], Any] = {}
        self.painter = TrackPainter(place=self.place, text=self._text)
        self.size_hint = (None, None)
        self.bind(track=self._relayout, view_width=self._relayout, pos=self._redraw,
                  end=self._redraw, joinable=self._redraw, open_forks=self._redraw)

    def on_field(self, field_id: str) -> None:
        """A field was tapped (the screen decides what it means)."""

    # -- geometry ----------------------------------------------------------------------------------

    def place(self, field_id: str) -> tuple[float, float, float]:
        """(centre x, centre y, side) of a field in the parent's coordinates."""
        assert self._layout is not None and self.track is not None
        ux, uy = self._layout.centres[field_id]
        side = self._layout.start_side if field_id == self.track.start else self._layout.side
        scale = self.width
        return self.x + ux * scale, self.top - uy * scale, side * scale

    def field_at(self, x: float, y: float) -> str | None:
        if self.track is None or self._layout is None:
            return None
        best, distance = None, math.inf
        for field_id in self.track.fields:
            cx, cy, side = self.place(field_id)
            gap = math.dist((x, y), (cx, cy))
            if gap <= side * 0.62 and gap < distance:
                best, distance = field_id, gap
        return best

    @property
    def field_side(self) -> float:
        """A field's side in pixels."""
        return self._layout.side * self.width if self._layout else 0.0

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos):
            return False
        field_id = self.field_at(*touch.pos)
        if field_id is not None:
            self.dispatch("on_field", field_id)
        return True

    # -- drawing -----------------------------------------------------------------------------------

    def _relayout(self, *_: Any) -> None:
        track: Track | None = self.track
        if track is None:
            self._layout = None
            self.canvas.clear()
            return
        self._layout = layout_board(track.fields, track.start, track.finish, panel=0)
        width = max(float(self.view_width), SMALLEST_FIELD / self._layout.side)
        layout = self._layout
        bottom = max(y + (layout.start_side if f == track.start else layout.side) / 2
                     for f, (_x, y) in layout.centres.items())
        self.size = (width, bottom * width + MARGIN)
        self._redraw()

    def _redraw(self, *_: Any) -> None:
        self.canvas.clear()
        track: Track | None = self.track
        if track is None or self._layout is None:
            return
        self._old, self._textures = self._textures, {}
        with self.canvas:
            Color(*BACKGROUND)
            Rectangle(pos=self.pos, size=self.size)
            self.painter.draw_edges(track.fields)
            for field_id, spot in track.fields.items():
                self.painter.draw_field(field_id, spot)
            for field_id in self.open_forks:
                self._frame(field_id, OPEN_FORK_COLOUR, 3, dashed=True)
            for field_id in self.joinable:
                self._frame(field_id, JOIN_COLOUR, 2.5)
            if self.end in track.fields:
                self._frame(self.end, END_COLOUR, 4, grow=5)

    def _frame(self, field_id: str, colour: Sequence[float], width: float, grow: float = 3,
               dashed: bool = False) -> None:
        if field_id not in (self.track.fields if self.track else {}):
            return
        x, y, side = self.place(field_id)
        half = side / 2 + grow
        Color(*colour)
        if dashed:
            Line(circle=(x, y, half * 1.25), width=width)
        else:
            Line(rounded_rectangle=(x - half, y - half, 2 * half, 2 * half, side * 0.25),
                 width=width)

    def _text(self, text: str, x: float, y: float, font: float, width: float,
              colour: Sequence[float], wrap: bool = False) -> None:
        size = int(font)
        while size > 10 and text_width(text, size, bold=True) > width:
            size -= 1
        key = (text, size, tuple(colour))
        texture = self._textures.get(key) or self._old.get(key)
        if texture is None:
            label = CoreLabel(text=text, font_size=size, bold=True, color=tuple(colour))
            label.refresh()
            texture = label.texture
        self._textures[key] = texture
        Color(1, 1, 1, 1)
        Rectangle(texture=texture, size=texture.size,
                  pos=(x - texture.width / 2, y - texture.height / 2))

    _old: dict[tuple[Any, ...], Any] = {}
