"""Sound at the table: cues and spoken prompts while Quoridor is played in the window.

The test runs the app with SDL's ``disk`` audio driver (what the mixer plays lands in a file)
and chooses the case through ``COMPANION_TEST_SOUND``: ``on`` (the defaults), ``off`` (sounds
and voice turned off in Settings by taps, the volume turned down). Every frame's interval is
recorded while the game is played, prompts included, so a frame that waited on audio shows.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from driver import Driver, open_match
from kivy.clock import Clock

P = 0.15
SETTLE = 0.4
"""After a tap in Settings: the labels and the stored value follow."""
SPOKEN = 2.6
"""Long enough for a cue and a short prompt to be heard out: the most a move waits."""
HEARD = 0.8
"""After a sound started: long enough for the disk file to show it (the test looks at the
0.5 s after each start)."""
Scenario = Callable[[Driver], Iterator[float]]


class Frames:
    """The longest interval between two frames while it runs."""

    def __init__(self) -> None:
        self.last = time.perf_counter()
        self.longest = 0.0
        self.count = 0
        self.slow: list[tuple[float, float]] = []
        self.event = Clock.schedule_interval(self.tick, 0)

    def tick(self, _dt: float) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self.last)
        if now - self.last > 0.1:
            self.slow.append((round(now, 3), round(now - self.last, 3)))
        self.last = now
        self.count += 1

    def stop(self) -> None:
        self.event.cancel()


def show_setting(d: Driver, widget_id: str) -> Any:
    """Scroll a row of Settings into view (the list is taller than the screen)."""
    widget = d.widget("settings", widget_id)
    d.widget("settings", "settings_scroll").scroll_to(widget, padding=10, animate=False)
    return widget


def tap_setting(d: Driver, widget_id: str) -> Iterator[float]:
    """Scroll a row into view, let the scroll view lay it out, tap it."""
    widget = show_setting(d, widget_id)
    yield P
    d.tap(widget)
    yield SETTLE


def said(audio: Any) -> int:
    return sum(what.startswith("say: ") for _, what in audio.played)


def heard_out(audio: Any, case: str, said_before: int) -> Iterator[float]:
    """After a move, until what it makes heard has been heard (``SPOKEN`` at the most): with
    the voice on, its prompt started; otherwise nothing left to render and the cues played
    (a voice turned off or without a device asks for none; without espeak-ng it fails). Then
    ``HEARD`` for the disk file to show the last sound."""
    def done() -> bool:
        if time.monotonic() < audio._cues_end:
            return False
        if case == "on":
            return said(audio) > said_before
        return audio.state == "silent" or audio.prompts.wait_idle(0)  # silent: none asked

    deadline = time.monotonic() + SPOKEN - HEARD
    while not done() and time.monotonic() < deadline:
        yield 0.1
    yield HEARD


def sound_quoridor(d: Driver) -> Iterator[float]:
    """Settings (sound rows), then a few moves of Quoridor: two quick ones (the first prompt is
    overtaken), a refused one, then moves with time to hear each prompt."""
    case = os.environ.get("COMPANION_TEST_SOUND", "on")
    audio = d.app.audio
    seen: dict[str, Any] = d.results
    lang = d.app.table.lang
    for _ in range(100):                                  # the cues are made after the 1st frame
        if audio.state in ("ready", "silent"):
            break
        yield 0.1
    seen["state"] = audio.state
    d.app.go("settings")
    yield 0.3
    if case == "off":
        for widget_id in ("sounds_button", "voice_button", "volume_down", "volume_down"):
            yield from tap_setting(d, widget_id)
    show_setting(d, "sound_problem" if audio.problem else "volume_label")
    yield 0.3
    seen["settings"] = {
        "sounds": d.widget("settings", "sounds_button").text,
        "voice": d.widget("settings", "voice_button").text,
        "volume": d.widget("settings", "volume_label").text,
        "problem": d.widget("settings", "sound_problem").text,
        "problem_shown": d.widget("settings", "sound_problem").height > 0,
        "button_heights": [d.widget("settings", name).height
                           for name in ("sounds_button", "voice_button", "volume_down",
                                        "volume_up")],
    }
    seen["stored"] = {key: d.app.store.setting(key)
                      for key in ("sound.cues", "sound.voice", "sound.volume")}
    d.shot(f"settings_sound_{case}_{lang}")
    open_match(d, "quoridor", ["Eva", "Pat"], ["red", "blue"])  # "Eva, your move." renders
    yield 0.1
    frames = Frames()
    seen["longest_start_call"] = audio.longest_call  # loading the cues, opening the device
    audio.longest_call = audio.longest_call_cpu = 0.0
    play = d.app.root.get_screen("play")
    d.tap_square("e8")                                    # Eva
    yield P
    d.tap_square("e2")                                    # Pat, at once: Eva's turn again
    yield from heard_out(audio, case, said(audio))
    seen["dropped_after_quick_moves"] = [] if audio.state == "silent" else list(
        audio.prompts.dropped)
    d.tap_square("a5")                                    # Eva, far away: refused
    yield 1.0
    seen["banner"] = play.banner
    for square in ("e7", "e3", "e6"):
        before = said(audio)
        d.tap_square(square)
        yield from heard_out(audio, case, before)
    frames.stop()
    seen["history"] = d.history
    seen["frames"] = frames.count
    seen["longest_frame"] = frames.longest
    seen["slow_frames"] = frames.slow
    seen["longest_audio_call"] = audio.longest_call
    seen["longest_audio_call_cpu"] = audio.longest_call_cpu
    opened = audio.opened_at or 0.0
    seen["played"] = [(moment - opened, what) for moment, what in audio.played]
    seen["played_at"] = [moment for moment, _ in audio.played]
    seen["problem"] = audio.problem
    seen["status"] = play.status
    seen["sound_libraries_loaded"] = sorted(  # Kivy's audio, and SDL_mixer's with it
        name for name in sys.modules if name.startswith("kivy.core.audio"))
    seen["sound_modules_loaded"] = sorted(  # what works out and makes what would be heard
        name for name in sys.modules if name.startswith("companion.sound.")
        and name != "companion.sound.speakers" or name == "platformdirs")


SCENARIOS: dict[str, Scenario] = {"sound_quoridor": sound_quoridor}
