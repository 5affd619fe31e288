"""The players' boards: saved checked and whole, listed by title, renamed, deleted with care."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.patamat.board import BoardError, board_errors, parse_board, resolve_board
from companion.games.patamat.library import (
    BoardInUse,
    board_entries,
    board_text,
    board_title,
    copy_of,
    delete_board,
    rename_board,
    save_board,
)


@pytest.fixture(autouse=True)
def boards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "boards"
    monkeypatch.setenv("COMPANION_PATAMAT_BOARDS", str(folder))
    return folder


def test_saving_names_the_file_after_the_title_and_a_game_finds_it(boards: Path) -> None:
    name = save_board(copy_of("standin-v1"), "Naše deska")
    assert name == "nase-deska" and (boards / "nase-deska.toml").is_file()
    assert board_title(name) == "Naše deska"
    board = resolve_board(name)
    assert board.name == name and board.title == "Naše deska" and len(board.fields) == 54
    assert save_board(copy_of("standin-v1"), "naše  deska") == "nase-deska-2"
    assert save_board(copy_of("standin-v1"), "Standin v1") == "standin-v1-2"  # never shadows
    titles = [(entry.title, entry.shipped) for entry in board_entries()]
    assert titles == [("standin-v1", True), ("Naše deska", False), ("naše deska", False),
                      ("Standin v1", False)]


def test_a_board_that_is_not_playable_is_refused_with_the_checkers_sentences(
        boards: Path) -> None:
    broken = copy_of("standin-v1").replace(', back = "F16"', "")
    with pytest.raises(BoardError) as refused:
        save_board(broken, "Broken")
    assert any("F17" in sentence and "needs back" in sentence
               for sentence in refused.value.errors)
    assert not boards.exists()
    with pytest.raises(BoardError, match="needs a name"):
        save_board(copy_of("standin-v1"), "   ")
    with pytest.raises(BoardError, match="too long"):
        save_board(copy_of("standin-v1"), "x" * 41)


def test_a_title_with_quotes_and_backslashes_is_written_as_valid_toml() -> None:
    name = save_board(copy_of("standin-v1"), 'Dědova "velká" \\ dráha')
    assert board_title(name) == 'Dědova "velká" \\ dráha'
    assert parse_board(board_text(name)).title == 'Dědova "velká" \\ dráha'


def test_the_file_format_takes_a_title_of_at_most_40_characters() -> None:
    text = copy_of("standin-v1").replace('start  =', 'title = "Our board"\nstart  =', 1)
    assert board_errors(text) == []
    too_long = text.replace('"Our board"', '"' + "y" * 41 + '"')
    assert board_errors(too_long) == [
        "format: top-level title must be a text of at most 40 characters"]
    assert board_errors(text.replace('"Our board"', "7")) == [
        "format: top-level title must be a text of at most 40 characters"]


def test_renaming_changes_the_title_only_and_replace_writes_over_the_same_file(
        boards: Path) -> None:
    name = save_board(copy_of("standin-v1"), "Our board")
    rename_board(name, "Grandpa's board")
    assert board_title(name) == "Grandpa's board" and name == "our-board"
    edited = copy_of("standin-v1").replace('kind = "semafor", next = ["F08"]',
                                           'next = ["F08"]')
    assert save_board(edited, "Grandpa's board", replace=name) == name
    assert sorted(path.name for path in boards.iterdir()) == ["our-board.toml"]
    assert resolve_board(name).kind("F07") == "normal"
    with pytest.raises(KeyError, match="comes with the app"):
        rename_board("standin-v1", "Mine")
    with pytest.raises(ValueError, match="comes with the app"):
        save_board(copy_of("standin-v1"), "Mine", replace="standin-v1")


def test_delete_is_refused_while_an_unfinished_game_uses_the_board(boards: Path) -> None:
    name = save_board(copy_of("standin-v1"), "Our board")
    with pytest.raises(BoardInUse, match="an unfinished game is played on it"):
        delete_board(name, in_use={name})
    assert (boards / f"{name}.toml").is_file()
    delete_board(name, in_use={"another"})
    assert not (boards / f"{name}.toml").exists()
    with pytest.raises(KeyError, match="comes with the app"):
        delete_board("standin-v1")
