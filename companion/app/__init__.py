"""The touchscreen app (Kivy): home, new game, play, result, history, settings.

``run_app`` configures Kivy *before* importing it (800 × 480, fullscreen unless windowed, argv
left alone), then runs :class:`companion.app.main.CompanionApp`.
"""

from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from companion.resources import package_path

if TYPE_CHECKING:
    from companion.table.phones import PhonesFactory

SCREEN_SIZE = (800, 480)
MAX_FPS = 30
"""Enough for the short move animations; less work for the Pi when idle."""
KV_DIR = package_path("companion.kv")
"""The kv files: ``kv/`` at the project root, installed as the package ``companion.kv``."""


TOUCHSCREEN_INPUT = "probesysfs,provider=hidinput"
"""The one input provider on the Pi's console: the touchscreen read from /dev/input."""
MOUSE_INPUT = "mouse,multitouch_on_demand"
"""The one input provider in a window (a laptop, a desktop): SDL's mouse events."""


def configure_kivy(windowed: bool, rotation: int = 0) -> None:
    """Set Kivy's environment and config; must run before the first ``import kivy``.

    Fullscreen on the console (SDL's KMS/DRM back-end, the Pi without a desktop): the DRM
    card with the screen (``companion.display``), vsync (SDL's default asynchronous page
    flips garble the official touchscreen) and exactly one input, the touchscreen through
    hidinput (no mouse provider: SDL reports each touch again as a mouse click). Anywhere
    else exactly one input too: the mouse. ``rotation`` (``display.rotation``) turns the
    picture; Kivy turns every touch with it (``WindowBase.transform_motion_event_2d``), so
    the input line needs no rotation of its own.
    """
    from companion.display import choose_drm_device, wants_kmsdrm

    on_console = not windowed and wants_kmsdrm(os.environ)
    if on_console:
        choose_drm_device()
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KIVY_HOME", str(Path(tempfile.gettempdir()) / "companion-kivy"))
    Path(os.environ["KIVY_HOME"]).mkdir(parents=True, exist_ok=True)
    from kivy.config import Config

    width, height = SCREEN_SIZE
    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "resizable", "0")
    Config.set("graphics", "fullscreen", "0" if windowed else "auto")
    Config.set("graphics", "show_cursor", "1" if windowed else "0")
    Config.set("graphics", "maxfps", str(MAX_FPS))
    Config.set("graphics", "rotation", str(rotation))
    if on_console:
        Config.set("graphics", "vsync", "1")
    # The one touchscreen line of $KIVY_HOME/config.ini (systemd/kivy-config.ini) is kept on
    # the console, for a screen that needs its own hidinput parameters.
    touchscreen = TOUCHSCREEN_INPUT
    if Config.has_option("input", "touchscreen"):
        touchscreen = Config.get("input", "touchscreen") or TOUCHSCREEN_INPUT
    for name in Config.options("input"):
        Config.remove_option("input", name)
    if on_console:
        Config.set("input", "touchscreen", touchscreen)
    else:
        Config.set("input", "mouse", MOUSE_INPUT)
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("kivy", "keyboard_mode", "systemanddock")


def run_app(store_path: str | None, windowed: bool, lang: str | None, die: str | None,
            phones: PhonesFactory | None = None) -> int:
    """Run the app until it is closed; the exit status for the command line.

    ``die`` None uses the die chosen in Settings (remembered in the store), else the config
    file's; a given one is used for this run only. The config file (``companion.config``) also
    sets the button pins, the first language, fullscreen and the display rotation.
    ``phones`` makes the phones' server (Settings → "Phones at the table" starts it).
    """
    from companion.app.frames import collector

    collector.hold_until_first_frame()  # ended just after the first frame (main.py)
    from companion.config import load_config

    config = load_config()
    for warning in config.warnings:
        logging.getLogger(__name__).warning("config: %s", warning)
    configure_kivy(windowed or not config.fullscreen, rotation=config.display.rotation)
    from companion.app.main import CompanionApp

    app = CompanionApp(store_path=store_path, lang=lang, die_spec=die, config=config,
                       phones=phones)
    app.run()
    return 0


__all__ = ["KV_DIR", "SCREEN_SIZE", "configure_kivy", "run_app"]
