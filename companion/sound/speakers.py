"""Whether this machine has anywhere to play sound, and through which of SDL's audio drivers,
found before any sound library is loaded.

Kivy plays sound through SDL2_mixer. Left to itself, SDL tries its drivers in turn and loads
each one's libraries as it tries it: PulseAudio's client (with libsndfile, its codecs and
libsystemd, ~2.5 MB resident) even where no sound server runs, then ALSA's, and they stay
loaded for the app's life even when none finds a speaker (~3.8 MB in all here). So:

- SDL's own choice when one was asked for (``SDL_AUDIODRIVER``: the tests, a person) or when a
  sound server runs (PulseAudio's or PipeWire's socket, ``PULSE_SERVER``): it plays through
  the server;
- ALSA straight away when the machine has an ALSA playback device and no server runs (the
  Raspberry Pi OS without a desktop): what SDL would end up with, without loading the
  server's client first;
- no speaker at all otherwise: the companion stays silent (as when SDL finds none) without
  loading anything.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

ALSA_DEVICES = Path("/dev/snd")
"""Where ALSA's devices are; a playback device is ``pcmC<card>D<device>p``."""
SYSTEM_SERVER_SOCKETS = (Path("/run/pulse/native"), Path("/var/run/pulse/native"))
"""PulseAudio's socket when it runs for the whole system."""
SERVER_SOCKETS = ("pulse/native", "pipewire-0")
"""A user's sound server's socket, in the user's runtime folder."""
SDL_CHOICE = ""
"""SDL chooses (its own order of drivers, or the one ``SDL_AUDIODRIVER`` names)."""
ALSA = "alsa"


def audio_driver(environ: Mapping[str, str] | None = None,
                 alsa_devices: Path = ALSA_DEVICES,
                 machine_sockets: Sequence[Path] | None = None) -> str | None:
    """The SDL audio driver to open the sound with: :data:`SDL_CHOICE`, :data:`ALSA`, or
    None when there is no speaker to play to. ``machine_sockets``: where a sound server's
    socket would be besides ``$XDG_RUNTIME_DIR`` (by default the system-wide PulseAudio's
    and the user's ``/run/user/<uid>``)."""
    env = os.environ if environ is None else environ
    if env.get("SDL_AUDIODRIVER") or env.get("PULSE_SERVER"):
        return SDL_CHOICE
    sockets = [Path(env["XDG_RUNTIME_DIR"]) / name for name in SERVER_SOCKETS
               if env.get("XDG_RUNTIME_DIR")]
    sockets += _machine_sockets() if machine_sockets is None else machine_sockets
    if any(socket.exists() for socket in sockets):
        return SDL_CHOICE
    if _has_playback_device(alsa_devices):
        return ALSA
    return None


def _machine_sockets() -> list[Path]:
    user = Path("/run/user") / str(os.getuid())
    return [*SYSTEM_SERVER_SOCKETS, *(user / name for name in SERVER_SOCKETS)]


def _has_playback_device(alsa_devices: Path) -> bool:
    try:
        return any(device.name.startswith("pcm") and device.name.endswith("p")
                   for device in alsa_devices.iterdir())
    except OSError:  # no ALSA at all (no such folder), or not ours to read
        return False


__all__ = ["ALSA", "ALSA_DEVICES", "SDL_CHOICE", "audio_driver"]
