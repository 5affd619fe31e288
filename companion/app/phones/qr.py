"""A QR code drawn crisp on the touchscreen, for a phone's camera at arm's length.

segno makes the code; every module becomes one texel of a small texture (a quiet zone of four
modules around it, dark on white), drawn at a whole number of screen pixels per module with
nearest-neighbour filtering: sharp edges, no grey seams between modules.
"""

from __future__ import annotations

from typing import Any

import segno
from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

QUIET_ZONE = 4
"""Light modules around the code: what a camera needs to find its edge (the standard's four)."""
ERROR_LEVEL = "l"
"""The lowest error correction: a screen is never torn or stained, and fewer modules are larger
modules. segno raises it where that costs no extra module."""
DARK = (0, 0, 0, 255)
LIGHT = (255, 255, 255, 255)


def qr_modules(text: str) -> list[list[bool]]:
    """The code for ``text`` as rows of modules (True: dark), the quiet zone included, top row
    first."""
    code = segno.make_qr(text, error=ERROR_LEVEL)
    return [[bool(module) for module in row] for row in code.matrix_iter(border=QUIET_ZONE)]


def texture_bytes(modules: list[list[bool]]) -> bytes:
    """RGBA bytes of one texel per module, bottom row first (a texture's first row is its
    bottom one)."""
    dark, light = bytes(DARK), bytes(LIGHT)
    return b"".join(dark if is_dark else light for row in reversed(modules) for is_dark in row)


class QrCode(Widget):
    """The QR code of :attr:`text`, as large as fits in the widget at a whole number of pixels
    per module, centred; nothing is drawn for an empty text."""

    text = StringProperty("")
    modules = NumericProperty(0)
    """Modules across, the quiet zone included (0 for no code)."""
    module_pixels = NumericProperty(0)
    """Screen pixels per module as drawn (0 when the widget is too small for one per module)."""

    def __init__(self, **kwargs: Any) -> None:
        self._texture: Texture | None = None
        super().__init__(**kwargs)
        with self.canvas:
            self._colour = Color(1, 1, 1, 0)
            self._rect = Rectangle()
        self.bind(text=self._make, pos=self._place, size=self._place)
        self._make()

    def _make(self, *_: Any) -> None:
        if not self.text:
            self._texture = None
            self.modules = 0
            self._place()
            return
        modules = qr_modules(self.text)
        side = len(modules)
        texture = Texture.create(size=(side, side), colorfmt="rgba")
        texture.mag_filter = "nearest"
        texture.min_filter = "nearest"
        texture.blit_buffer(texture_bytes(modules), colorfmt="rgba", bufferfmt="ubyte")
        self._texture = texture
        self.modules = side
        self._place()

    def _place(self, *_: Any) -> None:
        if self._texture is None or self.modules == 0:
            self._colour.a = 0
            self.module_pixels = 0
            return
        scale = int(min(self.width, self.height) // self.modules)
        self.module_pixels = scale
        side = scale * self.modules
        self._colour.a = 1 if scale > 0 else 0
        self._rect.texture = self._texture
        self._rect.size = (side, side)
        self._rect.pos = (round(self.center_x - side / 2), round(self.center_y - side / 2))

    def drawn_rect(self) -> tuple[int, int, int]:
        """(x, y, side) of the code as drawn, in window pixels (the quiet zone included)."""
        x, y = self.to_window(*self._rect.pos)
        return round(x), round(y), round(self._rect.size[0])


class QrButton(ButtonBehavior, QrCode):
    """A code that can be tapped (the result screen's, to show it larger)."""
