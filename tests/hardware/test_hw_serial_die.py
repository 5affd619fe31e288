"""The electronic die's serial protocol, over loop:// and over a pseudo-terminal."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import serial  # type: ignore[import-untyped]

from hardware import Action
from hardware.serial_die import (
    DieError,
    DieProtocolError,
    Hello,
    LineBuffer,
    Roll,
    SerialDie,
    parse_die_line,
    wait_for_roll,
)

FAST_BACKOFF = (0.02, 0.05)
TIMEOUT = 5.0


class Table:
    """What the app sees: rolls and status lines, thread-safe, with waiting."""

    def __init__(self) -> None:
        self.rolls: list[int] = []
        self.statuses: list[str] = []
        self._changed = threading.Condition()

    def on_roll(self, face: int) -> None:
        with self._changed:
            self.rolls.append(face)
            self._changed.notify_all()

    def on_status(self, status: str) -> None:
        with self._changed:
            self.statuses.append(status)
            self._changed.notify_all()

    def wait(self, condition: Callable[[], bool]) -> None:
        with self._changed:
            assert self._changed.wait_for(condition, TIMEOUT), (self.rolls, self.statuses)


class Loop:
    """A loop:// port the test writes into as if it were the die."""

    def __init__(self) -> None:
        self.port = serial.serial_for_url("loop://", timeout=0.05)
        self.opened: list[dict[str, Any]] = []

    def factory(self, url: str, **kwargs: Any) -> Any:
        assert url == "loop://"
        self.opened.append(kwargs)
        return self.port

    def send(self, data: bytes) -> None:
        self.port.write(data)


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def loop() -> Loop:
    return Loop()


@pytest.fixture
def loop_die(table: Table, loop: Loop) -> Iterator[SerialDie]:
    die = SerialDie(
        "loop://",
        on_roll=table.on_roll,
        on_status=table.on_status,
        backoff=FAST_BACKOFF,
        serial_factory=loop.factory,
    )
    table.wait(lambda: "connected" in table.statuses)
    yield die
    die.close()


# --- the protocol, line by line ------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("ROLL 1", Roll(1)),
        ("ROLL 6", Roll(6)),
        ("roll 3", Roll(3)),
        ("HELLO companion-die 1", Hello("companion-die", 1)),
        ("ERR unknown command 'JUMP'", DieError("unknown command 'JUMP'")),
    ],
)
def test_die_lines_parse(line: str, message: object) -> None:
    assert parse_die_line(line) == message


@pytest.mark.parametrize(
    "line", ["ROLL 0", "ROLL 7", "ROLL -1", "ROLL x", "ROLL", "HI", "ROLL 2 3"]
)
def test_garbage_and_out_of_range_lines_are_refused(line: str) -> None:
    with pytest.raises(DieProtocolError):
        parse_die_line(line)


def test_partial_lines_wait_for_their_end() -> None:
    buffer = LineBuffer()
    assert buffer.feed(b"RO") == []
    assert buffer.feed(b"LL 4\r\nROLL") == ["ROLL 4"]
    assert buffer.feed(b" 2\n\n") == ["ROLL 2"]


def test_an_endless_line_is_dropped(caplog: pytest.LogCaptureFixture) -> None:
    buffer = LineBuffer(max_line=16)
    assert buffer.feed(b"x" * 40) == []
    assert buffer.feed(b"\nROLL 5\n") == ["ROLL 5"]
    assert "dropped 40 bytes" in caplog.text


# --- SerialDie over loop:// ------------------------------------------------------------


def test_the_port_is_opened_exclusively(loop_die: SerialDie, loop: Loop) -> None:
    assert loop.opened[0]["exclusive"] is True


def test_rolls_arrive_even_split_across_writes(
    loop_die: SerialDie, loop: Loop, table: Table
) -> None:
    loop.send(b"ROL")
    time.sleep(0.05)
    loop.send(b"L 5\r\nROLL 2\nRO")
    loop.send(b"LL 6\n")
    table.wait(lambda: len(table.rolls) == 3)
    assert table.rolls == [5, 2, 6]


def test_garbage_and_impossible_faces_are_logged_and_ignored(
    loop_die: SerialDie, loop: Loop, table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="hardware.serial_die")
    loop.send(b"\xff\xfe nonsense\nROLL 9\nROLL 0\nROLL three\nROLL 3\n")
    table.wait(lambda: table.rolls == [3])
    assert "outside 1..6" in caplog.text
    assert "'three' is not a number" in caplog.text
    assert "not a die message" in caplog.text


def test_hello_is_reported(loop_die: SerialDie, loop: Loop, table: Table) -> None:
    loop.send(b"HELLO companion-die 1\n")
    table.wait(lambda: "hello: companion-die 1" in table.statuses)
    assert table.statuses[:2] == ["connected", "hello: companion-die 1"]


def test_callbacks_go_through_post(loop: Loop) -> None:
    queue: list[Action] = []
    posted = threading.Event()
    rolls: list[int] = []

    def post(action: Action) -> None:
        queue.append(action)
        posted.set()

    with SerialDie("loop://", on_roll=rolls.append, post=post, serial_factory=loop.factory):
        loop.send(b"ROLL 4\n")
        assert posted.wait(TIMEOUT)
    assert rolls == []  # nothing ran in the reader thread
    for action in queue:
        action()
    assert rolls == [4]


def test_close_joins_the_reader_and_closes_the_port(
    table: Table, loop: Loop
) -> None:
    die = SerialDie("loop://", on_status=table.on_status, serial_factory=loop.factory)
    table.wait(lambda: "connected" in table.statuses)
    die.close()
    die.close()
    assert not loop.port.is_open
    assert table.statuses[-1] == "closed"
    assert not die.request_roll()


