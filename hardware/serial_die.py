"""The electronic die on a serial line (a Pico on USB, see ``hardware/firmware/``).

Protocol (``hardware/README.md`` has the full table): ASCII lines ending in ``\\n``
(``\\r\\n`` accepted). The die says ``HELLO companion-die 1`` when it starts and when asked
with ``HELLO``, and ``ROLL n`` (n = 1..6) after every roll; the host may send ``ASK`` to
have it roll. Anything else from the die is logged and ignored.

:class:`SerialDie` keeps a reader thread on the port: it reopens the port with back-off
after the cable is pulled, reports its state through ``on_status`` and every roll through
``on_roll``, both delivered through ``post``. :func:`wait_for_roll` is the blocking
one-shot version for the terminal player.

Any pyserial URL works: a device path (``/dev/companion-die``), ``loop://``,
``socket://host:port``, ``rfc2217://...``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import serial  # type: ignore[import-untyped]

from hardware import Post, call_now

log = logging.getLogger(__name__)

DEVICE_NAME = "companion-die"
PROTOCOL_VERSION = 1
FACES = 6
BAUDRATE = 115200
"""Nominal: USB CDC ignores it, a real UART needs it."""
DEFAULT_BACKOFF = (0.5, 1.0, 2.0, 5.0)
"""Seconds to wait before each reopen attempt; the last value repeats."""
READ_TIMEOUT = 0.1
"""Seconds a read may block; bounds how long :meth:`SerialDie.close` takes."""
MAX_LINE = 256
"""Bytes without a line end after which the buffer is dropped as noise."""

ASK = b"ASK\n"
HELLO = b"HELLO\n"

SerialFactory = Callable[..., Any]
"""``serial.serial_for_url`` or a stand-in with its signature."""


class DieProtocolError(ValueError):
    """A line from the die that is not part of the protocol."""


@dataclass(frozen=True)
class Roll:
    """``ROLL n``: the die shows ``face``."""

    face: int


@dataclass(frozen=True)
class Hello:
    """``HELLO <device> <version>``: the die introduces itself."""

    device: str
    version: int


@dataclass(frozen=True)
class DieError:
    """``ERR <text>``: the die did not understand us."""

    text: str


DieMessage = Roll | Hello | DieError


def parse_die_line(line: str) -> DieMessage:
    """One line from the die as a typed message; raises :class:`DieProtocolError`.

    >>> parse_die_line("ROLL 4")
    Roll(face=4)
    """
    words = line.split()
    if len(words) == 2 and words[0].upper() == "ROLL":
        if not words[1].isdigit():
            raise DieProtocolError(f"roll value {words[1]!r} is not a number")
        face = int(words[1])
        if not 1 <= face <= FACES:
            raise DieProtocolError(f"roll value {face} is outside 1..{FACES}")
        return Roll(face)
    if len(words) == 3 and words[0].upper() == "HELLO" and words[2].isdigit():
        return Hello(words[1], int(words[2]))
    if words and words[0].upper() == "ERR":
        return DieError(line.strip()[3:].strip())
    raise DieProtocolError(f"not a die message: {line!r}")


class LineBuffer:
    """Bytes in, complete lines out; partial lines wait for the rest."""

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self._pending = bytearray()
        self._max_line = max_line

    def feed(self, data: bytes) -> list[str]:
        self._pending += data
        *lines, rest = self._pending.split(b"\n")
        self._pending = bytearray(rest)
        if len(self._pending) > self._max_line:
            log.warning("die: dropped %d bytes without a line end", len(self._pending))
            self._pending.clear()
        texts = (raw.decode("ascii", errors="replace").strip() for raw in lines)
        return [text for text in texts if text]


def open_port(
    url: str,
    *,
    baudrate: int = BAUDRATE,
    timeout: float = READ_TIMEOUT,
    serial_factory: SerialFactory = serial.serial_for_url,
) -> Any:
    """Open ``url`` exclusively where the platform supports it (flock on POSIX)."""
    try:
        return serial_factory(url, baudrate=baudrate, timeout=timeout, exclusive=True)
    except ValueError as error:
        if "exclusive" not in str(error):
            raise
        return serial_factory(url, baudrate=baudrate, timeout=timeout)


class SerialDie:
    """The electronic die: rolls from a serial port, delivered through ``post``.

    ``on_roll(face)`` fires for every valid ``ROLL n``. ``on_status(text)`` fires on every
    change of state: ``"connected"``, ``"hello: companion-die 1"``,
    ``"disconnected: <reason>"`` (cable pulled, port missing or busy; reported once per
    outage while the port is reopened with ``backoff``), ``"closed"``. The reader thread
    starts at once; :meth:`close` stops and joins it and closes the port.
    """

    def __init__(
        self,
        url: str,
        *,
        on_roll: Callable[[int], None] | None = None,
        on_status: Callable[[str], None] | None = None,
        post: Post = call_now,
        baudrate: int = BAUDRATE,
        backoff: Sequence[float] = DEFAULT_BACKOFF,
        read_timeout: float = READ_TIMEOUT,
        serial_factory: SerialFactory = serial.serial_for_url,
    ) -> None:
        if not backoff:
            raise ValueError("backoff needs at least one delay")
        self.url = url
        self.source = f"serial:{url}"
        self.status = "connecting"
        self._on_roll = on_roll
        self._on_status = on_status
        self._post = post
        self._baudrate = baudrate
        self._backoff = tuple(backoff)
        self._read_timeout = read_timeout
        self._serial_factory = serial_factory
        self._port: Any = None
        self._port_lock = threading.Lock()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"serial-die {url}", daemon=True)
        self._thread.start()

    @property
    def is_connected(self) -> bool:
        return self._port is not None

    def request_roll(self) -> bool:
        """Ask the die to roll (``ASK``); False if it is not connected right now."""
        with self._port_lock:
            if self._port is None:
                log.info("die: ASK not sent, %s", self.status)
                return False
            try:
                self._port.write(ASK)
            except (serial.SerialException, OSError) as error:
                log.warning("die: ASK failed: %s", error)
                return False
        return True

    def close(self) -> None:
        """Stop the reader thread and close the port; safe to call twice."""
        if self._stopping.is_set():
            return
        self._stopping.set()
        with self._port_lock:
            port = self._port
        if port is not None and hasattr(port, "cancel_read"):
            try:
                port.cancel_read()
            except Exception:  # noqa: BLE001 - best effort, the timeout ends the read too
                pass
        self._thread.join()
        self._report("closed")

    def __enter__(self) -> SerialDie:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _run(self) -> None:
        failures = 0
        while not self._stopping.is_set():
            try:
                port = open_port(
                    self.url,
                    baudrate=self._baudrate,
                    timeout=self._read_timeout,
                    serial_factory=self._serial_factory,
                )
            except (serial.SerialException, OSError, ValueError) as error:
                if self.status.startswith("disconnected"):  # one report per outage
                    log.debug("die: still disconnected: %s", _reason(error))
                else:
                    self._report(f"disconnected: {_reason(error)}")
                delay = self._backoff[min(failures, len(self._backoff) - 1)]
                failures += 1
                log.debug("die: reopening %s in %.2f s", self.url, delay)
                self._stopping.wait(delay)
                continue
            failures = 0
            self._serve(port)

    def _serve(self, port: Any) -> None:
        with self._port_lock:
            self._port = port
        self._report("connected")
        buffer = LineBuffer()
        try:
            port.write(HELLO)
            while not self._stopping.is_set():
                data = port.read(port.in_waiting or 1)
                for line in buffer.feed(data):
                    self._handle(line)
        except (serial.SerialException, OSError, TypeError, AttributeError) as error:
            # TypeError/AttributeError: pyserial's read on a port closed under it.
            if not self._stopping.is_set():
                self._report(f"disconnected: {_reason(error)}")
        finally:
            with self._port_lock:
                self._port = None
            try:
                port.close()
            except Exception:  # noqa: BLE001 - the port is gone either way
                pass

    def _handle(self, line: str) -> None:
        try:
            message = parse_die_line(line)
        except DieProtocolError as error:
            log.warning("die: ignored %s", error)
            return
        if isinstance(message, Roll):
            if self._on_roll is not None:
                on_roll, face = self._on_roll, message.face
                self._post(lambda: on_roll(face))
        elif isinstance(message, Hello):
            if message.device != DEVICE_NAME or message.version != PROTOCOL_VERSION:
                log.warning("die: unexpected device %r version %d", message.device, message.version)
            self._report(f"hello: {message.device} {message.version}")
        else:
            log.warning("die: reports error %r", message.text)

    def _report(self, status: str) -> None:
        if status == self.status:
            return
        self.status = status
        log.info("die %s: %s", self.url, status)
        if self._on_status is not None:
            on_status = self._on_status
            self._post(lambda: on_status(status))


def wait_for_roll(
    url: str,
    timeout: float,
    *,
    ask: bool = False,
    baudrate: int = BAUDRATE,
    serial_factory: SerialFactory = serial.serial_for_url,
) -> int:
    """Block until the die at ``url`` reports a roll; return the face.

    With ``ask=True`` the die is asked to roll first. Raises ``TimeoutError`` after
    ``timeout`` seconds and ``serial.SerialException`` if the port cannot be opened.
    Garbage and out-of-range lines are logged and skipped.
    """
    deadline = time.monotonic() + timeout
    port = open_port(
        url, baudrate=baudrate, timeout=min(READ_TIMEOUT, timeout), serial_factory=serial_factory
    )
    try:
        if ask:
            port.write(ASK)
        buffer = LineBuffer()
        while time.monotonic() < deadline:
            for line in buffer.feed(port.read(port.in_waiting or 1)):
                try:
                    message = parse_die_line(line)
                except DieProtocolError as error:
                    log.warning("die: ignored %s", error)
                    continue
                if isinstance(message, Roll):
                    return message.face
        raise TimeoutError(f"no roll from {url} within {timeout} s")
    finally:
        port.close()


def _reason(error: BaseException) -> str:
    return str(error) or type(error).__name__
