"""The home screen's first frame: what it builds and draws, seen at the frame's own buffer swap
(``test_home_frame.py`` runs it). Each yields pauses in seconds."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

from driver import Driver
from kivy.core.window import Window
from kivy.lang import Builder

Scenario = Callable[[Driver], Iterator[float]]


def drawn(home: Any) -> dict[str, Any]:
    """What the window draws a frame: its draw calls, stencil instructions and window-sized
    rectangles, and which of the home screen's hidden parts are made."""
    from kivy.graphics import Rectangle
    from kivy.graphics.instructions import InstructionGroup, VertexInstruction

    from companion.app.screens.home import HIDDEN_PARTS

    kinds: list[Any] = []

    def walk(group: Any) -> None:
        for layer in (getattr(group, "before", None), group, getattr(group, "after", None)):
            if layer is None:
                continue
            for item in layer.children:
                if isinstance(item, InstructionGroup):
                    walk(item)
                else:
                    kinds.append(item)

    walk(Window.canvas)
    return {
        "draw_calls": sum(isinstance(item, VertexInstruction) for item in kinds),
        "stencil_instructions": sorted({type(item).__name__ for item in kinds
                                        if type(item).__name__.startswith("Stencil")}),
        "window_sized_rectangles": sum(isinstance(item, Rectangle)
                                       and tuple(item.size) == tuple(Window.size)
                                       for item in kinds),
        "hidden_parts_made": [name for name in HIDDEN_PARTS if name in home.ids],
        "clear_colour": [round(channel, 3) for channel in Window.clearcolor],
        "compressor_loaded": "lz4.block" in sys.modules,
        "parts_parsed": any(name.endswith("home_parts.kv") for name in Builder.files),
    }


def home_first_frame(d: Driver) -> Iterator[float]:
    """The first frame is looked at in the window's flip (its pixels read before the swap:
    ``home_first_frame_en``), then the frames after it."""
    first: dict[str, Any] = {}
    flip = Window.flip

    def looking_flip() -> None:
        root = d.app.root
        if not first and root is not None and root.current == "home":
            first.update(drawn(root.get_screen("home")))
            d.shot("home_first_frame_en")
        flip()

    Window.flip = looking_flip
    return after_the_first_frame(d, first)


def after_the_first_frame(d: Driver, first: dict[str, Any]) -> Iterator[float]:
    from kivy.graphics import Color, Rectangle

    from companion.app.main import SCREEN_BACKGROUND, make_screen

    yield 0.5
    home = d.app.root.get_screen("home")
    seen = d.results
    seen["first_frame"] = first
    seen["after"] = drawn(home)
    d.shot("home_after_first_frame_en")
    # the background as each screen drew it before: a window-sized rectangle of its colour
    colour, rectangle = Color(*SCREEN_BACKGROUND), Rectangle(pos=home.pos, size=home.size)
    home.canvas.before.add(colour)
    home.canvas.before.add(rectangle)
    yield 0.3
    d.shot("home_background_drawn_en")
    home.canvas.before.remove(rectangle)
    home.canvas.before.remove(colour)
    # the hidden parts say what they are given
    home.continue_text = "Continue: Quoridor, Eva, Pat"
    yield 0.3
    seen["continue_button"] = [home.ids.continue_button.text, home.ids.continue_button.height]
    home.continue_text = ""
    home.warnings = "The card is nearly full."
    yield 0.3
    seen["warnings_label"] = home.ids.warnings_label.text
    d.shot("home_warnings_shown_en")
    home.warnings = ""
    # a home screen prepared while the store has a warning makes its label at once, not the rest
    d.app.store.warnings.append("The card is nearly full.")
    fresh = make_screen("home")
    fresh.prepare()
    seen["prepared_with_a_warning"] = [fresh.ids.warnings_label.text,
                                       drawn(fresh)["hidden_parts_made"]]


SCENARIOS: dict[str, Scenario] = {
    "home_first_frame": home_first_frame,
}
