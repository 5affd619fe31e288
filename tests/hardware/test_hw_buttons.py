"""The GPIO buttons, scripted on gpiozero's MockFactory: drive_low() is a press."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Button  # type: ignore[import-untyped]
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from hardware import Action
from hardware.buttons import DEFAULT_PINS, Buttons, Debouncer, open_buttons

HOLD = 0.15
BOUNCE = 0.02


class Clock:
    """A hand-moved monotonic clock, so bounce timing does not depend on the machine."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def pressed(factory: MockFactory, clock: Clock) -> Iterator[tuple[Buttons, list[str]]]:
    events: list[str] = []
    buttons = Buttons(
        on_roll=lambda: events.append("roll"),
        on_undo=lambda: events.append("undo"),
        on_redo=lambda: events.append("redo"),
        on_confirm=lambda: events.append("confirm"),
        on_hint=lambda: events.append("hint"),
        on_menu=lambda: events.append("menu"),
        pin_factory=factory,
        bounce_time=BOUNCE,
        hold_time=HOLD,
        clock=clock,
    )
    yield buttons, events
    buttons.close()


def tap(factory: MockFactory, clock: Clock, pin: int, held: float = 0.1) -> None:
    factory.pin(pin).drive_low()
    clock.advance(held)
    factory.pin(pin).drive_high()
    clock.advance(0.2)


def test_each_button_speaks_the_table(
    factory: MockFactory, clock: Clock, pressed: tuple[Buttons, list[str]]
) -> None:
    _, events = pressed
    for pin in (17, 22, 23, 27):
        tap(factory, clock, pin)
    assert events == ["roll", "confirm", "menu", "undo"]


def test_roll_fires_on_press_not_release(
    factory: MockFactory, pressed: tuple[Buttons, list[str]]
) -> None:
    _, events = pressed
    factory.pin(17).drive_low()
    assert events == ["roll"]
    factory.pin(17).drive_high()
    assert events == ["roll"]


def test_a_bouncing_contact_is_one_press(
    factory: MockFactory, clock: Clock, pressed: tuple[Buttons, list[str]]
) -> None:
    _, events = pressed
    roll = factory.pin(17)
    for _ in range(4):  # the contact chatters for 8 ms on the way down
        roll.drive_low()
        clock.advance(0.001)
        roll.drive_high()
        clock.advance(0.001)
    roll.drive_low()
    clock.advance(0.1)
    for _ in range(3):  # and again on the way up
        roll.drive_high()
        clock.advance(0.001)
        roll.drive_low()
        clock.advance(0.001)
    roll.drive_high()
    clock.advance(0.2)
    tap(factory, clock, 17)
    assert events == ["roll", "roll"]


def test_a_bouncing_undo_undoes_once(
    factory: MockFactory, clock: Clock, pressed: tuple[Buttons, list[str]]
) -> None:
    _, events = pressed
    undo = factory.pin(27)
    undo.drive_low()
    clock.advance(0.002)
    undo.drive_high()  # bounce: not a release yet
    clock.advance(0.002)
    undo.drive_low()
    clock.advance(0.1)
    undo.drive_high()
    clock.advance(0.002)
    undo.drive_low()  # bounce after release: not a new press
    clock.advance(0.002)
    undo.drive_high()
    assert events == ["undo"]


def test_a_long_press_on_undo_is_redo_and_no_undo(
    factory: MockFactory, pressed: tuple[Buttons, list[str]]
) -> None:
    _, events = pressed
    factory.pin(27).drive_low()
    deadline = time.monotonic() + 5
    while not events and time.monotonic() < deadline:
        time.sleep(0.01)
    assert events == ["redo"]  # fired while still held, before the release
    factory.pin(27).drive_high()
    assert events == ["redo"]


