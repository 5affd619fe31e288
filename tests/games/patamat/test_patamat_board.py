"""The board file (§2): the stand-in board, every validation error V1–V8, the checking command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from small_board import TINY_BOARD

from companion.engine import open_game
from companion.games.patamat import BoardError, parse_board, validate_board_file
from companion.games.patamat.board import PACKAGE_BOARDS, board_errors, resolve_board

STANDIN = PACKAGE_BOARDS / "standin-v1.toml"

SMALL = TINY_BOARD


def edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new)


def errors_of(text: str) -> list[str]:
    return board_errors(text)


def test_standin_board_matches_the_spec_shape() -> None:
    board = parse_board(STANDIN.read_text(encoding="utf-8"))
    assert board.name == "standin-v1"
    assert len(board.fields) == 54
    # CÍL is 45 steps from START along the main route.
    here, steps = board.start, 0
    while here != board.finish:
        here = board.fwd(here, first=False)
        steps += 1
    assert steps == 45
    assert [f.id for f in board.fields if f.kind == "semafor"] == ["F07", "F21", "F37"]
    assert board.fwd("F10", first=True) == "A1"
    assert board.fwd("F10", first=False) == "F11"
    assert board.back("F17") == "F16"
    assert board.back("F32") == "F31"
    assert board.back("START") is None


def test_small_board_is_valid() -> None:
    assert errors_of(SMALL) == []


def test_validate_board_file_on_the_shipped_board() -> None:
    assert validate_board_file(STANDIN) == []


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # V1: ids unique, references exist.
        (
            '{ id = "D", next = ["G"] }',
            '{ id = "D", next = ["G"] }, { id = "d", next = ["G"] }',
            "V1: field 'd' is defined twice",
        ),
        (
            '{ id = "A", next = ["B"] }',
            '{ id = "A", next = ["X"] }',
            "V1: field 'A': next refers to unknown field 'X'",
        ),
        ('main = "D"', 'main = "Q"', "V1: field 'B': main refers to unknown field 'Q'"),
        ('back = "D"', 'back = "Q"', "V1: field 'G': back refers to unknown field 'Q'"),
        ('finish = "C"', 'finish = "Z"', "V1: top-level finish refers to unknown field 'Z'"),
        # V2: exactly one start and one finish, equal to the top level.
        (
            '{ id = "A", next = ["B"] }',
            '{ id = "A", kind = "finish", next = ["B"] }',
            "V2: fields 'A', 'C' all have kind = 'finish'",
        ),
        (
            '{ id = "S", kind = "start", next = ["A"] }',
            '{ id = "S", next = ["A"] }',
            "V2: no field has kind = 'start'",
        ),
        (
            'start  = "S"',
            'start  = "A"',
            "V2: top-level start is 'A' but field 'S' has kind 'start'",
        ),
        # V3: finish has no successor, others have one, no self loop, nothing enters START.
        (
            '{ id = "C", kind = "finish", next = [] }',
            '{ id = "C", kind = "finish", next = ["A"] }',
            "V3: field 'C' is the finish and must have next = []",
        ),
        ('{ id = "A", next = ["B"] }', '{ id = "A", next = [] }', "V3: field 'A' has no successor"),
        (
            '{ id = "D", next = ["G"] }',
            '{ id = "D", next = ["G", "D"], main = "G" }',
            "V3: field 'D' lists itself in next",
        ),
        (
            '{ id = "D", next = ["G"] }',
            '{ id = "D", next = ["G", "S"], main = "G" }',
            "V3: field 'D' has an edge into the start field 'S'",
        ),
        # V4: main present and in next iff 2+ successors.
        ('main = "D", ', "", "V4: field 'B' has 2 successors and needs main"),
        ('main = "D"', 'main = "A"', "V4: field 'B': main 'A' is not in its next"),
        (
            '{ id = "A", next = ["B"] }',
            '{ id = "A", next = ["B"], main = "B" }',
            "V4: field 'A' has fewer than 2 successors and must not have main",
        ),
        # V5: forced present iff sign, and in next.
        (', forced = "E"', "", "V5: field 'B' is a sign and needs forced"),
        ('forced = "E"', 'forced = "A"', "V5: field 'B': forced 'A' is not in its next"),
        (
            '{ id = "A", next = ["B"] }',
            '{ id = "A", next = ["B"], forced = "B" }',
            "V5: field 'A' is not a sign and must not have forced",
        ),
        # V6: predecessors, and back at merges only.
        (
            '{ id = "D", next = ["G"] }',
            '{ id = "D", next = ["G"] }, { id = "H", next = ["G"] }',
            "V6: field 'H' has no predecessor",
        ),
        (', back = "D"', "", "V6: field 'G' has 2 predecessors (D, E) and needs back"),
        (
            'back = "D"',
            'back = "A"',
            "V6: field 'G': back 'A' is not one of its predecessors (D, E)",
        ),
        (
            '{ id = "A", next = ["B"] }',
            '{ id = "A", next = ["B"], back = "S" }',
            "V6: field 'A' has fewer than 2 predecessors and must not have back",
        ),
    ],
)
def test_every_validation_error_names_the_field(old: str, new: str, expected: str) -> None:
    errors = errors_of(edit(SMALL, old, new))
    assert any(error.startswith(expected) for error in errors), errors


def test_v7_a_main_route_loop_never_reaching_the_finish() -> None:
    # D's main route goes back to A: A -> B -> D -> A ... never reaches C.
    text = edit(SMALL, '{ id = "D", next = ["G"] }', '{ id = "D", next = ["A", "G"], main = "A" }')
    text = edit(text, '{ id = "A", next = ["B"] }', '{ id = "A", next = ["B"], back = "S" }')
    errors = errors_of(text)
    assert "V7: from field 'A' the main route never reaches the finish" in errors
    assert "V7: from field 'D' the main route never reaches the finish" in errors
    assert not any(error.startswith("V8") for error in errors)


def test_v8_going_backward_never_reaches_the_start() -> None:
    # A merges S and D; its back is D, D's back is B, B's back is A: a backward loop.
    text = edit(SMALL, '{ id = "D", next = ["G"] }', '{ id = "D", next = ["G", "A"], main = "G" }')
    text = edit(text, '{ id = "A", next = ["B"] }', '{ id = "A", next = ["B"], back = "D" }')
    errors = errors_of(text)
    assert "V8: from field 'A' going backward never reaches the start" in errors
    assert "V8: from field 'G' going backward never reaches the start" in errors
    assert not any(error.startswith("V7") for error in errors)


def test_a_cycle_through_a_sign_is_allowed_when_v7_and_v8_hold() -> None:
    # The sign on B sends pawns back to A (a loop), but the main routes still reach C.
    text = edit(
        SMALL,
        'next = ["D", "E"], main = "D", forced = "E"',
        'next = ["D", "E", "A"], main = "D", forced = "A"',
    )
    text = edit(text, '{ id = "A", next = ["B"] }', '{ id = "A", next = ["B"], back = "S" }')
    assert errors_of(text) == []


def test_format_errors_name_the_field() -> None:
    assert errors_of(edit(SMALL, 'format = "patamat-board/1"', 'format = "x"'))[0].startswith(
        "format: format must be 'patamat-board/1'"
    )
    assert errors_of(edit(SMALL, '{ id = "A", next', '{ id = "A", kind = "pit", next')) == [
        "format: field 'A': kind 'pit' is not one of start, finish, semafor, sign, normal"
    ]
    assert errors_of(edit(SMALL, '{ id = "A", next', '{ id = "A", x = 1.5, next')) == [
        "format: field 'A': x must be a number from 0 to 1"
    ]
    assert errors_of(edit(SMALL, '{ id = "A", next', '{ id = "A", colour = "red", next')) == [
        "format: field 'A': unknown key 'colour'"
    ]
    assert errors_of("fields = [")[0].startswith("TOML:")


def test_parse_board_raises_with_all_errors() -> None:
    with pytest.raises(BoardError) as caught:
        parse_board(edit(SMALL, 'main = "D", ', ""), "tiny.toml")
    assert caught.value.errors == ["V4: field 'B' has 2 successors and needs main"]
    assert "tiny.toml" in str(caught.value)


def test_checking_command_prints_ok_or_the_errors(tmp_path: Path) -> None:
    good = tmp_path / "tiny.toml"
    good.write_text(SMALL, encoding="utf-8")
    bad = tmp_path / "broken.toml"
    bad.write_text(edit(SMALL, ', back = "D"', ""), encoding="utf-8")
    command = [sys.executable, "-m", "companion.games.patamat.validate"]
    ok = subprocess.run([*command, str(good)], capture_output=True, text=True, check=False)
    assert ok.returncode == 0
    assert ok.stdout.startswith("OK")
    failed = subprocess.run([*command, str(bad)], capture_output=True, text=True, check=False)
    assert failed.returncode == 1
    assert "V6: field 'G' has 2 predecessors (D, E) and needs back" in failed.stdout
    assert validate_board_file(tmp_path / "missing.toml")[0].startswith("file: cannot read")


def test_board_option_by_path_and_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(SMALL, encoding="utf-8")
    by_path = open_game("patamat", players=2, board=str(path))
    assert by_path.snapshot()["state"]["board"]["name"] == "tiny"
    monkeypatch.setenv("COMPANION_PATAMAT_BOARDS", str(tmp_path))
    assert resolve_board("tiny").name == "tiny"
    assert resolve_board("standin-v1").name == "standin-v1"
    with pytest.raises(ValueError, match="option 'board': there is no board 'nosuch'"):
        open_game("patamat", players=2, board="nosuch")
    broken = tmp_path / "broken.toml"
    broken.write_text(edit(SMALL, 'main = "D", ', ""), encoding="utf-8")
    with pytest.raises(ValueError, match="V4: field 'B' has 2 successors"):
        open_game("patamat", players=2, board=str(broken))


def test_a_position_made_with_another_board_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(SMALL, encoding="utf-8")
    standin = open_game("patamat", players=2)
    with pytest.raises(ValueError, match="board"):
        open_game("patamat", players=2, board=str(path), position=standin.position())
    # Same name, different content: the board_sha tells them apart.
    renamed = tmp_path / "standin-copy.toml"
    renamed.write_text(STANDIN.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    with pytest.raises(ValueError, match="board_sha"):
        open_game("patamat", players=2, board=str(renamed), position=standin.position())


def test_the_example_in_boards_md_is_valid() -> None:
    doc = (PACKAGE_BOARDS.parent / "BOARDS.md").read_text(encoding="utf-8")
    example = doc.split("## Example")[1].split("```toml\n")[1].split("```")[0]
    board = parse_board(example)
    assert board.name == "tiny"
    assert board.fwd("B", first=True) == "E"
    assert board.back("G") == "D"
