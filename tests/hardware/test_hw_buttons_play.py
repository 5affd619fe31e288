"""MockFactory presses become inputs of a running match, through the app's table."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from companion.records.store import Store
from companion.table.session import Setup, TableSession
from hardware import Action
from hardware.buttons import Buttons
from hardware.dice import make_die

ROLL, UNDO = 17, 27


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TableSession, MockFactory, Clock, list[Action]]]:
    """A Člověče game for two, the software die behind the GPIO ROLL button."""
    store = Store(tmp_path / "games.sqlite3")
    table = TableSession(store, lang="en")
    queue: list[Action] = []  # stands in for the Kivy clock: callbacks wait here
    table.die = make_die("gpio", on_roll=table.die_rolled, post=queue.append)
    table.new_game(Setup("clovece", ["Eva", "Jan"], ["red", "blue"]))
    factory = MockFactory()
    clock = Clock()
    buttons = Buttons(
        on_roll=table.roll, on_undo=table.undo, on_redo=table.redo,
        post=queue.append, pin_factory=factory, bounce_time=0.02, hold_time=0.15, clock=clock,
    )
    yield table, factory, clock, queue
    buttons.close()
    factory.close()
    store.close()


def run_clock(queue: list[Action]) -> None:
    while queue:
        queue.pop(0)()


def test_roll_button_rolls_the_die_and_the_roll_is_played_and_stored(
    table: tuple[TableSession, MockFactory, Clock, list[Action]],
) -> None:
    table, factory, clock, queue = table
    assert table.match is not None and table.match.awaiting == "roll"
    factory.pin(ROLL).drive_low()
    assert table.match.history == []  # nothing happens on gpiozero's thread
    run_clock(queue)
    [line] = table.match.history
    assert line.startswith("roll ") and 1 <= int(line.split()[1]) <= 6
    stored = table.store.load(table.saving.stored_id or 0)
    assert stored.timeline == (line,)
    assert sum(table.store.face_counts("gpio")) == 1


def test_a_bouncing_roll_button_rolls_once(
    table: tuple[TableSession, MockFactory, Clock, list[Action]],
) -> None:
    table, factory, clock, queue = table
    pin = factory.pin(ROLL)
    for _ in range(4):  # contact chatter within the bounce time
        pin.drive_low()
        clock.now += 0.002
        pin.drive_high()
        clock.now += 0.002
    run_clock(queue)
    assert table.match is not None and len(table.match.history) == 1


def test_undo_takes_the_roll_back_and_a_long_press_redoes_it(
    table: tuple[TableSession, MockFactory, Clock, list[Action]],
) -> None:
    table, factory, clock, queue = table
    factory.pin(ROLL).drive_low()
    clock.now += 0.1
    factory.pin(ROLL).drive_high()
    clock.now += 0.2
    run_clock(queue)
    assert table.match is not None
    rolled = table.match.history
    factory.pin(UNDO).drive_low()
    clock.now += 0.1
    factory.pin(UNDO).drive_high()
    clock.now += 0.2
    run_clock(queue)
    assert table.match.history == []
    factory.pin(UNDO).drive_low()  # held: gpiozero's hold timer fires redo
    deadline = time.monotonic() + 5
    while not queue and time.monotonic() < deadline:
        time.sleep(0.01)
    clock.now += 0.3
    factory.pin(UNDO).drive_high()
    run_clock(queue)
    assert table.match.history == rolled
