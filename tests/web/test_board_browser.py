"""Every game's SVG board in a real browser at a phone's size (390 × 844): drawn whole, within
the screen, its tap targets the legal inputs and big enough for a finger; screenshots in
``artifacts/screenshots/web_board_<game>.png``."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest

from companion.engine import open_game
from companion.resources import package_path
from companion.web.svg import board_svg
from tests.web.browser import PHONE, boxes, needs_chromium

pytestmark = needs_chromium

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
GAME_SEATS = {"quoridor": 2, "pacman": 2, "clovece": 4, "patamat": 3, "crash": 2}
COLOURS = ["red", "blue", "green", "yellow"]
SMALLEST = {"quoridor": 30.0, "pacman": 30.0, "clovece": 40.0, "patamat": 24.0, "crash": 26.0}
"""The least side of a board's tap target on a 390 px wide phone: the board's columns share
the width (nine squares, thirteen hexes); below 44 px the big buttons offer the same inputs."""


def page_of(svg: str, css: Path) -> str:
    return ("<!doctype html><html><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<link rel='stylesheet' href='{html.escape(css.as_uri())}'></head><body>"
            f"<main id='game'><section id='board-area'><div id='board'>{svg}</div></section>"
            "</main></body></html>")


@pytest.mark.parametrize("game", sorted(GAME_SEATS))
def test_the_board_fits_a_phone_and_its_targets_take_a_finger(game: str, tmp_path: Path,
                                                              browser: Any) -> None:
    match = open_game(game, players=GAME_SEATS[game])
    if game == "crash":
        match.play("first A")
    seats = GAME_SEATS[game]
    svg = board_svg(game, match.snapshot(), colours=COLOURS[:seats], legal=match.legal(),
                    last=None, lang="cs", names=["Eva", "Pat", "Mat", "Ola"][:seats])
    page = tmp_path / f"{game}.html"
    page.write_text(page_of(svg, package_path("companion.web", "static", "style.css")),
                    encoding="utf-8")
    browser.get(page.as_uri())
    board = boxes(browser, "#board svg")[0]
    assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE[0] + 0.5
    assert board["width"] >= PHONE[0] - 20  # the board takes the phone's width
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOTS / f"web_board_{game}.png"))
    # shown now (Pat a Mat shows the fields of the car type picked: the first one)
    targets = [target for target in boxes(browser, "#board .tap") if target["width"]]
    inputs = [target["input"] for target in targets]
    assert set(inputs) <= set(match.legal()) and len(inputs) == len(set(inputs))
    for target in targets:
        assert target["x"] >= -0.5 and target["x"] + target["width"] <= PHONE[0] + 0.5
        assert min(target["width"], target["height"]) >= SMALLEST[game] or \
            max(target["width"], target["height"]) >= 44, target
