"""Fixtures shared by the test folders."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui.card import mount_card, unmount_card

PYCACHE = Path(tempfile.gettempdir()) / "companion-test-pycache"
"""Compiled bytecode for the tests and every Python process they start, outside the source tree
(where ``PYTHONDONTWRITEBYTECODE`` keeps it out). Without it every app and command process the
tests start compiled companion's modules from source again (a whole Quoridor game on the
screen: 129 modules, ~0.2–0.3 s of its ~2.5 s of CPU)."""


def compile_once() -> None:
    """Write bytecode, to ``PYCACHE`` unless a prefix is set already, in this process and in
    the processes it starts."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ.setdefault("PYTHONPYCACHEPREFIX", str(PYCACHE))
    sys.dont_write_bytecode = False
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]


compile_once()


@pytest.fixture
def card(tmp_path: Path) -> Iterator[Path]:
    """A 300 kB tmpfs: a memory card that fills up quickly (skipped without root and mount)."""
    folder = tmp_path / "card"
    folder.mkdir()
    if not mount_card(folder):
        pytest.skip("needs root and mount for a small tmpfs")
    try:
        yield folder
    finally:
        unmount_card(folder)


# -- the order the tests start in -----------------------------------------------------------------

SLOWEST: dict[str, float] = {
    # a test that makes what others of its file read (``run_once``: the scenarios played in
    # turn in one app, the coordinates' boards, the installed wheel) starts early, the readers
    # late, when it is made: else they start together and wait for it, their workers idle
    "tests/ui/test_ui_rules.py::test_rules_from_the_menu_and_back[quoridor2-": 30.0,
    "tests/ui/test_ui_rules.py::": 0.5,
    "tests/ui/test_ui_companion.py::test_ui_the_hint_shows_on_the_clovece_board": 20.0,
    "tests/ui/test_ui_companion.py::test_ui_the_hint_shows_on": 0.5,
    "tests/ui/test_ui_layout.py::test_ui_menu_stays_whole": 30.0,
    "tests/ui/test_ui_layout.py::test_ui_long_choices": 0.5,
    "tests/ui/test_ui_layout.py::test_ui_refusals_and_hints": 0.5,
    "tests/ui/test_ui_coords.py::test_every_name_is_drawn_big_enough_inside_the_board[en-clo"
    "vece_4]": 20.0,
    "tests/ui/test_ui_coords.py::test_every_name_is_drawn_big_enough_inside_the_board[cs-clo"
    "vece_4]": 20.0,
    "tests/ui/test_ui_coords.py::": 0.5,
    "tests/test_installed.py::test_the_installed_app_draws_its_home_screen": 20.0,
    "tests/test_installed.py::": 0.5,
    "tests/ui/test_ui_words.py::": 40.0,
    "tests/ui/test_ui_builder.py::test_the_standin_built_by_taps": 38.0,
    "tests/test_code_quality.py::test_the_engine_games_store_and_hardware_pass_mypy": 30.0,
    "tests/ui/test_ui_table_die.py::test_ui_a_game_played_to_its_end_with_the_table_die_only": 24.0,
    "tests/ui/test_ui_stats.py::": 18.0,
    "tests/ui/test_ui_phones.py::": 18.0,
    "tests/ui/test_ui_sound.py::test_ui_pat_a_mat": 2.0,
    "tests/ui/test_ui_sound.py::": 18.0,
    "tests/ui/test_ui_table_lines.py::test_ui_a_companions_round_of_three": 20.0,
    "tests/ui/test_ui_table_lines.py::test_ui_the_companions_round_is_said": 16.0,
    "tests/ui/test_ui_builder.py::": 14.0,
    "tests/web/test_page_browser.py::": 12.0,
    "tests/ui/test_frame_parts.py::test_every_play_screen": 28.0,
    "tests/ui/test_texts_ahead.py::": 20.0,
    "tests/ui/test_memory_kept.py::test_a_new_game_keeps": 16.0,
    "tests/ui/test_steady_layouts.py::test_a_switch": 16.0,
    "tests/games/crash/test_crash_queries_same.py::test_cheap": 10.0,
    "tests/test_benchmarks_smoke.py::": 10.0,
    "tests/ui/": 8.0,
    "tests/test_code_quality.py::": 3.0,
    "tests/web/": 3.0,
}
"""Seconds a test takes, roughly, on this 2-core machine under the suite's own load (``-n 0
--durations=0`` alone, about doubled; the first prefix of a test's id that matches counts).
Only the order matters (``longest_first``): tests not named here take well under a second."""


