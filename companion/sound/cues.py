"""The short sound cues, made here from sines, glides and a little noise (no downloaded files).

Each cue is a function in the explicit table :data:`CUES`; :func:`cue_pcm` gives it as 16-bit
samples at :data:`~companion.sound.wav.RATE`, every cue brought to the same loudness (RMS
:data:`CUE_RMS_DBFS`, peaks at most :data:`PEAK_CEILING_DBFS`) and faded in and out (no
clicks). :func:`cue_files` writes them once into a cache folder.
"""

from __future__ import annotations

import math
import random
import sys
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path

from companion.sound.wav import RATE, fade, to_pcm, write_wav

CUE_VERSION = "2"
"""Bump when a cue's sound changes: the cached files are made again."""
CUE_RMS_DBFS = -18.0
PEAK_CEILING_DBFS = -1.0
FADE_IN = 0.003
FADE_OUT = 0.03

Samples = list[float]
Partials = Sequence[tuple[float, float]]
"""(frequency ratio, amplitude) pairs of one note."""

_SOFT = ((1.0, 1.0), (2.0, 0.25), (3.0, 0.08))
_HOLLOW = ((1.0, 1.0), (3.0, 0.3), (5.0, 0.12))


def _silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def _note(frequency: float, seconds: float, decay: float, partials: Partials = _SOFT,
          attack: float = 0.004, release: float = 0.012) -> Samples:
    """A plucked or struck note: partials that die away, the higher ones faster; cut short
    by ``seconds``, it is faded out over ``release`` (no click where it stops)."""
    count = int(seconds * RATE)
    out = [0.0] * count
    for ratio, amplitude in partials:
        step = 2 * math.pi * frequency * ratio / RATE
        if step >= math.pi:  # above the Nyquist frequency: left out, not aliased
            continue
        damping = math.exp(-(1 + 0.5 * (ratio - 1)) / (decay * RATE))
        level = amplitude
        for index in range(count):
            out[index] += level * math.sin(step * index)
            level *= damping
    rise = int(attack * RATE)
    for index in range(min(rise, count)):
        out[index] *= index / rise
    return _envelope(out, release)


def _glide(start: float, end: float, seconds: float, partials: Partials = _SOFT,
           vibrato: float = 0.0, depth: float = 0.0) -> Samples:
    """A tone sliding from ``start`` to ``end`` Hz (evenly in pitch), with an optional wobble
    of ``vibrato`` Hz and ``depth`` (a fraction of the frequency)."""
    count = int(seconds * RATE)
    out = [0.0] * count
    phase = 0.0
    for index in range(count):
        share = index / count
        frequency = start * (end / start) ** share
        if vibrato:
            frequency *= 1 + depth * math.sin(2 * math.pi * vibrato * index / RATE)
        phase += 2 * math.pi * frequency / RATE
        out[index] = sum(amplitude * math.sin(ratio * phase) for ratio, amplitude in partials
                         if frequency * ratio < RATE / 2)
    return out


def _knock(seconds: float, rng: random.Random, pitch: float) -> Samples:
    """A die hitting the table: a soft noise burst with a short wooden tone."""
    count = int(seconds * RATE)
    tone = _note(pitch, seconds, decay=seconds / 4, partials=((1.0, 0.6), (2.7, 0.2)),
                 attack=0.001)
    out = [0.0] * count
    smooth = 0.0
    level = 1.0
    damping = math.exp(-1 / (seconds / 6 * RATE))
    for index in range(count):
        smooth += 0.35 * (rng.uniform(-1.0, 1.0) - smooth)  # a one-pole low-pass: no hiss
        out[index] = smooth * level * 0.8 + tone[index]
        level *= damping
    return out


def _mix(seconds: float, parts: Sequence[tuple[float, Samples, float]]) -> Samples:
    """``parts`` (start in seconds, samples, gain) laid over ``seconds`` of silence."""
    out = _silence(seconds)
    for start, samples, gain in parts:
        offset = int(start * RATE)
        for index, value in enumerate(samples[: max(0, len(out) - offset)]):
            out[offset + index] += gain * value
    return out


def _envelope(samples: Samples, release: float) -> Samples:
    """Let the last ``release`` seconds die away evenly (a held chord that ends calmly)."""
    count = min(int(release * RATE), len(samples))
    start = len(samples) - count
    for step in range(count):
        samples[start + step] *= 1 - step / count
    return samples


# -- the cues ------------------------------------------------------------------------------------


def roll() -> Samples:
    """A die rattling on the table: knocks coming faster and softer, lower then higher."""
    rng = random.Random(6)
    times = (0.0, 0.085, 0.16, 0.225, 0.28, 0.33, 0.37)
    return _mix(0.46, [(start, _knock(0.06, rng, rng.uniform(650, 1100)), 0.92 ** number)
                       for number, start in enumerate(times)])


