"""The layout file (R32), its validation (R33), the default layout (R34) and Q3 lives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from games.pacman.positions import TABLE

from companion.engine import IllegalInput, open_game
from companion.games.pacman.layout import (
    DEFAULT_LAYOUT_PATH,
    dead_ends,
    load_layout,
    validate_layout,
)
from companion.games.pacman.state import sees
from companion.games.quoridor.board import square_index, square_name

SHARED_DEFAULT = Path("/work/shared/rules/pacman_layout_default.json")


def test_pacman_default_layout_is_the_shipped_file_and_matches_r34() -> None:
    layout = load_layout()
    data = json.loads(DEFAULT_LAYOUT_PATH.read_text(encoding="utf-8"))
    assert layout == validate_layout(data)
    if SHARED_DEFAULT.exists():
        assert data == json.loads(SHARED_DEFAULT.read_text(encoding="utf-8"))
    assert len(layout.walls) == 20
    assert layout.lives == 3
    assert square_name(layout.pacman) == "e7"
    assert [square_name(s) for s in layout.ghosts] == ["d5", "f5", "c5", "g5"]
    assert dead_ends(layout) == []  # R34: no dead ends
    # R34: no ghost sees PAC-MAN at the start; 6 steps to a9/i9, 10 to a1/i1.
    assert not any(sees(layout, ghost, layout.pacman) for ghost in layout.ghosts)
    openings = layout.openings
    assert openings.distance(layout.pacman, 1 << square_index("a9")) == 6
    assert openings.distance(layout.pacman, 1 << square_index("a1")) == 10
    # mirror symmetric left-right and top-bottom
    names = {wall.name for wall in layout.walls}
    kind = {True: "h", False: "v"}
    left_right = {f"{'abcdefghi'[7 - w.column]}{w.row + 1}{kind[w.is_horizontal]}"
                  for w in layout.walls}
    top_bottom = {f"{'abcdefghi'[w.column]}{8 - w.row}{kind[w.is_horizontal]}"
                  for w in layout.walls}
    assert left_right == names
    assert top_bottom == names


def test_pacman_layout_from_a_file_a_dict_and_json_text(tmp_path: Path) -> None:
    path = tmp_path / "leaflet.json"
    path.write_text(json.dumps(TABLE), encoding="utf-8")
    assert load_layout(str(path)) == load_layout(TABLE) == load_layout(json.dumps(TABLE))
    match = open_game("pacman", players=2, layout=str(path))
    assert match.snapshot()["state"]["layout"] == "table"


def test_pacman_layout_lives_replace_the_three_of_r31() -> None:
    match = open_game("pacman", players=2, layout={**TABLE, "lives": 5})
    assert match.counters()[0] == {"lives": 5, "dots": 0}
    without_lives = {key: value for key, value in TABLE.items() if key != "lives"}
    default = open_game("pacman", players=2, layout=without_lives)
    assert default.counters()[0]["lives"] == 3


def test_pacman_layout_dead_ends_are_allowed_and_reported() -> None:
    layout = load_layout({**TABLE, "walls": ["a1v"]})  # a1 opens only towards a2
    assert dead_ends(layout) == ["a1"]


def _with(**changes: Any) -> dict[str, Any]:
    return {**TABLE, **changes}


R33_ERRORS = [
    (_with(walls=["e3x"]), "R33: layout: 'e3x' is not a wall like e3h"),
    (_with(walls=["i3h"]), "R33: layout: wall i3h lies partly off the board"),
    (_with(walls=["e9v"]), "R33: layout: wall e9v lies partly off the board"),
    (_with(walls=["e3h", "f3h"]), "R33: layout: walls f3h and e3h overlap"),
    (_with(walls=["e3h", "e3v"]), "R33: layout: walls e3v and e3h cross"),
    (
        _with(walls=[f"{c}{r}h" for c in "aceg" for r in "123456"][:21]),
        "R33: layout: a layout has at most 20 walls, not 21",
    ),
    (_with(dots=["a1", "i1", "a9"]), "R33: layout: there must be exactly 4 dots, not 3"),
    (_with(dots=["a1", "i1", "a9", "a1"]), "R33: layout: the dots must lie on 4 different squares"),
    (_with(dots=["a1", "i1", "a9", "z9"]), "R33: layout: a dot must be a square like a1, not 'z9'"),
    (
        _with(ghosts={"blinky": "e2", "pinky": "c8", "inky": "g8", "clyde": "i8"}),
        "R33: layout: PAC-MAN and blinky start on the same square e2",
    ),
    (
        _with(ghosts={"blinky": "a8", "pinky": "a8", "inky": "g8", "clyde": "i8"}),
        "R33: layout: blinky and pinky start on the same square a8",
    ),
    (_with(pacman="a1"), "R33: layout: PAC-MAN starts on the dot a1"),
    (
        _with(ghosts={"blinky": "a8", "pinky": "c8", "inky": "g8", "clyde": "i9"}),
        "R33: layout: clyde starts on the dot i9",
    ),
    (_with(walls=["a2h", "a1v"]),
     "R33: layout: the walls cut the square a1 off from the rest of the board"),
    (_with(lives=0), "R33: layout: lives must be a whole number of at least 1, not 0"),
    (_with(lives="3"), "R33: layout: lives must be a whole number of at least 1, not '3'"),
    (_with(lives=True), "R33: layout: lives must be a whole number of at least 1, not True"),
    (
        _with(pacman="e10"),
        "R33: layout: PAC-MAN's start square must be a square like e7, not 'e10'",
    ),
    (
        _with(ghosts={"blinky": "a8", "pinky": "c8", "inky": "g8"}),
        "R33: layout: the layout gives no start square for clyde",
    ),
    (
        _with(ghosts={"blinky": "a8", "pinky": "c8", "inky": "g8", "clyde": "i8", "sue": "b2"}),
        "R33: layout: there is no ghost 'sue' (ghosts: blinky, pinky, inky, clyde)",
    ),
    (
        _with(ghosts={"blinky": "a8", "pinky": 3, "inky": "g8", "clyde": "i8"}),
        "R33: layout: the start square of pinky must be a square like d5, not 3",
    ),
    (_with(ghosts=None), "R33: layout: the layout needs the ghosts' start squares "
     "(blinky, pinky, inky, clyde)"),
    (_with(dots="a1 i1"), "R33: layout: the layout needs a list of dots"),
    (_with(walls="b1h"), 'R33: layout: the walls must be a list like ["b1h", "c2v"]'),
    (_with(format="quoridor-pacman-layout/2"),
     "R33: layout: the layout format is 'quoridor-pacman-layout/2', "
     "not 'quoridor-pacman-layout/1'"),
    (_with(name=""), "R33: layout: the layout needs a name"),
    (_with(name="a | b"), "R33: layout: the layout name 'a | b' may not contain '|' or a "
     "line break"),
]


@pytest.mark.parametrize(("data", "reason"), R33_ERRORS)
def test_pacman_layout_errors_are_named(data: dict[str, Any], reason: str) -> None:
    with pytest.raises(IllegalInput) as caught:
        load_layout(data)
    assert caught.value.reason == reason
    with pytest.raises(ValueError, match="R33"):
        open_game("pacman", players=2, layout=data)


def test_pacman_layout_file_errors(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(IllegalInput, match="cannot be read"):
        load_layout(str(missing))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(IllegalInput, match="is not valid JSON"):
        load_layout(broken)
    listing = tmp_path / "list.json"
    listing.write_text("[]", encoding="utf-8")
    with pytest.raises(IllegalInput, match="must hold a JSON object"):
        load_layout(listing)
    with pytest.raises(ValueError, match="file path or a dict"):
        open_game("pacman", players=2, layout=42)


def test_pacman_layout_zero_walls_and_unknown_keys_are_fine() -> None:
    layout = load_layout({**TABLE, "walls": [], "comment": "ignored"})
    assert layout.walls == ()
