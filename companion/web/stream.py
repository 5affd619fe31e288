"""The push to the phones: the latest table view on the web's loop, the state JSON made once
per (change, seat, language) off the loop, and the Server-Sent Events stream.

``GET /api/stream/<token>`` answers ``text/event-stream``: on connect and after every change an
``event: state`` whose ``data:`` is the token's state JSON on one line; a ``: ping`` comment
every :data:`PING_SECONDS` keeps it alive through home routers. A phone that slept reconnects
(the browser's ``EventSource`` does, after ``retry``) and gets the current state at once.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import time
from collections.abc import Awaitable, Callable

from companion.web.state import TableView, state_bytes

PING_SECONDS = 15.0
RETRY_MS = 1000
"""How soon a phone's browser reconnects a dropped stream (the ``retry:`` field)."""
BREATH_SECONDS = 0.0005
"""The render thread's pause between the steps of a state (a few per state): it lets go of the
interpreter, and the touchscreen's thread, if it waits for it, has it at once instead of after
the interpreter's switch interval (5 ms, several times per frame while a state is made)."""


def breathe() -> None:
    """The render thread's pause between two steps of a state (:data:`BREATH_SECONDS`)."""
    time.sleep(BREATH_SECONDS)


QUIET_SECONDS = 0.15
"""Beside the touchscreen, a change after the table was still this long reaches the phones at
once; changes closer together (quick taps) are pushed once the table has been still this long
(:meth:`Broadcast.publish_threadsafe`), as the table is after them, instead of each making the
phones' states while the next tap wants the interpreter."""
HOLD_SECONDS = 1.0
"""The longest a change waits for the table to be still: a long burst is pushed at least this
often."""


class Broadcast:
    """The latest view, on the web's loop; streams wait here for the next one.

    ``quiet``: how long :meth:`publish_threadsafe` waits for the table to be still before the
    streams hear of a view (0: at once); ``hold``: the longest it waits."""

    def __init__(self, loop: asyncio.AbstractEventLoop, quiet: float = 0.0,
                 hold: float = HOLD_SECONDS) -> None:
        self.loop = loop
        self.view: TableView | None = None
        self.is_closed = False
        self.quiet = quiet
        self.hold = hold
        self._next: asyncio.Future[None] = loop.create_future()
        self._held: TableView | None = None
        self._held_since = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._last_change = float("-inf")

    def publish_threadsafe(self, view: TableView) -> None:
        """From any thread (the owner's listener): the view reaches the loop, and the streams
        once the table has been still for ``quiet`` seconds (nothing when the loop has stopped:
        the table never fails for the phones)."""
        try:
            self.loop.call_soon_threadsafe(self._hold if self.quiet > 0 else self.publish,
                                           view)
        except RuntimeError:  # the loop is closed
            pass

    def _hold(self, view: TableView) -> None:
        """On the loop: a change after the table was still goes out at once; a change within
        ``quiet`` of the last one (a burst of taps) is kept until the table is still (or it
        waited ``hold``)."""
        now = self.loop.time()
        was_still = now - self._last_change >= self.quiet
        self._last_change = now
        if was_still and self._held is None:
            self.publish(view)
            return
        if self._held is None:
            self._held_since = now
        if self._held is None or view.seq >= self._held.seq:
            self._held = view
        if self._timer is not None:
            self._timer.cancel()
        due = min(now + self.quiet, self._held_since + self.hold)
        self._timer = self.loop.call_at(due, self._release)

    def _release(self) -> None:
        held, self._held, self._timer = self._held, None, None
        if held is not None:
            self.publish(held)

    def publish(self, view: TableView) -> None:
        """On the loop: keep ``view`` (a late, older one is ignored) and wake every stream."""
        if self.view is not None and view.seq < self.view.seq:
            return
        self.view = view
        self._wake()

    def close(self) -> None:
        """The server stops: every stream ends."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.is_closed = True
        self._wake()

    async def wait_after(self, seq: int, timeout: float) -> bool:
        """Wait until a view newer than ``seq`` is here (True), or ``timeout`` passed (False)."""
        while not self.is_closed and (self.view is None or self.view.seq <= seq):
            try:
                await asyncio.wait_for(asyncio.shield(self._next), timeout)
            except TimeoutError:
                return False
        return True

    def _wake(self) -> None:
        woken, self._next = self._next, self.loop.create_future()
        if not woken.done():
            woken.set_result(None)


class Renders:
    """The state JSON of (view, seat, language), made in a worker thread once however many
    phones ask for it; only the newest change's are kept.

    One thread makes the states, one after another: making them is Python holding the GIL,
    and beside the touchscreen every thread that holds it slows the app's own thread (two
    render threads left it a third of the GIL while they ran: the tap got slower); it pauses
    between the steps of a state (:func:`breathe`) so that the app's thread never waits long
    for the interpreter. Other
    work (the coach's hint, up to a second) has a thread of its own, so a hint never holds up
    the push."""

    def __init__(self) -> None:
        self._executor = concurrent.futures.ThreadPoolExecutor(1, "phones-render")
        self._other = concurrent.futures.ThreadPoolExecutor(1, "phones-work")
        self._made: dict[tuple[int, int | None, str], asyncio.Future[bytes]] = {}
        self._seq = -1

    async def state(self, view: TableView, seat: int | None, lang: str) -> bytes:
        if view.seq > self._seq:
            self._seq = view.seq
            self._made = {key: made for key, made in self._made.items() if key[0] >= view.seq}
        key = (view.seq, seat, lang)
        made = self._made.get(key)
        if made is None:
            loop = asyncio.get_running_loop()
            made = asyncio.ensure_future(
                loop.run_in_executor(self._executor, functools.partial(
                    state_bytes, view, seat, lang, pause=breathe)))
            if view.seq >= self._seq:
                self._made[key] = made
        return await asyncio.shield(made)

    async def run(self, work: Callable[[], bytes | dict[str, object]]) -> object:
        """Other work off the loop (the coach's hint)."""
        return await asyncio.get_running_loop().run_in_executor(self._other, work)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._other.shutdown(wait=False, cancel_futures=True)


Write = Callable[[bytes], Awaitable[None]]


async def pump(broadcast: Broadcast, renders: Renders, write: Write, seat: int | None,
               lang: str, is_alive: Callable[[], bool]) -> None:
    """Send the state on connect and after every change, a ping when idle, until the token
    dies (when its game ended, the final state is sent and the stream stays until another game
    opens), the server stops or the phone goes."""
    await write(f"retry: {RETRY_MS}\n\n".encode())
    sent = -1
    while not broadcast.is_closed:
        view = broadcast.view
        is_alive_now = is_alive()
        if not is_alive_now and (view is None or view.match is None or not view.match.is_over):
            return  # forgotten, or a new game: nothing more for this token
        if view is not None and view.seq > sent:
            data = await renders.state(view, seat, lang)
            await write(b"event: state\ndata: " + data + b"\n\n")
            sent = view.seq
        # a seat whose game ended keeps its stream (the final state stays on the phone, no
        # reconnecting to a dead link) until the table moves on to another game
        if not await broadcast.wait_after(sent, PING_SECONDS) and not broadcast.is_closed:
            await write(b": ping\n\n")


__all__ = ["Broadcast", "HOLD_SECONDS", "PING_SECONDS", "QUIET_SECONDS", "Renders", "pump"]
