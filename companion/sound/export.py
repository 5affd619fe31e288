"""``companion sounds --out DIR [--lang cs|en]``: every cue and a sample of every prompt kind as
WAV files, for checking by ear and by tests; one line per file with its length and loudness."""

from __future__ import annotations

import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from companion.i18n import LANGUAGES
from companion.sound import cache_dir
from companion.sound.cues import CUE_NAMES, write_cue
from companion.sound.prompts import samples
from companion.sound.voice import Voice, VoiceUnavailable
from companion.sound.wav import Levels, file_levels


@dataclass(frozen=True)
class Written:
    path: Path
    text: str
    """What a prompt says ("" for a cue)."""
    levels: Levels


def write_sounds(out: Path, langs: tuple[str, ...], voice: Voice) -> list[Written]:
    """Write every cue and every sample prompt in ``langs`` into ``out``.

    Raises OSError when ``out`` cannot be written, :class:`VoiceUnavailable` (after the cues)
    without espeak-ng.
    """
    out.mkdir(parents=True, exist_ok=True)
    written = [_written(write_cue(out / f"cue_{name}.wav", name), "") for name in CUE_NAMES]
    for lang in langs:
        for kind, text in samples(lang).items():
            path = out / f"prompt_{lang}_{kind}.wav"
            shutil.copyfile(voice.render(text, lang), path)
            written.append(_written(path, text))
    return written


def sounds_command(out: str | None, lang: str | None, stdout: TextIO | None = None,
                   stderr: TextIO | None = None) -> int:
    """The command: 0 when all was written, 1 without espeak-ng (the cues are written), 2 for a
    bad value (one plain line)."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    if not out:
        print("error: say where to write the sounds: --out DIR", file=stderr)
        return 2
    if lang is not None and lang not in LANGUAGES:
        print(f"error: language {lang!r} is not one of {', '.join(LANGUAGES)}", file=stderr)
        return 2
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        print(f"error: {out!r} is a file, not a folder", file=stderr)
        return 2
    voice = Voice(cache_dir())
    try:
        written = write_sounds(folder, (lang,) if lang else LANGUAGES, voice)
    except OSError as error:
        print(f"error: cannot write to {out!r}: {error.strerror or error}", file=stderr)
        return 2
    except VoiceUnavailable as error:
        _report(sorted(folder.glob("cue_*.wav")), stdout)
        print(f"no prompts written: {error} (Debian: apt install espeak-ng)", file=stderr)
        return 1
    _report(written, stdout)
    return 0


def _report(written: list[Written] | list[Path], stdout: TextIO) -> None:
    items = [item if isinstance(item, Written) else _written(item, "") for item in written]
    width = max((len(str(item.path)) for item in items), default=0)
    for item in items:
        levels = item.levels
        said = f"  “{item.text}”" if item.text else ""
        print(f"{str(item.path):<{width}}  {levels.seconds:5.2f} s  "
              f"RMS {levels.rms_dbfs:6.1f} dBFS  peak {levels.peak_dbfs:5.1f} dBFS{said}",
              file=stdout)


def _written(path: Path, text: str) -> Written:
    return Written(path, text, file_levels(path))


__all__ = ["Written", "sounds_command", "write_sounds"]
