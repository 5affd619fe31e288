"""The boards name their fields where a player can read them (issue #25, item 4).

Quoridor (2 and 4 players) and PAC-MAN name rows 1–9 and columns a–i along their edges, Crash
its rows a–o and numbers 1–13, Člověče numbers its fields (on the cross's fields, outside the
ring): each board is shown at 800 × 480 in Czech and English, its names are checked against
where its pieces stand, and their contrast is measured in the screenshot itself.
"""

from __future__ import annotations

import functools
import itertools
import json
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from conftest import SCREENSHOTS, run_scenario_script
from run_once import once_a_run

from companion.games.quoridor.board import COLUMNS

SCRIPT = Path(__file__).parent / "scenarios" / "coords.py"
SMALLEST_FONT = 14
"""Pixels: the least a name read at arm's length on the 7" screen may be."""
LEAST_CONTRAST = 4.5
"""WCAG's ratio for normal text, between a name's glyphs and what is around them."""
QUORIDOR_NAMES = [str(row) for row in range(1, 10)] + list(COLUMNS)
EXPECTED = {
    "quoridor_2": QUORIDOR_NAMES,
    "quoridor_4": QUORIDOR_NAMES,
    "pacman": QUORIDOR_NAMES,
    "crash": list("abcdefghijklmno") + [str(number) for number in range(1, 14)],
    "clovece_4": [str(number) for number in range(40)],
    "clovece_6": [str(number) for number in range(0, 48, 2)],
    "clovece_6_72": [str(number) for number in range(0, 72, 2)],
}
ON_THEIR_FIELDS = {"clovece_4"}
"""Boards whose numbers stand on their own fields (as on the printed board): a piece there
covers its number, and no other field is touched."""


@pytest.fixture(scope="module", params=["en", "cs"])
def shown(request: Any, display: str, tmp_path_factory: pytest.TempPathFactory
          ) -> dict[str, Any]:
    """What the boards scenario saw in one language: one app run for all the tests here, in
    whichever test worker asks first (``run_once``)."""
    lang = request.param
    seen_file = f"boards_{lang}.json"

    def observe(work: Path) -> None:
        run_scenario_script(SCRIPT, "boards", display, work, lang, store=work / "store.sqlite3",
                            out=work / seen_file)

    work = once_a_run(tmp_path_factory, f"coords_{lang}", observe)
    boards: dict[str, Any] = json.loads((work / seen_file).read_text(encoding="utf-8"))["boards"]
    return boards


def overlap(a: list[float], b: list[float], slack: float = 0.5) -> bool:
    return (a[0] + slack < b[0] + b[2] and b[0] + slack < a[0] + a[2]
            and a[1] + slack < b[1] + b[3] and b[1] + slack < a[1] + a[3])


@pytest.mark.parametrize("board", sorted(EXPECTED))
def test_every_name_is_drawn_big_enough_inside_the_board(shown: dict[str, Any],
                                                         board: str) -> None:
    seen = shown[board]
    labels = seen["labels"]
    assert [label[0] for label in labels] == EXPECTED[board]
    x, y, w, h = seen["rect"]
    for text, size, lx, ly, lw, lh in labels:
        assert size >= SMALLEST_FONT, text
        assert lh >= SMALLEST_FONT, text             # the drawn texture, not only the request
        assert x - 0.5 <= lx and lx + lw <= x + w + 0.5 and y - 0.5 <= ly and ly + lh <= y + h + 0.5
    for a, b in itertools.combinations(labels, 2):
        assert not overlap(a[2:], b[2:]), (a[0], b[0])


@pytest.mark.parametrize("board", sorted(EXPECTED))
def test_no_name_hides_a_place_where_a_piece_stands(shown: dict[str, Any], board: str) -> None:
    seen = shown[board]
    places = seen["places"]
    assert places
    for text, _size, *box in seen["labels"]:
        touched = [place for place in places if overlap(box, place)]
        if board in ON_THEIR_FIELDS:                  # on its own field, inside it
            assert len(touched) == 1, text
            px, py, pw, ph = touched[0]
            assert px <= box[0] and box[0] + box[2] <= px + pw, text
        else:
            assert touched == [], text


@pytest.mark.parametrize("board", sorted(EXPECTED))
def test_the_names_stand_out_from_what_is_around_them(shown: dict[str, Any],
                                                      board: str) -> None:
    """In the screenshot: the lightest and darkest pixels of each name's box (its glyphs and
    its background) differ by WCAG's contrast ratio for text."""
    seen = shown[board]
    width, height, pixels = read_png(SCREENSHOTS / f"{seen['shot']}.png")
    assert [width, height] == seen["window"] == [800, 480]
    for text, _size, x, y, w, h in seen["labels"]:
        lights = [luminance(pixels[height - 1 - row][column])
                  for row in range(int(y) + 1, int(y + h) - 1)
                  for column in range(int(x) + 1, int(x + w) - 1)]
        ratio = (max(lights) + 0.05) / (min(lights) + 0.05)
        assert ratio >= LEAST_CONTRAST, (text, round(ratio, 2))


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG's relative luminance of an sRGB colour."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(channel) for channel in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@functools.cache
def read_png(path: Path) -> tuple[int, int, list[list[tuple[int, int, int]]]]:
    """Width, height and rows of (r, g, b) from the top of an 8-bit RGB(A) PNG (what
    ``Window.screenshot`` writes)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, chunks, header = 8, b"", b""
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks += body
        offset += 12 + length
    width, height, depth, colour_type = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour_type in (2, 6) and header[12] == 0   # not interlaced
    step = 3 if colour_type == 2 else 4
    raw, stride = zlib.decompress(chunks), width * step
    rows: list[list[tuple[int, int, int]]] = []
    previous = bytearray(stride)
    for index in range(height):
        start = index * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride if kind else 0):  # filter 0 (Kivy's screenshots): as it is
            left = line[i - step] if i >= step else 0
            up, corner = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up),
                           (abs(guess - corner), 2, corner))
                line[i] = (line[i] + near[2]) & 255
        rows.append([(line[i], line[i + 1], line[i + 2]) for i in range(0, stride, step)])
        previous = line
    return width, height, rows
