"""The shuffled Crash layout the app makes at set-up (R11, N1), without Kivy."""

from __future__ import annotations

import random

import pytest

from companion.engine import open_game
from companion.games.crash.board import GEOMETRY, parse_tiles
from companion.table.crash_setup import (
    guide_label,
    guide_placement,
    layout_options,
    placement_of,
    shuffled_tiles,
    star_direction,
)

X_POSITIONS = {name for tile, name in enumerate(GEOMETRY.tile_names)
               if tile not in GEOMETRY.flower_tiles}


def chooser(seed: int):  # type: ignore[no-untyped-def]
    generator = random.Random(seed)
    return lambda n: generator.randrange(n)


def board_values(match) -> list[int]:  # type: ignore[no-untyped-def]
    return [GEOMETRY.value_names.index(f["colour"]) for f in match.snapshot()["state"]["fields"]]


@pytest.mark.parametrize("seed", range(8))
def test_a_shuffled_layout_is_a_permutation_the_engine_accepts(seed: int) -> None:
    tiles = shuffled_tiles(chooser(seed))
    placement = parse_tiles(tiles)
    assert sorted(tile for tile, _rot in placement.values()) == sorted(GEOMETRY.catalogue)
    for position, (tile, rotation) in placement.items():
        if position in X_POSITIONS:
            assert tile.startswith("X") and rotation in (0, 1)
        else:
            assert tile.startswith("F") and 0 <= rotation <= 5
    match = open_game("crash", players=2, names=["Eva", "Pat"], tiles=tiles)
    assert match.options["tiles"] == tiles
    # the guide reads the same layout back from the match
    assert guide_placement(match.options, board_values(match)) == placement


def test_the_always_first_chooser_gives_a_known_layout() -> None:
    # choose(n) == 0: Fisher–Yates swaps each last item with the first, rotations all 0
    tiles = shuffled_tiles(lambda n: 0)
    assert tiles.startswith("t11=X02:0 t12=F02:0 t13=X03:0")
    assert "t55=X01:0" in tiles and "t54=F01:0" in tiles
    assert open_game("crash", players=2, names=["Eva", "Pat"], tiles=tiles).awaiting == "setup"


def test_the_last_chooser_turns_every_tile_as_far_as_it_goes() -> None:
    placement = parse_tiles(shuffled_tiles(lambda n: n - 1))
    assert {rot for pos, (_t, rot) in placement.items() if pos in X_POSITIONS} == {1}
    assert {rot for pos, (_t, rot) in placement.items() if pos not in X_POSITIONS} == {5}


def test_layout_choices_become_the_tiles_option() -> None:
    assert layout_options("reference") == {"tiles": ""}
    assert len(parse_tiles(layout_options("shuffled")["tiles"])) == 25
    with pytest.raises(ValueError, match="layout choice"):
        layout_options("spiral")


def test_the_guide_labels_and_star_directions() -> None:
    assert placement_of({"tiles": ""}) == GEOMETRY.reference_placement
    assert guide_label("t11", ("X07", 1)) == "X07 \u21bb180\u00b0"
    assert guide_label("t12", ("F03", 2)) == "F03 \u21bb120\u00b0"
    assert guide_label("t12", None) == "?"
    assert star_direction("F03", 2) == "W"      # SE turned 120° clockwise
    assert star_direction("F11", 3) == ""


def test_after_a_fix_to_another_board_the_guide_follows_the_fields() -> None:
    match = open_game("crash", players=2, names=["Eva", "Pat"])
    tiles = shuffled_tiles(chooser(3))
    position = match.position()
    assert position.startswith("board reference |")
    match.play("fix " + position.replace("board reference", f"board tiles {tiles}", 1))
    values = board_values(match)
    guessed = guide_placement(match.options, values)   # options still say "reference"
    built = open_game("crash", players=2, names=["Eva", "Pat"], tiles=tiles)
    assert board_values(built) == values
    assert all(entry is not None for entry in guessed.values())
    assert guide_placement({"tiles": tiles}, values) == parse_tiles(tiles)


def test_the_tile_editor_swaps_and_fixes_the_board_undoably() -> None:
    from companion.table.crash_setup import edited_placement, layout_fix, tile_choices

    assert tile_choices("t33") == [f"X{n:02}" for n in range(1, 14)]
    assert len(tile_choices("t12")) == 12
    match = open_game("crash", players=2, names=["Eva", "Pat"])
    start = match.position()
    # the players laid X07 turned 180° on t11: X07 leaves t33, X01 (from t11) goes there
    placement = edited_placement(placement_of(match.options), "t11", "X07", 1)
    assert placement["t11"] == ("X07", 1) and placement["t33"] == ("X01", 0)
    line = layout_fix(start, placement)
    assert line.startswith("fix board tiles t11=X07:1 t12=F01:0 ")
    assert "| bells a5 b10 e11 f2 f6 g4 g10 k3 l7 l11 |" in line   # the flowers did not move
    match.play(line)
    assert match.history == [line] and match.awaiting == "setup"
    assert guide_placement(match.options, board_values(match)) == placement
    match.undo()
    assert match.position() == start


def test_a_turned_flower_moves_its_bell_to_the_new_star() -> None:
    from companion.table.crash_setup import edited_placement, layout_fix

    match = open_game("crash", players=2, names=["Eva", "Pat"])
    # F01 on t12 (centre b4) has its star NE (a5); turned 60° it points E (b5)
    line = layout_fix(match.position(), edited_placement(
        placement_of(match.options), "t12", "F01", 1))
    assert "| bells b5 b10 " in line
    match.play(line)
    assert "b5" in match.snapshot()["state"]["bells"]
