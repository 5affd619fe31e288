"""Every die the app can use, behind one interface, and :func:`make_die` to pick one.

=============================  =====================================================
``source``                     die
=============================  =====================================================
``"software"``                 :class:`SoftwareDie`, rolled from the screen or keys
``"gpio"``                     :class:`SoftwareDie`, rolled by the GPIO ROLL button
``"serial:PORT_OR_URL"``       :class:`SerialDie` on a device path or pyserial URL
``"table"``                    :class:`TableDie`: the game's own die, its face tapped
=============================  =====================================================

The app wires every ROLL input (screen, key R, GPIO button) to ``die.request_roll()``;
for the electronic die that sends ``ASK``, and its own button rolls too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from hardware import Post, call_now
from hardware.software_die import SoftwareDie
from hardware.table_die import TableDie

SOURCES = ("software", "gpio", "serial:PORT_OR_URL", "table")


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


def check_source(source: str) -> str:
    """``source`` when it names a die (see the table above); else ValueError in plain words,
    suggesting ``serial:`` before what looks like a port or a pyserial URL."""
    text = source.strip()
    if text in ("software", "gpio", "table"):
        return text
    kind, _, port = text.partition(":")
    if kind == "serial" and port.strip():
        return text
    if text.startswith(("/dev/", "socket://", "rfc2217://", "loop://", "COM")):
        hint = f"; for an electronic die write serial:{text}"
    else:
        hint = ""
    raise ValueError(
        f"the die must be software, gpio, table or serial:PORT, not {source!r}{hint}"
    )


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
    if source == "table":
        table = TableDie()
        if on_status is not None:
            post(lambda: on_status(table.status))
        return table
    kind, _, port = source.partition(":")
    if kind == "serial" and port:
        from hardware.serial_die import SerialDie  # pyserial, only where a serial die is used

        return SerialDie(port, on_roll=on_roll, on_status=on_status, post=post, **serial_options)
    raise ValueError(f"unknown die source {source!r}; expected one of {SOURCES!r}")
