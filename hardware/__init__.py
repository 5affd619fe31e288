"""Physical inputs of the companion: GPIO buttons, dice, sd_notify.

Nothing here imports Kivy. Every adapter takes its back-end as a keyword argument
(``pin_factory=``, a port URL, ``serial_factory=``) and a ``post`` callable through which
its callbacks are delivered, so the app can hand them to the Kivy clock and no widget is
ever touched from a gpiozero or serial thread. See ``hardware/README.md``.
"""

from __future__ import annotations

from collections.abc import Callable

Action = Callable[[], None]
"""A callback with no arguments, as handed to ``post``."""

Post = Callable[[Action], None]
"""Delivers a callback: the app passes one that schedules on the Kivy clock."""


def call_now(action: Action) -> None:
    """The default ``post``: call the callback directly, in the calling thread."""
    action()


__all__ = ["Action", "Post", "call_now"]
