"""Where the Pat a Mat board draws each field: the board file's positions, or an automatic grid.

Pure Python (no Kivy), so it is tested on its own. Coordinates are board units: 0–1 across,
0 at the top; the track takes the top of the square and the info panel the rest.

The automatic layout: the main route (START … CÍL along the white arrows) snakes through every
other row of a grid, START takes a 2 × 2 block (room for six waiting pawns), and the fields off
the main route (shortcuts, detours) take free cells of the rows in between, near their fork and
their merge. The number of columns is the one that gives the largest fields.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

# The board's colours (RGBA 0–1, as Kivy's ``Color``; the phones' SVG writes them in hex) and
# the cars' looks: the touchscreen's painters and the SVG read them from here.
BACKGROUND = (0.13, 0.17, 0.15, 1)
EDGE_COLOUR = (0.62, 0.60, 0.52, 1)
FIELD_COLOUR = (0.93, 0.89, 0.80, 1)
FIELD_TEXT = (0.12, 0.12, 0.12, 1)
START_COLOUR = (0.16, 0.55, 0.28, 1)
SEMAFOR_COLOUR = (0.14, 0.14, 0.14, 1)
SIGN_COLOUR = (0.08, 0.33, 0.85, 1)
SELECTED_COLOUR = (1.0, 0.86, 0.0, 1)
LAMPS = {"red": (0.92, 0.12, 0.10, 1), "orange": (1.0, 0.60, 0.05, 1),
         "green": (0.15, 0.82, 0.25, 1)}
CAR_SPOTS = ((0.5, -0.5), (-0.5, -0.5), (0.5, 0.5), (-0.5, 0.5))
"""Where a field's first, second … car is drawn (its centre, in fields from the middle)."""
CAR_LOOK = {  # colour, shape
    "kart": ((0.98, 0.80, 0.10, 1), "triangle"),
    "car": ((0.40, 0.74, 1.00, 1), "circle"),
    "tractor": ((0.25, 0.72, 0.28, 1), "square"),
    "rusty": ((0.66, 0.33, 0.12, 1), "diamond"),
    "garbage": ((0.62, 0.64, 0.67, 1), "hexagon"),
}
PAWN_SHARE = 0.7
"""A pawn's diameter as a share of its field's side."""

PANEL_MIN = 150
"""Pixels kept below the track for the info panel (at a 480 px board)."""
START_BLOCK = 2
"""START takes START_BLOCK × START_BLOCK grid cells."""
REFERENCE_SIDE = 480
FIELD_SHARE = 0.92
"""A field's side as a share of the grid pitch (the rest is the gap where the edges show)."""


@dataclass(frozen=True)
class Layout:
    """Field centres in board units (0–1 across, 0 at the top), the field side, the panel top."""

    centres: dict[str, tuple[float, float]]
    side: float
    start_side: float
    panel_top: float


def waiting_spot(index: int, count: int, x: float, y: float, side: float,
                 largest: float) -> tuple[float, float, float]:
    """Where the ``index``-th of ``count`` pawns waiting on START (centre ``x``, ``y``, y up,
    ``side`` px) stands, and its diameter (at most ``largest``): below the word START."""
    per_row = 1 if count == 1 else 2 if count <= 4 else 3
    rows = math.ceil(count / per_row)
    area = side * 0.72
    cell = min(side / per_row, area / rows)
    column, row = index % per_row, index // per_row
    cx = x - side / 2 + (side - per_row * cell) / 2 + (column + 0.5) * cell
    cy = y + side * 0.22 - (area - rows * cell) / 2 - (row + 0.5) * cell
    return cx, cy, min(cell * 0.9, largest)


def main_route(fields: dict[str, dict[str, Any]], start: str, finish: str) -> list[str]:
    """START … CÍL along the white arrows (``fwd(f, first=False)``)."""
    route = [start]
    while route[-1] != finish and len(route) <= len(fields):
        spot = fields[route[-1]]
        route.append(spot["next"][0] if len(spot["next"]) == 1 else spot["main"])
    return route


def layout_board(fields: dict[str, dict[str, Any]], start: str, finish: str,
                 panel: float = PANEL_MIN) -> Layout:
    """The board file's own positions when every field has them, else an automatic grid;
    ``panel``: the pixels (of a 480 px square) kept free below the track (the board builder,
    which has no info panel there, gives 0 and gets larger fields)."""
    if all(spot.get("x") is not None and spot.get("y") is not None for spot in fields.values()):
        return _file_layout(fields)
    route = main_route(fields, start, finish)
    branches = len(fields) - len(route)
    best: tuple[float, int, dict[str, tuple[int, int]], int] | None = None
    for columns in range(6, 17):
        cells, rows = _snake(route, columns)
        free = columns * rows - len(cells) - (START_BLOCK * START_BLOCK - 1)
        if free < branches:
            rows += math.ceil((branches - free) / columns)
        pitch = min(1 / columns, (1 - panel / REFERENCE_SIDE) / rows)
        if best is None or pitch > best[0] + 1e-9:
            best = (pitch, columns, cells, rows)
    assert best is not None
    pitch, columns, cells, rows = best
    _place_branches(fields, cells, columns, rows)
    centres = {fid: ((col + 0.5) * pitch, (row + 0.5) * pitch) for fid, (col, row) in cells.items()}
    centres[start] = (START_BLOCK * pitch / 2, START_BLOCK * pitch / 2)
    return Layout(centres, pitch * FIELD_SHARE, pitch * (START_BLOCK - 1 + FIELD_SHARE),
                  rows * pitch)


