"""PAC-MAN on the touchscreen: a whole game tapped in a real window, in English and in Czech."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, run_scenario_script

SCRIPT = Path(__file__).parent / "scenarios" / "pacman.py"


def run_pacman(display: str, tmp_path: Path, name: str, lang: str) -> dict[str, Any]:
    return run_scenario_script(SCRIPT, name, display, tmp_path, lang,
                               store=tmp_path / f"{lang}.sqlite3")


def plain(value: Any) -> Any:
    """A status line without its colour markup (the player's name is coloured)."""
    return re.sub(r"\[/?color[^\]]*\]", "", value) if isinstance(value, str) else value


START = "P:e7-e6-e5"
EXPECTED = {
    "en": {
        "status_start": "Eva (PAC-MAN): move two steps",
        "hint_start": "Tap where PAC-MAN goes (yellow squares)",
        "status_ghosts": "Pat: move your 4 ghosts (4 in frenzy)",
        "caption": "blinky: frenzy, 1 or 2 steps",
        "banner": "pinky on f5 cannot reach f3: it goes one or two steps. Choose a nearer "
                  "square.",
        "caught_caption": "Caught by blinky! Everyone back to start",
        "catch_info": [
            "blinky sees PAC-MAN: frenzy, one or two steps",
            "Move blinky from d5 to e5",
            "Caught by blinky: everyone back to the start squares",
            "PAC-MAN loses a life; lives left: 2",
            "Start squares: PAC-MAN e7, blinky d5, pinky f5, inky c5, clyde g5 (eaten ghosts "
            "too); eaten dots stay off the board",
        ],
        "two_ways_label": "PAC-MAN to f9 (eats the dot i9) — way 2 of 2, tap a path to switch",
        "last_label": "PAC-MAN to i1 (eats the dot i1, wins)",
        "headline": "Eva wins!",
        "final_status": "Eva (PAC-MAN) wins: PAC-MAN expert. The ghosts had no chance.",
        "final_hint": "Rank: PAC-MAN expert. The ghosts had no chance.",
    },
    "cs": {
        "banner": "pinky z f5 na f3 nedojde: jde o jedno nebo dvě pole. Vyber bližší pole.",
        "headline": "Eva vyhrává!",
        "final_status": "Eva (PAC-MAN) vyhrává: PAC-MAN expert. Duchové neměli šanci.",
        "final_hint": "Úroveň: PAC-MAN expert. Duchové neměli šanci.",
    },
}


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_pacman_whole_game_by_taps(display: str, tmp_path: Path, lang: str) -> None:
    seen = run_pacman(display, tmp_path, "whole_game", lang)
    for key, value in EXPECTED[lang].items():
        assert plain(seen[key]) == value, key
    # a new 2-player PAC-MAN game is drawn by the PAC-MAN board, PAC-MAN's squares highlighted
    assert seen["game"] == "pacman" and seen["board"] == "PacmanBoard"
    assert seen["destinations"] == ["d6", "e5", "e7", "e9", "f6"]
    # a tap on e5 moves PAC-MAN there (one way, nothing eaten: played at once)
    assert seen["after_pacman"] == [START]
    assert all(seen["frenzy"].values())
    # the ghost phase: blinky tapped (selected, frenzy said), then its destination
    assert seen["selected"] == "blinky"
    assert seen["blinky_destinations"] == ["b5", "d5", "e5"]  # d5: out and back
    assert seen["after_ghost"] == [START, "blinky:b5"]
    # pinky cannot go through the wall: the banner says which rule, nothing changes
    assert seen["banner"].startswith("pinky ")
    assert seen["after_rejected"] == [START, "blinky:b5"]
    assert seen["pinky_after_rejected"] == "f5"
    # undo takes blinky back
    assert seen["after_undo"] == [START]
    assert seen["blinky_after_undo"] == "d5"
    # blinky catches PAC-MAN: a life lost, everyone back on the start squares
    assert seen["caught_caption"]
    assert seen["after_catch"] == [START, "blinky:e5"]
    assert seen["catch_lives"] == 2 and seen["catch_phase"] == "pacman"
    assert seen["catch_squares"] == ["e7", "d5", "f5", "c5", "g5"]
    assert len(seen["catch_info"]) == 5
    # two ways to f9 with different results: previewed, not played; a tap on way 2 picks it
    assert seen["two_ways_history"] == "clyde:h4"
    assert seen["two_ways_action"] == "preview"
    assert seen["two_ways_preview"] == "P:h9-g9-f9"
    assert seen["two_ways_picked"] == "P:h9-i9-h9-g9-f9"
    assert seen["after_two_ways"] == "P:h9-i9-h9-g9-f9"
    assert seen["dots_after_two_ways"] == 2
    # the last dot: shown first, played by the second tap; the result screen follows
    assert seen["last_preview"] == "P:h1-i1"
    assert seen["last_move"] == "P:h1-i1"
    assert seen["screen_after_win"] == "result"
    for shot in ("pacman_start", "pacman_frenzy", "pacman_rejected", "pacman_caught",
                 "pacman_two_ways", "pacman_result"):
        assert f"{shot}_{lang}" in seen["screens"]


def test_ui_pacman_a_bonus_eats_a_ghost_with_three_players(display: str, tmp_path: Path) -> None:
    seen = run_pacman(display, tmp_path, "eat_a_ghost", "cs")
    # a boxed-in ghost: its pass is shown, the second tap on it plays it
    assert seen["pass_preview"] == "pinky:pass"
    assert seen["pass_label"] == "pinky nemůže táhnout: stojí"
    assert seen["after_pass"] == "pinky:pass"
    # PAC-MAN cannot reach a1: the banner names the rule, nothing is played
    assert seen["pacman_banner"] == ("PAC-MAN se tímto tahem nedostane z h9 na a1. Klepni na "
                                     "pole, kam dojde.")
    assert seen["history_after_banner"] == 30
    assert seen["preview_after_cancel"] == ""
    # one way to f9 but it eats the dot i9 and blinky: previewed, played only after OK
    assert seen["preview"] == "P:h9-i9-h9-g9-f9"
    assert seen["label"] == "PAC-MAN na f9 (sní tečku i9, sní blinky)"
    assert seen["history_during_preview"] == 30
    assert seen["played"] == "P:h9-i9-h9-g9-f9"
    assert seen["blinky"] is None
    # blinky is off the board: Pat (blinky, pinky) has one ghost left, Ola (inky, clyde) two
    assert seen["to_move"] == ["pinky", "inky", "clyde"]
    assert seen["counters"] == {"0": {"lives": 3, "dots": 2}, "1": {"ghosts": 1},
                                "2": {"ghosts": 2}}
    assert seen["selected"] == "pinky"
    assert seen["selected_after_second_tap"] == ""
    assert seen["caption_without_ghost"] == "Nejdřív klepněte na ducha"
    assert seen["history_end"] == 31


def test_ui_pacman_fix_the_position_by_taps_in_czech(display: str, tmp_path: Path) -> None:
    seen = run_pacman(display, tmp_path, "fix_by_taps", "cs")
    assert seen["fixing"] == [True, "PacmanFixPanel"]
    assert seen["message_picked"] == "Teď ťukni na pole, kde stojí (na pruh vpravo: sněden)"
    assert seen["panel"] == ["Životy: 2", "Dál táhnou duchové"]
    position = seen["fix_position"]
    assert "| phase ghosts | pacman e6 lives 2 |" in position and "| inky - |" in position
    assert seen["after_done"] == ["fix " + position, False, False]
    assert seen["state_after"] == {"pacman_square": "e6", "lives": 2, "phase": "ghosts"}
    assert seen["inky_after"] is None
    assert seen["status_after"].startswith("Pat")
    assert seen["after_undo"] == [[], "e7"]


def test_every_board_text_has_a_czech_translation_with_the_same_placeholders() -> None:
    import ast

    from companion.i18n import load_catalogue

    boards = ROOT / "companion" / "app" / "boards" / "pacman"
    texts = []
    for name in ("board.py", "fix_mode.py", "words.py"):
        tree = ast.parse((boards / name).read_text(encoding="utf-8"))
        texts += [
            node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str) and (
                (isinstance(node.func, ast.Name) and node.func.id == "_")
                or (isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("_show_fix", "_fix_tr")))
        ]
    # the fix model's messages, translated by the board when shown
    fix_source = (boards / "corrections.py").read_text(encoding="utf-8")
    texts += re.findall(r'self\.message = "([^"]+)"', fix_source)
    # (a move's words on a button are the game's, companion/games/pacman/choices.py, checked in
    # tests/test_choice_labels.py; the board keeps only its "way n of m")
    assert len(texts) >= 15 and "Another figure stands there" in texts
    catalogue = load_catalogue("pacman", "cs")
    for text in texts:
        assert catalogue.get(text), text
        placeholders = sorted(re.findall(r"\{(\w+)\}", text))
        assert sorted(re.findall(r"\{(\w+)\}", catalogue[text])) == placeholders, text
