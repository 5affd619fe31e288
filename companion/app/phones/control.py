"""Phones at the table, as the touchscreen runs them: on or off (remembered), the server
started and stopped, its addresses, and which changes of the table came from a phone.

The app knows the server only through the :class:`~companion.table.phones.Phones` protocol and
the factory the command hands it (faces are independent: no ``companion.web`` here). Every
call the server makes into the table comes through :meth:`PhoneControl.post`, on the Kivy
clock; while one runs, :attr:`PhoneControl.is_from_phone` is true, so the play screen can tell
a phone's input from its own taps.
"""

from __future__ import annotations

import errno
import logging
from collections.abc import Callable
from typing import Any

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, StringProperty

from companion.records.store import Store
from companion.table.phones import Phones, PhonesFactory
from companion.table.session import TableSession

log = logging.getLogger(__name__)

SETTING = "phones.on"
"""The store's setting that remembers Settings → "Phones at the table"."""


class PhoneControl(EventDispatcher):
    """The phones' server beside the touchscreen: Settings turns it on and off."""

    is_available = BooleanProperty(False)
    """A server can be started here (the command gave the app a factory)."""
    is_on = BooleanProperty(False)
    """The server is running: the codes can be shown."""
    address = StringProperty("")
    """Where the phones find the table ("http://192.168.1.20:8080"), "" while off."""
    problem = StringProperty("")
    """Why the server could not start, in the players' words ("" when it could)."""

    def __init__(self, table: TableSession, store: Store, factory: PhonesFactory | None,
                 host: str, port: int, default_on: bool, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._table = table
        self._store = store
        self._factory = factory
        self._host = host
        self._port = port
        self._default_on = default_on
        self._phones: Phones | None = None
        self._posting = 0
        self.mover = ""
        """The name of the seat to move when the phone's call began ("" if none)."""
        self.is_available = factory is not None

    # -- on and off ----------------------------------------------------------------------------

    @property
    def is_wanted(self) -> bool:
        """Settings says on (the config's ``[web] enabled`` until the players choose)."""
        return bool(self._store.setting(SETTING, self._default_on))

    def start_if_wanted(self) -> None:
        """At start-up: the server runs again if it ran before."""
        if self.is_available and self.is_wanted:
            self._start()

    def turn(self, is_on: bool) -> None:
        """Settings' switch: remembered, then the server started or stopped."""
        self._store.set_setting(SETTING, is_on)
        if is_on:
            self._start()
        else:
            self.stop()

    def stop(self) -> None:
        if self._phones is not None and self._phones.running:
            try:
                self._phones.stop()
            except Exception:  # noqa: BLE001 - stopping must never take the table down
                log.exception("the phones' server did not stop cleanly")
        self.is_on = False
        self.address = ""
        self.problem = ""

    def forget_phones(self) -> None:
        """New codes for everything: every phone must scan again."""
        if self._phones is None:
            return
        try:
            self._phones.forget_phones()
        except Exception as error:  # noqa: BLE001 - the card refused: said, the table goes on
            log.exception("the phones could not be forgotten")
            self.problem = self._table.tr("Phones cannot connect: {reason}").format(
                reason=str(error) or type(error).__name__)

    # -- what the codes say --------------------------------------------------------------------

    def view_url(self) -> str:
        return self._phones.view_url() if self._phones is not None and self.is_on else ""

    def seat_urls(self) -> list[tuple[int, str]]:
        """(seat, URL) of every seat a person plays in the open game; none for the companion's
        seats, none while off."""
        if self._phones is None or not self.is_on or self._table.match is None:
            return []
        urls = self._phones.seat_urls()
        return [(seat, url) for seat, url in enumerate(urls)
                if not self._table.companions.plays(seat)]

    def bgstats_url(self, stored_id: int | None) -> str:
        """The "Log to BG Stats" link of a finished game ("" while off or unknown)."""
        if self._phones is None or not self.is_on or stored_id is None:
            return ""
        try:
            return self._phones.bgstats_url(stored_id)
        except Exception:  # noqa: BLE001 - no link is shown rather than a broken screen
            log.exception("no BG Stats link for game %s", stored_id)
            return ""

    # -- the server's calls into the table -----------------------------------------------------

    @property
    def is_from_phone(self) -> bool:
        """A phone's call into the table is running now (its changes are a phone's)."""
        return self._posting > 0

    def post(self, action: Callable[[], None]) -> None:
        """The server's ``post``: ``action`` runs on the Kivy clock, marked as a phone's."""

        def run(_dt: float) -> None:
            match = self._table.match
            seat = match.to_move if match is not None else None
            self.mover = match.names[seat] if match is not None and seat is not None else ""
            self._posting += 1
            try:
                action()
            finally:
                self._posting -= 1

        Clock.schedule_once(run, 0)

    # -- private helpers -------------------------------------------------------------------------

    def _start(self) -> None:
        if self._factory is None:
            return
        try:
            if self._phones is None:
                self._phones = self._factory(self._table, self.post, self._host, self._port)
            if not self._phones.running:
                self._phones.start()
        except OSError as error:
            log.warning("the phones' server did not start: %s", error)
            self._failed(self._problem(error))
            return
        except Exception as error:  # noqa: BLE001 - a broken server never takes the table down
            log.exception("the phones' server could not be made")
            self._failed(self._table.tr("Phones cannot connect: {reason}").format(
                reason=str(error) or type(error).__name__))
            return
        self.problem = ""
        self.is_on = True
        self.address = address_of(self._phones.view_url())

    def _failed(self, problem: str) -> None:
        self.is_on = False
        self.address = ""
        self.problem = problem

    def _problem(self, error: OSError) -> str:
        tr = self._table.tr
        if error.errno == errno.EADDRINUSE:
            return tr("Phones cannot connect: another program uses port {port}. Choose "
                      "another port in config.toml ([web] port).").format(port=self._port)
        if error.errno in (errno.EACCES, errno.EPERM):
            return tr("Phones cannot connect: port {port} needs administrator rights. Choose "
                      "a port above 1024 in config.toml ([web] port).").format(port=self._port)
        return tr("Phones cannot connect: {reason}").format(reason=str(error))


def address_of(url: str) -> str:
    """The scheme, host and port of ``url`` ("http://192.168.1.20:8080"), what Settings shows."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}" if rest else url
