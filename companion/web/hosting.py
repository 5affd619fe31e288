"""The phones' server beside the touchscreen: :class:`PhoneServer` (the table's
:class:`companion.table.phones.Phones`), an asyncio loop on a thread of its own.

The app calls it on its own (Kivy) thread, the session's owner: :meth:`PhoneServer.start`
hears the session there and binds the port before it returns (a port taken is an OSError in a
plain sentence); the loop thread reaches the session only through ``post`` (the Kivy clock).
"""

from __future__ import annotations

import asyncio
import logging
import threading

from aiohttp import web

from companion.records.bgstats import bgstats_url
from companion.records.finished import uid_of
from companion.records.store import Store
from companion.table.phones import lan_address
from companion.table.session import TableSession
from companion.web.owner import Post, TableOwner
from companion.web.server import make_app
from companion.web.stream import QUIET_SECONDS, Broadcast, Renders
from companion.web.tokens import Tokens

log = logging.getLogger(__name__)

START_SECONDS = 5.0
"""How long :meth:`PhoneServer.start` waits for the port."""
STOP_SECONDS = 3.0
ANY_ADDRESS = ("", "0.0.0.0", "::")


def url_host(host: str) -> str:
    """The host to print in a URL for a server bound to ``host``."""
    if host in ANY_ADDRESS:
        return lan_address()
    return f"[{host}]" if ":" in host else host


def port_problem(host: str, port: int, error: OSError) -> str:
    """A failed bind in a plain sentence."""
    where = f"{host or '0.0.0.0'}:{port}"
    if error.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
        return f"The port {port} is taken on {where}: another program uses it. Choose " \
               "another port."
    if error.errno in (13, 10013):
        return f"The port {port} needs administrator rights on {where}. Choose a port " \
               "above 1023."
    return f"The phones' server cannot listen on {where}: {error.strerror or error}."


def bgstats_link(store: Store, stored_id: int) -> str:
    """The "Log to BG Stats" link of a stored finished game, "" where there is none (the game
    is not finished, or not in the store)."""
    try:
        return bgstats_url(store, stored_id)
    except (KeyError, ValueError, LookupError):
        return ""


class PhoneServer:
    """The phones' server of ``session``; ``post(fn)`` runs ``fn`` on the session's owner
    thread. Every method is called on that thread (the app's)."""

    def __init__(self, session: TableSession, post: Post, host: str = "0.0.0.0",
                 port: int = 8080) -> None:
        self.session = session
        self.host = host
        self.port = port
        self._post = post
        self._owner: TableOwner | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._bound_port = 0

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        if self.running:
            return
        owner = TableOwner(self.session, Tokens(self.session.store), self._post)
        ready = threading.Event()
        problem: list[OSError] = []
        loop = asyncio.new_event_loop()
        broadcast = Broadcast(loop, quiet=QUIET_SECONDS)
        owner.attach(broadcast.publish_threadsafe)
        self._owner, self._loop = owner, loop
        thread = threading.Thread(target=self._serve, args=(loop, owner, broadcast, ready,
                                                            problem),
                                  name="phones", daemon=True)
        self._thread = thread
        thread.start()
        if not ready.wait(START_SECONDS):
            problem.append(OSError(f"The phones' server did not start within "
                                   f"{START_SECONDS:.0f} seconds."))
        if problem:
            self.stop()
            raise problem[0]

    def stop(self) -> None:
        loop, stopping, thread = self._loop, self._stopping, self._thread
        if loop is not None and stopping is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stopping.set)
        if thread is not None and thread is not threading.current_thread():
            thread.join(STOP_SECONDS)
        if self._owner is not None:
            self._owner.detach()
        self._thread = None
        self._loop = None
        self._stopping = None
        self._bound_port = 0

    def view_url(self) -> str:
        if not self.running or self._owner is None:
            return ""
        return f"{self._base()}/view/{self._owner.tokens.passes.view}"

    def seat_urls(self) -> list[str]:
        if not self.running or self._owner is None:
            return []
        return [f"{self._base()}/seat/{token}" for token in self._owner.tokens.passes.seats]

    def forget_phones(self) -> None:
        if self._owner is not None:
            self._owner.forget_phones()
        else:
            Tokens(self.session.store).forget()

    def bgstats_url(self, stored_id: int) -> str:
        """The short link to this server that sends a phone on to BG Stats' "createPlay" of the
        finished game (its QR code stays legible); BG Stats' own link while not running; ""
        for a game that is not finished."""
        store = self.session.store
        full = bgstats_link(store, stored_id)
        if not full or not self.running or self._owner is None:
            return full
        try:
            uid = uid_of(store, stored_id)
        except KeyError:
            return full
        return f"{self._base()}/bgstats/{self._owner.tokens.passes.view}/{uid}"

    # -- the loop thread -------------------------------------------------------------------------

    def _base(self) -> str:
        return f"http://{url_host(self.host)}:{self._bound_port or self.port}"

    def _serve(self, loop: asyncio.AbstractEventLoop, owner: TableOwner, broadcast: Broadcast,
               ready: threading.Event, problem: list[OSError]) -> None:
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._run(owner, broadcast, ready, problem))
        except Exception:  # noqa: BLE001 - the phones' server must never take the app down
            log.exception("the phones' server stopped")
        finally:
            ready.set()
            loop.close()

    async def _run(self, owner: TableOwner, broadcast: Broadcast, ready: threading.Event,
                   problem: list[OSError]) -> None:
        self._stopping = asyncio.Event()
        renders = Renders()
        runner = web.AppRunner(make_app(owner, broadcast, renders), handle_signals=False,
                               shutdown_timeout=1.0, access_log=None)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host or None, self.port, reuse_address=True)
            try:
                await site.start()
            except OSError as error:
                plain = OSError(port_problem(self.host, self.port, error))
                plain.errno = error.errno
                problem.append(plain)
                return
            self._bound_port = bound_port(runner, self.port)
            ready.set()
            await self._stopping.wait()
        finally:
            broadcast.close()
            await runner.cleanup()
            renders.close()


def bound_port(runner: web.AppRunner, asked: int) -> int:
    """The port the server listens on (the one the system chose for ``--port 0``)."""
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2:
            return int(address[1])
    return asked


__all__ = ["PhoneServer", "bgstats_link", "bound_port", "port_problem",
           "url_host"]
