"""Crash by Crash: the board layout at set-up (issue #8), without Kivy.

The engine never draws random numbers, so a shuffled layout is made here, by the app, with
the software die's fair draw (``hardware.software_die.fair_below``; R11: the X tiles onto the X
positions, the flowers onto the flower positions, a random rotation each) and handed to
``open_game("crash", tiles=…)`` as the ``tiles=`` option (N1: ``t11=X01:0 t12=F01:3 …``). The
build guide on the board reads the layout back from the match's options (the reference layout
when ``tiles`` is empty) and says, per tile position, which tile to lay there and how far to
turn it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.games.crash.board import (
    DIRECTION_INDEX,
    FIELD_NAMES,
    GEOMETRY,
    NEIGHBOURS,
    build_layout,
    parse_tiles,
)
from hardware import software_die

Chooser = Callable[[int], int]
"""``choose(n)`` gives a number 0 … n−1 (``hardware.software_die.fair_below``, the system's
randomness; a test injects its own)."""

LAYOUT_CHOICES = ("reference", "shuffled")
"""The new-game screen's layout choice for Crash: the reference layout or a shuffled one."""

LAYOUT_LABELS = {"reference": "Reference layout", "shuffled": "Shuffled layout"}
"""Player-facing names of the choices (``crash`` domain)."""

DIRECTION_NAMES = tuple(sorted(DIRECTION_INDEX, key=DIRECTION_INDEX.__getitem__))
"""NE E SE SW W NW: direction index → name (R11)."""


def _positions(flower: bool) -> list[str]:
    return [name for tile, name in enumerate(GEOMETRY.tile_names)
            if (tile in GEOMETRY.flower_tiles) == flower]


def _tile_ids(flower: bool) -> list[str]:
    shape = "F" if flower else "X"
    return sorted(tile_id for tile_id, entry in GEOMETRY.catalogue.items()
                  if entry["shape"] == shape)


def _shuffle(items: list[str], choose: Chooser) -> list[str]:
    """Fisher–Yates with ``choose``: every order equally likely for a fair chooser."""
    items = list(items)
    for last in range(len(items) - 1, 0, -1):
        other = choose(last + 1)
        items[last], items[other] = items[other], items[last]
    return items


def shuffled_tiles(choose: Chooser | None = None) -> str:
    """A random arrangement (R11) as the ``tiles=`` option text, in position order."""
    choose = choose or software_die.fair_below
    placement: dict[str, tuple[str, int]] = {}
    for flower, turns in ((False, 2), (True, 6)):
        positions = _positions(flower)
        for position, tile_id in zip(positions, _shuffle(_tile_ids(flower), choose), strict=True):
            placement[position] = (tile_id, choose(turns))
    return format_tiles(placement)


def format_tiles(placement: Mapping[str, tuple[str, int]]) -> str:
    return " ".join(f"{position}={placement[position][0]}:{placement[position][1]}"
                    for position in GEOMETRY.tile_names)


def layout_options(choice: str, choose: Chooser | None = None) -> dict[str, str]:
    """The engine options a layout choice of the new-game screen stands for."""
    if choice not in LAYOUT_CHOICES:
        raise ValueError(f"layout choice {choice!r} is not one of {', '.join(LAYOUT_CHOICES)}")
    return {"tiles": shuffled_tiles(choose) if choice == "shuffled" else ""}


def placement_of(options: Mapping[str, Any]) -> dict[str, tuple[str, int]]:
    """The tile arrangement a match was opened with: its ``tiles`` option, else the reference."""
    tiles = str(options.get("tiles") or "")
    if tiles:
        return parse_tiles(tiles)
    return dict(GEOMETRY.reference_placement)


def tile_values(position: str, tile_id: str, rotation: int) -> tuple[int, ...]:
    """The colour indices (0 white … 3 dark) a tile laid at ``position`` gives its fields, in
    the order of ``GEOMETRY.tile_fields`` (as ``build_layout`` lays it, R11)."""
    tile = GEOMETRY.tile_index(position)
    assert tile is not None
    entry = GEOMETRY.catalogue[tile_id]
    fields = GEOMETRY.tile_fields[tile]
    if tile in GEOMETRY.flower_tiles:
        centre = GEOMETRY.centre_of[tile]
        values = {centre: int(entry["centre"])}
        for direction in range(6):
            values[NEIGHBOURS[centre][direction]] = int(entry["petals"][(direction - rotation) % 6])
        return tuple(values[field] for field in fields)
    listed = entry["values"]
    return tuple(int(listed[i if rotation == 0 else 7 - i]) for i in range(len(fields)))


