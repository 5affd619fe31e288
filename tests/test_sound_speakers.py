"""Whether the table has a speaker, and through which of SDL's drivers the sound goes, found
before any sound library is loaded (``companion/sound/speakers.py``)."""

from __future__ import annotations

from pathlib import Path

from companion.sound.speakers import ALSA, SDL_CHOICE, audio_driver


def alsa_folder(tmp_path: Path, *devices: str) -> Path:
    """A stand-in for /dev/snd holding ``devices`` (their names are all that is read)."""
    folder = tmp_path / "snd"
    folder.mkdir()
    for name in devices:
        (folder / name).touch()
    return folder


def runtime_folder(tmp_path: Path, *sockets: str) -> dict[str, str]:
    folder = tmp_path / "run"
    for name in sockets:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).touch()
    folder.mkdir(parents=True, exist_ok=True)
    return {"XDG_RUNTIME_DIR": str(folder)}


def test_no_sound_server_and_no_alsa_device_means_no_speaker(tmp_path: Path) -> None:
    env = runtime_folder(tmp_path)
    assert audio_driver(env, tmp_path / "no-snd", machine_sockets=()) is None
    # capture devices and the control device play nothing
    snd = alsa_folder(tmp_path, "controlC0", "pcmC0D0c", "timer")
    assert audio_driver(env, snd, machine_sockets=()) is None


def test_an_alsa_playback_device_without_a_server_is_played_to_through_alsa(
        tmp_path: Path) -> None:
    snd = alsa_folder(tmp_path, "controlC0", "pcmC0D0p", "pcmC1D0c")
    assert audio_driver(runtime_folder(tmp_path), snd, machine_sockets=()) == ALSA


def test_a_running_sound_server_is_left_to_sdl(tmp_path: Path) -> None:
    snd = alsa_folder(tmp_path, "pcmC0D0p")
    for socket in ("pulse/native", "pipewire-0"):
        env = runtime_folder(tmp_path / socket.replace("/", "-"), socket)
        assert audio_driver(env, snd, machine_sockets=()) == SDL_CHOICE
    system_wide = tmp_path / "system-pulse-native"
    system_wide.touch()
    assert audio_driver(runtime_folder(tmp_path / "none"), tmp_path / "no-snd",
                        machine_sockets=(system_wide,)) == SDL_CHOICE


def test_a_driver_or_a_server_asked_for_is_left_to_sdl(tmp_path: Path) -> None:
    nothing = tmp_path / "no-snd"
    for asked in ({"SDL_AUDIODRIVER": "disk"}, {"PULSE_SERVER": "tcp:kitchen:4713"}):
        assert audio_driver({**runtime_folder(tmp_path), **asked}, nothing,
                            machine_sockets=()) == SDL_CHOICE
    # an empty SDL_AUDIODRIVER asks for nothing
    assert audio_driver({**runtime_folder(tmp_path), "SDL_AUDIODRIVER": ""}, nothing,
                        machine_sockets=()) is None
