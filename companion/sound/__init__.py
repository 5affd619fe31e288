"""Sound and voice without Kivy: the cues (generated waveforms), the spoken prompts (espeak-ng,
cached as WAV files), which cue and which prompt for which moment, and ``companion sounds``.

The app plays the files through Kivy (:mod:`companion.app.audio`); nothing here imports Kivy.
"""

from __future__ import annotations

from pathlib import Path

APP_NAME = "companion"


def cache_dir() -> Path:
    """Where rendered cues and prompts are kept: the user's cache folder (``$XDG_CACHE_HOME``
    on Linux), so deleting it costs only a re-render."""
    import platformdirs  # here: a machine with no speaker never asks (nor loads it)

    return platformdirs.user_cache_path(APP_NAME) / "sound"


__all__ = ["APP_NAME", "cache_dir"]
