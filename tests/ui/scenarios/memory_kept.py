"""What a game keeps while it is played, in a real window's GL: a batch's mesh keeps its
vertices as the GL takes them (4 bytes a coordinate), not as a list of Python floats.

    python tests/ui/scenarios/memory_kept.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, run_from_command_line  # noqa: E402  (configures Kivy before it is imported)

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


SCENARIOS: dict[str, Scenario] = {"mesh_vertices": mesh_vertices}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
