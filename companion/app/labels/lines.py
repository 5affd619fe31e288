"""How many lines a text wraps to in a width and how tall a line is, measured by Kivy's text
provider without making a texture where it can (kept: the same texts are measured at every
update while they are shown). The play screen's status line, table lines and choice buttons are
fitted with them."""

from __future__ import annotations

from functools import lru_cache

from kivy.core.text.markup import MarkupLabel
from kivy.uix.label import Label

from companion.app.labels.widths import text_width


@lru_cache(maxsize=256)
def text_lines(markup: str, font_size: float, width: float) -> int:
    """How many lines ``markup`` (bold) takes when wrapped to ``width`` at ``font_size``.

    Laid out by a core label without rendering it (the height a label's texture would have):
    a status line not measured before costs a tap ~0.15 ms, not the ~1 ms of a probe widget
    rendered."""
    height = MarkupLabel(text=markup, bold=True, font_size=font_size,
                         text_size=(width, None)).render()[1]
    return max(1, round(height / max(1, _line_height(font_size))))


@lru_cache(maxsize=16)
def _line_height(font_size: float) -> float:
    one = Label(text="Ag", bold=True, font_size=font_size)
    one.texture_update()
    return float(one.texture_size[1])


@lru_cache(maxsize=1024)
def wrapped_lines(text: str, font_size: float, width: float) -> int:
    """How many lines ``text`` (plain, regular) takes wrapped at spaces to ``width`` px, as a
    label wraps it; measured word by word without making a texture (and kept: the same table
    lines are measured at every update while they are shown)."""
    space = text_width(" ", font_size)
    count, line = 0, -1.0
    for paragraph in text.split("\n"):
        count += 1
        line = -space
        for word in paragraph.split():
            size = text_width(word, font_size)
            if line + space + size > width and line > 0:
                count += 1
                line = size
            else:
                line += space + size
    return max(1, count)


@lru_cache(maxsize=16)
def line_height(font_size: float) -> int:
    """The height of one line of regular text at ``font_size``."""
    one = Label(text="Ag", font_size=font_size)
    one.texture_update()
    return int(one.texture_size[1])


__all__ = ["line_height", "text_lines", "wrapped_lines"]