def test_a_port_that_will_not_open_is_retried_with_back_off(table: Table, loop: Loop) -> None:
    attempts: list[float] = []

    def flaky(url: str, **kwargs: Any) -> Any:
        attempts.append(time.monotonic())
        if len(attempts) < 4:
            raise serial.SerialException(f"could not open port {url}: busy")
        return loop.factory(url, **kwargs)

    with SerialDie(
        "loop://", on_status=table.on_status, backoff=FAST_BACKOFF, serial_factory=flaky
    ):
        table.wait(lambda: "connected" in table.statuses)
    assert table.statuses == [
        "disconnected: could not open port loop://: busy",
        "connected",
        "closed",
    ]
    gaps = [later - earlier for earlier, later in zip(attempts, attempts[1:])]
    expected = [FAST_BACKOFF[0], FAST_BACKOFF[1], FAST_BACKOFF[1]]  # the last delay repeats
    assert all(gap >= 0.9 * delay for gap, delay in zip(gaps, expected)), gaps


def test_wait_for_roll_over_loop(loop: Loop) -> None:
    loop.send(b"garbage\nROLL 8\nROLL 4\n")
    assert wait_for_roll("loop://", 2.0, serial_factory=loop.factory) == 4
    assert not loop.port.is_open


def test_wait_for_roll_times_out() -> None:
    started = time.monotonic()
    with pytest.raises(TimeoutError, match="no roll from loop://"):
        wait_for_roll("loop://", 0.3)
    assert time.monotonic() - started < 2


# --- SerialDie over a pseudo-terminal: a real tty, a real unplug ---------------------


class FakeCable:
    """A pty whose slave is reached through a stable symlink, as udev's /dev/companion-die.

    ``unplug()`` closes the master (reads on the slave then fail) and removes the link;
    ``plug()`` makes a fresh pty behind the same link.
    """

    def __init__(self, link: Path) -> None:
        self.link = link
        self.master: int | None = None
        self.slave: int | None = None
        self.plug()

    def plug(self) -> None:
        # The test keeps a slave fd open, as a device stays present while plugged in:
        # with no slave fd at all, reads on the master fail with EIO.
        self.master, self.slave = os.openpty()
        slave_path = os.ttyname(self.slave)
        self.link.unlink(missing_ok=True)
        self.link.symlink_to(slave_path)

    def unplug(self) -> None:
        self.link.unlink(missing_ok=True)
        for fd in (self.master, self.slave):
            if fd is not None:
                os.close(fd)
        self.master = self.slave = None

    def send(self, text: str) -> None:
        assert self.master is not None
        os.write(self.master, text.encode())

    def receive_line(self) -> str:
        """One line the host wrote to the die."""
        assert self.master is not None
        data = b""
        deadline = time.monotonic() + TIMEOUT
        while not data.endswith(b"\n") and time.monotonic() < deadline:
            data += os.read(self.master, 1)
        return data.decode().strip()


@pytest.fixture
def cable(tmp_path: Path) -> Iterator[FakeCable]:
    cable = FakeCable(tmp_path / "companion-die")
    yield cable
    cable.unplug()


@pytest.fixture
def pty_die(cable: FakeCable, table: Table) -> Iterator[SerialDie]:
    die = SerialDie(
        str(cable.link), on_roll=table.on_roll, on_status=table.on_status, backoff=FAST_BACKOFF
    )
    table.wait(lambda: "connected" in table.statuses)
    yield die
    die.close()


def test_over_a_tty_the_host_says_hello_and_hears_rolls(
    pty_die: SerialDie, cable: FakeCable, table: Table
) -> None:
    assert cable.receive_line() == "HELLO"
    cable.send("HELLO companion-die 1\r\n")
    cable.send("ROLL 1\r\nROLL 7\r\nROLL 6\r\n")
    table.wait(lambda: len(table.rolls) == 2)
    assert table.rolls == [1, 6]
    assert table.statuses == ["connected", "hello: companion-die 1"]


def test_ask_makes_the_die_roll(pty_die: SerialDie, cable: FakeCable, table: Table) -> None:
    assert cable.receive_line() == "HELLO"
    assert pty_die.request_roll()
    assert cable.receive_line() == "ASK"
    cable.send("ROLL 3\n")
    table.wait(lambda: table.rolls == [3])


def test_a_second_program_cannot_open_the_die(pty_die: SerialDie, cable: FakeCable) -> None:
    with pytest.raises(serial.SerialException):
        serial.serial_for_url(str(cable.link), exclusive=True)


def test_a_pulled_cable_is_reported_and_the_die_comes_back(
    pty_die: SerialDie, cable: FakeCable, table: Table
) -> None:
    cable.send("ROLL 2\n")
    table.wait(lambda: table.rolls == [2])
    cable.unplug()
    table.wait(lambda: any(s.startswith("disconnected: ") for s in table.statuses))
    assert not pty_die.request_roll()
    time.sleep(0.2)  # a few reopen attempts fail while the cable is out
    cable.plug()
    table.wait(lambda: table.statuses.count("connected") == 2)
    assert cable.receive_line() == "HELLO"
    cable.send("ROLL 5\n")
    table.wait(lambda: table.rolls == [2, 5])
    assert table.statuses[0] == "connected"
    assert table.statuses[1].startswith("disconnected: ")
    assert table.statuses[2:] == ["connected"]


def test_wait_for_roll_over_a_tty(cable: FakeCable) -> None:
    def die_answers() -> None:
        assert cable.receive_line() == "ASK"
        cable.send("ROLL 9\nROLL 6\n")

    answering = threading.Thread(target=die_answers)
    answering.start()
    try:
        assert wait_for_roll(str(cable.link), 3.0, ask=True) == 6
    finally:
        answering.join()
