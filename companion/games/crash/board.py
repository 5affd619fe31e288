"""The hex board of Crash by Crash: fields, neighbours, tiles, and the data file (R5–R13, §18).

Fields are numbered 0…187 in board order (a1 … a13, b1 … o13). Directions are numbered as in
R11: NE=0, E=1, SE=2, SW=3, W=4, NW=5, so the opposite of ``d`` is ``(d + 3) % 6``. Holes are
named by tile position (``t32``) and written ``Ht32``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.games.crash.errors import PositionError
from companion.resources import package_path

ROWS = "abcdefghijklmno"
DIRECTIONS = ("NE", "E", "SE", "SW", "W", "NW")
DIRECTION_INDEX = {name: index for index, name in enumerate(DIRECTIONS)}
_STEPS = ((-1, 1), (0, 2), (1, 1), (1, -1), (0, -2), (-1, -1))
DATA_FILE = package_path("companion.games.crash", "crash_board.json")


def _row_length(row: int) -> int:
    return 13 if row % 2 == 0 else 12


def _build_fields() -> tuple[tuple[str, ...], dict[tuple[int, int], int]]:
    names: list[str] = []
    coords: dict[tuple[int, int], int] = {}
    for row, letter in enumerate(ROWS):
        for number in range(1, _row_length(row) + 1):
            x = 2 * (number - 1) if row % 2 == 0 else 2 * number - 1
            coords[(row, x)] = len(names)
            names.append(f"{letter}{number}")
    return tuple(names), coords


FIELD_NAMES, _COORDS = _build_fields()
FIELD_COUNT = len(FIELD_NAMES)
FIELD_INDEX = {name: index for index, name in enumerate(FIELD_NAMES)}
_COORD_OF = {index: coord for coord, index in _COORDS.items()}


def _build_neighbours() -> tuple[tuple[int, ...], ...]:
    table = []
    for index in range(FIELD_COUNT):
        row, x = _COORD_OF[index]
        table.append(tuple(_COORDS.get((row + dr, x + dx), -1) for dr, dx in _STEPS))
    return tuple(table)


NEIGHBOURS: tuple[tuple[int, ...], ...] = _build_neighbours()
"""``NEIGHBOURS[field][direction]``: the neighbour's index, or -1 off the board (R7)."""


def field_index(name: str) -> int | None:
    return FIELD_INDEX.get(name.lower())


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def direction_between(source: int, target: int) -> int | None:
    """The direction from ``source`` to its neighbour ``target``, or None if not adjacent."""
    for direction, neighbour in enumerate(NEIGHBOURS[source]):
        if neighbour == target:
            return direction
    return None


@dataclass(frozen=True)
class RuleConstants:
    """The rule numbers of §18 ``rules``."""

    start_score: int
    second_placement_cost: int
    operator4_cost: int
    push_off_points: int
    evaluations_to_end: int
    first_evaluation_turn: int
    max_batteries_per_placement: int
    batteries: int
    normal_cars: int
    magnet_cars: int
    initial_cars: int
    hand_size: int
    display_size: int
    copies_per_card: int


@dataclass(frozen=True)
class Geometry:
    """Tiles of the board (positions t11…t55) and the value tables (R8, R9)."""

    tile_names: tuple[str, ...]
    tile_fields: tuple[tuple[int, ...], ...]
    tile_of: tuple[int, ...]
    flower_tiles: frozenset[int]
    centre_of: tuple[int, ...]
    value_names: tuple[str, ...]
    standard: tuple[int, ...]
    bright: tuple[int, ...]
    catalogue: dict[str, dict[str, Any]]
    reference_placement: dict[str, tuple[str, int]]
    rules: RuleConstants

    def tile_index(self, name: str) -> int | None:
        lowered = name.lower()
        return self.tile_names.index(lowered) if lowered in self.tile_names else None


def _camel_to_snake(name: str) -> str:
    return "".join("_" + char.lower() if char.isupper() else char for char in name)


def load_geometry(data: dict[str, Any]) -> Geometry:
    positions = data["tilePositions"]
    tile_names = tuple(sorted(positions))
    tile_fields = []
    tile_of = [-1] * FIELD_COUNT
    for tile, names in enumerate(tile_names):
        indices = tuple(sorted(FIELD_INDEX[name] for name in positions[names]))
        tile_fields.append(indices)
        for index in indices:
            tile_of[index] = tile
    if -1 in tile_of:
        raise ValueError("the data file's tilePositions do not cover every field")
    flowers = set()
    centres = []
    for tile, indices in enumerate(tile_fields):
        centre = -1
        for index in indices:
            if all(n in indices for n in NEIGHBOURS[index]):
                centre = index
        centres.append(centre)
        if len(indices) == 7:
            flowers.add(tile)
    table = data["valueTable"]
    names = tuple(sorted(table, key=lambda key: int(table[key])))
    bright_table = data["brightExceptionTable"]
    rules = {_camel_to_snake(key): int(value) for key, value in data["rules"].items()}
    placement = {
        pos: (str(entry["tile"]), int(entry["rot"])) for pos, entry in data["placement"].items()
    }
    return Geometry(
        tile_names=tile_names,
        tile_fields=tuple(tile_fields),
        tile_of=tuple(tile_of),
        flower_tiles=frozenset(flowers),
        centre_of=tuple(centres),
        value_names=names,
        standard=tuple(int(table[name]) for name in names),
        bright=tuple(int(bright_table[name]) for name in names),
        catalogue=dict(data["tileCatalogue"]),
        reference_placement=placement,
        rules=RuleConstants(**rules),
    )


