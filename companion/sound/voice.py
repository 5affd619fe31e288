"""Spoken prompts: espeak-ng renders a sentence to a WAV file once; the file is kept in the cache,
named by a hash of the text, the language and the voice settings, so the next time the same
sentence costs nothing.

:class:`Voice` renders (in the caller's thread: the app calls it from its worker);
:class:`PromptQueue` is that worker: one thread, the newest prompt only: a prompt overtaken by
a newer one before it is rendered, or while it is, is dropped.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from companion.digests import sha256_hex
from companion.engine.errors import CompanionError
from companion.sound.cues import FADE_OUT, PEAK_CEILING_DBFS
from companion.sound.wav import read_wav, shaped, write_wav

log = logging.getLogger(__name__)

ESPEAK = "espeak-ng"
VOICE_VERSION = "3"
"""Bump when the rendering changes (loudness, fades): cached prompts are made again."""
SPEECH_RMS_DBFS = -20.0
"""Speech peaks ~20 dB above its RMS: a little below the cues' RMS keeps both as loud."""
RENDER_TIMEOUT = 30.0
TRIM_FLOOR = 0.01
"""Quieter than this share of the peak (-40 dB) counts as silence at the ends."""
TRIM_MARGIN = 0.03


class VoiceUnavailable(CompanionError):
    """espeak-ng is not installed, or it failed: prompts stay silent."""


@dataclass(frozen=True)
class VoiceSettings:
    """An espeak-ng voice: ``voice`` (``-v``), words per minute, pitch (0–99), amplitude."""

    voice: str
    speed: int = 150
    pitch: int = 50
    amplitude: int = 100


VOICES = {"cs": VoiceSettings("cs", speed=150), "en": VoiceSettings("en", speed=150)}
"""The voice for each language of the app."""


def find_espeak(path: str | None = None) -> str | None:
    """espeak-ng's full path on ``path`` (default: ``$PATH``), or None when not installed."""
    return shutil.which(ESPEAK, path=path)


