"""Where the Pat a Mat board draws the fields: no overlaps, big enough to tap, branches beside."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

from companion.engine import open_game
from companion.geometry.patamat import (
    FIELD_SHARE,
    PANEL_MIN,
    REFERENCE_SIDE,
    layout_board,
    main_route,
)

MIN_FIELD = 40 / REFERENCE_SIDE
"""A field is at least 40 px on the 480 px board."""


def board_of(**options: Any) -> tuple[dict[str, dict[str, Any]], str, str]:
    board = open_game("patamat", players=2, **options).snapshot()["state"]["board"]
    return {spot["id"]: spot for spot in board["fields"]}, board["start"], board["finish"]


def line_board(count: int, extra: str = "") -> str:
    """START, F1 … F<count>, CIL in a row."""
    ids = ["START", *(f"F{n}" for n in range(1, count + 1)), "CIL"]
    fields = [f'  {{ id = "START", kind = "start", next = ["{ids[1]}"] }},']
    for here, there in zip(ids[1:-1], ids[2:]):
        fields.append(f'  {{ id = "{here}", next = ["{there}"]{extra} }},')
    fields.append('  { id = "CIL", kind = "finish", next = [] },')
    return "\n".join(['format = "patamat-board/1"', 'name = "line"', 'start = "START"',
                      'finish = "CIL"', "fields = [", *fields, "]", ""])


def assert_no_overlap(centres: dict[str, tuple[float, float]], side: float) -> None:
    for (one, a), (other, b) in itertools.combinations(centres.items(), 2):
        assert math.dist(a, b) >= side * 0.99, f"{one} and {other} overlap"


def test_the_standin_board_fits_with_big_fields_and_room_for_the_panel() -> None:
    fields, start, finish = board_of()
    layout = layout_board(fields, start, finish)
    assert set(layout.centres) == set(fields)
    assert layout.side >= MIN_FIELD
    assert 1 - layout.panel_top >= PANEL_MIN / REFERENCE_SIDE
    others = {fid: at for fid, at in layout.centres.items() if fid != start}
    assert_no_overlap(others, layout.side)
    for fid, (x, y) in layout.centres.items():
        half = (layout.start_side if fid == start else layout.side) / 2
        assert half <= x + 1e-9 and x + half <= 1 + 1e-9, fid
        assert half <= y + 1e-9 and y + half <= layout.panel_top + 1e-9, fid


def test_the_main_route_runs_field_by_field_and_branches_stay_beside_it() -> None:
    fields, start, finish = board_of()
    layout = layout_board(fields, start, finish)
    pitch = layout.side / FIELD_SHARE
    route = main_route(fields, start, finish)
    assert route[0] == "START" and route[-1] == "CIL" and len(route) == 46
    for here, there in zip(route[1:], route[2:]):
        assert math.dist(layout.centres[here], layout.centres[there]) <= pitch * 1.01
    # the shortcut F10 → A1 A2 A3 → F17 and the detour F30 → B1 … B5 → F32: no long jumps
    for chain in (["F10", "A1", "A2", "A3", "F17"], ["F30", "B1", "B2", "B3", "B4", "B5", "F32"]):
        for here, there in zip(chain, chain[1:]):
            assert math.dist(layout.centres[here], layout.centres[there]) <= pitch * 2.3, here


def test_positions_from_the_board_file_are_used(tmp_path: Any) -> None:
    text = line_board(3).replace('{ id = "START",', '{ id = "START", x = 0.0, y = 0.0,')
    for number, field_id in enumerate(["F1", "F2", "F3", "CIL"], start=1):
        text = text.replace(f'{{ id = "{field_id}",',
                            f'{{ id = "{field_id}", x = {number / 4}, y = {number % 2},')
    path = tmp_path / "placed.toml"
    path.write_text(text, encoding="utf-8")
    fields, start, finish = board_of(board=str(path))
    layout = layout_board(fields, start, finish)
    xs = [layout.centres[fid][0] for fid in ("START", "F1", "F2", "F3", "CIL")]
    assert xs == sorted(xs)
    assert layout.centres["F1"][1] > layout.centres["F2"][1]  # y = 1 is lower on the board
    assert_no_overlap(layout.centres, layout.side)


@pytest.mark.parametrize("count", [5, 70])
def test_short_and_long_tracks_are_laid_out_without_overlaps(tmp_path: Any, count: int) -> None:
    path = tmp_path / "line.toml"
    path.write_text(line_board(count), encoding="utf-8")
    fields, start, finish = board_of(board=str(path))
    layout = layout_board(fields, start, finish)
    others = {fid: at for fid, at in layout.centres.items() if fid != start}
    assert_no_overlap(others, layout.side)
    assert layout.panel_top <= 1 - PANEL_MIN / REFERENCE_SIDE + 1e-9
    if count <= 50:
        assert layout.side >= MIN_FIELD


def test_every_board_text_has_czech() -> None:
    from companion.app.boards.patamat.cars import BOARD_MESSAGES, NOUN
    from companion.app.boards.patamat.fix_mode import FIX_TEXTS
    from companion.i18n import load_catalogue

    catalogue = load_catalogue("patamat", "cs")
    texts = (*BOARD_MESSAGES, *NOUN.values(), *FIX_TEXTS.values())
    missing = [text for text in texts if not catalogue.get(text)]
    assert missing == []
    letters = [catalogue[text] for text in BOARD_MESSAGES if "|" in text]
    assert len(set(letters)) == len(letters) == 5  # one letter per car type, all different
