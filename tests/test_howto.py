"""How to play: every game has its pages, every word of them has its Czech, and every diagram
is a position its game opens (the board draws it as the players would see it in play)."""

from __future__ import annotations

import re

import pytest

from companion.engine import GAMES, open_game
from companion.games.howto import all_pages, pages, texts
from companion.i18n import load_catalogue

PLACEHOLDER = re.compile(r"\{[^}]*\}")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_rules_text_has_its_czech(game: str) -> None:
    catalogue = load_catalogue(game, "cs")
    words = texts(game)
    assert words, f"{game} has no rules pages"
    missing = [text for text in words if not catalogue.get(text)]
    assert missing == []
    # Czech, not the English copied; the same placeholders (the players' names)
    assert [text for text in words if catalogue[text] == text] == []
    for text in words:
        assert PLACEHOLDER.findall(catalogue[text]) == PLACEHOLDER.findall(text), text


@pytest.mark.parametrize("game", list(GAMES))
def test_every_player_count_gets_a_few_pages_with_a_diagram(game: str) -> None:
    for players in GAMES[game].player_counts:
        for lang in ("cs", "en"):
            shown = pages(game, players, lang)
            assert 2 <= len(shown) <= 5, (players, lang)
            assert any(page.diagram is not None for page in shown)
            # the essentials, not the rulebook: a page's points stay short
            for page in shown:
                assert 2 <= len(page.points) <= 5
                assert sum(len(point) for point in page.points) <= 420, page.heading


@pytest.mark.parametrize("game", list(GAMES))
def test_every_diagram_is_a_position_of_its_game(game: str) -> None:
    for page in all_pages(game):
        diagram = page.diagram
        if diagram is None:
            continue
        options = {"names": list(diagram.names)} if diagram.names else {}
        match = open_game(game, players=diagram.players, position=diagram.position, **options)
        assert match.players == diagram.players
        if page.players:
            assert diagram.players in page.players


def test_quoridor_diagrams_show_what_their_captions_say() -> None:
    by_heading = {(page.heading, page.players): page for page in all_pages("quoridor")}

    def legal(heading: str, players: tuple[int, ...] = ()) -> list[str]:
        diagram = by_heading[(heading, players)].diagram
        assert diagram is not None
        return open_game("quoridor", players=diagram.players, position=diagram.position).legal()

    # the wall above the pawn: no step up, the others are free
    steps = [line for line in legal("A wall blocks two squares") if len(line) == 2]
    assert sorted(steps) == ["d5", "e6", "f5"]
    # the jump over the pawn in front
    assert "e3" in legal("Jumping", (2,))
    # two pawns in a row: only beside them, never over both
    four = legal("Jumping", (4,))
    assert {"d5", "f5"} <= set(four) and "e3" not in four and "e4" not in four
    # the red wall would shut the pawn in, so it is not allowed
    closing = by_heading[("Never close the way", ())].diagram
    assert closing is not None and closing.mark
    assert closing.mark not in legal("Never close the way")


def test_clovece_diagram_caption_matches_its_position() -> None:
    page = next(page for page in all_pages("clovece") if page.heading == "Sixes and moving")
    assert page.diagram is not None
    match = open_game("clovece", players=2, position=page.diagram.position)
    match.play("roll 3")
    # "Home: green, goal: blue. So red and yellow may be moved"
    colours = {line.split()[-1] for line in match.legal() if line.startswith("move ")}
    assert colours == {"R", "Y"}
