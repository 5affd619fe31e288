"""The electronic die's logic, free of hardware: runs under MicroPython and CPython.

``main.py`` wires it to the Pico's pins; the tests run it under CPython. Written in the
subset both understand: no dataclasses, only plain f-strings, no typing imports
at run time (annotations naming callables are strings, never evaluated).

Protocol (one ASCII line each way, ``\\n``-terminated; see ``hardware/README.md``):

* die -> host: ``HELLO companion-die 1`` at start-up and in answer to ``HELLO``;
  ``ROLL n`` (n in 1..6) after every roll; ``ERR <why>`` for a line it does not know.
* host -> die: ``ASK`` (roll now, as if the button was pressed), ``HELLO``.
"""

try:
    from collections.abc import Callable  # noqa: F401  (annotations only; not on MicroPython)
except ImportError:  # pragma: no cover - MicroPython
    pass

DEVICE_NAME = "companion-die"
PROTOCOL_VERSION = 1
HELLO_LINE = f"HELLO {DEVICE_NAME} {PROTOCOL_VERSION}"
FACES = 6
MAX_LINE = 64
"""Longest command line the die keeps; longer input is dropped as noise."""

_BYTE_VALUES = 256
_ACCEPT_BELOW = _BYTE_VALUES - _BYTE_VALUES % FACES  # 252: a multiple of 6, so no face is favoured


def roll_from_bytes(random_bytes: "Callable[[int], bytes]") -> int:
    """A fair face 1..6 by rejection sampling over random bytes.

    ``random_bytes(n)`` returns n random bytes (``os.urandom`` on the Pico, whose ROSC
    feeds it). Bytes 252..255 are thrown away: 252 values split evenly over six faces,
    256 would not (``b % 6`` would favour 1..4).
    """
    while True:
        for byte in random_bytes(4):
            if byte < _ACCEPT_BELOW:
                return byte % FACES + 1


def ticks_diff_plain(later: int, earlier: int) -> int:
    """Difference of two millisecond counters that do not wrap (CPython tests)."""
    return later - earlier


class Debouncer:
    """A contact is taken as pressed or released once it has held still for ``stable_ms``.

    Feed :meth:`update` with the raw reading (True = pressed) and the millisecond clock,
    as often as you like; it returns True exactly once per debounced press.
    ``ticks_diff`` is ``time.ticks_diff`` on MicroPython (its counter wraps).
    """

    def __init__(
        self, stable_ms: int = 20, ticks_diff: "Callable[[int, int], int]" = ticks_diff_plain
    ) -> None:
        self.stable_ms = stable_ms
        self.is_pressed = False
        self._ticks_diff = ticks_diff
        self._raw = False
        self._raw_since = 0

    def update(self, raw_pressed: bool, now_ms: int) -> bool:
        if raw_pressed != self._raw:
            self._raw = raw_pressed
            self._raw_since = now_ms
            return False
        if raw_pressed == self.is_pressed:
            return False
        if self._ticks_diff(now_ms, self._raw_since) < self.stable_ms:
            return False
        self.is_pressed = raw_pressed
        return raw_pressed


# Seven-segment digit, segments a b c d e f g (a on top, then clockwise, g in the middle).
SEGMENTS = {
    0: (1, 1, 1, 1, 1, 1, 0),
    1: (0, 1, 1, 0, 0, 0, 0),
    2: (1, 1, 0, 1, 1, 0, 1),
    3: (1, 1, 1, 1, 0, 0, 1),
    4: (0, 1, 1, 0, 0, 1, 1),
    5: (1, 0, 1, 1, 0, 1, 1),
    6: (1, 0, 1, 1, 1, 1, 1),
}
BLANK = (0, 0, 0, 0, 0, 0, 0)
DASH = (0, 0, 0, 0, 0, 0, 1)
"""Shown while rolling and before the first roll."""

# Seven LEDs laid out like the pips of a die:
#   0 . 1
#   2 3 4
#   5 . 6
PIPS = {
    1: (0, 0, 0, 1, 0, 0, 0),
    2: (1, 0, 0, 0, 0, 0, 1),
    3: (1, 0, 0, 1, 0, 0, 1),
    4: (1, 1, 0, 0, 0, 1, 1),
    5: (1, 1, 0, 1, 0, 1, 1),
    6: (1, 1, 1, 0, 1, 1, 1),
}


def segments_for(face: int) -> "tuple[int, ...]":
    """The seven segment levels showing ``face`` (a dash for anything else)."""
    return SEGMENTS[face] if 1 <= face <= FACES else DASH


def pips_for(face: int) -> "tuple[int, ...]":
    """The seven pip-LED levels showing ``face`` (all off for anything else)."""
    return PIPS.get(face, BLANK)


def roll_line(face: int) -> str:
    return f"ROLL {face}"


def reply(line: str, roll: "Callable[[], int]") -> "str | None":
    """The die's answer to one host line, or None for an empty line.

    ``roll()`` performs a roll (and shows it); it is called for ``ASK`` only.
    """
    command = line.strip().upper()
    if not command:
        return None
    if command == "ASK":
        return roll_line(roll())
    if command == "HELLO":
        return HELLO_LINE
    return "ERR unknown command " + repr(line.strip()[:MAX_LINE])


class LineReader:
    """Collects characters into command lines, dropping over-long ones."""

    def __init__(self) -> None:
        self._chars = []  # type: list[str]
        self._overflow = False

    def feed(self, text: str) -> "list[str]":
        """Add received text; return the complete lines in it (without line ends)."""
        lines = []  # type: list[str]
        for char in text:
            if char in "\r\n":
                if self._chars and not self._overflow:
                    lines.append("".join(self._chars))
                self._chars = []
                self._overflow = False
            elif len(self._chars) >= MAX_LINE:
                self._overflow = True
            else:
                self._chars.append(char)
        return lines
