"""The DRM card picker on fake sysfs trees, and what configure_kivy makes of the console."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.display import (
    DEVICE_INDEX_VAR,
    Connector,
    choose_drm_device,
    connectors,
    pick_drm_card,
    wants_kmsdrm,
)

ROOT = Path(__file__).parents[2]


def fake_sysfs(tmp_path: Path, cards: dict[str, str], bare: tuple[str, ...] = ()) -> Path:
    """``/sys/class/drm`` with ``{"card1-DSI-1": "connected", ...}``, the ``bare`` cards
    (render only: no connectors) and the usual extras."""
    sysfs = tmp_path / "drm"
    sysfs.mkdir(parents=True)
    for card in bare:
        (sysfs / card).mkdir()
    (sysfs / "version").write_text("drm 1.1.0 20060810\n")
    (sysfs / "renderD128").mkdir()
    for name, status in cards.items():
        card = sysfs / name.split("-", 1)[0]
        card.mkdir(exist_ok=True)
        (sysfs / name).mkdir()
        (sysfs / name / "status").write_text(status + "\n")
    return sysfs


# A Pi 5 on two boots: v3d (no connectors) and vc4 swap numbers; RP1 adds composite.
PI5_BOOT_A = {"card1-DSI-1": "connected", "card1-HDMI-A-1": "disconnected",
              "card1-HDMI-A-2": "disconnected", "card2-Composite-1": "unknown"}
PI5_BOOT_B = {"card0-DSI-1": "connected", "card0-HDMI-A-1": "disconnected",
              "card0-HDMI-A-2": "disconnected", "card2-Composite-1": "unknown"}


@pytest.mark.parametrize(("tree", "gpu", "card"), [(PI5_BOOT_A, "card0", 1),
                                                    (PI5_BOOT_B, "card1", 0)])
def test_the_card_with_the_connected_touchscreen_wins(
    tmp_path: Path, tree: dict[str, str], gpu: str, card: int
) -> None:
    sysfs = fake_sysfs(tmp_path, tree, bare=(gpu,))
    assert pick_drm_card(sysfs) == Connector(card, "DSI-1", True)


def test_dsi_before_hdmi_before_the_rest(tmp_path: Path) -> None:
    tree = {"card0-Composite-1": "connected", "card1-HDMI-A-1": "connected",
            "card3-DSI-2": "connected"}
    assert pick_drm_card(fake_sysfs(tmp_path / "a", tree)) == Connector(3, "DSI-2", True)
    del tree["card3-DSI-2"]
    assert pick_drm_card(fake_sysfs(tmp_path / "b", tree)) == Connector(1, "HDMI-A-1", True)


def test_the_lowest_card_number_among_equals(tmp_path: Path) -> None:
    tree = {"card10-HDMI-A-1": "connected", "card2-HDMI-A-1": "connected"}
    assert pick_drm_card(fake_sysfs(tmp_path, tree)) == Connector(2, "HDMI-A-1", True)


def test_nothing_connected_or_no_drm_at_all(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path, {"card0-HDMI-A-1": "disconnected"})
    assert pick_drm_card(sysfs) is None
    assert pick_drm_card(tmp_path / "missing") is None
    assert connectors(sysfs) == [Connector(0, "HDMI-A-1", False)]


def test_an_unreadable_status_is_skipped(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path, {"card1-DSI-1": "connected"})
    (sysfs / "card0-HDMI-A-1").mkdir()  # no status file
    assert connectors(sysfs) == [Connector(1, "DSI-1", True)]


def test_choose_sets_the_sdl_hint_on_the_console(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path, PI5_BOOT_A)
    env = {"SDL_VIDEODRIVER": "kmsdrm"}
    assert choose_drm_device(env, sysfs) == "1"
    assert env[DEVICE_INDEX_VAR] == "1"


def test_choose_keeps_what_the_user_set(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path, PI5_BOOT_A)
    env = {"SDL_VIDEODRIVER": "kmsdrm", DEVICE_INDEX_VAR: "0"}
    assert choose_drm_device(env, sysfs) == "0"
    assert env[DEVICE_INDEX_VAR] == "0"


def test_choose_leaves_a_desktop_alone(tmp_path: Path) -> None:
    sysfs = fake_sysfs(tmp_path, PI5_BOOT_A)
    for env in ({"DISPLAY": ":0"}, {"WAYLAND_DISPLAY": "wayland-0"}, {"SDL_VIDEODRIVER": "x11"}):
        assert choose_drm_device(env, sysfs) is None
        assert DEVICE_INDEX_VAR not in env


def test_choose_without_a_connected_card_sets_nothing(tmp_path: Path) -> None:
    env: dict[str, str] = {}
    assert choose_drm_device(env, fake_sysfs(tmp_path, {"card0-HDMI-A-1": "disconnected"})) is None
    assert env == {}


def test_wants_kmsdrm() -> None:
    assert wants_kmsdrm({"SDL_VIDEODRIVER": "kmsdrm", "DISPLAY": ":0"})
    assert wants_kmsdrm({})
    assert not wants_kmsdrm({"DISPLAY": ":0"})
    assert not wants_kmsdrm({"SDL_VIDEODRIVER": "wayland"})


def kivy_config_after(tmp_path: Path, windowed: bool, rotation: int, **env: str) -> dict:
    """Kivy's config after configure_kivy, in a fresh interpreter (Kivy's Config is global)."""
    script = (
        "import json, os, sys\n"
        "from companion.app import configure_kivy\n"
        f"configure_kivy({windowed}, rotation={rotation})\n"
        "from kivy.config import Config\n"
        "print(json.dumps({'input': dict(Config.items('input')),\n"
        "                  'graphics': dict(Config.items('graphics')),\n"
        f"                  'device': os.environ.get({DEVICE_INDEX_VAR!r})}}))\n"
    )
    environ = {key: value for key, value in os.environ.items()
               if not key.startswith(("KIVY", "SDL_", "KCFG_")) and key != "DISPLAY"}
    environ.update({"KIVY_HOME": str(tmp_path / "kivy"), "KIVY_NO_CONSOLELOG": "1"}, **env)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=environ, cwd=ROOT, timeout=60, check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_on_the_console_one_touchscreen_input_vsync_and_the_rotation(
    tmp_path: Path, rotation: int
) -> None:
    config = kivy_config_after(tmp_path, False, rotation, SDL_VIDEODRIVER="kmsdrm",
                               SDL_KMSDRM_DEVICE_INDEX="3")
    assert config["input"] == {"touchscreen": "probesysfs,provider=hidinput"}
    assert config["graphics"]["rotation"] == str(rotation)
    assert config["graphics"]["vsync"] == "1"
    assert config["graphics"]["fullscreen"] == "auto"
    assert config["graphics"]["show_cursor"] == "0"
    assert config["device"] == "3"  # the user's choice stands


def test_in_a_window_one_mouse_input_and_the_rotation(tmp_path: Path) -> None:
    config = kivy_config_after(tmp_path, True, 180, DISPLAY=":0")
    assert config["input"] == {"mouse": "mouse,multitouch_on_demand"}
    assert config["graphics"]["rotation"] == "180"
    assert config["graphics"]["fullscreen"] == "0"
    assert config["graphics"]["vsync"] != "1"
    assert config["device"] is None


def test_fullscreen_on_a_desktop_keeps_the_mouse(tmp_path: Path) -> None:
    config = kivy_config_after(tmp_path, False, 0, DISPLAY=":0")
    assert config["input"] == {"mouse": "mouse,multitouch_on_demand"}
    assert config["graphics"]["fullscreen"] == "auto"


def test_the_touchscreen_line_of_the_kivy_config_is_kept_and_the_rest_dropped(
    tmp_path: Path,
) -> None:
    # The shipped config as install.sh copies it, with a touch line of the user's and a mouse.
    (tmp_path / "kivy").mkdir()
    shipped = (ROOT / "systemd" / "kivy-config.ini").read_text()
    assert "touchscreen = probesysfs,provider=hidinput\n" in shipped
    (tmp_path / "kivy" / "config.ini").write_text(shipped.replace(
        "touchscreen = probesysfs,provider=hidinput\n",
        "touchscreen = probesysfs,provider=hidinput,param=invert_x=1\nmouse = mouse\n",
    ))
    config = kivy_config_after(tmp_path, False, 180, SDL_VIDEODRIVER="kmsdrm",
                               SDL_KMSDRM_DEVICE_INDEX="1")
    assert config["input"] == {"touchscreen": "probesysfs,provider=hidinput,param=invert_x=1"}
