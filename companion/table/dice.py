"""Where a die roll comes from: ``hardware.dice.make_die`` when it is there, else a small
software die of our own behind the same two calls.

The engine never draws a random number; the app asks the die with ``request_roll()`` and the
die answers through ``on_roll(face)`` (delivered via ``post``: at once when already on the main
thread, as the software die rolled by the screen's button is, in the same frame; from the
GPIO and serial threads on the Kivy clock), which the table plays as ``roll N``. An
electronic die may also answer on its own; when it cannot (its cable pulled), the table
rolls the software die instead.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger(__name__)

Action = Callable[[], None]
Post = Callable[[Action], None]
OnRoll = Callable[[int], None]
OnStatus = Callable[[str], None]


class DieSource(Protocol):
    """A die. ``source`` keys its face statistics in the store."""

    source: str
    status: str

    def request_roll(self) -> bool:
        """Ask for a roll; the face comes through ``on_roll``. False if the die cannot roll."""
        ...

    def close(self) -> None: ...


class FallbackDie:
    """A fair software die (``secrets``), used when ``hardware`` is not importable."""

    def __init__(self, on_roll: OnRoll | None = None, post: Post | None = None) -> None:
        self.source = "software"
        self.status = "connected"
        self.on_roll = on_roll
        self._post: Post = post or _call_now

    def request_roll(self) -> bool:
        import secrets  # here: with hmac and hashlib, ~2 ms of the app's start otherwise

        face = secrets.randbelow(6) + 1
        on_roll = self.on_roll
        if on_roll is not None:
            self._post(lambda: on_roll(face))
        return True

    def close(self) -> None:
        self.status = "closed"


def _call_now(action: Action) -> None:
    action()


def make_die_source(spec: str, on_roll: OnRoll, post: Post,
                    on_status: OnStatus | None = None) -> DieSource:
    """The die named by ``spec`` (``software``, ``gpio``, ``serial:PORT``).

    ``on_status(text)`` hears the die's state ("connected", "hello: companion-die 1",
    "disconnected: <reason>", "closed"), through ``post`` like ``on_roll``. If the hardware
    die cannot be opened the software die is used and the reason logged: the game must stay
    playable.
    """
    try:
        from hardware.dice import make_die
    except ImportError:
        log.info("hardware.dice is not available; using the software die")
        return FallbackDie(on_roll, post)
    try:
        return make_die(spec, on_roll=on_roll, on_status=on_status, post=post)
    except Exception as error:  # noqa: BLE001 - any failure falls back to the software die
        log.warning("die %r is not available (%s); using the software die", spec, error)
        return make_die("software", on_roll=on_roll, on_status=on_status, post=post)


def fairness_text(counts: list[int]) -> tuple[int, float | None, bool]:
    """(total rolls, chi-square p-value or None, looks biased) for the settings screen."""
    try:
        from hardware.fairness import FaceCounts, chi_square_p_value, looks_biased
    except ImportError:
        return sum(counts), None, False
    faces = FaceCounts(tuple(counts))
    return faces.total, chi_square_p_value(faces), looks_biased(faces)
