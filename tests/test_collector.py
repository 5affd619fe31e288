"""The garbage collector's passes come after a frame, by CPython's rules for which generation."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from companion.app.frames import collector


@contextmanager
def passes_counted() -> Iterator[list[int]]:
    """The generation of every pass of the collector that starts inside the block, in order."""
    passes: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(info["generation"])

    gc.callbacks.append(count)
    try:
        yield passes
    finally:
        gc.callbacks.remove(count)


def test_nothing_is_due_until_more_new_objects_than_cpythons_threshold() -> None:
    assert collector.due_generation((0, 0, 0)) is None
    assert collector.due_generation((collector.YOUNG, 5, 5)) is None
    assert collector.due_generation((collector.YOUNG + 1, 0, 0)) == 0


def test_every_eleventh_pass_takes_the_next_older_generation_too() -> None:
    young = collector.YOUNG + 1
    assert collector.due_generation((young, collector.SPAN, 0)) == 0
    assert collector.due_generation((young, collector.SPAN + 1, 0)) == 1
    assert collector.due_generation((young, 0, collector.SPAN + 1)) == 2
    assert collector.due_generation((young, collector.SPAN + 1, collector.SPAN + 1)) == 2


def test_a_due_pass_is_made_and_its_count_starts_again() -> None:
    thresholds = gc.get_threshold()
    was_enabled = gc.isenabled()
    gc.disable()  # only collect_due collects while the objects are made
    try:
        collector.install()
        assert gc.get_threshold() == (collector.AUTOMATIC_YOUNG, collector.SPAN, collector.SPAN)
        kept = [[] for _ in range(collector.YOUNG + 50)]
        assert collector.is_due()
        assert collector.collect_due() is not None
        assert gc.get_count()[0] < collector.YOUNG
        assert not collector.is_due()
        assert collector.collect_due() is None
        del kept
    finally:
        gc.set_threshold(*thresholds)
        if was_enabled:
            gc.enable()


def test_after_a_game_is_built_the_pass_after_its_first_frame_is_a_middle_one() -> None:
    thresholds = gc.get_threshold()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        collector.after_many_new_objects()
        assert collector.is_due()  # even with few new objects
        middle_passes = gc.get_count()[2]
        assert collector.collect_due() == 1
        assert gc.get_count()[2] == middle_passes + 1
        assert collector.collect_due() is None  # owed once
    finally:
        gc.set_threshold(*thresholds)
        if was_enabled:
            gc.enable()


def test_while_the_app_starts_no_ordinary_pass_comes_until_the_first_frame() -> None:
    thresholds = gc.get_threshold()
    try:
        with passes_counted() as passes:
            collector.hold_until_first_frame()
            kept = [[] for _ in range(20_000)]  # the start's lasting objects (~55,000 in all)
            assert passes == []  # CPython's 700 would have passed ~28 times here
            collector.install()  # just after the first frame
            assert gc.get_threshold() == (collector.AUTOMATIC_YOUNG, collector.SPAN,
                                          collector.SPAN)
            del kept
    finally:
        gc.set_threshold(*thresholds)


def test_after_a_new_game_replaced_the_last_one_the_pass_owed_is_a_full_one() -> None:
    thresholds = gc.get_threshold()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        collector.after_many_new_objects(generation=2)
        collector.after_many_new_objects()  # a screen built after it: still the full pass
        with passes_counted() as passes:
            assert collector.collect_due() == 2
        assert passes == [2]
        assert collector.collect_due() is None  # owed once
    finally:
        gc.set_threshold(*thresholds)
        if was_enabled:
            gc.enable()
