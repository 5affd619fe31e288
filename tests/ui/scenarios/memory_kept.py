"""What a game keeps while it is played, in a real window's GL: a batch's mesh keeps its
vertices as the GL takes them (4 bytes a coordinate), not as a list of Python floats; the
action area's panels keep one set of line labels aside between them; a game without a die
builds no die panel.

    python tests/ui/scenarios/memory_kept.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import (  # noqa: E402  (configures Kivy before it is imported)
    Driver,
    open_match,
    run_from_command_line,
)

Scenario = Callable[[Driver], Iterator[float]]
FRAME = 0.15
RECTANGLES = 2_000


def mesh_vertices(d: Driver) -> Iterator[float]:
    """A canvas of two batches (shapes, texts), the batches themselves let go: the Python
    bytes the canvas still holds for them, per vertex coordinate."""
    from kivy.core.text import Label as CoreLabel
    from kivy.graphics import Canvas

    from companion.app.boards.batch import Glyphs, Shapes

    text = CoreLabel(text="7", font_size=20)
    text.refresh()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    shapes, glyphs = Shapes(), Glyphs()
    for n in range(RECTANGLES):
        shapes.rectangle((0.2, 0.4, 0.9, 1), n % 50 * 8 + 0.5, n // 50 * 6 + 0.25, 5.5, 4.5)
        glyphs.place(text.texture, n % 50 * 8 + 3.5, n // 50 * 6 + 2.5)
    canvas = Canvas()
    with canvas:
        shapes.draw()
        glyphs.draw()
    coordinates = sum(len(vertices) for _c, vertices, _i in shapes.meshes()) + sum(
        len(vertices) for _t, _c, vertices, _i in glyphs.meshes())
    del shapes, glyphs
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    d.results.update({"coordinates": coordinates, "bytes_kept_per_coordinate":
                      kept / coordinates, "canvas_drawn": len(canvas.children) >= 4})
    yield FRAME


def widgets_off_the_window(kind: type) -> int:
    """Live widgets of ``kind`` that are not on the window (kept aside, or in a panel not
    shown)."""
    from kivy.core.window import Window

    gc.collect()
    count = 0
    for thing in gc.get_objects():
        if issubclass(type(thing), kind):  # (type() never touches a dead weak proxy)
            top = thing
            while top.parent is not None and top.parent is not top and top is not Window:
                top = top.parent
            count += top is not Window
    return count


def lines_aside(d: Driver) -> Iterator[float]:
    """A Pat a Mat game for three (it shows all five panels: die, choices, preview, info,
    the end's): the panels made ahead, then 80 inputs played. The table-line labels alive
    off the window, and how many were built while the inputs were played."""
    import random

    from companion.app.panels import InstructionLine

    open_match(d, "patamat", ["Pat", "Mat", "Eva"], ["red", "blue", "yellow"])
    yield 0.6  # the panels and their line labels are made 0.1 s after the screen shows
    built = [0]
    init = InstructionLine.__init__

    def counted(label: Any, **kwargs: Any) -> None:
        built[0] += 1
        init(label, **kwargs)

    InstructionLine.__init__ = counted  # type: ignore[method-assign]
    table, play = d.app.table, d.app.root.get_screen("play")
    aside_before = widgets_off_the_window(InstructionLine)
    had_probe = play._texts_ahead._probe is not None
    choose = random.Random(3)
    kinds = set()
    for _input in range(80):
        if table.match.is_over:
            break
        table.send(choose.choice(table.legal()))
        kinds.add(play.action_kind)
        yield FRAME / 3
    d.results.update({"aside_before": aside_before,
                      "aside_after": widgets_off_the_window(InstructionLine),
                      # (the next roll's texts render on a line of their own, made once)
                      "built_while_playing": built[0] - (
                          not had_probe and play._texts_ahead._probe is not None),
                      "panels_shown": sorted(kinds)})
    yield FRAME


def die_panel(d: Driver) -> Iterator[float]:
    """A Quoridor game (no die), then a Pat a Mat game (a die), each with its panels made
    ahead and a few inputs played: whether the die's panel was built in each."""
    import random

    from companion.app.panels import DieArea

    play = d.app.root.get_screen("play")
    choose = random.Random(5)
    for game, key in (("quoridor", "quoridor"), ("patamat", "patamat")):
        open_match(d, game, ["Pat", "Mat"], ["red", "blue"])
        yield 0.6  # the panels are made 0.1 s after the screen shows
        for _input in range(6):
            d.app.table.send(choose.choice(d.app.table.legal()))
            yield FRAME / 3
        d.results[key] = {"die_panel": "roll" in play._panels,
                          "die_areas_alive": widgets_of(DieArea)}
    yield FRAME


def widgets_of(kind: type) -> int:
    gc.collect()
    return sum(issubclass(type(thing), kind) for thing in gc.get_objects())


SCENARIOS: dict[str, Scenario] = {"mesh_vertices": mesh_vertices, "lines_aside": lines_aside,
                                  "die_panel": die_panel}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
