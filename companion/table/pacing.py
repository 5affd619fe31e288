"""The companion's seats play on their own, at the table's pace: a pause to see whose turn it
is, the decision made off the thread that owns the table, then played on it if nothing changed.

Kivy-free: the touchscreen schedules on the Kivy clock, ``companion serve`` on its asyncio
loop; both hand their scheduler in (``schedule(seconds, fn)`` and ``post(fn)`` run ``fn`` later
on the owner thread).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.table.session import Change, TableSession

if TYPE_CHECKING:
    from companion.table.companions import Decision

log = logging.getLogger(__name__)

Action = Callable[[], None]
Schedule = Callable[[float, Action], None]
"""``schedule(seconds, fn)``: run ``fn`` on the owner thread after ``seconds``."""
Post = Callable[[Action], None]
"""``post(fn)``: run ``fn`` on the owner thread soon (callable from any thread)."""

DEFAULT_PAUSE = 1.0
"""Seconds a face waits before a companion seat plays: long enough to see whose turn it is."""
PACES = {"slow": 2.0, "normal": DEFAULT_PAUSE, "fast": 0.4}
"""The companion's pace (Settings): the pause before each of its inputs, so that a family can
follow its round on the board and copy it onto the table."""
PACED_CHANGES = ("played", "redone", "opened", "saving")
"""Changes after which a companion seat may be due."""


class CompanionPace:
    """Plays the companion's seats of ``table`` one input at a time, each after the pause set
    in Settings (the store's ``companion_pause``), while ``is_on()`` (the touchscreen: on any
    screen, unless the play screen holds the game for a person: a fix under way, the end-game
    question open)."""

    def __init__(self, table: TableSession, schedule: Schedule, post: Post,
                 is_on: Callable[[], bool] = lambda: True) -> None:
        self.table = table
        self._schedule = schedule
        self._post = post
        self._is_on = is_on
        self.is_waiting = False
        """A pause or a decision is under way (one at a time)."""

    def pause(self) -> float:
        return float(self.table.store.setting("companion_pause", DEFAULT_PAUSE))

    def on_change(self, change: Change) -> None:
        """A table listener: after a change that may make a companion seat due, look again
        (on the next turn of the owner's loop, after every listener heard the change)."""
        if change.kind in PACED_CHANGES:
            self._schedule(0, self.next)

    def next(self) -> None:
        """When a companion seat is to move, it plays after the pause."""
        if self.is_waiting or not self.table.companion_is_due() or not self._is_on():
            return
        self.is_waiting = True
        self._schedule(self.pause(), self._decide)

    def _decide(self) -> None:
        table = self.table

        def decide() -> None:
            try:
                decision = table.decide_companion()
            except Exception:  # a strategy bug must not stop the table: a person plays on
                log.exception("the companion could not decide: a person plays its turn")
                decision = None
            self._post(lambda: self._play(decision))

        threading.Thread(target=decide, name="companion", daemon=True).start()

    def _play(self, decision: Decision | None) -> None:
        self.is_waiting = False
        if decision is None:
            return  # it could not decide (logged): the seat's input is left to a person
        if self._is_on() and self.table.play_companion(decision) and decision.line == "roll":
            return  # its face comes back through the die, and that change brings the next:
            # looking again now would ask the die a second time while the first face is on
            # its way (a busy machine), and that face would then be another seat's roll
        self.next()


__all__ = ["DEFAULT_PAUSE", "PACED_CHANGES", "PACES", "CompanionPace"]
