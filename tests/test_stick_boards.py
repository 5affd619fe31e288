"""The players' boards onto a USB stick and back: every file checked, nothing half-copied.

The stick is a folder the test "mounts" by listing it in a mounts file, as ``/proc/mounts``
lists a stick the desktop mounted (the same look-up the records' USB copy uses)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.patamat.library import board_entries, copy_of, save_board
from companion.records.backup import usb_sticks
from companion.records.stick_boards import (
    StickProblem,
    copy_boards_to_stick,
    load_boards_from_stick,
)


@pytest.fixture
def stick(tmp_path: Path) -> Path:
    media = tmp_path / "media"
    folder = media / "pi" / "STICK"
    folder.mkdir(parents=True)
    mounts = tmp_path / "mounts"
    mounts.write_text(f"/dev/sda1 {folder} vfat rw,nosuid,nodev 0 0\n", encoding="utf-8")
    [found] = usb_sticks(mounts, roots=(media,))
    return found


def use_boards(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setenv("COMPANION_PATAMAT_BOARDS", str(folder))


def test_boards_go_to_the_stick_and_come_back_on_another_companion(
        tmp_path: Path, stick: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_boards(monkeypatch, tmp_path / "home")
    save_board(copy_of("standin-v1"), "Our board")
    save_board(copy_of("standin-v1").replace('kind = "semafor", next = ["F08"]',
                                             'next = ["F08"]'), "Grandpa's board")
    carried = copy_boards_to_stick(stick)
    assert sorted(carried.taken) == ["Grandpa's board", "Our board"]
    on_stick = stick / "companion-boards"
    assert sorted(path.name for path in on_stick.iterdir()) == [
        "grandpa-s-board.toml", "our-board.toml"]
    assert copy_boards_to_stick(stick).already_there == ["Grandpa's board", "Our board"]

    use_boards(monkeypatch, tmp_path / "cottage")                 # the other companion
    loaded = load_boards_from_stick(stick)
    assert sorted(loaded.taken) == ["Grandpa's board", "Our board"] and loaded.refused == []
    assert [entry.title for entry in board_entries()] == [
        "standin-v1", "Grandpa's board", "Our board"]
    again = load_boards_from_stick(stick)
    assert again.taken == [] and sorted(again.already_there) == ["Grandpa's board", "Our board"]


def test_a_file_that_is_not_a_playable_board_is_refused_by_name_with_its_reason(
        tmp_path: Path, stick: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_boards(monkeypatch, tmp_path / "home")
    folder = stick / "companion-boards"
    folder.mkdir()
    (folder / "good.toml").write_text(copy_of("standin-v1"), encoding="utf-8")
    (folder / "broken.toml").write_text(
        copy_of("standin-v1").replace(', back = "F16"', ""), encoding="utf-8")
    (folder / "photo.toml").write_bytes(b"\xff\xd8\xff\xe0 not text")
    (folder / "notes.toml").write_text("this is = = not toml", encoding="utf-8")
    loaded = load_boards_from_stick(stick)
    assert loaded.taken == ["standin-v1"]
    refused = {refusal.file: refusal.reason() for refusal in loaded.refused}
    assert refused == {
        "broken.toml": "Roads from F16 and A3 meet at F17: which way leads back from it? (V6)",
        "notes.toml": "The file is not a Pat a Mat board (not TOML text, line 1).",
        "photo.toml": "The file is not text.",
    }
    in_czech = {refusal.file: refusal.reason("cs") for refusal in loaded.refused}
    assert in_czech == {
        "broken.toml": "Na F17 se sbíhají cesty od F16 a A3: kudy se z něj jede zpátky? (V6)",
        "notes.toml": "Soubor není plán hry Pat a Mat závodí (není to text ve formátu TOML, "
                      "řádek 1).",
        "photo.toml": "Soubor není text.",
    }
    home = tmp_path / "home"
    assert sorted(path.name for path in home.iterdir()) == ["standin-v1-2.toml"]


def test_no_stick_and_an_empty_stick_are_said_plainly(
        tmp_path: Path, stick: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_boards(monkeypatch, tmp_path / "home")
    assert load_boards_from_stick(stick).taken == []
    assert copy_boards_to_stick(stick).taken == []
    with pytest.raises(StickProblem, match="is not there"):
        load_boards_from_stick(tmp_path / "pulled-out")
