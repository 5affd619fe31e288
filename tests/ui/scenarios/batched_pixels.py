"""Shapes batched into one mesh cover the pixels Kivy's own instructions cover, in a real
window's GL: bells (``draw_bells`` against ``draw_bell`` each), rectangles and rounded
rectangles at fractional places (``Shapes.kivy_rectangle``, ``Shapes.kivy_rounded_rectangle``
against ``Rectangle``, ``RoundedRectangle``).

    python tests/ui/scenarios/batched_pixels.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, run_from_command_line  # noqa: E402  (configures Kivy before it is imported)

Scenario = Callable[[Driver], Iterator[float]]
FRAME = 0.15
SIZE = (400, 240)


def pixels_drawn(paint: Callable[[], None]) -> bytes:
    """What ``paint`` draws over a plain ground, read back from an off-screen buffer."""
    from kivy.graphics import Color, Fbo, Rectangle

    fbo = Fbo(size=SIZE)
    with fbo:
        Color(0.3, 0.5, 0.4, 1)
        Rectangle(pos=(0, 0), size=SIZE)
        paint()
    fbo.draw()
    pixels: Any = fbo.pixels
    return bytes(pixels)


def same_pixels(d: Driver) -> Iterator[float]:
    from kivy.graphics import Color, Ellipse, Rectangle, RoundedRectangle, Triangle

    from companion.app.boards.batch import Shapes
    from companion.app.boards.crash.hex import (
        BELLS_KEPT,
        bell_triangles,
        draw_bell,
        draw_bells,
    )

    places = random.Random(5)
    bells = [(30 + (n % 8) * 48 + places.random(), 30 + (n // 8) * 60 + places.random(),
              24 + places.random() * 20) for n in range(32)]
    boxes = [(places.random() * 380, places.random() * 220, 1 + places.random() * 60,
              1 + places.random() * 9) for _n in range(40)]

    def bell_by_bell() -> None:
        for bell in bells:
            draw_bell(*bell)

    def rectangles() -> None:
        Color(0.08, 0.08, 0.08, 1)
        for box in boxes:
            Rectangle(pos=box[:2], size=box[2:])

    def one_mesh() -> None:
        shapes = Shapes()
        for box in boxes:
            shapes.kivy_rectangle((0.08, 0.08, 0.08, 1), *box)
        shapes.draw()

    squares = [(places.random() * 360, places.random() * 200, 8 + places.random() * 40,
                8 + places.random() * 40, places.random() * 14) for _n in range(30)]

    def rounded() -> None:
        Color(0.62, 0.6, 0.52, 1)
        for *box, radius in squares:
            RoundedRectangle(pos=box[:2], size=box[2:], radius=[radius])

    def rounded_mesh() -> None:
        shapes = Shapes()
        for square in squares:
            shapes.kivy_rounded_rectangle((0.62, 0.6, 0.52, 1), *square)
        shapes.draw()

    slices = [(places.random() * 360, places.random() * 200, 10 + places.random() * 40,
               10 + places.random() * 40, places.choice([-90.0, 35.0, 0.0]),
               places.choice([90.0, 325.0, 360.0])) for _n in range(20)]
    corners = [[places.random() * 400, places.random() * 240] for _n in range(30)]

    def slices_and_triangles() -> None:
        Color(0.93, 0.16, 0.14, 0.8)
        for *box, start, end in slices:
            Ellipse(pos=box[:2], size=box[2:], angle_start=start, angle_end=end)
        for n in range(0, 30, 3):
            Triangle(points=[value for corner in corners[n:n + 3] for value in corner])

    def slices_mesh() -> None:
        shapes = Shapes()
        for *box, start, end in slices:
            shapes.kivy_ellipse((0.93, 0.16, 0.14, 0.8), *box, angle_start=start, angle_end=end)
        for n in range(0, 30, 3):
            shapes.triangles((0.93, 0.16, 0.14, 0.8), [tuple(c) for c in corners[n:n + 3]],
                             (0, 1, 2))
        shapes.draw()

    bell_triangles.cache_clear()  # the bells' triangles worked out now, then taken as kept
    one_by_one, batched = pixels_drawn(bell_by_bell), pixels_drawn(lambda: draw_bells(bells))
    kept = bells[-BELLS_KEPT:]  # the bells drawn last
    kept_before = bell_triangles.cache_info().hits
    kept_again = pixels_drawn(lambda: draw_bells(kept))
    ground = pixels_drawn(lambda: None)
    d.results.update({
        "bells_same": one_by_one == batched,
        "bells_again_same": pixels_drawn(lambda: [draw_bell(*bell) for bell in kept])
        == kept_again,
        "bells_taken_as_kept": bell_triangles.cache_info().hits - kept_before == len(kept),
        "bells_drawn": one_by_one != ground,
        "rectangles_same": pixels_drawn(rectangles) == pixels_drawn(one_mesh),
        "rounded_same": pixels_drawn(rounded) == pixels_drawn(rounded_mesh),
        "slices_same": pixels_drawn(slices_and_triangles) == pixels_drawn(slices_mesh),
    })
    offset_one_by_one: list[int] = []  # a bell's triangles laid into a batch on their own
    add = Shapes._add

    def adding(shapes: Shapes, *args: Any) -> None:
        offset_one_by_one.append(1)
        add(shapes, *args)

    Shapes._add = adding  # type: ignore[method-assign]
    try:
        pixels_drawn(lambda: draw_bells(kept))
    finally:
        Shapes._add = add  # type: ignore[method-assign]
    d.results["bells_laid_one_by_one"] = len(offset_one_by_one)
    yield FRAME


SCENARIOS: dict[str, Scenario] = {"same_pixels": same_pixels}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
