"""The companion's pace (companion/table/pacing.py) on a clock the test turns by hand: a
companion asks the die once for its roll, however late the face comes back."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from companion.engine import open_game
from companion.records.store import Store
from companion.table.companions import CompanionSeats
from companion.table.pacing import CompanionPace
from companion.table.session import TableSession


class SlowDie:
    """A software die whose faces come back only when the test lets them (a busy machine)."""

    source = "software"
    status = "connected"

    def __init__(self) -> None:
        self.on_roll: Callable[[int], object] | None = None
        self.asked = 0
        self.on_its_way: list[int] = []

    def request_roll(self) -> bool:
        self.asked += 1
        self.on_its_way.append(4)
        return True

    def deliver(self) -> None:
        faces, self.on_its_way = self.on_its_way, []
        for face in faces:
            assert self.on_roll is not None
            self.on_roll(face)

    def close(self) -> None:
        pass


def test_a_companion_asks_the_die_once_though_its_face_is_late(tmp_path: Path) -> None:
    die = SlowDie()
    session = TableSession(Store(tmp_path / "games.sqlite3"), die=die, lang="en")
    die.on_roll = session.die_rolled
    # Člověče, Eva and the companion; the roll-off done: the companion (seat 1) to roll
    match = open_game("clovece", players=2, names=["Eva", "Companion"])
    match.play("roll 1")
    match.play("roll 6")
    assert match.awaiting == "roll" and match.to_move == 1
    due: list[Callable[[], None]] = []
    pace = CompanionPace(session, schedule=lambda _seconds, action: due.append(action),
                         post=lambda action: action())
    session.listeners.append(pace.on_change)
    session.open_match(match, None, CompanionSeats({1: "easy"}))
    pace.next()
    for _ in range(5):                  # the clock turns on; the die has not answered yet
        for action in due[:]:
            due.remove(action)
            action()
            for thread in threading.enumerate():    # the companion decides off the clock
                if thread.name == "companion":
                    thread.join(timeout=10)
    assert die.asked == 1
    history = list(match.history)
    die.deliver()
    assert session.match is not None
    assert session.match.history[len(history):][:1] == ["roll 4"]
    assert die.asked == 1


def test_a_face_asked_for_before_an_undo_is_not_the_persons_roll(tmp_path: Path) -> None:
    die = SlowDie()
    session = TableSession(Store(tmp_path / "games.sqlite3"), die=die, lang="en")
    die.on_roll = session.die_rolled
    match = open_game("clovece", players=2, names=["Eva", "Jan"])
    session.open_match(match, None)
    assert session.send("roll 6") and session.send("roll 1")     # the roll-off: Eva first
    assert session.roll() and die.asked == 1                     # Eva's roll asked for …
    assert session.undo()                                        # … and the roll-off undone
    die.deliver()                                                # the face comes back late
    assert session.match is not None and session.match.history == ["roll 6"]
    assert session.match.awaiting == "roll"
    assert session.roll()                                        # asked now: it is played
    die.deliver()
    assert session.match.history == ["roll 6", "roll 4"]