def expected_seconds(nodeid: str) -> float:
    return next((seconds for prefix, seconds in SLOWEST.items() if nodeid.startswith(prefix)),
                0.0)


FIRST_SECONDS = 20.0
"""Tests expected to take this long or longer start first, longest first."""
QUICK_SECONDS = 0.1
"""What a test the table does not name takes, roughly (most of these are pure Python)."""
WAITING_DONE_BY = 0.85
"""The share of the run by which the mostly waiting tests have all been handed out: the last
of the run are quick ones, which fill the workers evenly at the end."""
MOSTLY_WAITING = ("tests/ui/", "tests/web/", "tests/test_installed.py",
                  "tests/test_benchmarks_smoke.py")
"""Tests that mostly wait for an app, a browser or a command of their own."""


def _mostly_waits(nodeid: str) -> bool:
    return nodeid.startswith(MOSTLY_WAITING)


def _units(items: list[Any], waiting: bool) -> list[list[Any]]:
    """The items as units handed out in a row: a mostly waiting test alone, the quick tests a
    file at a time (some share a module fixture)."""
    units: list[list[Any]] = []
    for item in items:
        file = item.nodeid.split("::")[0]
        if units and not waiting and units[-1][0].nodeid.split("::")[0] == file:
            units[-1].append(item)
        else:
            units.append([item])
    return units


def _seconds(unit: list[Any]) -> float:
    return sum(expected_seconds(item.nodeid) or QUICK_SECONDS for item in unit)


def longest_first(items: list[Any], workers: int) -> list[Any]:
    """The longest tests first, so none of them starts last and keeps one worker busy while
    the others have finished (xdist hands the tests out in this order, one at a time, with
    ``--maxschedchunk 1``: see ``pytest_configure``). Each worker is first sent two tests: the
    first ``2 * workers`` are interleaved so a worker gets the 1st and the (workers + 1)th
    longest, not the two longest.

    Then the tests that mostly wait for their app or browser are spread among the quick ones,
    which mostly compute, so that the CPU works while an app waits (with the UI tests one
    after the other, the lead's quiet run left the 2 cores idle 17 % of its time); the quick
    ones end the run. Otherwise the order is the collection's."""
    ordered = sorted(items, key=lambda item: -expected_seconds(item.nodeid))
    first = [item for item in ordered if expected_seconds(item.nodeid) >= FIRST_SECONDS]
    rest = ordered[len(first):]
    if workers > 1 and len(first) >= 2 * workers:
        head = first[: 2 * workers]
        first[: 2 * workers] = [head[n + offset * workers] for n in range(workers)
                                for offset in (0, 1)]
    waiting = _units([item for item in rest if _mostly_waits(item.nodeid)], waiting=True)
    quick = _units([item for item in rest if not _mostly_waits(item.nodeid)], waiting=False)
    waiting_total = sum(map(_seconds, waiting)) or 1.0
    quick_total = sum(map(_seconds, quick)) or 1.0
    merged: list[Any] = []
    waited = computed = 0.0
    while waiting or quick:
        if waiting and (not quick or waited / waiting_total * WAITING_DONE_BY
                        <= computed / quick_total):
            unit = waiting.pop(0)
            waited += _seconds(unit)
        else:
            unit = quick.pop(0)
            computed += _seconds(unit)
        merged.extend(unit)
    return first + merged


def pytest_configure(config: pytest.Config) -> None:
    # xdist's load scheduling sends each worker a quarter of its share at once unless told to
    # send a test or two at a time: then a worker takes the next test in the order above when
    # it is free, and the longest tests are started first by all the workers
    if getattr(config.option, "maxschedchunk", 0) is None:
        config.option.maxschedchunk = 1


def pytest_collection_modifyitems(config: pytest.Config, items: list[Any]) -> None:
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    items[:] = longest_first(items, workers)
