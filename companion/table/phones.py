"""The phones at the table, as the touchscreen knows them: a small protocol, no web here.

The touchscreen app must not import the web face (faces are independent). The command makes a
:data:`PhonesFactory` (``companion.web.hosting.PhoneServer``) and hands it to the app, which
only knows this protocol; both sides import it from the table layer.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Protocol

from companion.table.session import TableSession

Post = Callable[[Callable[[], None]], None]
"""``post(fn)`` runs ``fn`` on the thread that owns the table session (the Kivy clock)."""


class Phones(Protocol):
    """The phones' server beside the touchscreen."""

    def start(self) -> None:
        """Start serving; raises OSError with a plain sentence (the port is taken, …)."""
        ...

    def stop(self) -> None: ...

    @property
    def running(self) -> bool: ...

    def view_url(self) -> str:
        """The spectators' URL ("" when not running)."""
        ...

    def seat_urls(self) -> list[str]:
        """One URL per seat of the open game, in seat order; [] when no game is open."""
        ...

    def forget_phones(self) -> None:
        """New tokens for everything: every phone must scan its code again."""
        ...

    def bgstats_url(self, stored_id: int) -> str:
        """The "Log to BG Stats" link of a finished game."""
        ...


def lan_address() -> str:
    """This machine's address on the home network, where phones find the table: the address
    of the interface that routes outward, found without sending a packet (a UDP ``connect``
    to a non-routable address sends nothing), else 127.0.0.1."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    return address if address and not address.startswith("0.") else "127.0.0.1"


PhonesFactory = Callable[[TableSession, Post, str, int], Phones]
"""(session, post, host, port) → the phones' server for that table."""

__all__ = ["Phones", "PhonesFactory", "Post", "lan_address"]