@cache
def default_geometry() -> Geometry:
    return load_geometry(json.loads(DATA_FILE.read_text(encoding="utf-8")))


GEOMETRY = default_geometry()
RULES = GEOMETRY.rules


@dataclass(frozen=True)
class Layout:
    """A built board: the colour index of every field (0 white … 3 dark) and the star fields."""

    values: tuple[int, ...]
    stars: tuple[int, ...]


def build_layout(placement: dict[str, tuple[str, int]], geometry: Geometry = GEOMETRY) -> Layout:
    """Lay catalogue tiles with rotations onto the tile positions (R11)."""
    values = [0] * FIELD_COUNT
    stars: list[int] = []
    used: set[str] = set()
    for tile, position in enumerate(geometry.tile_names):
        if position not in placement:
            raise PositionError("the layout gives no tile for position {position}",
                                position=position)
        tile_id, rotation = placement[position]
        entry = geometry.catalogue.get(tile_id)
        if entry is None:
            raise PositionError("the layout names an unknown tile {tile!r}", tile=tile_id)
        if tile_id in used:
            raise PositionError("the layout uses tile {tile} twice", tile=tile_id)
        used.add(tile_id)
        fields = geometry.tile_fields[tile]
        is_flower = tile in geometry.flower_tiles
        if (entry["shape"] == "F") != is_flower:
            raise PositionError("tile {tile} does not fit the {position} position",
                                tile=tile_id, position=position)
        if is_flower:
            if not 0 <= rotation <= 5:
                raise PositionError("a flower's rotation is 0-5, not {rotation}",
                                    rotation=rotation)
            centre = geometry.centre_of[tile]
            values[centre] = int(entry["centre"])
            petals = entry["petals"]
            for direction in range(6):
                values[NEIGHBOURS[centre][direction]] = int(petals[(direction - rotation) % 6])
            if entry.get("star"):
                star_dir = (DIRECTION_INDEX[str(entry["star"]).upper()] + rotation) % 6
                stars.append(NEIGHBOURS[centre][star_dir])
        else:
            if rotation not in (0, 1):
                raise PositionError("an X tile's rotation is 0 or 1, not {rotation}",
                                    rotation=rotation)
            tile_values = entry["values"]
            for position_index, field in enumerate(fields):
                source = position_index if rotation == 0 else 7 - position_index
                values[field] = int(tile_values[source])
    return Layout(tuple(values), tuple(sorted(stars)))


def parse_tiles(text: str) -> dict[str, tuple[str, int]]:
    """``t11=X01:0 t12=F01:3 …`` (25 entries) into a placement."""
    placement: dict[str, tuple[str, int]] = {}
    for token in text.split():
        try:
            position, rest = token.lower().split("=")
            tile_id, rotation = rest.split(":")
            placement[position] = (tile_id.upper(), int(rotation))
        except ValueError:
            raise PositionError("tiles entry {entry!r} is not <position>=<tile>:<rotation>",
                                entry=token) from None
        if position not in GEOMETRY.tile_names:
            raise PositionError("tiles entry {entry!r} names no tile position", entry=token)
    if len(placement) != len(GEOMETRY.tile_names):
        raise PositionError("tiles needs {needed} entries, not {count}",
                            needed=len(GEOMETRY.tile_names), count=len(placement))
    return placement


REFERENCE = build_layout(GEOMETRY.reference_placement)


def layout_from_file(path: str) -> Layout:
    """A whole board from a JSON file: a ``placement`` or per-field ``fields`` records (§18)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ValueError(f"board file {path!r} cannot be read: {error}") from None
    if "fields" in data:
        values = list(REFERENCE.values)
        stars = []
        for record in data["fields"]:
            index = field_index(str(record["name"]))
            if index is None:
                raise ValueError(f"board file names an unknown field {record['name']!r}")
            values[index] = int(record["value"])
            if record.get("star"):
                stars.append(index)
        return Layout(tuple(values), tuple(sorted(stars)))
    placement = {
        pos: (str(entry["tile"]).upper(), int(entry["rot"]))
        for pos, entry in data["placement"].items()
    }
    return build_layout(placement)


def layout_from_options(board: str, tiles: str) -> Layout:
    """The ``board=`` and ``tiles=`` options of ``open_game`` (C12)."""
    if tiles:
        return build_layout(parse_tiles(tiles))
    text = board.strip()
    if text in ("", "reference"):
        return REFERENCE
    if text.startswith("file="):
        return layout_from_file(text[len("file=") :])
    if text.endswith(".json"):
        return layout_from_file(text)
    raise ValueError(f"board option {board!r} is not 'reference', 'file=<path>' or a .json path")


def hole_fields(holes: frozenset[int] | tuple[int, ...]) -> frozenset[int]:
    fields: set[int] = set()
    for tile in holes:
        fields.update(GEOMETRY.tile_fields[tile])
    return frozenset(fields)


def hole_name(tile: int) -> str:
    return "H" + GEOMETRY.tile_names[tile]


def parse_hole(token: str) -> int | None:
    lowered = token.lower()
    if not lowered.startswith("h"):
        return None
    return GEOMETRY.tile_index(lowered[1:])
