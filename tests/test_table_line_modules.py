"""A game's table-lines and hand modules load on first use, or ahead when the app asks (while
the table is idle after the game opens, so its first input does not wait for them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.table_lines import load_game_modules

ROOT = Path(__file__).resolve().parents[1]
LOADED_AHEAD = """
import sys
from companion.games.table_lines import load_game_modules
game = sys.argv[1]
wanted = [f"companion.games.{game}.table", f"companion.games.{game}.hand"]
before = [name in sys.modules for name in wanted]
load_game_modules(game)
print(before, [name in sys.modules for name in wanted])
"""


@pytest.mark.parametrize("game", ["crash", "patamat", "clovece"])
def test_opening_a_game_can_load_its_table_line_modules_ahead(game: str) -> None:
    done = subprocess.run([sys.executable, "-c", LOADED_AHEAD, game], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[False, False] [True, True]"


def test_an_unknown_game_has_no_table_line_modules() -> None:
    with pytest.raises(ValueError, match="no table lines for the game 'chess'"):
        load_game_modules("chess")
