"""The push beside the touchscreen (``Broadcast`` with ``quiet``): a change after a still table
reaches the phones at once; taps in quick succession after it reach them once, as the table is
after them, once the table is still; a long burst is pushed at least every ``hold`` seconds."""

from __future__ import annotations

import asyncio
import threading
import time

from companion.web.state import TableView
from companion.web.stream import Broadcast


def test_quick_taps_are_pushed_once_as_the_table_is_after_them() -> None:
    async def scenario() -> tuple[list[int], float]:
        broadcast = Broadcast(asyncio.get_running_loop(), quiet=0.1, hold=1.0)
        heard: list[int] = []
        started = time.monotonic()

        def touchscreen() -> None:                   # the Kivy thread: three taps, 20 ms apart
            for seq in (1, 2, 3):
                broadcast.publish_threadsafe(TableView(seq, "en", None))
                time.sleep(0.02)

        threading.Thread(target=touchscreen).start()
        while await broadcast.wait_after(heard[-1] if heard else 0, 0.5):
            assert broadcast.view is not None
            heard.append(broadcast.view.seq)
        return heard, time.monotonic() - started

    heard, seconds = asyncio.run(scenario())
    assert heard == [1, 3]      # the first at once (the table was still), then the last only
    assert seconds < 1.0


def test_a_lone_change_after_a_still_table_is_pushed_at_once() -> None:
    async def scenario() -> list[float]:
        broadcast = Broadcast(asyncio.get_running_loop(), quiet=0.1, hold=1.0)
        waits: list[float] = []
        for seq in (1, 2):                           # two inputs, the table still between
            published = time.monotonic()
            broadcast.publish_threadsafe(TableView(seq, "en", None))
            assert await broadcast.wait_after(seq - 1, 0.5)
            waits.append(time.monotonic() - published)
            await asyncio.sleep(0.15)
        return waits

    waits = asyncio.run(scenario())
    assert all(wait < 0.05 for wait in waits), waits   # not held for the quiet 0.1 s


def test_a_long_burst_is_pushed_at_least_every_hold() -> None:
    async def scenario() -> list[int]:
        loop = asyncio.get_running_loop()
        broadcast = Broadcast(loop, quiet=0.1, hold=0.2)
        heard: list[int] = []

        def touchscreen() -> None:                   # a tap every 50 ms for 0.6 s
            for seq in range(1, 13):
                broadcast.publish_threadsafe(TableView(seq, "en", None))
                time.sleep(0.05)

        tapping = threading.Thread(target=touchscreen)
        tapping.start()
        while await broadcast.wait_after(heard[-1] if heard else 0, 0.5):
            assert broadcast.view is not None
            heard.append(broadcast.view.seq)
        tapping.join()
        return heard

    heard = asyncio.run(scenario())
    assert heard[-1] == 12                           # the table as it is after the burst
    assert 2 <= len(heard) < 12                      # pushed during the burst, not every tap


def test_without_quiet_every_view_is_heard_at_once() -> None:
    async def scenario() -> int | None:
        broadcast = Broadcast(asyncio.get_running_loop())
        broadcast.publish_threadsafe(TableView(1, "en", None))
        await asyncio.sleep(0)
        return broadcast.view.seq if broadcast.view is not None else None

    assert asyncio.run(scenario()) == 1
