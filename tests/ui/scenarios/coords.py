"""Every board that names its fields, shown at 800 × 480 (one subprocess per language).

    python tests/ui/scenarios/coords.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]

Quoridor for 2 and 4, PAC-MAN, Člověče for 4 and 6 (and the 72-field ring), Crash: each board
is opened, shot, and the names it draws along its edges (or on its fields) are reported with
their font size and box, to be checked against its squares and fields.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, open_match, run_from_command_line  # noqa: E402  (configures Kivy before it is imported)
from kivy.core.window import Window  # noqa: E402

from companion.games.crash.board import FIELD_NAMES  # noqa: E402
from companion.geometry.quoridor import SQUARE_NAMES  # noqa: E402

SETTLE = 0.6
Scenario = Callable[[Driver], Iterator[float]]
LONG_RING = (
    "board6/72 seats{S0,S1,S2,S3,S4,S5} | S0 home{Y,B} goal{} | S1 home{R,Y,G,B} goal{} | "
    "S2 home{R,Y,G,B} goal{} | S3 home{R,Y,G,B} goal{} | S4 home{R,Y,G,B} goal{} | "
    "S5 home{R,Y,G,B} goal{} | track{5:R, 30:G} | turn S1"
)
NAMES = ["Eva", "Pat", "Ola", "Jan", "Ema", "Max"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]


def board(d: Driver) -> Any:
    return d.app.root.get_screen("play").board


def places(shown: Any) -> list[list[float]]:
    """The boxes (x, y, width, height) where pieces stand: squares, hexes, fields and slots."""
    name = type(shown).__name__
    if name in ("QuoridorBoard", "PacmanBoard"):
        grid = shown.geometry()
        return [[x, y, side, side] for x, y, side in map(grid.square_rect, SQUARE_NAMES)]
    if name == "CrashBoard":
        grid = shown.grid()
        return [[cx - grid.w / 2, cy - grid.radius, grid.w, 2 * grid.radius]
                for cx, cy in map(grid.centre, FIELD_NAMES)]
    layout = shown._layout()
    spots = [(point, layout.field_radius) for point in layout.fields]
    for seat in layout.homes:
        spots += [(point, layout.slot_radius) for point in layout.homes[seat] + layout.goals[seat]]
    return [[x - r, y - r, 2 * r, 2 * r] for (x, y), r in spots]


def seen(d: Driver, name: str) -> dict[str, Any]:
    """What the board draws as names and where its pieces stand, in window pixels."""
    shown = board(d)

    def window(box: list[float]) -> list[float]:
        x, y = shown.to_window(box[0], box[1])
        return [x, y, box[2], box[3]]

    labels = [[text, size, *window([x, y, w, h])] for text, size, x, y, w, h in
              shown.drawn_labels()]
    return {"board": type(shown).__name__, "rect": window([shown.x, shown.y, *shown.size]),
            "labels": labels, "places": [window(box) for box in places(shown)],
            "window": list(Window.size), "shot": name}


def boards(d: Driver) -> Iterator[float]:
    lang = d.app.table.lang
    shown: dict[str, Any] = {}
    for game, players, name in (("quoridor", 2, "quoridor_2"), ("quoridor", 4, "quoridor_4"),
                                ("pacman", 2, "pacman"), ("clovece", 4, "clovece_4"),
                                ("clovece", 6, "clovece_6"), ("crash", 2, "crash")):
        open_match(d, game, NAMES[:players], COLOURS[:players])
        yield SETTLE
        shot = f"coords_{name}_{lang}"
        d.shot(shot)
        shown[name] = seen(d, shot)
        if name == "clovece_6":
            d.app.table.fix(LONG_RING)
            yield SETTLE
            shot = f"coords_clovece_6_72_{lang}"
            d.shot(shot)
            shown["clovece_6_72"] = seen(d, shot)
    d.results["boards"] = shown


SCENARIOS: dict[str, Scenario] = {"boards": boards}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
