"""The registry's table: descriptions for the screens at once, a game's rules on first use."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.engine.registry import GAMES, TABLE, open_game, rules_of

PROBE = """
import json, sys
from companion.engine import GAMES
listed = list(GAMES)
before = sorted(m for m in sys.modules if m.startswith("companion.games.") and m.endswith(".rules"))
from companion.engine import open_game
open_game(sys.argv[1])
after = sorted(m for m in sys.modules if m.startswith("companion.games.") and m.endswith(".rules"))
print(json.dumps({"listed": listed, "before": before, "after": after}))
"""


@pytest.mark.parametrize("game", ["crash", "patamat"])
def test_the_home_screens_table_loads_no_rules_and_a_match_loads_its_own(game: str) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE, game], capture_output=True, text=True,
                          check=True)
    seen = json.loads(done.stdout)
    assert seen["listed"] == ["quoridor", "patamat", "clovece", "pacman", "crash"]
    assert seen["before"] == []
    assert seen["after"] == [f"companion.games.{game}.rules"]


def test_each_games_rules_carry_the_description_the_table_lists() -> None:
    for description, _where in TABLE:
        assert rules_of(description.id).description is GAMES[description.id]
        assert open_game(description.id).game_id == description.id


def test_an_unknown_game_is_named_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"there is no game 'chess' \(games: clovece, crash"):
        open_game("chess")
