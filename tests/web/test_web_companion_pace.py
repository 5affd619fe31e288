"""The companion's seats play on their own at the table's pace without a touchscreen: the same
``CompanionPace`` the app schedules on the Kivy clock, here on an asyncio loop as in
``companion serve``."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from companion.engine import open_game
from companion.records.store import Store
from companion.table.companions import CompanionSeats
from companion.table.pacing import CompanionPace
from companion.table.session import TableSession

PAUSE = 0.3


def paced_table(folder: Path, loop: asyncio.AbstractEventLoop,
                is_on: list[bool]) -> tuple[TableSession, CompanionPace]:
    store = Store(str(folder / "games.db"))
    store.set_setting("companion_pause", PAUSE)
    session = TableSession(store, lang="en")
    match = open_game("quoridor", players=2, names=["Eva", "Companion"])
    session.open_match(match, store.start(match), CompanionSeats({1: "easy"}))
    pace = CompanionPace(session, schedule=lambda seconds, fn: loop.call_later(seconds, fn),
                         post=lambda fn: loop.call_soon_threadsafe(fn), is_on=lambda: is_on[0])
    session.listeners.append(pace.on_change)
    return session, pace


async def until(condition: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        await asyncio.sleep(0.01)


def test_the_companion_answers_after_the_pause(tmp_path: Path) -> None:
    async def scenario() -> None:
        session, _pace = paced_table(tmp_path, asyncio.get_running_loop(), [True])
        assert session.match is not None
        played = time.monotonic()
        assert session.send("e8")
        await until(lambda: len(session.match.history) == 2)   # type: ignore[union-attr]
        assert len(session.match.history) == 2 and session.match.to_move == 0
        assert time.monotonic() - played >= PAUSE              # whose turn it is was seen
        await asyncio.sleep(PAUSE * 2)
        assert len(session.match.history) == 2                # then it waits for Eva

    asyncio.run(scenario())


def test_an_undo_during_its_pause_leaves_the_turn_to_the_person(tmp_path: Path) -> None:
    async def scenario() -> None:
        session, _pace = paced_table(tmp_path, asyncio.get_running_loop(), [True])
        assert session.match is not None
        assert session.send("e8")
        await asyncio.sleep(PAUSE / 3)
        assert session.undo()                                   # Eva takes it back at once
        await asyncio.sleep(PAUSE * 3)
        assert session.match.history == [] and session.match.to_move == 0

    asyncio.run(scenario())


def test_it_plays_only_while_the_table_is_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        is_on = [False]
        session, pace = paced_table(tmp_path, asyncio.get_running_loop(), is_on)
        assert session.match is not None
        assert session.send("e8")
        await asyncio.sleep(PAUSE * 3)
        assert session.match.history == ["e8"]                 # another screen shows
        is_on[0] = True
        pace.next()                                             # back to the play screen
        await until(lambda: len(session.match.history) == 2)   # type: ignore[union-attr]
        assert len(session.match.history) == 2

    asyncio.run(scenario())
