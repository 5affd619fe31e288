"""Menu → Rules in every game, in Czech and English: the game's pages in the language set,
their diagrams drawn by the game's own board, nothing too big for its box, and Back returns to
the play screen exactly as it was left.

Every game's rules are opened one after another in one app a language (``driver.in_turn``, once
a run); each test reads what its game showed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from conftest import PartInTurn
from scenarios.rules import GAMES

from companion.engine import GAMES as DESCRIPTIONS
from companion.games.howto import pages
from companion.i18n import translator

BOARDS = {"quoridor": "QuoridorBoard", "pacman": "PacmanBoard", "patamat": "PatamatBoard",
          "clovece": "CloveceBoard", "crash": "CrashBoard"}
TITLES = {"en": "Rules: {game}", "cs": "Pravidla: {game}"}
RULES = tuple(f"rules_{name}" for name in GAMES)


@pytest.fixture
def rules_seen(part_of_scenarios_in_turn: PartInTurn) -> Callable[[str, str], dict[str, Any]]:
    """What a game's rules showed in a language, played in turn with the other games'."""
    return lambda name, lang: part_of_scenarios_in_turn(RULES, f"rules_{name}", lang)


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("name", list(GAMES))
def test_rules_from_the_menu_and_back(rules_seen: Callable[[str, str], dict[str, Any]],
                                      name: str, lang: str) -> None:
    game, names, inputs = GAMES[name]
    seen = rules_seen(name, lang)
    description = DESCRIPTIONS[game]
    expected = pages(game, len(names), lang)
    assert seen["screen"] == "rules"
    assert seen["title"] == TITLES[lang].format(
        game=description.name_cs if lang == "cs" else description.name)
    # the pages of this game for this many players, in the language set
    assert seen["headings"] == [page.heading for page in expected]
    assert 2 <= len(expected) <= 5
    other = pages(game, len(names), "en" if lang == "cs" else "cs")
    for shown, page, in_other in zip(seen["pages"], expected, other):
        assert shown["heading"] == page.heading != in_other.heading
        assert shown["points"] == "\n".join(f"•  {point}" for point in page.points)
        assert shown["has_diagram"] == (page.diagram is not None)
        if page.diagram is not None:
            assert shown["board"] == BOARDS[game]  # drawn by the game's own board
            assert shown["caption"] and "{" not in shown["caption"]
        assert shown["too_big"] == []
    assert any(shown["has_diagram"] for shown in seen["pages"])
    # ◀ ▶ turn the pages, never beyond the last
    assert seen["last_page"] == len(expected) - 1
    assert seen["after_previous"] == len(expected) - 2
    # nothing was played meanwhile (not by a tap on a diagram either); Back returns to play
    # exactly as it was, a previewed wall still waiting
    assert len(seen["history"]) == len(inputs)
    assert seen["history_in_rules"] == seen["history"]
    assert seen["screen_after_back"] == "play"
    assert seen["history_after_back"] == seen["history"]
    assert seen["preview_after_back"] == seen["preview"]
    assert seen["board_after_back"] == BOARDS[game]
    if game == "quoridor":
        assert seen["preview"] == "c3h"
    menu_word = translator("app", lang)("Rules")
    assert menu_word == {"en": "Rules", "cs": "Pravidla"}[lang]
