"""The Pat a Mat board's texts as textures: rendered once and kept while they are shown, a few
kept for good, the next input's paragraph rendered ahead, and paragraphs measured without
rendering.

A part of :class:`~companion.app.boards.patamat.board.PatamatBoard` (``board.texts``); the
track's painter draws its labels through it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Rectangle

from companion.app.labels.widths import text_width

INSTRUCTION_COLOUR = (1, 0.92, 0.6, 1)
"""The colour of the panel's paragraph (what to do, what to change on the table)."""
TEXT_HEIGHTS_KEPT = 200
"""Paragraph heights remembered (all forgotten at once when full: a few kB)."""
KEPT_TEXTURES = 60
"""Textures kept for good (a letter or a noun, ~1-5 kB each: six kinds of car at the three
sizes a car is drawn, in two languages); all are let go when that many are kept."""


class BoardTexts:
    """The board's text textures by (text, size, colour, width)."""

    def __init__(self) -> None:
        self._textures: dict[tuple[Any, ...], Any] = {}
        self._old_textures: dict[tuple[Any, ...], Any] = {}
        self._ahead: dict[tuple[Any, ...], Any] = {}
        """Textures rendered ahead for the inputs the table may get next (:meth:`render_ahead`),
        until the next :meth:`forget_ahead`."""
        self._kept: dict[tuple[Any, ...], Any] = {}
        """The textures kept for good (:meth:`texture`)."""
        self._heights: dict[tuple[str, int, int], float] = {}
        """Instruction paragraphs' heights by (text, font size, width) (:meth:`height`)."""

    def next_redraw(self) -> None:
        """Texts of this redraw and the one before stay cached; older ones (last turn's
        instructions) are let go, the canvas keeps what it still shows."""
        self._old_textures, self._textures = self._textures, {}

    def forget_ahead(self) -> None:
        """The input came: what it shows is drawn, the rest is let go."""
        self._ahead = {}

    def draw(self, text: str, x: float, y: float, font: float, width: float,
             colour: Sequence[float], wrap: bool = False, is_kept: bool = False) -> None:
        """``text`` centred on (x, y), bold, at ``font`` px or less so that it fits ``width``
        (``wrap``: its longest word does, the text wraps in ``width``)."""
        size = int(font)
        longest = max(text.split(), key=len) if wrap and text.split() else text
        while size > 10 and text_width(longest, size, bold=True) > width:
            size -= 1
        texture = self.texture(text, size, colour, width=int(width) if wrap else None,
                               is_kept=is_kept)
        Color(1, 1, 1, 1)
        Rectangle(texture=texture, size=texture.size,
                  pos=(x - texture.width / 2, y - texture.height / 2))

    def texture(self, text: str, size: int, colour: Sequence[float],
                width: int | None = None, is_kept: bool = False) -> Any:
        """A text's texture, kept while it is shown and for one redraw more; one
        ``is_kept`` (the cars' letters, the legend's nouns: the same few, drawn again
        whenever the cars move or the legend comes back) for good."""
        key = (text, size, tuple(colour), width)
        if is_kept:
            texture = self._kept.get(key)
            if texture is None:
                if len(self._kept) >= KEPT_TEXTURES:
                    self._kept.clear()
                texture = self._kept[key] = rendered(text, size, colour, width)
            return texture
        if key not in self._textures:
            kept = self._old_textures.get(key) or self._ahead.get(key)
            self._textures[key] = kept or rendered(text, size, colour, width)
        return self._textures[key]

    def render_ahead(self, text: str, font: int, width: int) -> None:
        """The paragraph ``text`` an input foreseen would show, rendered now (kept until
        :meth:`forget_ahead`, which lets go of those not shown)."""
        key = (text, font, tuple(INSTRUCTION_COLOUR), width)
        if key not in self._textures and key not in self._ahead:
            texture = self._ahead[key] = rendered(text, font, INSTRUCTION_COLOUR, width)
            texture.bind()  # its pixels now (Kivy renders them at the first draw)

    def paragraph_font(self, text: str, width: float, height: float) -> int:
        """22 px when the paragraph fits ``height`` at it, else 20 (measured, not rendered)."""
        return 22 if self.height(text, 22, int(width)) <= height else 20

    def height(self, text: str, size: int, width: int) -> float:
        """The height of an instruction paragraph at ``size`` (as its texture would have it),
        laid out without rendering: a size tried and not shown is never rendered."""
        key = (text, size, width)
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) >= TEXT_HEIGHTS_KEPT:
                self._heights.clear()
            height = self._heights[key] = float(
                core_label(text, size, INSTRUCTION_COLOUR, width).render()[1])
        return height


def core_label(text: str, size: int, colour: Sequence[float], width: int | None) -> Any:
    """A board text's core label (bold; a one-line small text in a width centred)."""
    return CoreLabel(text=text, font_size=size, bold=True, color=tuple(colour),
                     text_size=(width, None) if width else (None, None),
                     halign="center" if width and "\n" not in text and size < 20 else "left")


def rendered(text: str, size: int, colour: Sequence[float], width: int | None) -> Any:
    """A board text's texture."""
    label = core_label(text, size, colour, width)
    label.refresh()
    return label.texture


__all__ = ["INSTRUCTION_COLOUR", "BoardTexts", "core_label", "rendered"]
