"""tools/pi-check.sh: the companion installed as a user installs it, on an emulated arm64 Pi.

Slow (an arm64 Debian root built with debootstrap and run under qemu: the first run takes
the better part of an hour) and needs root, so it runs only with ``PI_CHECK=1``.
"""

from __future__ import annotations

import os
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tools" / "pi-check.sh"

pytestmark = pytest.mark.skipif(
    os.environ.get("PI_CHECK") != "1",
    reason="the emulated Pi check is slow and needs root: run with PI_CHECK=1",
)


def png_colours(path: Path) -> set[bytes]:
    """The distinct pixel values of an 8-bit RGB or RGBA, non-interlaced PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, idat = 8, b""
    width = height = channels = 0
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    colours: set[bytes] = set()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upper_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - upper_left
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - upper_left)
                best = left if pa <= pb and pa <= pc else up if pb <= pc else upper_left
                line[i] = (line[i] + best) & 0xFF
        colours.update(bytes(line[i : i + 3]) for i in range(0, stride, channels))
        previous = line
    return colours


def test_installed_on_an_emulated_pi_the_app_draws_its_home_screen(tmp_path: Path) -> None:
    artifacts = ROOT / "artifacts" / "pi-check"
    screenshot = artifacts / "home-arm64.png"
    screenshot.unlink(missing_ok=True)
    done = subprocess.run(
        ["bash", str(SCRIPT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=4 * 3600,
        check=False,
        env={**os.environ, "PI_CHECK_ARTIFACTS": str(artifacts)},
    )
    (tmp_path / "pi-check.out").write_text(done.stdout + done.stderr)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert "pi-check: ok" in done.stdout
    assert screenshot.is_file()
    colours = png_colours(screenshot)
    assert len(colours) > 16, f"the screenshot has only {len(colours)} colours"
