"""Sound at the table, heard through SDL's ``disk`` audio driver: the mixer's output lands in a
file (raw 16-bit stereo at 44.1 kHz, what Kivy's SDL2 provider opens), written in real time, so
the file's timeline lines up with what the app says it played.

espeak-ng is the real one; in the first test a wrapper makes it take 0.8 s a prompt, so a frame
that waited on rendering would show as a frame interval of at least that.
"""

from __future__ import annotations

import math
import os
import random
import shutil
from array import array
from pathlib import Path
from typing import Any

import pytest
from conftest import RunScenario

from companion.i18n import load_catalogue

RATE = 44100
CHANNELS = 2
WINDOW = 0.05
"""Seconds per loudness measurement of the disk file."""
HEARD_DBFS = -35.0
"""A window louder than this holds a cue or speech (they play at about -20 dBFS)."""
SILENT_DBFS = -70.0
SLOW_RENDER = 0.8
HISTORY = ["e8", "e2", "e7", "e3", "e6"]

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                reason="espeak-ng is not installed (tools/setup.sh)")


def sound_env(tmp_path: Path, case: str, **more: str) -> dict[str, str]:
    return {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(tmp_path / "heard.raw"),
            "XDG_CACHE_HOME": str(tmp_path / "cache"), "COMPANION_TEST_SOUND": case, **more}


def slow_espeak(tmp_path: Path) -> str:
    """A folder with an ``espeak-ng`` that waits, then runs the real one."""
    folder = tmp_path / "slow-bin"
    folder.mkdir()
    wrapper = folder / "espeak-ng"
    wrapper.write_text(f'#!/bin/sh\nsleep {SLOW_RENDER}\nexec {shutil.which("espeak-ng")} "$@"\n')
    wrapper.chmod(0o755)
    return str(folder)


