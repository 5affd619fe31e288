"""A finger on the window: one touch posted through Kivy's input pipeline, as a screen's is.

It does what ``kivy.tests.common.UnitTestTouch`` does, without importing that module: it loads
pytest and unittest into the app process (about 15 MB resident), which the benchmarks run
through this driver and would count as the app's memory.
"""

from __future__ import annotations

from typing import Any

from kivy.base import EventLoop
from kivy.input.motionevent import MotionEvent


class Touch(MotionEvent):
    """``Touch(x, y)`` in window pixels; ``touch_down()``, ``touch_move(x, y)``, ``touch_up()``."""

    def __init__(self, x: float, y: float) -> None:
        window = EventLoop.window
        super().__init__("UnitTestTouch", 99, {"x": x / (window.width - 1.0),
                                               "y": y / (window.height - 1.0)},
                         is_touch=True, type_id="touch")
        self.profile = ["pos"]

    def touch_down(self, *_: Any) -> None:
        EventLoop.post_dispatch_input("begin", self)

    def touch_move(self, x: float, y: float) -> None:
        window = EventLoop.window
        self.move({"x": x / (window.width - 1.0), "y": y / (window.height - 1.0)})
        EventLoop.post_dispatch_input("update", self)

    def touch_up(self, *_: Any) -> None:
        EventLoop.post_dispatch_input("end", self)

    def depack(self, args: dict[str, float]) -> None:
        self.sx = args["x"]
        self.sy = args["y"]
        super().depack(args)
