"""R5–R11, §18: the hex grid, the tiles and the reference layout."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from companion.engine import open_game
from companion.games.crash.board import (
    DIRECTION_INDEX,
    FIELD_COUNT,
    FIELD_NAMES,
    GEOMETRY,
    NEIGHBOURS,
    REFERENCE,
    build_layout,
    field_index,
    layout_from_options,
)


def neighbour(field: str, direction: str) -> str | None:
    index = NEIGHBOURS[FIELD_INDEX(field)][DIRECTION_INDEX[direction]]
    return FIELD_NAMES[index] if index >= 0 else None


def FIELD_INDEX(name: str) -> int:  # noqa: N802 - reads like the table
    index = field_index(name)
    assert index is not None
    return index


def test_the_board_has_188_fields_in_15_rows() -> None:
    assert FIELD_COUNT == 188
    assert FIELD_NAMES[0] == "a1" and FIELD_NAMES[12] == "a13" and FIELD_NAMES[13] == "b1"
    assert FIELD_NAMES[-1] == "o13"
    assert field_index("B12") == field_index("b12")
    assert field_index("b13") is None


@pytest.mark.parametrize(
    ("field", "direction", "expected"),
    [
        ("e5", "E", "e6"), ("e5", "W", "e4"), ("e5", "NE", "d5"), ("e5", "NW", "d4"),
        ("e5", "SE", "f5"), ("e5", "SW", "f4"),
        ("f5", "NE", "e6"), ("f5", "NW", "e5"), ("f5", "SE", "g6"), ("f5", "SW", "g5"),
        ("b1", "NW", "a1"), ("b1", "NE", "a2"),
        ("a1", "NW", None), ("a1", "W", None), ("e13", "E", None), ("o7", "SE", None),
        ("b12", "NE", "a13"), ("c13", "NW", "b12"), ("c13", "NE", None),
    ],
)
def test_neighbours_follow_r7(field: str, direction: str, expected: str | None) -> None:
    assert neighbour(field, direction) == expected


def test_tiles_are_13_x_tiles_and_12_flowers() -> None:
    sizes = Counter(len(fields) for fields in GEOMETRY.tile_fields)
    assert sizes == {8: 13, 7: 12}
    centres = sorted(FIELD_NAMES[GEOMETRY.centre_of[t]] for t in GEOMETRY.flower_tiles)
    assert centres == sorted(["b4", "b9", "e2", "e7", "e12", "h4", "h9", "k2", "k7", "k12",
                              "n4", "n9"])
    t11 = GEOMETRY.tile_names.index("t11")
    assert [FIELD_NAMES[f] for f in GEOMETRY.tile_fields[t11]] == [
        "a1", "a2", "a3", "b1", "b2", "c1", "c2", "c3"]


def test_reference_layout_matches_the_spec() -> None:
    assert [FIELD_NAMES[f] for f in REFERENCE.stars] == [
        "a5", "b10", "e11", "f2", "f6", "g4", "g10", "k3", "l7", "l11"]
    row_e = [REFERENCE.values[FIELD_INDEX(f"e{k}")] for k in range(1, 14)]
    assert row_e == [2, 1, 0, 0, 1, 1, 0, 1, 1, 1, 0, 3, 0]
    row_n = [REFERENCE.values[FIELD_INDEX(f"n{k}")] for k in range(1, 13)]
    assert row_n == [2, 2, 2, 1, 1, 1, 0, 3, 2, 0, 1, 2]
    assert Counter(REFERENCE.values) == {0: 62, 1: 68, 2: 38, 3: 20}


def test_rotations_turn_flowers_and_x_tiles() -> None:
    placement = dict(GEOMETRY.reference_placement)
    placement["t12"] = ("F01", 1)   # star NE turns to E: b4 + E = b5
    placement["t11"] = ("X01", 1)   # 1 0 1|3 2|1 0 1 read backwards
    layout = build_layout(placement)
    stars = [FIELD_NAMES[f] for f in layout.stars]
    assert "b5" in stars and "a5" not in stars
    b4 = FIELD_INDEX("b4")
    # F01 petals NE..NW = 1 0 1 2 0 1; turned once, NE shows the NW petal (1), E the NE petal (1)
    assert layout.values[NEIGHBOURS[b4][DIRECTION_INDEX["E"]]] == 1
    assert layout.values[NEIGHBOURS[b4][DIRECTION_INDEX["SE"]]] == 0
    assert layout.values[FIELD_INDEX("b1")] == 2 and layout.values[FIELD_INDEX("b2")] == 3


def test_tiles_option_builds_the_board_and_places_bells_on_stars() -> None:
    entries = " ".join(f"{pos}={tile}:{rot}" for pos, (tile, rot) in
                       sorted(GEOMETRY.reference_placement.items()))
    entries = entries.replace("t12=F01:0", "t12=F01:1")
    match = open_game("crash", players=2, tiles=entries)
    assert "b5" in match.snapshot()["state"]["bells"]
    with pytest.raises(ValueError, match="tile"):
        open_game("crash", players=2, tiles=entries.replace("t11=X01:0", "t11=F02:0"))
    with pytest.raises(ValueError, match="board"):
        open_game("crash", players=2, board="hexagon")


def test_a_board_file_with_field_records(tmp_path: Path) -> None:
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"fields": [
        {"name": "a1", "tile": "t11", "value": 3, "star": False},
        {"name": "b4", "tile": "t12", "value": 0, "star": True},
    ]}), encoding="utf-8")
    layout = layout_from_options(f"file={path}", "")
    assert layout.values[0] == 3 and [FIELD_NAMES[f] for f in layout.stars] == ["b4"]
    match = open_game("crash", players=2, board=f"file={path}")
    assert match.snapshot()["state"]["bells"] == ["b4"]
