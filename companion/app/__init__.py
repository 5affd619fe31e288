"""The touchscreen app (Kivy): home, new game, play, result, history, settings.

``run_app`` configures Kivy *before* importing it (800 × 480, fullscreen unless windowed, argv
left alone), then runs :class:`companion.app.main.CompanionApp`.
"""

from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path

from companion.resources import package_path

SCREEN_SIZE = (800, 480)
MAX_FPS = 30
"""Enough for the short move animations; less work for the Pi when idle."""
KV_DIR = package_path("companion.kv")
"""The kv files: ``kv/`` at the project root, installed as the package ``companion.kv``."""


def configure_kivy(windowed: bool) -> None:
    """Set Kivy's environment and config; must run before the first ``import kivy``."""
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
    Config.set("input", "mouse", "mouse,multitouch_on_demand")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("kivy", "keyboard_mode", "systemanddock")


def run_app(store_path: str | None, windowed: bool, lang: str | None, die: str | None) -> int:
    """Run the app until it is closed; the exit status for the command line.

    ``die`` None uses the die chosen in Settings (remembered in the store), else the config
    file's; a given one is used for this run only. The config file (``companion.config``) also
    sets the button pins, the first language and fullscreen.
    """
    from companion.config import load_config

    config = load_config()
    for warning in config.warnings:
        logging.getLogger(__name__).warning("config: %s", warning)
    configure_kivy(windowed or not config.fullscreen)
    from companion.app.main import CompanionApp

    app = CompanionApp(store_path=store_path, lang=lang, die_spec=die, config=config)
    app.run()
    return 0


__all__ = ["KV_DIR", "SCREEN_SIZE", "configure_kivy", "run_app"]
