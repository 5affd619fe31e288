"""16-bit PCM WAV files: written atomically, read back, measured and brought to one loudness.

Loudness is measured as RMS and peak in dBFS (0 dBFS: the largest 16-bit sample), the figures
``sox FILE -n stat`` gives as "RMS amplitude" and "Maximum amplitude".
"""

from __future__ import annotations

import math
import operator
import os
import sys
import tempfile
import wave
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import repeat
from pathlib import Path

RATE = 22050
"""Samples per second of every cue (espeak-ng speaks at the same rate); SDL resamples."""
FULL_SCALE = 32767
SILENCE_DBFS = -120.0
"""What silence measures (instead of minus infinity)."""


@dataclass(frozen=True)
class Levels:
    """How long and how loud a sound is."""

    seconds: float
    rms_dbfs: float
    peak_dbfs: float


def dbfs(ratio: float) -> float:
    """A ratio of full scale in dB (silence: :data:`SILENCE_DBFS`)."""
    return 20 * math.log10(ratio) if ratio > 0 else SILENCE_DBFS


def from_dbfs(level: float) -> float:
    return float(10 ** (level / 20))


def to_pcm(samples: Sequence[float], rms_dbfs: float, peak_ceiling_dbfs: float) -> array[int]:
    """Float samples scaled to 16-bit so their RMS is ``rms_dbfs``, but never louder than a
    peak of ``peak_ceiling_dbfs`` (speech has higher peaks than a tone of the same RMS)."""
    if not samples:
        return array("h")
    peak = max(abs(value) for value in samples)
    rms = math.sqrt(math.fsum(value * value for value in samples) / len(samples))
    if peak == 0:
        return array("h", bytes(2 * len(samples)))
    gain = min(from_dbfs(rms_dbfs) / rms, from_dbfs(peak_ceiling_dbfs) / peak) * FULL_SCALE
    return array("h", (round(value * gain) for value in samples))


CHUNK = 4096
"""Samples per step of :func:`shaped`: each step runs in C for well under a millisecond, and
between steps the interpreter may switch threads (the UI thread never waits long)."""


def shaped(pcm: array[int], rate: int, rms_dbfs: float, peak_ceiling_dbfs: float,
           fade_in: float, fade_out: float, trim_below: float = 0.0,
           margin: float = 0.0) -> array[int]:
    """16-bit samples brought to ``rms_dbfs`` (peaks at most ``peak_ceiling_dbfs``), without
    the quiet ends (below ``trim_below`` of the peak, keeping ``margin`` seconds), faded in and
    out. Made for a worker thread: the per-sample work runs in C a :data:`CHUNK` at a time."""
    if not pcm:
        return array("h")
    peak = max(max(max(part), -min(part)) for part in _chunks(pcm))
    if peak == 0:
        return array("h", pcm)
    if trim_below > 0:
        floor = trim_below * peak
        first = next(index for index, value in enumerate(pcm) if abs(value) > floor)
        last = len(pcm) - next(index for index, value in enumerate(reversed(pcm))
                               if abs(value) > floor)
        keep = int(margin * rate)
        pcm = pcm[max(0, first - keep): last + keep]
    energy = math.fsum(sum(map(operator.mul, part, part)) for part in _chunks(pcm))
    rms = math.sqrt(energy / len(pcm))
    gain = min(from_dbfs(rms_dbfs) * FULL_SCALE / rms,
               from_dbfs(peak_ceiling_dbfs) * FULL_SCALE / peak)
    out = array("h")
    for part in _chunks(pcm):
        out.extend(map(round, map(operator.mul, repeat(gain), part)))
    for count, indices in (
        (min(int(fade_in * rate), len(out)), range(len(out))),
        (min(int(fade_out * rate), len(out)), range(len(out) - 1, -1, -1)),
    ):
        for step, index in zip(range(count), indices):
            out[index] = round(out[index] * (0.5 - 0.5 * math.cos(math.pi * step / count)))
    return out


def _chunks(pcm: array[int]) -> Iterator[array[int]]:
    for start in range(0, len(pcm), CHUNK):
        yield pcm[start: start + CHUNK]


def fade(samples: list[float], rate: int, fade_in: float, fade_out: float) -> None:
    """Raised-cosine fades in place at both ends: a sound starts and stops without a click."""
    for count, indices in (
        (int(fade_in * rate), range(len(samples))),
        (int(fade_out * rate), range(len(samples) - 1, -1, -1)),
    ):
        count = min(count, len(samples))
        for step, index in zip(range(count), indices):
            samples[index] *= 0.5 - 0.5 * math.cos(math.pi * step / count)


def write_wav(path: Path, pcm: array[int], rate: int = RATE, channels: int = 1) -> Path:
    """Write ``pcm`` (16-bit samples, interleaved) as a WAV file, atomically: readers see the
    old file or the whole new one, never a half-written one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".wav", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as raw, wave.open(raw, "wb") as out:
            out.setnchannels(channels)
            out.setsampwidth(2)
            out.setframerate(rate)
            out.writeframes(_little_endian(pcm).tobytes())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def read_wav(path: Path) -> tuple[array[int], int, int]:
    """The 16-bit samples (interleaved), the rate and the channel count of a WAV file.

    Raises ValueError for a file that is not 16-bit PCM WAV.
    """
    try:
        with wave.open(str(path), "rb") as source:
            if source.getsampwidth() != 2:
                raise ValueError(f"{str(path)!r} is not 16-bit PCM")
            rate, channels = source.getframerate(), source.getnchannels()
            data = source.readframes(source.getnframes())
    except (wave.Error, EOFError) as error:
        raise ValueError(f"{str(path)!r} is not a WAV file: {error}") from error
    pcm = array("h")
    pcm.frombytes(data[: len(data) // 2 * 2])
    return _little_endian(pcm), rate, channels


def levels(pcm: Sequence[int], rate: int = RATE, channels: int = 1) -> Levels:
    """Duration, RMS and peak of 16-bit samples."""
    if not pcm:
        return Levels(0.0, SILENCE_DBFS, SILENCE_DBFS)
    peak = max(abs(value) for value in pcm) / FULL_SCALE
    rms = math.sqrt(math.fsum(value * value for value in pcm) / len(pcm)) / FULL_SCALE
    return Levels(len(pcm) / channels / rate, dbfs(rms), dbfs(peak))


def file_levels(path: Path) -> Levels:
    pcm, rate, channels = read_wav(path)
    return levels(pcm, rate, channels)


def _little_endian(pcm: array[int]) -> array[int]:
    """WAV data is little-endian; swap on a big-endian machine (returns a copy there)."""
    if sys.byteorder == "little":
        return pcm
    swapped = array("h", pcm)
    swapped.byteswap()
    return swapped
