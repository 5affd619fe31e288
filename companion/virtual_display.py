"""Our own Xvfb on a free display number, for the screen tests and the benchmarks.

Nothing in the app uses it: a laptop or the Pi has a real display.
"""

from __future__ import annotations

import os
import select
import shutil
import struct
import subprocess
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SCREEN = "800x480x24"


@contextmanager
def xvfb() -> Iterator[str]:
    """``with xvfb() as display:`` a running X server ``":N"``; stopped on leaving.

    Xvfb picks a free display number itself (``-displayfd``) and writes it to a pipe, so that
    several test workers starting their servers at once never race for the same number.
    """
    if shutil.which("Xvfb") is None:
        raise RuntimeError("Xvfb is not installed (apt install xvfb)")
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write_end,),
    )
    os.close(write_end)
    try:
        number = read_display_number(read_end, server)
    finally:
        os.close(read_end)
    try:
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def read_display_number(pipe: int, server: subprocess.Popen[bytes]) -> int:
    """The display number Xvfb writes to ``pipe`` once it accepts connections (10 s at most)."""
    text = b""
    deadline = time.monotonic() + 10
    while not text.endswith(b"\n"):
        ready, _, _ = select.select([pipe], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(pipe, 16) if ready else b""
        if not chunk:
            server.kill()
            server.wait()
            raise RuntimeError("Xvfb did not start (no display number within 10 s)")
        text += chunk
    return int(text)


def screenshot(display: str, path: Path) -> int:
    """Save what X server ``display`` shows as a PNG at ``path``; return its number of colours.

    Uses ``xwd`` (Debian's x11-apps): a picture of the real screen, whatever program drew it.
    """
    if shutil.which("xwd") is None:
        raise RuntimeError("xwd is not installed (apt install x11-apps)")
    dump = subprocess.run(
        ["xwd", "-root", "-silent", "-display", display],
        capture_output=True, check=True, timeout=30,
    ).stdout
    width, height, rows = xwd_rows(dump)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png_bytes(width, height, rows))
    return len({row[i : i + 3] for row in rows for i in range(0, len(row), 3)})


def xwd_rows(dump: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and RGB rows of a 24/32-bit ZPixmap XWD dump (what ``xwd`` writes)."""
    header = struct.unpack(">25I", dump[:100])
    header_size, width, height = header[0], header[4], header[5]
    byte_order, bits_per_pixel, bytes_per_line = header[7], header[11], header[12]
    masks, colours = header[14:17], header[19]
    if bits_per_pixel != 32:
        raise ValueError(f"xwd dump with {bits_per_pixel} bits per pixel is not supported")
    start = header_size + 12 * colours
    order = "<" if byte_order == 0 else ">"
    shifts = [(mask & -mask).bit_length() - 1 for mask in masks]
    rows: list[bytes] = []
    for y in range(height):
        line = dump[start + y * bytes_per_line : start + y * bytes_per_line + 4 * width]
        pixels = struct.unpack(f"{order}{width}I", line)
        row = bytearray()
        for pixel in pixels:
            row += bytes((pixel & mask) >> shift for mask, shift in zip(masks, shifts))
        rows.append(bytes(row))
    return width, height, rows


def png_bytes(width: int, height: int, rows: list[bytes]) -> bytes:
    """An RGB PNG of ``rows`` (each ``3 * width`` bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))
