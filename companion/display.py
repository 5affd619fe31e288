"""Which DRM card drives the screen, for SDL's KMS/DRM back-end (the Pi without a desktop).

On a Raspberry Pi 5 the numbers of ``/dev/dri/card*`` change between boots: the GPU (v3d,
render only, no connectors) and the display controller (vc4, with the DSI and HDMI
connectors) are probed in either order, and RP1's DPI/composite outputs add more cards.
:func:`pick_drm_card` reads ``/sys/class/drm/card<N>-<connector>/status`` and picks the
card with a connected display, preferring the DSI touchscreen over HDMI;
:func:`choose_drm_device` hands it to SDL2 (Kivy's bundled SDL 2.30 reads the hint
``SDL_KMSDRM_DEVICE_INDEX`` from the environment) unless the user set it already.

Pure: no Kivy; every function takes the sysfs directory and the environment as arguments
so the tests can use a fake tree.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

SYSFS_DRM = Path("/sys/class/drm")
DEVICE_INDEX_VAR = "SDL_KMSDRM_DEVICE_INDEX"
"""The SDL hint (read from the environment) naming /dev/dri/card<N>."""
_CONNECTOR = re.compile(r"^card(\d+)-(.+)$")
_PREFERENCE = ("DSI", "HDMI")
"""Connector kinds by preference: the touchscreen first, then a monitor, then the rest."""


@dataclass(frozen=True, order=True)
class Connector:
    card: int
    name: str
    """As the kernel names it: ``DSI-1``, ``HDMI-A-1``, ``Composite-1`` ..."""
    connected: bool


def connectors(sysfs: Path = SYSFS_DRM) -> list[Connector]:
    """Every ``card<N>-<name>`` connector under ``sysfs``, sorted by card and name."""
    found = []
    try:
        entries = list(sysfs.iterdir())
    except OSError:
        return []
    for entry in entries:
        match = _CONNECTOR.match(entry.name)
        if match is None:
            continue
        try:
            status = (entry / "status").read_text().strip()
        except OSError:
            continue
        found.append(Connector(int(match.group(1)), match.group(2), status == "connected"))
    return sorted(found)


def _rank(connector: Connector) -> int:
    for rank, kind in enumerate(_PREFERENCE):
        if connector.name.upper().startswith(kind):
            return rank
    return len(_PREFERENCE)


def pick_drm_card(sysfs: Path = SYSFS_DRM) -> Connector | None:
    """The connected connector to draw on (DSI before HDMI before others, then the lowest
    card number), or None when no card reports a connected display."""
    connected = [connector for connector in connectors(sysfs) if connector.connected]
    if not connected:
        return None
    return min(connected, key=lambda connector: (_rank(connector), connector.card, connector.name))


def wants_kmsdrm(environ: Mapping[str, str]) -> bool:
    """SDL will draw through KMS/DRM: asked for, or no X11/Wayland display to use."""
    driver = environ.get("SDL_VIDEODRIVER", "")
    if driver:
        return driver == "kmsdrm"
    return not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY")


def choose_drm_device(
    environ: MutableMapping[str, str] | None = None, sysfs: Path = SYSFS_DRM
) -> str | None:
    """Set ``SDL_KMSDRM_DEVICE_INDEX`` to the card with the screen; the value in force.

    Does nothing when the user set the variable, or when SDL will not use KMS/DRM (a
    desktop, a laptop). None when nothing was set and no card has a connected display
    (SDL then probes by itself).
    """
    env = os.environ if environ is None else environ
    if env.get(DEVICE_INDEX_VAR):
        log.info("display: %s=%s (set by the user)", DEVICE_INDEX_VAR, env[DEVICE_INDEX_VAR])
        return env[DEVICE_INDEX_VAR]
    if not wants_kmsdrm(env):
        return None
    chosen = pick_drm_card(sysfs)
    if chosen is None:
        log.warning("display: no DRM card reports a connected display under %s", sysfs)
        return None
    env[DEVICE_INDEX_VAR] = str(chosen.card)
    log.info("display: /dev/dri/card%d (%s connected)", chosen.card, chosen.name)
    return env[DEVICE_INDEX_VAR]


__all__ = [
    "DEVICE_INDEX_VAR",
    "Connector",
    "choose_drm_device",
    "connectors",
    "pick_drm_card",
    "wants_kmsdrm",
]
