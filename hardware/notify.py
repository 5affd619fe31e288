"""A tiny sd_notify client: tell systemd we are up and still alive.

systemd passes ``NOTIFY_SOCKET`` (a unix datagram socket path; ``@name`` means the
abstract namespace) to a ``Type=notify`` service, and ``WATCHDOG_USEC`` (with
``WATCHDOG_PID``) when ``WatchdogSec=`` is set. Outside systemd every call is a quiet
no-op returning False, so the app can call them unconditionally.

The app calls :func:`ready` once the first screen is drawn and :func:`watchdog` from the
Kivy clock every ``watchdog_interval() / 2`` seconds: if the UI thread hangs, the beats
stop and systemd restarts the service.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

log = logging.getLogger(__name__)

_MICROSECONDS = 1_000_000


def notify(message: str, *, environ: Mapping[str, str] | None = None) -> bool:
    """Send ``message`` (e.g. ``"READY=1"``) to systemd; False if there is no socket.

    Errors are logged, never raised: a failed notification must not stop the game.
    """
    env = os.environ if environ is None else environ
    address = env.get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            sock.sendall(message.encode())
    except OSError as error:
        log.warning("sd_notify %r failed: %s", message, error)
        return False
    return True


def ready(*, environ: Mapping[str, str] | None = None) -> bool:
    """The service is up (the first screen is drawn)."""
    return notify("READY=1", environ=environ)


def watchdog(*, environ: Mapping[str, str] | None = None) -> bool:
    """Still alive: call every ``watchdog_interval() / 2`` seconds."""
    return notify("WATCHDOG=1", environ=environ)


def status(text: str, *, environ: Mapping[str, str] | None = None) -> bool:
    """A one-line status for ``systemctl status``."""
    return notify("STATUS=" + text.replace("\n", " "), environ=environ)


def stopping(*, environ: Mapping[str, str] | None = None) -> bool:
    """The service is shutting down on purpose."""
    return notify("STOPPING=1", environ=environ)


def watchdog_interval(*, environ: Mapping[str, str] | None = None) -> float | None:
    """The watchdog timeout in seconds, or None if no watchdog is set for this process."""
    env = os.environ if environ is None else environ
    usec = env.get("WATCHDOG_USEC", "")
    pid = env.get("WATCHDOG_PID", "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    if pid and (not pid.isdigit() or int(pid) != os.getpid()):
        return None
    return int(usec) / _MICROSECONDS


def watchdog_period(*, environ: Mapping[str, str] | None = None) -> float | None:
    """How often to call :func:`watchdog`: half the timeout, or None if there is none.

    In the app: ``Clock.schedule_interval(lambda dt: notify.watchdog(), period)``.
    """
    interval = watchdog_interval(environ=environ)
    return None if interval is None else interval / 2
