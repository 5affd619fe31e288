"""Every die the app can use, behind one interface, and :func:`make_die` to pick one.

=============================  =====================================================
``source``                     die
=============================  =====================================================
``"software"``                 :class:`SoftwareDie`, rolled from the screen or keys
``"gpio"``                     :class:`SoftwareDie`, rolled by the GPIO ROLL button
``"serial:PORT_OR_URL"``       :class:`SerialDie` on a device path or pyserial URL
=============================  =====================================================

The app wires every ROLL input (screen, key R, GPIO button) to ``die.request_roll()``;
for the electronic die that sends ``ASK``, and its own button rolls too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from hardware import Post, call_now
from hardware.serial_die import SerialDie
from hardware.software_die import SoftwareDie

SOURCES = ("software", "gpio", "serial:PORT_OR_URL")


class Die(Protocol):
    """What the app may rely on, whatever the die."""

    source: str
    """Names the die, e.g. for the fairness statistics kept per source."""
    status: str
    """Last status text (``"connected"``, ``"disconnected: ..."``, ``"closed"``, ...)."""

    @property
    def is_connected(self) -> bool: ...

    def request_roll(self) -> bool: ...

    def close(self) -> None: ...


def make_die(
    source: str,
    *,
    on_roll: Callable[[int], None] | None = None,
    on_status: Callable[[str], None] | None = None,
    post: Post = call_now,
    **serial_options: Any,
) -> Die:
    """The die named by ``source`` (see the table above); ValueError for an unknown one.

    ``serial_options`` go to :class:`SerialDie` (``backoff``, ``serial_factory``, ...).
    """
    if source in ("software", "gpio"):
        die = SoftwareDie(on_roll=on_roll, post=post, source=source)
        if on_status is not None:
            post(lambda: on_status(die.status))
        return die
    kind, _, port = source.partition(":")
    if kind == "serial" and port:
        return SerialDie(port, on_roll=on_roll, on_status=on_status, post=post, **serial_options)
    raise ValueError(f"unknown die source {source!r}; expected one of {SOURCES!r}")
