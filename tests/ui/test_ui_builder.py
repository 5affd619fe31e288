"""The board builder on the touchscreen (issue #23), by real taps in English and in Czech:
the stand-in track built by taps alone is the stand-in's graph and a game is played on it to
the first flag; a track with mistakes shows each in plain words and is corrected and saved; a
120-field track keeps its fields big enough to tap."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from conftest import run_scenario_script

from companion.games.patamat.board import (
    BOARDS_DIR_ENV,
    PACKAGE_BOARDS,
    board_errors,
    parse_board,
)
from companion.games.patamat.builder.shape import track_shape

SCRIPT = Path(__file__).parent / "scenarios" / "builder.py"
STANDIN = (PACKAGE_BOARDS / "standin-v1.toml").read_text(encoding="utf-8")
TOUCH_TARGET = 48

SENTENCES = {
    "en": {
        "no_finish": ["The road from F03 never reaches CÍL: walk on to CÍL."],
        "sign_alone": ["A blue sign needs the field its arrow points to: walk on from F04.",
                       "The road from F04 never reaches CÍL: walk on to CÍL."],
        "way_not_walked": ["The other way from F05 is not walked yet."],
        "way_open": ["The other way from F05 never joins the road again: tap where it joins."],
        "join_itself": "A way cannot join itself: tap a field of the road.",
        "name": "Our board",
        "ready": "The track is ready (54 fields): save it.",
        "flag": "Pat: finish! Take a flag (1 in all)",
        "broken": "This board cannot be read, so the builder starts a new track.",
    },
    "cs": {
        "no_finish": ["Cesta od F03 nikdy nedojde do CÍLe: pokračuj až do CÍLe."],
        "sign_alone": ["Modrá značka potřebuje pole, kam její šipka ukazuje: pokračuj od F04.",
                       "Cesta od F04 nikdy nedojde do CÍLe: pokračuj až do CÍLe."],
        "way_not_walked": ["Druhou cestu od F05 jste ještě neprošli."],
        "way_open": ["Druhá cesta od F05 se nikdy nevrátí na hlavní cestu: klepni, kde se "
                     "připojí."],
        "join_itself": "Cesta se nemůže připojit sama na sebe: klepni na pole hlavní cesty.",
        "name": "Náš plán",
        "ready": "Dráha je hotová (polí: 54): ulož ji.",
        "flag": "Pat: cíl! Vezmi si vlaječku (celkem 1)",
        "broken": "Tenhle plán nejde přečíst, stavitel proto začíná novou dráhu.",
    },
}


def run(name: str, lang: str, tmp_path: Path, display: str,
        monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], Path]:
    boards = tmp_path / "boards"
    monkeypatch.setenv(BOARDS_DIR_ENV, str(boards))
    return run_scenario_script(SCRIPT, name, display, tmp_path, lang), boards


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_standin_built_by_taps_is_the_standin_and_is_played_on(
        lang: str, tmp_path: Path, display: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen, boards = run("build_standin", lang, tmp_path, display, monkeypatch)
    texts = SENTENCES[lang]
    assert seen["seen"]["start"]["can_save"] is False
    assert seen["seen"]["ready"] == {"status": texts["ready"], "problems": [], "notice": "",
                                     "can_save": True}
    assert seen["name_offered"] == texts["name"]
    saved = (boards / f"{seen['saved']}.toml").read_text(encoding="utf-8")
    assert board_errors(saved) == []
    assert track_shape(saved) == track_shape(STANDIN)
    assert tomllib.loads(saved)["title"] == texts["name"]
    assert seen["board_chosen"] == seen["board_played"] == seen["saved"]
    assert texts["flag"] in seen["flag_text"]["instructions"]
    assert seen["builder_taps"] == 67   # 63 for the walk; Board, "Make our board", Save, OK


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_each_mistake_is_said_in_plain_words_and_corrected(
        lang: str, tmp_path: Path, display: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen, boards = run("mistakes", lang, tmp_path, display, monkeypatch)
    texts, steps = SENTENCES[lang], seen["seen"]
    for step in ("no_finish", "sign_alone", "way_not_walked", "way_open"):
        assert steps[step]["problems"] == texts[step], step
        assert steps[step]["can_save"] is False
    assert steps["early_finish"]["can_save"] is True      # CÍL too early looks playable …
    assert steps["finish_undone"]["can_save"] is False    # … until it is an ordinary field
    assert steps["join_itself"]["notice"] == texts["join_itself"]
    assert steps["joined"]["problems"] == [] and steps["corrected"]["can_save"] is True
    fields = seen["fields"]
    assert fields["F02"]["label"] == "12"
    assert [fields[f]["kind"] for f in ("F03", "F05", "F06")] == ["normal", "sign", "normal"]
    assert fields["F06"]["next"] == ["F07", "A1"] and fields["A1"]["next"] == ["F07"]
    saved = (boards / f"{seen['saved']}.toml").read_text(encoding="utf-8")
    assert board_errors(saved) == []
    assert 'label = "12"' in saved


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_long_track_keeps_its_fields_big_enough_to_tap(
        lang: str, tmp_path: Path, display: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen, _boards = run("long_track", lang, tmp_path, display, monkeypatch)
    assert seen["size"] == 120
    assert seen["field_side"] * 1.24 >= TOUCH_TARGET   # a tap within 0.62 side hits the field
    assert seen["drawing"][0] > 460                     # wider than the view: it scrolls
    assert seen["menu_title"] == {"en": "Field F100", "cs": "Pole F100"}[lang]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_standin_copied_then_our_board_edited_and_saved_over_itself(
        lang: str, tmp_path: Path, display: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen, boards = run("copy_and_edit", lang, tmp_path, display, monkeypatch)
    assert seen["copy_status"] == SENTENCES[lang]["ready"]
    assert seen["still_building"] == "builder"          # Back asked; "Keep building"
    assert seen["first"] == seen["second"]               # the edit replaced our board
    assert sorted(file.name for file in boards.iterdir()) == [   # and the broken file
        "broken.toml", f"{seen['first']}.toml"]
    board = parse_board((boards / f"{seen['first']}.toml").read_text(encoding="utf-8"))
    assert board.by_id["F05"].kind == "semafor" and board.by_id["F06"].label == "6"
    assert seen["after_back"] == "newgame"               # nothing changed: no question
    assert seen["broken"] == ["builder", SENTENCES[lang]["broken"], 1]