def test_ok_confirms_on_release_and_a_long_press_is_the_hint_alone(
    factory: MockFactory, clock: Clock, pressed: tuple[Buttons, list[str]]
) -> None:
    _, events = pressed
    factory.pin(22).drive_low()
    assert events == []  # OK waits for the release: it may become a hint
    clock.advance(0.1)
    factory.pin(22).drive_high()
    clock.advance(0.2)
    assert events == ["confirm"]
    factory.pin(22).drive_low()
    deadline = time.monotonic() + 5
    while len(events) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert events == ["confirm", "hint"]  # fired while still held
    clock.advance(HOLD * 3)
    factory.pin(22).drive_high()
    assert events == ["confirm", "hint"]  # and no confirm on release


def test_short_and_long_undo_presses_alternate(
    factory: MockFactory, clock: Clock, pressed: tuple[Buttons, list[str]]
) -> None:
    _, events = pressed
    tap(factory, clock, 27)
    factory.pin(27).drive_low()
    time.sleep(HOLD * 3)
    clock.advance(HOLD * 3)
    factory.pin(27).drive_high()
    clock.advance(0.2)
    tap(factory, clock, 27)
    assert events == ["undo", "redo", "undo"]


def test_callbacks_go_through_post(factory: MockFactory, clock: Clock) -> None:
    queue: list[Action] = []
    events: list[str] = []
    with Buttons(
        on_roll=lambda: events.append("roll"), post=queue.append, pin_factory=factory, clock=clock
    ):
        factory.pin(17).drive_low()
        assert events == [] and len(queue) == 1  # nothing ran in gpiozero's thread
        queue.pop()()
        assert events == ["roll"]


def test_pins_come_from_the_configuration(factory: MockFactory, clock: Clock) -> None:
    events: list[str] = []
    with Buttons(
        on_menu=lambda: events.append("menu"), pins={"menu": 5}, pin_factory=factory, clock=clock
    ) as buttons:
        assert buttons.pins == {**DEFAULT_PINS, "menu": 5}
        tap(factory, clock, 5)
        tap(factory, clock, 23)
    assert events == ["menu"]


def test_close_releases_the_pins(factory: MockFactory, clock: Clock) -> None:
    buttons = Buttons(pin_factory=factory, clock=clock)
    with pytest.raises(Exception, match="in use"):
        Button(17, pin_factory=factory)
    buttons.close()
    buttons.close()
    assert buttons.is_closed
    for pin in DEFAULT_PINS.values():
        Button(pin, pin_factory=factory).close()


def test_two_buttons_on_one_pin_are_refused(factory: MockFactory) -> None:
    with pytest.raises(ValueError, match="share a pin"):
        Buttons(pins={"roll": 27}, pin_factory=factory)
    with pytest.raises(ValueError, match="unknown button"):
        Buttons(pins={"jump": 5}, pin_factory=factory)


def test_open_buttons_gives_none_without_gpio(caplog: pytest.LogCaptureFixture) -> None:
    class NoGpio:
        def __getattr__(self, name: str) -> object:
            raise RuntimeError("no GPIO here")

    assert open_buttons(pin_factory=NoGpio()) is None
    assert "keyboard" in caplog.text


def test_debouncer_accepts_edges_only_after_the_bounce_time() -> None:
    contact = Debouncer(bounce_time=0.05)
    assert contact.press(0.0)
    assert not contact.press(0.01)
    assert not contact.release(0.02)  # too soon: bounce
    assert contact.release(0.2)
    assert not contact.release(0.3)  # already up
    assert not contact.press(0.21)  # bounce after the release
    assert contact.press(0.4)


def test_open_buttons_loads_no_gpiozero_where_there_is_no_gpio_chip(tmp_path: Path) -> None:
    probe = (
        "import logging, sys\n"
        "from pathlib import Path\n"
        "from hardware.buttons import open_buttons\n"
        "logging.basicConfig()\n"
        f"print(open_buttons(dev=Path({str(tmp_path)!r})), 'gpiozero' in sys.modules)\n"
    )
    env = {key: value for key, value in os.environ.items() if key != "GPIOZERO_PIN_FACTORY"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, env=env)
    assert done.stdout.split() == ["None", "False"]
    assert "no GPIO chip" in done.stderr and "keyboard" in done.stderr
