"""The four physical buttons: ROLL, UNDO (long press: REDO), OK (long press: HINT) and MENU.

Each button is wired between its GPIO pin and ground and uses the Pi's internal pull-up,
so pressing it pulls the pin low. gpiozero does the pin work; this module speaks the
table's language: ``on_roll``, ``on_undo``, ``on_redo``, ``on_confirm``, ``on_hint``,
``on_menu``.

Two layers stop a bouncing contact from becoming several presses: gpiozero's
``bounce_time`` (done in the pin driver where it supports it, e.g. lgpio on a Pi 5) and a
small :class:`Debouncer` here, which also covers pin drivers that ignore ``bounce_time``
(``MockFactory`` among them).

UNDO and OK act on *release*: a press held for ``hold_time`` seconds is a REDO (UNDO) or a
HINT (OK: what the companion would play), fired as soon as the hold is reached, and that press
then does nothing on release.

Every callback goes through ``post``. gpiozero calls us from its own threads; the app
passes a ``post`` that schedules on the Kivy clock.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from hardware import Action, Post, call_now

log = logging.getLogger(__name__)

BUTTON_NAMES = ("roll", "undo", "ok", "menu")
"""The buttons, in the order of the wiring table in ``hardware/README.md``."""

DEFAULT_PINS: Mapping[str, int] = MappingProxyType({"roll": 17, "undo": 27, "ok": 22, "menu": 23})
"""BCM GPIO numbers (header pins 11, 13, 15, 16)."""

PIN_FACTORY_ENV = "GPIOZERO_PIN_FACTORY"
"""gpiozero's own switch for its pin driver (``mock`` in a test): asked for, it is used even
where no GPIO chip is seen."""

DEFAULT_BOUNCE_TIME = 0.03
"""Seconds during which further edges of a button are taken as contact bounce."""

DEFAULT_HOLD_TIME = 1.0
"""Seconds UNDO must be held down to mean REDO."""


@dataclass
class Debouncer:
    """Turns raw edges of one contact into clean presses and releases.

    An edge is accepted only if ``bounce_time`` has passed since the last accepted edge
    of either kind; a press while already down, or a release while up, is ignored. Pure
    (the time is passed in), so it can be tested without a clock.
    """

    bounce_time: float
    is_down: bool = False
    _last_edge: float | None = field(default=None, repr=False)

    def press(self, now: float) -> bool:
        """A falling edge at ``now``; True if it is a new press."""
        if self._is_bounce(now):
            return False
        self.is_down = True
        self._last_edge = now
        return True

    def release(self, now: float) -> bool:
        """A rising edge at ``now``; True if it ends the current press."""
        if not self.is_down or self._is_bounce(now):
            return False
        self.is_down = False
        self._last_edge = now
        return True

    def _is_bounce(self, now: float) -> bool:
        return self._last_edge is not None and now - self._last_edge < self.bounce_time


class Buttons:
    """The ROLL, UNDO, OK and MENU buttons on GPIO.

    ``pins`` maps each of :data:`BUTTON_NAMES` to a BCM GPIO number (missing names take
    :data:`DEFAULT_PINS`). ``pin_factory=None`` lets gpiozero choose (lgpio on a Pi 5);
    tests pass ``MockFactory()``. ``clock`` is the monotonic clock used for debouncing.
    Call :meth:`close` to release the pins.
    """

    def __init__(
        self,
        *,
        on_roll: Action | None = None,
        on_undo: Action | None = None,
        on_redo: Action | None = None,
        on_confirm: Action | None = None,
        on_hint: Action | None = None,
        on_menu: Action | None = None,
        post: Post = call_now,
        pins: Mapping[str, int] = DEFAULT_PINS,
        bounce_time: float = DEFAULT_BOUNCE_TIME,
        hold_time: float = DEFAULT_HOLD_TIME,
        pin_factory: Any = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        unknown = sorted(set(pins) - set(BUTTON_NAMES))
        if unknown:
            raise ValueError(f"unknown button name(s) {unknown!r}; expected {BUTTON_NAMES!r}")
        self.pins: Mapping[str, int] = MappingProxyType({**DEFAULT_PINS, **pins})
        if len(set(self.pins.values())) != len(BUTTON_NAMES):
            raise ValueError(f"two buttons share a pin: {dict(self.pins)!r}")
        self._post = post
        self._clock = clock
        self._lock = threading.Lock()
        self._on_press: dict[str, Action | None] = {"roll": on_roll, "menu": on_menu}
        self._on_release: dict[str, Action | None] = {"undo": on_undo, "ok": on_confirm}
        """The buttons that act on release: a long press means ``_on_hold`` instead."""
        self._on_hold: dict[str, Action | None] = {"undo": on_redo, "ok": on_hint}
        self._debouncers = {name: Debouncer(bounce_time) for name in BUTTON_NAMES}
        self._was_held = {name: False for name in self._on_release}
        self._buttons: dict[str, Any] = {}
        try:
            for name in BUTTON_NAMES:
                self._buttons[name] = self._make_button(
                    name, bounce_time, hold_time, pin_factory
                )
        except BaseException:
            self.close()
            raise

    @property
    def is_closed(self) -> bool:
        """True once :meth:`close` has released the pins."""
        return not self._buttons

    def close(self) -> None:
        """Release all pins; safe to call twice."""
        buttons, self._buttons = self._buttons, {}
        for button in buttons.values():
            button.close()

    def __enter__(self) -> Buttons:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _make_button(
        self, name: str, bounce_time: float, hold_time: float, pin_factory: Any
    ) -> Any:
        # Imported here: gpiozero costs start-up time, and a laptop never needs it.
        from gpiozero import Button  # type: ignore[import-untyped]

        button = Button(
            self.pins[name],
            pull_up=True,
            bounce_time=bounce_time,
            hold_time=hold_time,
            pin_factory=pin_factory,
        )
        button.when_pressed = lambda: self._pressed(name)
        button.when_released = lambda: self._released(name)
        if name in self._on_hold:
            button.when_held = lambda: self._held(name)
        return button

    def _pressed(self, name: str) -> None:
        with self._lock:
            if not self._debouncers[name].press(self._clock()):
                log.debug("%s: bounce ignored", name)
                return
            if name in self._on_release:
                self._was_held[name] = False
                return
        self._deliver(self._on_press[name])

    def _released(self, name: str) -> None:
        with self._lock:
            if not self._debouncers[name].release(self._clock()):
                return
            if name not in self._on_release or self._was_held[name]:
                return
        self._deliver(self._on_release[name])

    def _held(self, name: str) -> None:
        with self._lock:
            if not self._debouncers[name].is_down or self._was_held[name]:
                return
            self._was_held[name] = True
        self._deliver(self._on_hold[name])

    def _deliver(self, callback: Action | None) -> None:
        if callback is not None:
            self._post(callback)


def open_buttons(dev: Path = Path("/dev"), **kwargs: Any) -> Buttons | None:
    """:class:`Buttons` with ``kwargs``, or None (logged) where there is no GPIO.

    On a laptop gpiozero finds no pin driver; the app then relies on the keyboard
    (:mod:`hardware.keyboard`) alone. Where ``dev`` has no GPIO chip (and no pin factory is
    asked for) gpiozero is not even loaded: its import costs start-up time and memory.
    """
    wants_factory = kwargs.get("pin_factory") is not None or os.environ.get(PIN_FACTORY_ENV)
    if not wants_factory and not any(dev.glob("gpiochip*")):
        log.warning("GPIO buttons unavailable (no GPIO chip in %s); use the keyboard", dev)
        return None
    try:
        return Buttons(**kwargs)
    except Exception as error:  # gpiozero raises several unrelated types here
        log.warning(
            "GPIO buttons unavailable (%s: %s); use the keyboard", type(error).__name__, error
        )
        return None
