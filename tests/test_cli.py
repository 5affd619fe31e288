"""The ``companion`` command: its help names every option the table needs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_help_lists_the_app_options_and_the_terminal_player() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "--help"],
        capture_output=True, text=True, timeout=60, check=True,
    )
    for option in ("--store", "--windowed", "--lang", "--die", "play"):
        assert option in done.stdout


def test_play_help_lists_every_game_and_its_options() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "play", "--help"],
        capture_output=True, text=True, timeout=60, check=True,
    )
    assert "quoridor" in done.stdout
    for option in ("--players", "--position", "--store", "--json", "--die"):
        assert option in done.stdout


def test_board_check_accepts_the_default_board_and_names_the_errors_of_a_bad_one(
    tmp_path: Path,
) -> None:
    from companion.games import patamat

    default = Path(patamat.__file__).parent / "boards" / "standin-v1.toml"
    good = subprocess.run(
        [sys.executable, "-m", "companion.cli", "board", "check", str(default)],
        capture_output=True, text=True, timeout=60,
    )
    assert good.returncode == 0 and good.stdout.startswith("OK: board 'standin-v1'")
    bad_file = tmp_path / "bad.toml"
    bad_file.write_text('format = "patamat-board/1"\nname = "mine"\n', encoding="utf-8")
    bad = subprocess.run(
        [sys.executable, "-m", "companion.cli", "board", "check", str(bad_file)],
        capture_output=True, text=True, timeout=60,
    )
    assert bad.returncode == 1 and "fields must be a non-empty array" in bad.stdout


def test_a_reader_that_goes_away_ends_the_terminal_player_without_a_traceback(
    tmp_path: Path,
) -> None:
    player = subprocess.Popen(
        [sys.executable, "-m", "companion", "play", "quoridor", "--json",
         "--store", str(tmp_path / "games.sqlite3")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert player.stdin is not None and player.stdout is not None
    player.stdin.write(b"e8\n")
    player.stdin.flush()
    assert b'"ok": true' in player.stdout.readline()
    player.stdout.close()  # as `companion play … | head -1` does
    _, errors = player.communicate(b"legal\n" * 50, timeout=60)
    assert player.returncode == 1
    assert b"Traceback" not in errors


def test_the_apps_start_is_read_without_making_the_commands_parsers() -> None:
    from companion.cli import app_only_arguments

    args = app_only_arguments(["--windowed", "--store", "games.sqlite3", "--lang=cs"])
    assert args is not None and args.command is None
    assert (args.windowed, args.store, args.lang, args.die) == (True, "games.sqlite3", "cs", None)
    for words in (["stats"], ["--help"], ["--windowed", "play", "quoridor"], ["--win"],
                  ["sounds", "--lang", "de"]):
        assert app_only_arguments(words) is None  # the whole command line reads these
    code = ("import sys; from companion.cli import app_only_arguments; "
            "app_only_arguments(['--windowed', '--store', 'x.sqlite3']); "
            "print(sorted(m for m in sys.modules if m.startswith('companion.records')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"  # no records commands, no store, no sqlite3 yet


def test_a_bad_value_for_the_app_says_so_in_one_line_as_before() -> None:
    for words, told in ((["--lang", "de"], "argument --lang: invalid choice: 'de'"),
                        (["--store"], "argument --store: expected one argument"),
                        (["bogus"], "argument command: invalid choice: 'bogus'")):
        done = subprocess.run([sys.executable, "-m", "companion", *words], capture_output=True,
                              text=True, check=False)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith(f"companion: {told}") and len(done.stderr.splitlines()) == 1