class Voice:
    """Renders sentences with espeak-ng into ``cache`` (one WAV per text, language and voice).

    ``path`` is the search path for espeak-ng (default: ``$PATH`` when first needed).
    :attr:`runs` counts how often espeak-ng actually ran.
    """

    def __init__(self, cache: Path, path: str | None = None,
                 voices: dict[str, VoiceSettings] | None = None) -> None:
        self.cache = cache
        self.voices = voices or VOICES
        self._path = path
        self.runs = 0

    @property
    def executable(self) -> str | None:
        return find_espeak(self._path if self._path is not None else os.environ.get("PATH"))

    @property
    def is_available(self) -> bool:
        return self.executable is not None

    def cache_path(self, text: str, lang: str) -> Path:
        """Where the rendering of ``text`` in ``lang`` is kept (whether made yet or not)."""
        settings = self._settings(lang)
        key = json.dumps([VOICE_VERSION, text, lang, asdict(settings)], ensure_ascii=False)
        digest = sha256_hex(key)[:32]
        return self.cache / "voice" / lang / f"{digest}.wav"

    def render(self, text: str, lang: str) -> Path:
        """The WAV file of ``text`` spoken in ``lang``: from the cache, else made now.

        Raises :class:`VoiceUnavailable` without espeak-ng or when it fails, ValueError for a
        language without a voice or an empty text.
        """
        if not text.strip():
            raise ValueError("there is nothing to say")
        path = self.cache_path(text, lang)
        if path.exists():
            return path
        executable = self.executable
        if executable is None:
            raise VoiceUnavailable("espeak-ng is not installed")
        settings = self._settings(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, raw = tempfile.mkstemp(prefix=".espeak-", suffix=".wav", dir=path.parent)
        os.close(handle)
        try:
            self.runs += 1
            command = [executable, "-v", settings.voice, "-s", str(settings.speed),
                       "-p", str(settings.pitch), "-a", str(settings.amplitude), "-b", "1",
                       "-w", raw, "--stdin"]
            try:
                done = subprocess.run(command, input=text.encode("utf-8"), capture_output=True,
                                      timeout=RENDER_TIMEOUT, check=False)
            except (OSError, subprocess.TimeoutExpired) as error:
                raise VoiceUnavailable(f"espeak-ng could not run: {error}") from error
            if done.returncode != 0:
                problem = done.stderr.decode("utf-8", "replace").strip()
                raise VoiceUnavailable(f"espeak-ng failed ({done.returncode}): {problem}")
            try:
                pcm, rate, channels = read_wav(Path(raw))
            except ValueError as error:
                raise VoiceUnavailable(f"espeak-ng wrote no sound: {error}") from error
            if not any(pcm):
                raise VoiceUnavailable(f"espeak-ng said nothing for {text!r}")
            speech = shaped(pcm, rate * channels, SPEECH_RMS_DBFS, PEAK_CEILING_DBFS,
                            fade_in=0.005, fade_out=FADE_OUT, trim_below=TRIM_FLOOR,
                            margin=TRIM_MARGIN)
            write_wav(path, speech, rate, channels)
        finally:
            Path(raw).unlink(missing_ok=True)
        return path

    def _settings(self, lang: str) -> VoiceSettings:
        try:
            return self.voices[lang]
        except KeyError:
            raise ValueError(f"no voice for language {lang!r}") from None


Rendered = Callable[[int, Path], None]
"""Called (in the worker thread) with a prompt's number and its file, when it is still the
newest prompt."""
Failed = Callable[[int, Exception], None]


class PromptQueue:
    """One worker thread renders prompts; only the newest counts.

    :meth:`say` returns the prompt's number at once. A prompt waiting when a newer one comes is
    replaced; one rendered after a newer one came is dropped (``on_rendered`` is not called).
    ``on_rendered`` and ``on_failed`` run in the worker thread: the app posts to its clock.
    """

    def __init__(self, voice: Voice, on_rendered: Rendered, on_failed: Failed | None = None):
        self.voice = voice
        self._on_rendered = on_rendered
        self._on_failed = on_failed
        self._wake = threading.Condition()
        self._waiting: tuple[int, str, str] | None = None
        self._newest = 0
        self._is_closed = False
        self._thread: threading.Thread | None = None
        self._is_busy = False
        self.dropped: list[int] = []
        """Numbers of the prompts dropped because a newer one overtook them."""

    @property
    def newest(self) -> int:
        return self._newest

    def say(self, text: str, lang: str) -> int:
        """Render ``text`` in ``lang`` off the caller's thread; its number."""
        with self._wake:
            self._newest += 1
            if self._waiting is not None:
                self.dropped.append(self._waiting[0])
            self._waiting = (self._newest, text, lang)
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="prompts", daemon=True)
                self._thread.start()
            self._wake.notify_all()
            return self._newest

    def cancel(self) -> None:
        """Nothing said so far is wanted any more (a game closed, voice turned off)."""
        with self._wake:
            self._newest += 1
            if self._waiting is not None:
                self.dropped.append(self._waiting[0])
            self._waiting = None
            self._wake.notify_all()

    def is_newest(self, number: int) -> bool:
        return number == self._newest

    def close(self, timeout: float = 2.0) -> None:
        with self._wake:
            self._is_closed = True
            self._waiting = None
            self._wake.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """For tests and ``companion sounds``: True once nothing is waiting or rendering."""
        with self._wake:
            return self._wake.wait_for(lambda: self._waiting is None and not self._is_busy,
                                       timeout)

    def _work(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._waiting is not None or self._is_closed)
                if self._is_closed:
                    return
                assert self._waiting is not None
                number, text, lang = self._waiting
                self._waiting = None
                self._is_busy = True
            try:
                path = self.voice.render(text, lang)
            except Exception as error:  # noqa: BLE001 - reported; the table goes on silently
                if self._on_failed is not None:
                    self._on_failed(number, error)
                else:
                    log.warning("prompt %r not rendered: %s", text, error)
            else:
                with self._wake:
                    is_newest = number == self._newest
                    if not is_newest:
                        self.dropped.append(number)
                if is_newest:
                    self._on_rendered(number, path)
            finally:
                with self._wake:
                    self._is_busy = False
                    self._wake.notify_all()


__all__ = ["PromptQueue", "VOICES", "Voice", "VoiceSettings", "VoiceUnavailable", "find_espeak"]
