"""The die's firmware logic (hardware/firmware/die_logic.py) under CPython."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from hardware.firmware import die_logic
from hardware.firmware.die_logic import Debouncer, LineReader, reply, roll_from_bytes
from hardware.serial_die import Hello, Roll, parse_die_line


def bytes_from(values: list[int]) -> Callable[[int], bytes]:
    stream: Iterator[int] = iter(values)
    return lambda n: bytes(itertools.islice(stream, n))


def constant(face: int) -> Callable[[], int]:
    return lambda: face


def repeated(byte: int) -> Callable[[int], bytes]:
    return lambda n: bytes([byte] * n)


def test_every_byte_below_252_maps_to_each_face_equally_often() -> None:
    faces = Counter(roll_from_bytes(repeated(b)) for b in range(252))
    assert faces == {face: 42 for face in range(1, 7)}


def test_bytes_252_to_255_are_rejected_and_the_next_byte_is_used() -> None:
    assert roll_from_bytes(bytes_from([252, 253, 254, 255, 7])) == 2


def test_a_rejected_batch_asks_for_more_bytes() -> None:
    assert roll_from_bytes(bytes_from([255] * 8 + [0])) == 1


def test_a_clean_press_is_reported_once_after_20_ms() -> None:
    button = Debouncer(stable_ms=20)
    assert [button.update(True, t) for t in (0, 10, 19)] == [False, False, False]
    assert button.update(True, 20)
    assert not button.update(True, 500)
    assert not button.update(False, 600)
    assert not button.update(False, 620)  # the release is quiet
    assert not button.is_pressed


def test_chatter_is_not_a_press_until_the_contact_settles() -> None:
    button = Debouncer(stable_ms=20)
    presses = [button.update(raw, t) for t, raw in enumerate([True, False] * 10)]
    assert not any(presses)
    assert [button.update(True, t) for t in range(20, 45)].count(True) == 1


def test_debouncer_uses_micropythons_wrapping_tick_difference() -> None:
    period = 1 << 30

    def ticks_diff(later: int, earlier: int) -> int:
        return ((later - earlier + period // 2) % period) - period // 2

    button = Debouncer(stable_ms=20, ticks_diff=ticks_diff)
    button.update(True, period - 5)
    assert button.update(True, 15)  # the counter wrapped: 20 ms later


def test_segment_patterns_light_the_right_strokes() -> None:
    lit = {face: sum(die_logic.segments_for(face)) for face in range(1, 7)}
    assert lit == {1: 2, 2: 5, 3: 5, 4: 4, 5: 5, 6: 6}
    assert die_logic.segments_for(0) == die_logic.DASH
    assert die_logic.segments_for(7) == die_logic.DASH


def test_pip_patterns_light_as_many_leds_as_the_face() -> None:
    assert {face: sum(die_logic.pips_for(face)) for face in range(1, 7)} == {
        f: f for f in range(1, 7)
    }
    assert sum(die_logic.pips_for(0)) == 0


def test_the_hello_line_is_what_the_host_expects() -> None:
    assert die_logic.HELLO_LINE == "HELLO companion-die 1"
    assert parse_die_line(die_logic.HELLO_LINE) == Hello("companion-die", 1)


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("ASK", "ROLL 4"),
        ("ask\r", "ROLL 4"),
        ("HELLO", "HELLO companion-die 1"),
        ("", None),
        ("JUMP", "ERR unknown command 'JUMP'"),
    ],
)
def test_replies_to_the_host(line: str, answer: str | None) -> None:
    assert reply(line, lambda: 4) == answer


def test_every_roll_reply_parses_on_the_host() -> None:
    for face in range(1, 7):
        assert parse_die_line(reply("ASK", constant(face)) or "") == Roll(face)


def test_ask_rolls_only_when_asked() -> None:
    rolls: list[int] = []

    def roll() -> int:
        rolls.append(6)
        return 6

    reply("HELLO", roll)
    reply("nonsense", roll)
    assert rolls == []
    reply("ASK", roll)
    assert rolls == [6]


def test_command_lines_are_assembled_from_single_characters() -> None:
    reader = LineReader()
    received = [line for char in "AS" "K\r\nHEL" "LO\n" for line in reader.feed(char)]
    assert received == ["ASK", "HELLO"]


def test_an_overlong_command_line_is_dropped() -> None:
    reader = LineReader()
    assert reader.feed("X" * 100 + "\n") == []
    assert reader.feed("ASK\n") == ["ASK"]
