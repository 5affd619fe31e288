"""A frame reaches the software GL in parts (app/frames/flush_points.py): the play screen of
every game has flush points so that no run between two holds more than a few dozen draw calls,
and a busy frame drawn in parts holds far less memory at its peak than drawn whole (each case
in a process of its own, as ``tests/test_heap.py`` measures)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, app_env, run_scenario_script

from companion.app.frames.flush_points import MOST_DRAWS
from companion.app.frames.software_gl import renderer_is_software

SCRIPT = Path(__file__).parent / "scenarios" / "frame_parts.py"
COLUMN_PART = 15
"""A part of the play screen's right column may add this many draw calls to the board's last
run or have them of its own (the status line, the choice buttons' instructions)."""


def test_every_play_screen_reaches_the_gl_in_parts_of_a_few_dozen_draw_calls(
        display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "play_screens", display, tmp_path, "en")
    games = seen["games"]
    assert set(games) == {"quoridor", "clovece", "pacman", "patamat", "crash"}
    for game, frame in games.items():
        assert frame["longest_run"] <= MOST_DRAWS + COLUMN_PART, (game, frame)
        assert frame["points"] >= 4, (game, frame)  # the board, status, action area, scores
    # the busy boards: a frame of 150-270 draw calls in 6 parts or more
    for game in ("patamat", "crash"):
        assert games[game]["most_draws"] > 130, (game, games[game])
        assert games[game]["points"] >= 6, (game, games[game])


BUSY_FRAME = """
import json, os, sys
os.environ["KIVY_NO_ARGS"] = "1"
from kivy.config import Config
Config.set("graphics", "width", "800")
Config.set("graphics", "height", "480")
from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics import Canvas, Color, Rectangle
from kivy.uix.widget import Widget
from companion import heap
from companion.app.frames.flush_points import keep_in_parts

heap.limit_arenas()  # as the app's start does


def peak_kb():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])


class BusyFrame(App):
    def load_kv(self, filename=None):  # none (and a script given by -c has no folder)
        return None

    def build(self):
        self.board = Widget()
        if sys.argv[1] == "parts":
            keep_in_parts(self.board)
        self.before = 0
        return self.board

    def on_start(self):
        Clock.schedule_once(self.add_shapes, 0.3)  # the window set up and drawn

    def add_shapes(self, _dt):
        # 400 small shapes in 8 layers, drawn in the next frame
        self.before = peak_kb()
        for layer_number in range(8):
            layer = Canvas()
            for number in range(50):
                layer.add(Color(number % 2, 0.5, layer_number / 8, 1))
                layer.add(Rectangle(pos=((number * 17) % 780, (layer_number * 57) % 460),
                                    size=(16, 16)))
            self.board.canvas.add(layer)
        Window.bind(on_flip=self.drawn)

    def drawn(self, *_):
        from kivy.graphics.opengl import GL_RENDERER, glGetString

        print(json.dumps({"growth_kb": peak_kb() - self.before,
                          "renderer": glGetString(GL_RENDERER).decode()}))
        Window.unbind(on_flip=self.drawn)
        Clock.schedule_once(lambda _dt: self.stop(), 0)


BusyFrame().run()
"""


APP_SAMPLES = {"KCFG_GRAPHICS_MULTISAMPLES": "2"}
"""Kivy's default, which the app draws with (the other UI tests draw unsmoothed): llvmpipe's
frame then holds ~40 kB a draw call; unsmoothed ~75 kB, of which the parts free half."""


def _busy_frame(display: str, tmp_path: Path, how: str) -> dict[str, object]:
    env = app_env(display, tmp_path / "kivy", **APP_SAMPLES)
    done = subprocess.run([sys.executable, "-c", BUSY_FRAME, how], env=env, capture_output=True,
                          text=True, timeout=60, cwd=ROOT, check=True)
    seen: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return seen


def test_a_busy_frame_in_parts_holds_far_less_at_its_peak(display: str,
                                                          tmp_path: Path) -> None:
    whole = _busy_frame(display, tmp_path, "whole")
    if not renderer_is_software(str(whole["renderer"])):
        pytest.skip("a GPU's driver: the frame's commands are not the app's memory")
    parts = _busy_frame(display, tmp_path, "parts")
    whole_kb, parts_kb = int(str(whole["growth_kb"])), int(str(parts["growth_kb"]))
    assert whole_kb > 8 * 1024, whole  # ~37 kB a draw call, 400 of them
    assert parts_kb < whole_kb / 3, (parts, whole)


def test_only_mesas_software_rasterisers_are_split() -> None:
    assert renderer_is_software("llvmpipe (LLVM 15.0.6, 256 bits)")
    assert renderer_is_software("softpipe")
    assert not renderer_is_software("V3D 4.2")
    assert not renderer_is_software("VC4 V3D 2.1")