def guide_placement(options: Mapping[str, Any], values: list[int]
                    ) -> dict[str, tuple[str, int] | None]:
    """The tile and rotation at each position of the board shown (``values``: colour index per
    field): the match's ``tiles`` option where it still fits (a fix may have changed the board),
    else the first catalogue tile that gives those fields, else None."""
    wanted = placement_of(options)
    result: dict[str, tuple[str, int] | None] = {}
    for tile, position in enumerate(GEOMETRY.tile_names):
        shown = tuple(values[field] for field in GEOMETRY.tile_fields[tile])
        flower = tile in GEOMETRY.flower_tiles
        candidates = [wanted[position]] if position in wanted else []
        candidates += [(tile_id, rotation) for tile_id in _tile_ids(flower)
                       for rotation in range(6 if flower else 2)]
        result[position] = next((c for c in candidates if c[0] in GEOMETRY.catalogue
                                 and (GEOMETRY.catalogue[c[0]]["shape"] == "F") == flower
                                 and tile_values(position, *c) == shown), None)
    return result


def turn_degrees(position: str, rotation: int) -> int:
    """How far the tile is turned clockwise: X tiles 0/180°, flowers rotation·60° (R11)."""
    tile = GEOMETRY.tile_index(position)
    return rotation * (60 if tile in GEOMETRY.flower_tiles else 180)


def star_direction(tile_id: str, rotation: int) -> str:
    """Where a flower's star petal points once turned ("" for a flower without a star, an X)."""
    star = str(GEOMETRY.catalogue[tile_id].get("star") or "").upper()
    if star not in DIRECTION_INDEX:
        return ""
    return DIRECTION_NAMES[(DIRECTION_INDEX[star] + rotation) % 6]


def tile_choices(position: str) -> list[str]:
    """The tile ids that fit ``position`` (X tiles on X positions, flowers on flowers)."""
    return _tile_ids(GEOMETRY.tile_index(position) in GEOMETRY.flower_tiles)


def rotation_count(position: str) -> int:
    return 6 if GEOMETRY.tile_index(position) in GEOMETRY.flower_tiles else 2


def edited_placement(placement: Mapping[str, tuple[str, int] | None], position: str,
                     tile_id: str, rotation: int) -> dict[str, tuple[str, int] | None]:
    """``tile_id`` turned by ``rotation`` onto ``position``; where that tile lay before, the
    tile taken off ``position`` goes instead (a swap, so no tile is used twice)."""
    edited = dict(placement)
    old = edited.get(position)
    for other, entry in placement.items():
        if other != position and entry is not None and entry[0] == tile_id:
            edited[other] = (old[0], entry[1]) if old is not None else None
    edited[position] = (tile_id, rotation)
    return edited


def layout_fix(position_text: str, placement: Mapping[str, tuple[str, int] | None]) -> str:
    """The ``fix`` line that lays ``placement`` on the set-up position ``position_text``
    (§19: ``board tiles <25 entries>``), with the bells on the new layout's stars (R15).
    ValueError when a position has no tile."""
    if any(entry is None for entry in placement.values()):
        raise ValueError("every tile position needs a tile")
    complete = {position: entry for position, entry in placement.items() if entry is not None}
    clauses = [clause for clause in position_text.split(" | ")
               if not clause.startswith(("board ", "bells "))]
    stars = build_layout(complete).stars
    bells = ["bells " + " ".join(FIELD_NAMES[star] for star in stars)] if stars else []
    return " | ".join(["fix board tiles " + format_tiles(complete), *bells, *clauses])


def guide_label(position: str, entry: tuple[str, int] | None) -> str:
    """What the build guide writes on a tile position: "X07 ↻180°", "F03 ↻120°", "?"."""
    if entry is None:
        return "?"
    return f"{entry[0]} \u21bb{turn_degrees(position, entry[1])}\u00b0"


__all__ = ["LAYOUT_CHOICES", "LAYOUT_LABELS", "edited_placement", "format_tiles", "guide_label",
           "guide_placement", "layout_fix", "layout_options", "placement_of", "rotation_count",
           "shuffled_tiles", "star_direction", "tile_choices", "tile_values", "turn_degrees"]