def loudness(raw: Path) -> list[float]:
    """dBFS of every :data:`WINDOW` of the disk file (none when nothing was written)."""
    if not raw.exists():
        return []
    data = raw.read_bytes()
    pcm = array("h")
    pcm.frombytes(data[: len(data) // 2 * 2])
    step = int(WINDOW * RATE) * CHANNELS
    levels = []
    for start in range(0, len(pcm) - step + 1, step):
        window = pcm[start: start + step]
        rms = math.sqrt(sum(value * value for value in window) / len(window)) / 32767
        levels.append(20 * math.log10(rms) if rms > 0 else -120.0)
    return levels


def loudest(levels: list[float], start: float, end: float) -> float:
    part = levels[max(0, int(start / WINDOW)): int(end / WINDOW) + 1]
    return max(part, default=-120.0)


def czech(text: str) -> str:
    return load_catalogue("app", "cs")[text]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_played_game_is_heard_at_its_moments_and_no_frame_waits(
    run_scenario: RunScenario, tmp_path: Path, lang: str,
) -> None:
    path = f"{slow_espeak(tmp_path)}:{os.environ['PATH']}"
    seen = run_scenario("sound_quoridor", lang=lang, env=sound_env(tmp_path, "on", PATH=path))
    assert seen["state"] == "ready" and seen["problem"] == ""
    on = {"en": "On", "cs": czech("On")}[lang]
    assert seen["settings"]["sounds"] == on and seen["settings"]["voice"] == on
    assert seen["settings"]["volume"] == "80 %" and not seen["settings"]["problem_shown"]
    assert min(seen["settings"]["button_heights"]) >= 60
    assert seen["history"] == HISTORY and seen["banner"]
    played: list[tuple[float, str]] = [(moment, what) for moment, what in seen["played"]]
    cues = [what for _, what in played if not what.startswith("say: ")]
    said = [what for _, what in played if what.startswith("say: ")]
    # two quick moves, a refusal, three moves: the turn chime for each move, one "uh-uh"
    assert cues == ["turn", "turn", "refused", "turn", "turn", "turn"]
    # the opening prompt (rendering, 0.8 s) and Pat's (waiting) were overtaken by Eva's turn
    assert sorted(seen["dropped_after_quick_moves"]) == [1, 2]
    assert len(said) == 4 and len(set(said)) == 2  # "Eva, your move." / "Pat, your move."
    levels = loudness(tmp_path / "heard.raw")
    first = played[0][0]
    assert levels and max(levels[: int((first - 0.2) / WINDOW)], default=-120.0) < SILENT_DBFS
    for moment, what in played:
        assert loudest(levels, moment - 0.1, moment + 0.5) > HEARD_DBFS, (moment, what)
    assert max(levels) <= 0.0
    # no frame waited on audio: prompts took 0.8 s to render, frames kept coming
    assert seen["longest_frame"] < SLOW_RENDER * 0.75, seen["slow_frames"]
    # the UI thread's own work for sound, per call: a few milliseconds (wall time may be more
    # on a busy machine, but never the 0.8 s of a render)
    assert seen["longest_audio_call_cpu"] < 0.02
    assert seen["longest_audio_call"] < SLOW_RENDER / 4


def test_ui_sounds_and_voice_turned_off_in_settings_are_silent(
    run_scenario: RunScenario, tmp_path: Path,
) -> None:
    seen = run_scenario("sound_quoridor", lang="en", env=sound_env(tmp_path, "off"))
    assert seen["settings"]["sounds"] == "Off" and seen["settings"]["voice"] == "Off"
    assert seen["settings"]["volume"] == "60 %"
    assert seen["stored"] == {"sound.cues": False, "sound.voice": False, "sound.volume": 0.6}
    assert seen["history"] == HISTORY
    assert seen["played"] == []
    levels = loudness(tmp_path / "heard.raw")
    assert max(levels, default=-120.0) < SILENT_DBFS


def test_ui_without_an_audio_device_settings_says_so_and_the_game_goes_on(
    run_scenario: RunScenario, tmp_path: Path,
) -> None:
    from companion.app.audio import NO_DEVICE

    env = sound_env(tmp_path, "no_device", SDL_AUDIODRIVER="no-such-driver")
    seen: dict[str, Any] = run_scenario("sound_quoridor", lang="cs", env=env)
    assert seen["state"] == "silent" and seen["problem"] == NO_DEVICE
    assert seen["settings"]["problem_shown"]
    assert seen["settings"]["problem"] == czech(NO_DEVICE)
    assert seen["played"] == []
    assert seen["history"] == HISTORY and seen["banner"]


def test_ui_without_any_speaker_no_sound_library_is_loaded_and_settings_says_so(
    run_scenario: RunScenario, tmp_path: Path,
) -> None:
    """No sound server and no ALSA playback device: SDL would load PulseAudio's client and
    ALSA's (~3.8 MB kept resident) only to find no speaker."""
    from companion.app.audio import NO_DEVICE
    from companion.sound.speakers import audio_driver

    (tmp_path / "run").mkdir()
    nothing = {"SDL_AUDIODRIVER": "", "PULSE_SERVER": "", "XDG_RUNTIME_DIR": str(tmp_path / "run")}
    if audio_driver(nothing) is not None:
        pytest.skip("this machine has a speaker (an ALSA playback device or a sound server)")
    seen: dict[str, Any] = run_scenario("sound_quoridor", lang="en",
                                        env={**sound_env(tmp_path, "no_device"), **nothing})
    assert seen["state"] == "silent" and seen["problem"] == NO_DEVICE
    assert seen["settings"]["problem_shown"] and seen["settings"]["problem"] == NO_DEVICE
    assert seen["sound_libraries_loaded"] == []
    # nor the cues, the moments, the prompts, the voice and their cache's folder (~0.4 MB
    # kept resident): nothing would ever be heard
    assert seen["sound_modules_loaded"] == []
    assert seen["played"] == []
    assert seen["history"] == HISTORY and seen["banner"]


def test_ui_without_espeak_ng_the_cues_still_play_and_settings_says_why(
    run_scenario: RunScenario, tmp_path: Path,
) -> None:
    from companion.app.audio import NO_VOICE

    empty = tmp_path / "no-espeak"
    empty.mkdir()
    seen = run_scenario("sound_quoridor", lang="en",
                        env=sound_env(tmp_path, "no_voice", PATH=str(empty)))
    assert seen["state"] == "ready" and seen["problem"] == NO_VOICE
    assert seen["settings"]["problem"] == NO_VOICE and seen["settings"]["problem_shown"]
    whats = [what for _, what in seen["played"]]
    assert "refused" in whats and not any(what.startswith("say: ") for what in whats)
    levels = loudness(tmp_path / "heard.raw")
    assert max(levels) > HEARD_DBFS
    assert seen["history"] == HISTORY


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_pat_a_mat_says_what_to_change_on_the_table_then_whose_turn(
    tmp_path: Path, lang: str,
) -> None:
    """The adapter on the real table (no window): after each roll the app plays the move;
    the prompt is the play screen's table lines, then the next player's turn."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    from companion.app.audio import AppAudio
    from companion.records.store import Store
    from companion.sound.prompts import speakable, turn_prompt
    from companion.table.session import TableSession
    from companion.table.setups import Setup

    table = TableSession(Store(str(tmp_path / "games.sqlite3")), lang=lang)
    audio = AppAudio(table, table.store, cache=tmp_path / "cache")
    table.new_game(Setup("patamat", ["Pat", "Mat"], ["red", "blue"]))
    chooser = random.Random(3)
    shown: list[list[str]] = []
    for _ in range(60):
        match = table.match
        assert match is not None
        if match.awaiting == "roll":
            table.send(f"roll {chooser.randint(1, 6)}")
        else:
            table.send(chooser.choice(match.legal()))
        shown.append(table.describe(table.last_events))
    assert audio.prompts.wait_idle(30)
    audio.close()
    assert audio.asked[0] == turn_prompt("Pat", "setup", lang)
    turns = tuple(turn_prompt(name, "roll", lang) for name in ("Pat", "Mat"))
    rolls = [text for text in audio.asked if text.endswith(turns)]
    assert len(rolls) > 10
    # the table lines come first, and each is a line the play screen shows
    screen = {speakable(line, lang).rstrip(".!?") for lines in shown for line in lines}
    table_heard = [text for text in rolls if text not in turns]
    assert table_heard
    for text in table_heard:
        first = text.split(". ")[0].rstrip(".")
        assert first in screen, first
    assert audio.voice.runs >= 2 and audio.prompts.newest == len(audio.asked)
