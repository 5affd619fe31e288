"""How wide a text is on screen, measured by Kivy's text provider without making a texture
(fitting a text to a button or a row tries several; only what is shown is rendered)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=2048)
def text_width(text: str, font_size: float, bold: bool = False) -> int:
    """The width of one line of ``text`` in Roboto at ``font_size`` (px)."""
    from kivy.core.text import Label as CoreLabel

    return int(CoreLabel(font_size=font_size, bold=bold).get_extents(text)[0])


__all__ = ["text_width"]
