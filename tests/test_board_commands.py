"""``companion board list|import|export`` through the real command, as a family uses it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from small_board import TINY_BOARD

from companion.engine import open_game
from companion.games.patamat.library import copy_of
from companion.records.store import Store

TINY = TINY_BOARD.replace('name   = "tiny"\n', 'name   = "tiny"\ntitle  = "Malá dráha"\n')


@pytest.fixture
def boards(tmp_path: Path) -> Path:
    return tmp_path / "boards"


def board(boards: Path, *words: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COMPANION_PATAMAT_BOARDS": str(boards)}
    return subprocess.run([sys.executable, "-m", "companion.cli", "board", *words],
                          capture_output=True, text=True, timeout=60, env=env)


def test_import_then_list_then_export_gives_the_same_board(tmp_path: Path, boards: Path) -> None:
    source = tmp_path / "tiny.toml"
    source.write_text(TINY, encoding="utf-8")
    taken = board(boards, "import", str(source))
    assert taken.returncode == 0, taken.stderr
    assert taken.stdout.strip() == "OK: saved as 'mala-draha' (Malá dráha)"
    listed = board(boards, "list", "--store", str(tmp_path / "games.sqlite3"))
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0].split()[:3] == ["standin-v1", "54", "fields"]
    assert "comes with the app" in lines[0]
    assert lines[1].split() == ["mala-draha", "7", "fields", "Malá", "dráha"]
    out = tmp_path / "out.toml"
    written = board(boards, "export", "mala-draha", str(out))
    assert written.returncode == 0 and out.is_file()
    assert board(boards, "check", str(out)).stdout.startswith("OK: board 'mala-draha', 7 fields")
    assert out.read_text(encoding="utf-8") == (boards / "mala-draha.toml").read_text(
        encoding="utf-8")


def test_a_board_that_is_not_playable_is_refused_with_its_sentences_and_nothing_written(
        tmp_path: Path, boards: Path) -> None:
    source = tmp_path / "broken.toml"
    source.write_text(TINY.replace(', back = "D"', ""), encoding="utf-8")
    refused = board(boards, "import", str(source))
    assert refused.returncode == 1
    assert refused.stdout.splitlines() == [
        f"refused: {source} is not a playable board; nothing was saved",
        "Roads from D and E meet at G: which way leads back from it? (V6)",
    ]
    assert not boards.exists() or list(boards.iterdir()) == []


@pytest.mark.parametrize("words", [["board", "import", "FILE", "--lang", "cs"],
                                   ["--lang", "cs", "board", "import", "FILE"]])
def test_a_refused_board_is_told_in_czech_when_the_terminal_speaks_czech(
        tmp_path: Path, boards: Path, words: list[str]) -> None:
    source = tmp_path / "rozbity.toml"
    source.write_text(TINY.replace(', back = "D"', "").replace(', main = "D"', ""),
                      encoding="utf-8")
    env = {**os.environ, "COMPANION_PATAMAT_BOARDS": str(boards)}
    refused = subprocess.run(
        [sys.executable, "-m", "companion.cli",
         *[str(source) if word == "FILE" else word for word in words]],
        capture_output=True, text=True, timeout=60, env=env)
    assert refused.returncode == 1, refused.stderr
    assert refused.stdout.splitlines() == [
        f"odmítnuto: {source} není hratelný plán; nic se neuložilo",
        "Na B se cesta rozděluje: kudy vede hlavní cesta? (V4)",
        "Na G se sbíhají cesty od D a E: kudy se z něj jede zpátky? (V6)",
    ]
    assert not boards.exists() or list(boards.iterdir()) == []


def test_a_file_that_is_not_a_board_at_all_is_said_so(tmp_path: Path, boards: Path) -> None:
    source = tmp_path / "shopping.toml"
    source.write_text('milk = 2\nbread = "rye"\n', encoding="utf-8")
    refused = board(boards, "import", str(source))
    assert refused.returncode == 1
    assert refused.stdout.splitlines() == [
        f"refused: {source} is not a playable board; nothing was saved",
        'The file is not a Pat a Mat board (it has no line format = "patamat-board/1").',
    ]


def test_list_says_which_board_an_unfinished_game_is_played_on(
        tmp_path: Path, boards: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "ours.toml"
    source.write_text(copy_of("standin-v1"), encoding="utf-8")
    assert board(boards, "import", str(source), "--title", "Our board").returncode == 0
    monkeypatch.setenv("COMPANION_PATAMAT_BOARDS", str(boards))
    store = Store(tmp_path / "games.sqlite3")
    store.start(open_game("patamat", players=2, names=["Eva", "Jan"], board="our-board"))
    store.close()
    listed = board(boards, "list", "--store", str(tmp_path / "games.sqlite3"))
    [ours] = [line for line in listed.stdout.splitlines() if line.startswith("our-board")]
    assert ours.endswith("Our board  (in use by an unfinished game)")
    top_level = subprocess.run(
        [sys.executable, "-m", "companion.cli", "--store", str(tmp_path / "games.sqlite3"),
         "board", "list"], capture_output=True, text=True, timeout=60,
        env={**os.environ, "COMPANION_PATAMAT_BOARDS": str(boards)})
    assert "in use by an unfinished game" in top_level.stdout


@pytest.mark.parametrize(("words", "says"), [
    (("export", "no-such-board", "x.toml"), "error: there is no board called 'no-such-board'"),
    (("import", "missing.toml"), "error: there is no file 'missing.toml'"),
    (("export", "standin-v1"), "error: usage: companion board export NAME FILE"),
    (("export", "standin-v1", "/proc/nowhere/x.toml"), "error: cannot write"),
])
def test_bad_values_give_a_plain_error_never_a_traceback(
        boards: Path, words: tuple[str, ...], says: str) -> None:
    done = board(boards, *words)
    assert done.returncode == 2
    assert done.stderr.startswith(says) and "Traceback" not in done.stderr
