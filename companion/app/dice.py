"""Where a die roll comes from: a small interface over the software die and the hardware dice.

The engine never draws a random number; the app asks a :class:`DieSource` and plays the value as
``roll N``. ``hardware/`` provides the physical dice (serial die, GPIO button with the software
die); when it is not importable the software die here is used.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any, Callable, Protocol

log = logging.getLogger(__name__)

DIE_SOURCES = ("software", "serial", "gpio")
Post = Callable[[Callable[[], None]], None]


class DieSource(Protocol):
    """A die. ``name`` keys its face statistics in the store."""

    name: str

    def roll(self) -> int | None:
        """A value 1–6 now, or None when the value arrives later through ``on_roll``."""
        ...

    def close(self) -> None: ...


class SoftwareDie:
    """A fair software die (``secrets``), for laptops and when no hardware die is wired."""

    name = "software"

    def roll(self) -> int:
        return secrets.randbelow(6) + 1

    def close(self) -> None:
        return None


class HardwareDie:
    """Adapts a die object from ``hardware`` (whatever its method is called) to DieSource."""

    def __init__(self, name: str, device: Any) -> None:
        self.name = name
        self._device = device

    def roll(self) -> int | None:
        for method in ("roll", "read", "value"):
            attribute = getattr(self._device, method, None)
            if callable(attribute):
                value = attribute()
                return int(value) if value is not None else None
        return None

    def close(self) -> None:
        close = getattr(self._device, "close", None)
        if callable(close):
            close()


def make_die_source(spec: str, on_roll: Callable[[int], None], post: Post) -> DieSource:
    """The die named by ``spec`` (``software``, ``serial:PORT``, ``gpio``).

    A hardware die reports values through ``on_roll`` (delivered via ``post``, i.e. on the Kivy
    clock). If ``hardware`` cannot provide the die, the software die is used and the reason is
    logged: the game must stay playable.
    """
    if spec == "software":
        return SoftwareDie()
    try:
        from hardware import make_die  # type: ignore[attr-defined]

        device = make_die(spec, on_roll=on_roll, post=post)
    except Exception as error:  # noqa: BLE001 - any failure falls back to the software die
        log.warning("die %r is not available (%s); using the software die", spec, error)
        return SoftwareDie()
    return HardwareDie(spec, device)
