"""Read back a QR code as the window shows it: the code's square is cut out of the frame the
window just drew (as a screenshot would be) and decoded with zxing-cpp, as a phone would.

Used by the phones' scenarios inside the app's process, so that the decoded address can be
fetched while the server still runs.
"""

from __future__ import annotations

from typing import Any

import zxingcpp
from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels


def window_crop(x: int, y: int, side: int) -> bytes:
    """The grey pixels of the window's square at (x, y) of ``side``, top row first."""
    rgb = glReadPixels(x, y, side, side, GL_RGB, GL_UNSIGNED_BYTE)
    grey = bytes((rgb[i] * 299 + rgb[i + 1] * 587 + rgb[i + 2] * 114) // 1000
                 for i in range(0, len(rgb), 3))
    rows = [grey[row * side:(row + 1) * side] for row in range(side)]
    return b"".join(reversed(rows))  # OpenGL's first row is the bottom one


def halved(pixels: bytes, side: int) -> tuple[bytes, int]:
    """The image at half the size (each 2 × 2 block averaged): the code as a camera further
    away sees it."""
    half = side // 2
    out = bytearray(half * half)
    for row in range(half):
        top, bottom = 2 * row * side, (2 * row + 1) * side
        for column in range(half):
            x = 2 * column
            out[row * half + column] = (pixels[top + x] + pixels[top + x + 1]
                                        + pixels[bottom + x] + pixels[bottom + x + 1]) // 4
    return bytes(out), half


def decode(pixels: bytes, side: int) -> str:
    """The text of the one QR code in a grey square image ("" when none is read)."""
    found = zxingcpp.read_barcodes(zxingcpp.ImageView(pixels, side, side,
                                                      zxingcpp.ImageFormat.Lum),
                                   formats=zxingcpp.BarcodeFormat.QRCode)
    return found[0].text if found else ""


def read_code(code: Any) -> dict[str, Any]:
    """What a phone reads from the QR code widget ``code`` (a ``QrCode``) as drawn now: its text,
    the text read at half the size, and how it is drawn (pixels per module, side)."""
    x, y, side = code.drawn_rect()
    pixels = window_crop(x, y, side)
    small, half = halved(pixels, side)
    return {"text": decode(pixels, side), "half_text": decode(small, half), "side": side,
            "module_pixels": code.module_pixels, "modules": code.modules,
            "dark_share": round(sum(1 for value in pixels if value < 128) / len(pixels), 3)}
