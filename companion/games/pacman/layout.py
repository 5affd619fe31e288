"""The PAC-MAN layout file (R32) and its validation (R33).

A layout gives the start squares, the four dots, the fixed walls and the number of lives. It is
a JSON file the players may edit to match their leaflet; every error names what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, NoReturn

from companion.engine.errors import IllegalInput
from companion.games.quoridor.board import (
    ALL,
    SQUARE_PATTERN,
    WALL_PATTERN,
    Openings,
    Wall,
    parse_wall,
    square_index,
    square_name,
    wall_conflict,
)
from companion.resources import package_path

LAYOUT_FORMAT = "quoridor-pacman-layout/1"
DEFAULT_LAYOUT_PATH = package_path("companion.games.pacman", "layouts", "default.json")
GHOST_NAMES = ("blinky", "pinky", "inky", "clyde")
MAX_WALLS = 20
DOT_COUNT = 4
DEFAULT_LIVES = 3


@dataclass(frozen=True)
class Layout:
    """A validated layout: squares are board indices, ghosts in the order of GHOST_NAMES."""

    name: str
    pacman: int
    ghosts: tuple[int, int, int, int]
    dots: tuple[int, ...]
    walls: tuple[Wall, ...]
    lives: int

    @cached_property
    def openings(self) -> Openings:
        return Openings.of(self.walls)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LAYOUT_FORMAT,
            "name": self.name,
            "pacman": square_name(self.pacman),
            "ghosts": {
                ghost: square_name(square) for ghost, square in zip(GHOST_NAMES, self.ghosts)
            },
            "dots": [square_name(square) for square in self.dots],
            "walls": [wall.name for wall in self.walls],
            "lives": self.lives,
        }


def load_layout(source: str | Path | Mapping[str, Any] | None = None) -> Layout:
    """Read a layout from a file path or a dict (None: the shipped default), validated by R33."""
    if source is None:
        source = DEFAULT_LAYOUT_PATH
    if isinstance(source, Mapping):
        return validate_layout(source)
    if not isinstance(source, (str, Path)):
        _bad("the layout must be a file path or a dict, not {value!r}", value=source)
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return _from_json_text(source, "the layout text")
    path = Path(source)
    try:
        modified = path.stat().st_mtime_ns
    except OSError:
        _bad("the layout file {path} cannot be read", path=str(path))
    return _load_file(str(path), modified)


def validate_layout(data: Mapping[str, Any]) -> Layout:
    """Check every clause of R33 and build the layout; the first problem found is raised."""
    fmt = data.get("format", LAYOUT_FORMAT)
    if fmt != LAYOUT_FORMAT:
        _bad("the layout format is {value!r}, not {expected!r}", value=fmt,
             expected=LAYOUT_FORMAT)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        _bad("the layout needs a name")
    if "|" in name or "\n" in name:
        _bad("the layout name {value!r} may not contain '|' or a line break", value=name)
    pacman = _square(
        data.get("pacman"), "PAC-MAN's start square must be a square like e7, not {value!r}"
    )
    ghosts_data = data.get("ghosts")
    if not isinstance(ghosts_data, Mapping):
        _bad("the layout needs the ghosts' start squares (blinky, pinky, inky, clyde)")
    unknown = sorted(set(ghosts_data) - set(GHOST_NAMES))
    if unknown:
        _bad("there is no ghost {value!r} (ghosts: blinky, pinky, inky, clyde)",
             value=unknown[0])
    for ghost in GHOST_NAMES:
        if ghost not in ghosts_data:
            _bad("the layout gives no start square for {ghost}", ghost=ghost)
    ghosts = tuple(
        _square(
            ghosts_data[ghost],
            "the start square of {ghost} must be a square like d5, not {value!r}",
            ghost=ghost,
        )
        for ghost in GHOST_NAMES
    )
    dots_data = data.get("dots")
    if not isinstance(dots_data, list):
        _bad("the layout needs a list of dots")
    dots = tuple(
        _square(value, "a dot must be a square like a1, not {value!r}") for value in dots_data
    )
    walls_data = data.get("walls", [])
    if not isinstance(walls_data, list):
        _bad("the walls must be a list like [\"b1h\", \"c2v\"]")
    walls = _walls(walls_data)
    if len(dots) != DOT_COUNT:
        _bad("there must be exactly 4 dots, not {count}", count=len(dots))
    if len(set(dots)) != DOT_COUNT:
        _bad("the dots must lie on 4 different squares")
    starts = (pacman, *ghosts)
    labels = ("PAC-MAN", *GHOST_NAMES)
    for i, square in enumerate(starts):
        for j in range(i):
            if starts[j] == square:
                _bad("{first} and {second} start on the same square {square}",
                     first=labels[j], second=labels[i], square=square_name(square))
        if square in dots:
            _bad("{piece} starts on the dot {square}", piece=labels[i],
                 square=square_name(square))
    openings = Openings.of(walls)
    reached = openings.reachable(1 << pacman)
    if reached != ALL:
        cut = next(index for index in range(81) if not reached >> index & 1)
        _bad("the walls cut the square {square} off from the rest of the board",
             square=square_name(cut))
    lives = data.get("lives", DEFAULT_LIVES)
    if isinstance(lives, bool) or not isinstance(lives, int) or lives < 1:
        _bad("lives must be a whole number of at least 1, not {value!r}", value=lives)
    return Layout(
        name=name,
        pacman=pacman,
        ghosts=(ghosts[0], ghosts[1], ghosts[2], ghosts[3]),
        dots=dots,
        walls=walls,
        lives=lives,
    )


def dead_ends(layout: Layout) -> list[str]:
    """Squares with only one open side: allowed, but an editor should warn about them."""
    openings = layout.openings
    return [square_name(index) for index in range(81) if len(openings.neighbours(index)) == 1]


# -- private helpers ---------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _load_file(path: str, modified: int) -> Layout:
    """One file read per version of the file (positions are parsed often)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError:
        _bad("the layout file {path} cannot be read", path=path)
    return _from_json_text(text, path)


def _from_json_text(text: str, path: str) -> Layout:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        _bad("the layout {path} is not valid JSON ({error})", path=path, error=error.msg)
    if not isinstance(data, dict):
        _bad("the layout {path} must hold a JSON object", path=path)
    return validate_layout(data)


def _square(value: Any, template: str, **params: Any) -> int:
    if not isinstance(value, str) or not SQUARE_PATTERN.match(value.strip().lower()):
        _bad(template, value=value, **params)
    return square_index(value.strip().lower())


def _walls(values: list[Any]) -> tuple[Wall, ...]:
    walls: list[Wall] = []
    for value in values:
        text = value.strip().lower() if isinstance(value, str) else ""
        if not WALL_PATTERN.match(text):
            _bad("{value!r} is not a wall like e3h", value=value)
        wall = parse_wall(text)
        if not wall.is_in_bounds:
            _bad("wall {wall} lies partly off the board", wall=text)
        conflict = wall_conflict(wall, walls)
        if conflict:
            template = (
                "walls {wall} and {other} overlap"
                if conflict[0] == "overlap"
                else "walls {wall} and {other} cross"
            )
            _bad(template, wall=text, other=conflict[1].name)
        walls.append(wall)
    if len(walls) > MAX_WALLS:
        _bad("a layout has at most 20 walls, not {count}", count=len(walls))
    return tuple(walls)


def _bad(template: str, **params: Any) -> NoReturn:
    raise IllegalInput("R33", "layout: " + template, **params)