def _file_layout(fields: dict[str, dict[str, Any]]) -> Layout:
    top = 1 - PANEL_MIN / REFERENCE_SIDE
    points = {fid: (float(spot["x"]), float(spot["y"])) for fid, spot in fields.items()}
    nearest = min((math.dist(a, b) for i, a in enumerate(points.values())
                   for b in list(points.values())[i + 1:]), default=0.1)
    side = max(0.05, min(0.1, nearest * top * 0.9))
    scale = top - side
    centres = {fid: (side / 2 + x * (1 - side), side / 2 + y * scale) for fid, (x, y) in
               points.items()}
    return Layout(centres, side, side, top)


def _snake(route: list[str], columns: int) -> tuple[dict[str, tuple[int, int]], int]:
    """Main-route cells: rows 0, 2, 4 … alternate direction, one connector cell between."""
    cells: dict[str, tuple[int, int]] = {route[0]: (0, 0)}
    row, step, index = 0, 1, 1
    order = list(range(START_BLOCK, columns))
    while index < len(route):
        for column in order:
            if index == len(route):
                break
            cells[route[index]] = (column, row)
            index += 1
        if index == len(route):
            break
        cells[route[index]] = (columns - 1 if step > 0 else 0, row + 1)
        index += 1
        row, step = row + 2, -step
        order = list(range(columns)) if step > 0 else list(range(columns - 1, -1, -1))
    return cells, row + 1


def _place_branches(fields: dict[str, dict[str, Any]], cells: dict[str, tuple[int, int]],
                    columns: int, rows: int) -> None:
    """Put every field off the main route in a free cell near its way in and its way out."""
    taken = set(cells.values()) | {(c, r) for c in range(START_BLOCK) for r in range(START_BLOCK)}
    free = [(c, r) for r in range(rows) for c in range(columns) if (c, r) not in taken]
    pending = [fid for fid in fields if fid not in cells]
    while pending and free:
        origin = next((fid for fid in cells for nxt in fields[fid]["next"] if nxt in pending),
                      None)
        if origin is None:
            cells[pending[0]] = free.pop(0)
            pending.pop(0)
            continue
        chain = [next(nxt for nxt in fields[origin]["next"] if nxt in pending)]
        while True:
            spot = fields[chain[-1]]
            following = spot["next"][0] if len(spot["next"]) == 1 else spot.get("main")
            if following is None or following not in pending or following in chain:
                break
            chain.append(following)
        goal = cells.get(following, cells[origin]) if following else cells[origin]
        straight = _row_chain(cells[origin], goal, len(chain), free, rows)
        if straight is not None:
            for fid, cell in zip(chain, straight):
                free.remove(cell)
                cells[fid] = cell
                pending.remove(fid)
            continue
        previous = cells[origin]
        for number, fid in enumerate(chain, start=1):
            share = number / (len(chain) + 1)
            target = (cells[origin][0] + (goal[0] - cells[origin][0]) * share,
                      cells[origin][1] + (goal[1] - cells[origin][1]) * share)
            cell = _nearest_cell(free, target, previous)
            free.remove(cell)
            cells[fid] = cell
            pending.remove(fid)
            previous = cell
    for number, fid in enumerate(pending):  # no room left: stack them after the last row
        cells[fid] = (number % columns, rows + number // columns)


def _nearest_cell(free: list[tuple[int, int]], target: tuple[float, float],
                  previous: tuple[int, int]) -> tuple[int, int]:
    """A free cell next to the previous one of the chain if there is one, nearest the target."""
    touching = [cell for cell in free
                if max(abs(cell[0] - previous[0]), abs(cell[1] - previous[1])) == 1]

    def cost(cell: tuple[int, int]) -> float:
        return math.dist(cell, target) + 0.5 * math.dist(cell, previous)

    return min(touching or free, key=cost)


def _row_chain(origin: tuple[int, int], goal: tuple[int, int], length: int,
               free: list[tuple[int, int]], rows: int) -> list[tuple[int, int]] | None:
    """A branch laid straight along a free row next to its fork and merge, or None.

    A shortcut (fork and merge far apart) spreads evenly between them; a detour (close
    together) is centred on them and runs from the fork's side to the merge's side.
    """
    going_left = goal[0] < origin[0]
    span = abs(goal[0] - origin[0])
    if span > length:
        share = [origin[0] + (goal[0] - origin[0]) * k / (length + 1) for k in range(1, length + 1)]
        columns = [math.floor(c) if going_left else math.ceil(c) for c in share]
    else:
        first = round((origin[0] + goal[0]) / 2 - (length - 1) / 2)
        columns = list(range(first, first + length))
        if going_left:
            columns.reverse()
    options = []
    for row in sorted({origin[1] - 1, origin[1], origin[1] + 1, goal[1] - 1, goal[1], goal[1] + 1}):
        cells = [(column, row) for column in columns]
        if 0 <= row < rows and all(cell in free for cell in cells):
            cost = math.dist(cells[0], origin) + math.dist(cells[-1], goal)
            options.append((cost, cells))
    return min(options)[1] if options else None
