"""Sound in the app: a cue when something happens, a spoken prompt when a glance would be needed.

The adapter listens to the table (``table.listeners``) like a screen does, turns each
change into a :class:`~companion.sound.moments.Moment` and plays what
:mod:`companion.sound.moments` and :mod:`companion.sound.prompts` choose, through Kivy's audio
(``SoundLoader``: SDL2_mixer in Kivy's wheel). Nothing waits on sound in a frame: the cues are
made (once, into the cache) and the prompts rendered by espeak-ng on worker threads, and only
playing a finished file happens on the Kivy clock. A prompt overtaken by a newer one is dropped.

Without an audio device or without espeak-ng, :attr:`AppAudio.problem` says so (Settings shows
it) and the app stays silent; nothing else changes. Settings: sounds on/off, voice on/off, volume.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.records.store import Store
from companion.table.session import Change, TableSession

if TYPE_CHECKING:
    from companion.sound.voice import PromptQueue, Voice

# companion.sound (the cues, the moments, the prompts, the voice) is imported when first
# needed: by ``start`` after the app's first frame, or by the first change of a game.

log = logging.getLogger(__name__)

SOUNDS_KEY = "sound.cues"
VOICE_KEY = "sound.voice"
VOLUME_KEY = "sound.volume"
DEFAULT_VOLUME = 0.8
VOLUME_STEP = 0.1
CUE_GAP = 0.05
"""Between two cues of one moment, and between the cues and the prompt that follows them."""
CUE_TIMEOUT = 60.0
NO_DEVICE = "No speaker found: the companion stays silent."
NO_VOICE = "The voice (espeak-ng) is not installed: sounds only, no spoken prompts."


class AppAudio(EventDispatcher):
    """The app's sound: listens to ``table``, keeps its settings in ``store``."""

    is_sound_on = BooleanProperty(True)
    is_voice_on = BooleanProperty(True)
    volume = NumericProperty(DEFAULT_VOLUME)
    problem = StringProperty("")
    """Why the companion is silent or does not speak (English; Settings translates it)."""

    def __init__(self, table: TableSession, store: Store, cache: Path | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.table = table
        self.store = store
        self._cache = cache
        self.is_sound_on = bool(store.setting(SOUNDS_KEY, True))
        self.is_voice_on = bool(store.setting(VOICE_KEY, True))
        self.volume = _volume(store.setting(VOLUME_KEY, DEFAULT_VOLUME))
        self._voice: Voice | None = None
        self._prompts: PromptQueue | None = None
        self.state = "new"
        """new → starting (cues being made) → ready (a device) or silent (none)."""
        self._cues: dict[str, Any] = {}
        self._prompt: Any = None
        self._cues_end = 0.0
        self._seat: int | None = None
        self._awaiting = ""
        self.opened_at: float | None = None
        """``time.monotonic()`` when the audio device opened (tests line the output up)."""
        self.asked: list[str] = []
        """Every prompt asked for, in order (spoken unless a newer one overtook it)."""
        self.played: list[tuple[float, str]] = []
        """(monotonic time, cue name or ``say: text``) of everything played, in order."""
        self.longest_call = 0.0
        """The longest the UI thread spent in this adapter at once, in seconds; the processor
        time of that thread in it (the rest: other processes had the CPU)."""
        self.longest_call_cpu = 0.0
        table.listeners.append(self.on_change)

    @property
    def cache(self) -> Path:
        """Where the cues and the rendered prompts are kept (the user's cache folder)."""
        if self._cache is None:
            from companion.sound import cache_dir

            self._cache = cache_dir()
        return self._cache

    @property
    def voice(self) -> Voice:
        """espeak-ng, rendering the prompts into the cache (made when first needed)."""
        if self._voice is None:
            from companion.sound.voice import Voice

            self._voice = Voice(self.cache)
        return self._voice

    @property
    def prompts(self) -> PromptQueue:
        """The prompts being rendered, newest first (made when first needed)."""
        if self._prompts is None:
            from companion.sound.voice import PromptQueue

            self._prompts = PromptQueue(self.voice, self._rendered, self._render_failed)
        return self._prompts

    # -- start and stop ---------------------------------------------------------------------------

    def start(self) -> None:
        """After the first frame: the cues are made (or found in the cache) off the UI thread,
        then loaded; the first load opens the audio device. A machine with no speaker at all
        (:mod:`companion.sound.speakers`) stays silent without loading a sound library, nor the
        cues, the moments, the prompts and the voice (nothing would ever play)."""
        if self.state != "new":
            return
        self.state = "starting"
        from companion.sound.speakers import ALSA, audio_driver

        driver = audio_driver()
        if driver is None:  # nothing of the sound is loaded: no cue, moment nor voice
            self._silent("no speaker: no sound server and no ALSA playback device")
            return
        if not self.voice.is_available:
            self._tell_problem(NO_VOICE)

        from companion.sound import moments, prompts  # noqa: F401  (loaded now, not in a tap)
        if driver == ALSA:  # read by SDL when the first cue opens the device
            os.environ["SDL_AUDIODRIVER"] = ALSA
        from companion.sound.cues import CUE_NAMES, cue_files, cue_path

        def make() -> None:
            try:
                if not all(cue_path(self.cache, name).exists() for name in CUE_NAMES):
                    _make_cues_aside(self.cache)
                files = cue_files(self.cache)
            except OSError:
                log.exception("the sound cues could not be made: the companion stays silent")
                files = {}
            import kivy.core.audio  # noqa: F401  (the provider chosen here, not in a frame)

            Clock.schedule_once(lambda _dt: self._load_next(list(files.items())), 0)

        threading.Thread(target=make, name="cues", daemon=True).start()

    def close(self) -> None:
        if self._prompts is not None:
            self._prompts.close()
        for sound in [*self._cues.values(), self._prompt]:
            if sound is not None:
                sound.stop()

    # -- settings (one call each from kv) ---------------------------------------------------------

    def toggle_sounds(self) -> None:
        self.is_sound_on = not self.is_sound_on
        self.store.set_setting(SOUNDS_KEY, self.is_sound_on)

    def toggle_voice(self) -> None:
        self.is_voice_on = not self.is_voice_on
        self.store.set_setting(VOICE_KEY, self.is_voice_on)
        if not self.is_voice_on:
            self._hush()

    def louder(self) -> None:
        self._set_volume(self.volume + VOLUME_STEP)

    def quieter(self) -> None:
        self._set_volume(self.volume - VOLUME_STEP)

    # -- the table's changes -----------------------------------------------------------------

    def on_change(self, change: Change) -> None:
        started = _clocks()
        try:
            self._on_change(change)
        except Exception:  # noqa: BLE001 - sound must never break the table
            log.exception("sound for %r failed", change.kind)
        self._took(started)

    def _on_change(self, change: Change) -> None:
        if self.state == "silent":  # nothing will play: no moment is worked out
            return
        if change.kind in ("closed", "undone"):
            self._hush()
        match = self.table.match
        if match is None or change.kind == "closed":
            self._seat, self._awaiting = None, ""
            return
        if change.kind in ("lang", "die", "saving"):
            return
        from companion.sound.moments import Moment, cues_for, speech_for, spoken_events
        from companion.sound.prompts import compose, speakable, table_prompt, turn_prompt

        is_input = change.kind in ("played", "redone")
        seat = match.to_move
        companions = self.table.companions
        moment = Moment(
            kind=change.kind, game=match.game_id, events=change.events,
            line=match.history[-1] if is_input and match.history else "",
            seat_before=self._seat, seat_after=seat, awaiting_before=self._awaiting,
            awaiting=str(match.awaiting), is_over=match.is_over,
            is_companion_move=is_input and companions.plays(self._seat),
            is_companion_next=companions.plays(seat),
        )
        if change.kind != "rejected":
            self._seat, self._awaiting = seat, str(match.awaiting)
        self._play_cues(cues_for(moment))
        speech = speech_for(moment)
        if not speech or not self.is_voice_on or self.state == "silent":
            return
        lang = self.table.lang
        parts = []
        if speech.table:
            lines = self.table.describe(spoken_events(change.events))
            parts.append(table_prompt(lines, lang))
        if speech.winner:
            parts.append(speakable(self.table.words.result_headline(), lang))
        elif speech.turn and seat is not None and seat < len(match.names):
            parts.append(turn_prompt(match.names[seat], moment.awaiting, lang))
        text = compose(parts)
        if text and self.voice.is_available:
            self.asked.append(text)
            self.prompts.say(text, lang)

    # -- playing ----------------------------------------------------------------------------------

    def _play_cues(self, names: tuple[str, ...]) -> None:
        if not names or not self.is_sound_on or self.state != "ready":
            return
        delay = 0.0
        for name in names:
            sound = self._cues.get(name)
            if sound is None:
                continue
            if delay == 0:
                self._play(sound, name)
            else:
                Clock.schedule_once(lambda _dt, s=sound, n=name: self._play(s, n), delay)
            delay += sound.length + CUE_GAP
        self._cues_end = time.monotonic() + delay

    def _play(self, sound: Any, what: str) -> None:
        if what.startswith("say: ") or self.is_sound_on:
            sound.volume = self.volume
            sound.play()
            self.played.append((time.monotonic(), what))

    def _rendered(self, number: int, path: Path) -> None:
        """A prompt's file is ready (worker thread): play it on the clock if still wanted."""
        Clock.schedule_once(lambda _dt: self._play_prompt(number, path), 0)

    def _play_prompt(self, number: int, path: Path) -> None:
        started = _clocks()
        wait = self._cues_end - time.monotonic()
        if not self.prompts.is_newest(number) or not self.is_voice_on:
            self.prompts.dropped.append(number)
        elif self.state == "starting" or wait > 0:  # after the device opens, after the cues
            Clock.schedule_once(lambda _dt: self._play_prompt(number, path),
                                max(wait, 0.1))
        elif self.state == "ready":
            from kivy.core.audio import SoundLoader

            sound = SoundLoader.load(str(path))
            if sound is not None and sound.length > 0:
                if self._prompt is not None:
                    self._prompt.stop()
                    self._prompt.unload()
                self._prompt = sound
                self._play(sound, f"say: {path.name}")
        self._took(started)

    def _render_failed(self, number: int, error: Exception) -> None:
        from companion.sound.voice import VoiceUnavailable

        if isinstance(error, VoiceUnavailable):
            log.warning("no spoken prompts: %s", error)
            Clock.schedule_once(lambda _dt: self._tell_problem(NO_VOICE), 0)
        else:
            log.warning("a prompt was not rendered: %s", error)

    def _hush(self) -> None:
        """What was about to be said is no longer wanted (an undo, a closed game, voice off)."""
        if self._prompts is not None:
            self._prompts.cancel()
        if self._prompt is not None:
            self._prompt.stop()

    # -- private helpers -------------------------------------------------------------------------

    def _load_next(self, files: list[tuple[str, Path]]) -> None:
        """On the clock, one cue a frame: the first load opens the device (or finds none)."""
        started = _clocks()
        try:
            self._load_cue(files)
        finally:
            self._took(started)

    def _load_cue(self, files: list[tuple[str, Path]]) -> None:
        from kivy.core.audio import SoundLoader

        if not files:
            if self.state == "starting":
                self.state = "silent"  # no cue could be made: nothing to open the device with
            return
        (name, path), rest = files[0], files[1:]
        sound = SoundLoader.load(str(path))
        if self.opened_at is None:
            self.opened_at = time.monotonic()
        if sound is None or not sound.length > 0:
            self._silent(f"no audio device (or {path} would not load)")
            return
        self._cues[name] = sound
        self.state = "ready"
        Clock.schedule_once(lambda _dt: self._load_next(rest), 0)

    def _silent(self, why: str) -> None:
        """No speaker: nothing plays, Settings says so; the game goes on."""
        log.warning("%s: the companion is silent", why)
        self._cues = {}
        self.state = "silent"
        if self._prompts is not None:
            self._prompts.cancel()
        self._tell_problem(NO_DEVICE)

    def _tell_problem(self, message: str) -> None:
        """One message for Settings; "no speaker" wins over "no voice" (nothing plays)."""
        if self.problem != NO_DEVICE and self.problem != message:
            log.warning("sound: %s", message)
            self.problem = message

    def _set_volume(self, value: float) -> None:
        self.volume = _volume(value)
        self.store.set_setting(VOLUME_KEY, self.volume)
        self._play_cues(("move",))  # the new level, heard at once

    def _took(self, started: tuple[float, float]) -> None:
        wall, cpu = _clocks()
        self.longest_call = max(self.longest_call, wall - started[0])
        self.longest_call_cpu = max(self.longest_call_cpu, cpu - started[1])


def _clocks() -> tuple[float, float]:
    """Now, and the UI thread's own processor time (what it did, not what others did)."""
    return time.perf_counter(), time.thread_time()


def _make_cues_aside(cache: Path) -> None:
    """Make the cue files in a child process (the first start only; the cache keeps them):
    the number crunching then never holds this process's interpreter while it draws."""
    try:
        done = subprocess.run([sys.executable, "-m", "companion.sound.cues", str(cache)],
                              capture_output=True, text=True, timeout=CUE_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        log.warning("the cues could not be made aside (%s): made here", error)
        return
    if done.returncode != 0:
        log.warning("the cues could not be made aside: %s", done.stderr.strip()[-500:])


def _volume(value: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return DEFAULT_VOLUME
    return round(min(1.0, max(0.0, number)), 2)


__all__ = ["AppAudio", "NO_DEVICE", "NO_VOICE"]
