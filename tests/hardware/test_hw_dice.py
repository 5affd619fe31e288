"""The software die, make_die, and the keyboard stand-ins for the buttons."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import pytest
import serial  # type: ignore[import-untyped]

from hardware import Action
from hardware.dice import make_die
from hardware.keyboard import KeyboardButtons, key_to_action
from hardware.serial_die import SerialDie
from hardware.software_die import SoftwareDie


def test_the_software_die_rolls_when_asked() -> None:
    rolls: list[int] = []
    die = SoftwareDie(on_roll=rolls.append, random_below=lambda n: n - 1)
    assert die.request_roll()
    assert rolls == [6]
    die.close()
    assert not die.request_roll() and not die.is_connected
    assert rolls == [6]


def test_the_software_die_is_fair_over_many_rolls() -> None:
    die = SoftwareDie()
    faces = Counter(die.roll() for _ in range(6000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(800 < count < 1200 for count in faces.values())  # each ~7 sigma from its bounds


def test_the_software_die_posts_its_roll() -> None:
    queue: list[Action] = []
    rolls: list[int] = []
    SoftwareDie(on_roll=rolls.append, post=queue.append).request_roll()
    assert rolls == [] and len(queue) == 1
    queue[0]()
    assert len(rolls) == 1 and 1 <= rolls[0] <= 6


@pytest.mark.parametrize("source", ["software", "gpio"])
def test_make_die_software_sources(source: str) -> None:
    statuses: list[str] = []
    die = make_die(source, on_status=statuses.append)
    assert isinstance(die, SoftwareDie) and die.source == source
    assert statuses == ["connected"]
    die.close()


def test_make_die_serial() -> None:
    port = serial.serial_for_url("loop://", timeout=0.05)
    connected = threading.Event()
    rolls: list[int] = []

    def factory(url: str, **kwargs: Any) -> Any:
        return port

    die = make_die(
        "serial:loop://",
        on_roll=rolls.append,
        on_status=lambda status: connected.set() if status == "connected" else None,
        serial_factory=factory,
    )
    try:
        assert isinstance(die, SerialDie) and die.source == "serial:loop://"
        assert connected.wait(5)
    finally:
        die.close()


@pytest.mark.parametrize("source", ["serial:", "usb", "Software", ""])
def test_make_die_refuses_unknown_sources(source: str) -> None:
    with pytest.raises(ValueError, match=repr(source)):
        make_die(source)


@pytest.mark.parametrize(
    ("key", "modifiers", "action"),
    [
        ("r", [], "roll"),
        ("spacebar", [], "roll"),
        ("u", [], "undo"),
        ("u", ["shift"], "redo"),
        ("U", [], "redo"),
        ("o", [], "confirm"),
        ("enter", ["numlock"], "confirm"),
        ("m", ["capslock"], "menu"),
        ("r", ["ctrl"], None),
        ("u", ["shift", "alt"], None),
        ("x", [], None),
        ("escape", [], None),
    ],
)
def test_keys_stand_in_for_buttons(key: str, modifiers: list[str], action: str | None) -> None:
    assert key_to_action(key, modifiers) == action


def test_tapping_u_undoes_on_release() -> None:
    keys = KeyboardButtons(hold_time=1.0)
    assert keys.key_down("u", [], 0.0) is None
    assert keys.key_up("u", 0.2) == "undo"


def test_holding_u_redoes_once_while_held() -> None:
    keys = KeyboardButtons(hold_time=1.0)
    repeats = [keys.key_down("u", [], t / 10) for t in range(0, 25)]  # key repeat
    assert repeats.count("redo") == 1 and repeats.index("redo") == 10
    assert keys.key_up("u", 2.5) is None
    assert keys.key_down("u", [], 3.0) is None
    assert keys.key_up("u", 3.1) == "undo"


def test_a_long_u_without_key_repeat_redoes_on_release() -> None:
    keys = KeyboardButtons(hold_time=1.0)
    keys.key_down("u", [], 0.0)
    assert keys.key_up("u", 1.5) == "redo"


@pytest.mark.parametrize("key", ["o", "enter"])
def test_o_or_enter_confirm_on_release_and_held_long_give_the_hint_once(key: str) -> None:
    keys = KeyboardButtons(hold_time=1.0)
    assert keys.key_down(key, [], 0.0) is None
    assert keys.key_up(key, 0.2) == "confirm"
    repeats = [keys.key_down(key, [], 1 + t / 10) for t in range(0, 25)]  # key repeat
    assert repeats.count("hint") == 1 and repeats.count("confirm") == 0
    assert keys.key_up(key, 3.5) is None


def test_other_keys_pass_straight_through() -> None:
    keys = KeyboardButtons()
    assert keys.key_down("r", [], 0.0) == "roll"
    assert keys.key_down("u", ["shift"], 0.0) == "redo"
    assert keys.key_up("r", 0.1) is None
