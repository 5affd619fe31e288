"""The simulated die (the firmware's logic on a pty) talking to SerialDie end to end."""

from __future__ import annotations

import threading
from collections.abc import Callable

from hardware.dice import make_die
from hardware.fake_die import FakeDie
from hardware.serial_die import SerialDie, wait_for_roll

TIMEOUT = 5.0


def wait(condition: Callable[[], bool], changed: threading.Condition) -> None:
    with changed:
        assert changed.wait_for(condition, TIMEOUT)


def test_the_app_and_the_die_greet_ask_and_roll() -> None:
    rolls: list[int] = []
    statuses: list[str] = []
    changed = threading.Condition()

    def on_roll(face: int) -> None:
        with changed:
            rolls.append(face)
            changed.notify_all()

    def on_status(status: str) -> None:
        with changed:
            statuses.append(status)
            changed.notify_all()

    with FakeDie(random_bytes=lambda n: bytes([2] * n)) as die:
        serial_die = make_die(
            f"serial:{die.port}", on_roll=on_roll, on_status=on_status, backoff=(0.02,)
        )
        assert isinstance(serial_die, SerialDie)
        try:
            wait(lambda: "hello: companion-die 1" in statuses, changed)
            assert serial_die.request_roll()
            wait(lambda: rolls == [3], changed)
            die.send_raw(b"ROLL 8\nnoise\n")
            assert die.press() == 3
            wait(lambda: rolls == [3, 3], changed)
            die.unplug()
            wait(lambda: statuses[-1].startswith("disconnected: "), changed)
        finally:
            serial_die.close()
    assert statuses[:2] == ["connected", "hello: companion-die 1"]
    assert statuses[-1] == "closed"


def test_wait_for_roll_asks_the_fake_die() -> None:
    with FakeDie(random_bytes=lambda n: bytes([5] * n)) as die:
        assert wait_for_roll(die.port, TIMEOUT, ask=True) == 6
        assert die.rolls == [6]