def move() -> Samples:
    """A move recorded: one soft wooden "tock"."""
    return _note(587.33, 0.16, decay=0.035, partials=((1.0, 1.0), (2.0, 0.2), (4.1, 0.05)))


def refused() -> Samples:
    """A refused input: two low, hollow notes going down ("uh-uh"), not a harsh buzz."""
    return _mix(0.42, [(0.0, _note(233.08, 0.19, decay=0.12, partials=_HOLLOW), 1.0),
                       (0.2, _note(174.61, 0.22, decay=0.12, partials=_HOLLOW), 1.0)])


def turn() -> Samples:
    """The turn passes: two chime notes going up (G5, C6)."""
    chime = ((1.0, 1.0), (2.0, 0.15), (3.0, 0.05))
    return _mix(0.5, [(0.0, _note(783.99, 0.2, decay=0.15, partials=chime), 0.8),
                      (0.14, _note(1046.5, 0.36, decay=0.16, partials=chime), 1.0)])


def bell() -> Samples:
    """Crash's bell: a hand bell struck twice, with a bell's hum, tierce, quint and nominal."""
    partials = ((0.5, 0.35), (1.0, 1.0), (1.2, 0.45), (1.5, 0.3), (2.0, 0.35), (2.74, 0.15))
    strike = _note(1046.5, 1.05, decay=0.32, partials=partials, attack=0.002)
    return _mix(1.35, [(0.0, strike, 1.0), (0.3, strike, 0.85)])


def flag() -> Samples:
    """A flag in Pat a Mat: a quick bright run up C5 E5 G5 C6, the last note held."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = [(number * 0.085, _note(frequency, 0.2, decay=0.1), 0.8)
             for number, frequency in enumerate(notes[:-1])]
    parts.append((0.255, _note(notes[-1], 0.45, decay=0.22), 1.0))
    return _mix(0.7, parts)


def caught() -> Samples:
    """PAC-MAN caught: a wobbling tone sliding down and away."""
    sound = _glide(880.0, 160.0, 0.9, partials=((1.0, 1.0), (2.0, 0.3)), vibrato=9.0,
                   depth=0.04)
    return _envelope(sound, 0.35)


def ghost() -> Samples:
    """A ghost eaten: a quick slide up, then a bright blip."""
    slide = _envelope(_glide(330.0, 1320.0, 0.2, partials=((1.0, 1.0), (2.0, 0.2))), 0.04)
    return _mix(0.36, [(0.0, slide, 0.9), (0.2, _note(1318.5, 0.16, decay=0.07), 0.8)])


def win() -> Samples:
    """The win: a fanfare (C5 E5 G5) and a held C major chord that rings out."""
    run = [(number * 0.12, _note(frequency, 0.22, decay=0.14), 0.8)
           for number, frequency in enumerate((523.25, 659.25, 783.99))]
    chord = [(0.36, _note(frequency, 1.04, decay=0.5), 0.55)
             for frequency in (523.25, 659.25, 783.99, 1046.5)]
    return _envelope(_mix(1.4, run + chord), 0.3)


CUES: dict[str, Callable[[], Samples]] = {
    "roll": roll,
    "move": move,
    "refused": refused,
    "turn": turn,
    "bell": bell,
    "flag": flag,
    "caught": caught,
    "ghost": ghost,
    "win": win,
}
"""Every cue by name: the one table the app, ``companion sounds`` and the tests read."""
CUE_NAMES = tuple(CUES)


def cue_pcm(name: str) -> array[int]:
    """Cue ``name`` as 16-bit samples, at the common loudness, faded in and out.

    Raises KeyError for a name not in :data:`CUES`.
    """
    samples = CUES[name]()
    fade(samples, RATE, FADE_IN, FADE_OUT)
    return to_pcm(samples, CUE_RMS_DBFS, PEAK_CEILING_DBFS)


def cue_path(directory: Path, name: str) -> Path:
    return directory / f"cues-v{CUE_VERSION}" / f"{name}.wav"


def write_cue(path: Path, name: str) -> Path:
    return write_wav(path, cue_pcm(name), RATE)


def cue_files(directory: Path, names: Sequence[str] = CUE_NAMES) -> dict[str, Path]:
    """The cue files under ``directory`` (the cache), made where missing."""
    files = {}
    for name in names:
        path = cue_path(directory, name)
        if not path.exists():
            write_cue(path, name)
        files[name] = path
    return files


def main(argv: Sequence[str]) -> int:
    """``python -m companion.sound.cues CACHE``: make the missing cue files in CACHE (the app
    runs this in a child process, so making them never competes with its UI thread)."""
    if len(argv) != 1:
        print("usage: python -m companion.sound.cues CACHE_DIR", file=sys.stderr)
        return 2
    cue_files(Path(argv[0]))
    return 0


__all__ = ["CUES", "CUE_NAMES", "cue_files", "cue_path", "cue_pcm", "main", "write_cue"]

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
