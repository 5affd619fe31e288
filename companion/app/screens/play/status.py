"""The play screen's status line (whose turn, what is awaited) fitted to its band: two lines at
the largest font that fits, else three at 20 px; each text and width measured once."""

from __future__ import annotations

from typing import Any

from kivy.utils import escape_markup, get_hex_from_color

from companion.app.labels.lines import text_lines

STATUS_FONT_SIZES = (26, 24, 22, 20)
"""The status line's font, a step smaller while it needs more than two lines (never < 20)."""
STATUS_MAX_LINES = 3
"""At the smallest size a third line is allowed; beyond that the end is cut, never the name."""
STATUS_ONE_LINE = 56
"""The status line's band for one line while the table lines need all the room."""


def coloured_status(text: str, looks: list[Any], seat: int | None) -> str:
    """Kivy markup of the status line with the mover's name in the mover's colour."""
    plain = str(escape_markup(text))
    if seat is None or seat >= len(looks) or not text.startswith(looks[seat].name):
        return plain
    name = str(escape_markup(looks[seat].name))
    colour = get_hex_from_color(_readable(looks[seat].colour))
    return f"[color={colour}]{name}[/color]{plain[len(name):]}"


def _readable(colour: Any) -> tuple[float, float, float, float]:
    """The colour lightened until it reads well on the dark background."""
    r, g, b = colour[:3]
    while 0.299 * r + 0.587 * g + 0.114 * b < 0.55:
        r, g, b = (r + (1 - r) * 0.25, g + (1 - g) * 0.25, b + (1 - b) * 0.25)
    return (r, g, b, 1.0)

def status_font(markup: str, width: float) -> tuple[int, int]:
    """The status line's font size and most lines: two lines at the largest size that fits,
    else three at 20 px."""
    for size in STATUS_FONT_SIZES:
        if text_lines(markup, size, width) <= 2:
            return size, 2
    return STATUS_FONT_SIZES[-1], STATUS_MAX_LINES


class StatusLine:
    """The status line of one play screen (its ``ids.status`` label and its ``status_*``
    properties)."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self._fitted: tuple[str, float] = ("", 0.0)

    def fit(self) -> None:
        """Pick the status font: two lines at the largest size that fits, else 20 px.

        Measured only when the text or the width changed."""
        screen = self.screen
        label = screen.ids.status
        width = label.width
        if width <= 1 or not screen.status_markup:
            return
        if self._fitted == (screen.status_markup, width):
            return
        self._fitted = (screen.status_markup, width)
        screen.status_font_size, screen.status_max_lines = status_font(screen.status_markup, width)

    def fit_ahead(self, markup: str) -> tuple[int, int] | None:
        """Measure a foreseen status line as :meth:`fit` will (the measurements are
        kept): its tap then finds them made. Its font size and most lines (None while the
        status line has no width)."""
        width = self.screen.ids.status.width
        if width <= 1 or not markup:
            return None
        return status_font(markup, width)

    def is_one_line(self) -> bool:
        screen = self.screen
        width = screen.ids.status.width
        return width > 1 and bool(screen.status_markup) and text_lines(
            screen.status_markup, screen.status_font_size, width) == 1


__all__ = ["STATUS_FONT_SIZES", "STATUS_MAX_LINES", "STATUS_ONE_LINE", "StatusLine",
           "status_font"]
