"""UI tests run the app in a real Kivy window under Xvfb, one subprocess per scenario.

A session fixture starts its own Xvfb on a free display when DISPLAY is not set (and stops it).
Screenshots of every screen go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from run_once import once_a_run

from companion.virtual_display import xvfb

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("driver.py")
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
SCENARIO_TIMEOUT = 90
KILLED = -9

RunScenario = Callable[..., dict[str, Any]]
PartInTurn = Callable[[tuple[str, ...], str, str], dict[str, Any]]
"""``(names, name, lang)``: what scenario ``name`` saw, played in turn with ``names``."""

QUIET_AUDIO = "dummy"
"""SDL's audio driver for the app under test unless a test names one: no sound from the
machine's speaker while the suite runs (the sound tests choose the ``disk`` driver)."""

UNSMOOTHED = {"KCFG_GRAPHICS_MULTISAMPLES": "0"}
"""The app under test draws without multisampling (Kivy's default is 2 samples a pixel): here
Mesa's software GL (llvmpipe) draws every frame, and a multisampled one costs it ~3× the CPU
(the play screen ~32 → ~10 ms a frame), the most of a scenario's CPU after Python. Edges in
the screenshots are not smoothed; sizes, places and colours are the same."""


def app_env(display: str, kivy_home: Path, **more: str) -> dict[str, str]:
    """The environment of an app under test: our display, its own Kivy home, quiet, unsmoothed
    (``more`` adds to it or overrides it)."""
    return {**os.environ, "DISPLAY": display, "KIVY_HOME": str(kivy_home),
            "KIVY_NO_CONSOLELOG": "1", "SDL_AUDIODRIVER": QUIET_AUDIO, **UNSMOOTHED, **more}


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (apt install xvfb)")
    with xvfb() as started:
        yield started


def run_scenario_script(
    script: Path, name: str, display: str, work: Path, lang: str,
    store: Path | None = None, out: Path | None = None,
) -> dict[str, Any]:
    """Run scenario ``name`` of a game's own scenario script in its own app process.

    The script writes what it observed as JSON (``ok``, ``error``, ``screens`` and its own
    keys); every screenshot it names must exist. ``work`` holds the store and the Kivy home.
    """
    out = out or work / f"{name}_{lang}.json"
    env = app_env(display, work / "kivy")
    command = [sys.executable, str(script), name, str(store or work / "games.sqlite3"),
               str(out), str(SCREENSHOTS), lang]
    done = subprocess.run(command, env=env, capture_output=True, text=True,
                          timeout=SCENARIO_TIMEOUT, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    seen: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert seen.get("ok"), seen.get("error")
    for screen in seen["screens"]:
        assert (SCREENSHOTS / f"{screen}.png").stat().st_size > 0
    assert_nothing_cut(seen)
    return seen


def assert_nothing_cut(seen: dict[str, Any]) -> None:
    """No screenshot of the scenario showed a label's text cut or spilling out of its box,
    or a button not wholly in the window (``driver.Driver.shot`` looks at every one)."""
    cut = seen.get("overflows", [])
    assert cut == [], "cut or outside the window:\n" + "\n".join(cut)


@pytest.fixture
def part_of_scenarios_in_turn(display: str, tmp_path_factory: pytest.TempPathFactory
                              ) -> PartInTurn:
    """``(names, name, lang)``: what scenario ``name`` observed when the scenarios ``names``
    were played one after another in one app (``driver.in_turn``), as ``run_scenario``
    returns it and with its checks. The app runs once for the whole test run (``run_once``),
    for whichever test asks first; the others read its file."""

    def part(names: tuple[str, ...], name: str, lang: str) -> dict[str, Any]:
        joined = "+".join(names)
        seen_file = f"in_turn_{lang}.json"

        def play(work: Path) -> None:
            command = [sys.executable, str(DRIVER), joined, str(work / "games.sqlite3"),
                       str(work / seen_file), str(SCREENSHOTS), lang]
            done = subprocess.run(command, env=app_env(display, work / "kivy"),
                                  capture_output=True, text=True,
                                  timeout=SCENARIO_TIMEOUT * len(names), cwd=ROOT)
            assert done.returncode == 0, done.stderr[-3000:]

        key = hashlib.sha1(joined.encode()).hexdigest()[:12]
        work = once_a_run(tmp_path_factory, f"in_turn_{key}_{lang}", play)
        results: dict[str, Any] = json.loads(
            (work / seen_file).read_text(encoding="utf-8"))["parts"][name]
        assert results.get("ok"), results.get("error")
        for screen in results["screens"]:
            assert (SCREENSHOTS / f"{screen}.png").stat().st_size > 0
        assert_nothing_cut(results)
        return results

    return part


@pytest.fixture
def run_scenario(display: str, tmp_path: Path) -> RunScenario:
    """Run one scenario of the ``scenarios`` package (its ``SCENARIOS``) in its own app
    process; return what it observed."""

    def run(name: str, store: Path | None = None, lang: str | None = None,
            is_killed: bool = False, env: dict[str, str] | None = None) -> dict[str, Any]:
        """``env``: more environment for the app (SDL's audio driver, PATH, …)."""
        store = store or tmp_path / "games.sqlite3"
        out = tmp_path / f"{name}.json"
        env = app_env(display, tmp_path / "kivy", **(env or {}))
        command = [sys.executable, str(DRIVER), name, str(store), str(out), str(SCREENSHOTS)]
        if lang:
            command.append(lang)
        done = subprocess.run(command, env=env, capture_output=True, text=True,
                              timeout=SCENARIO_TIMEOUT, cwd=ROOT)
        if is_killed:
            assert done.returncode == KILLED, done.stderr[-3000:]
        else:
            assert done.returncode == 0, done.stderr[-3000:]
        assert out.exists(), done.stderr[-3000:]
        results: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        assert results.get("ok", is_killed), results.get("error")
        for screen in results["screens"]:
            assert (SCREENSHOTS / f"{screen}.png").stat().st_size > 0
        assert_nothing_cut(results)
        return results

    return run
