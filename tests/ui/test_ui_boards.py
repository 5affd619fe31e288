"""New game's Pat a Mat boards in a real window: by title, renamed, deleted (asked first;
refused while an unfinished game is played on the board), chosen; and Settings' boards to and
from a USB stick. Both languages; screenshots ``artifacts/screenshots/boards_*``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import RunScenario
from scenarios.boards import LONG_TITLE
from test_ui_stats import usb_stick

__all__ = ["usb_stick"]  # the stick fixture of the records' USB test

WORDS = {
    "en": {
        "example": "Example board",
        "renamed": "Renamed to “Dědova deska”.",
        "refused": "“Chata u lesa” cannot be deleted: an unfinished game is played on it. "
                   "Finish or end that game first.",
        "asking": "Delete “Dědova deska”? Games already played on it keep it.",
        "deleted": "“Dědova deska” was deleted.",
        "loaded": "Loaded: Chata",
        "not_taken": "Not taken: broken.toml – Roads from F16 and A3 meet at F17: which way "
                     "leads back from it? (V6)",
        "copied": "Copied to the stick: Chata, Naše deska",
    },
    "cs": {
        "example": "Ukázkový plán",
        "renamed": "Přejmenováno na „Dědova deska“.",
        "refused": "Plán „Chata u lesa“ nejde smazat: hraje se na něm nedohraná hra. Nejdřív ji "
                   "dohrajte nebo ukončete.",
        "asking": "Smazat plán „Dědova deska“? Hry, které se na něm už hrály, si ho ponechají.",
        "deleted": "Plán „Dědova deska“ je smazaný.",
        "loaded": "Nahráno: Chata",
        "not_taken": "Nepřevzato: broken.toml – Na F17 se sbíhají cesty od F16 a A3: kudy se z "
                     "něj jede zpátky? (V6)",
        "copied": "Zkopírováno na USB disk: Chata, Naše deska",
    },
}


@pytest.fixture
def boards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "boards"
    monkeypatch.setenv("COMPANION_PATAMAT_BOARDS", str(folder))
    yield folder


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_boards_rename_and_delete_with_and_without_an_unfinished_game(
        run_scenario: RunScenario, lang: str, boards: Path) -> None:
    seen = run_scenario("boards_rename_delete", lang=lang)
    words = WORDS[lang]
    print(seen)
    assert seen["board_shown"] == words["example"]
    assert len(LONG_TITLE) == 40
    assert seen["titles"] == [words["example"], "Chata u lesa", LONG_TITLE, "Naše deska"]
    assert seen["smallest_button"] >= 48
    assert seen["title_after_rename"] == seen["row_after_rename"] == "Dědova deska"
    assert seen["message_after_rename"] == words["renamed"]
    assert seen["refused"] == words["refused"] and seen["asked_for_cottage"] == ""
    assert (boards / "chata-u-lesa.toml").is_file()
    assert seen["asking"] == words["asking"] and seen["still_there_while_asked"]
    assert seen["after_delete"] == ["chata-u-lesa", "draha-u-dedy-na-chate-pod-snezko"]
    assert seen["message_after_delete"] == words["deleted"]
    assert seen["titles_after_delete"] == [words["example"], "Chata u lesa", LONG_TITLE]
    assert seen["screen_after_make"] == "builder"
    assert seen["screen_after_builder_back"] == "newgame"
    assert seen["dialog_closed"] and seen["chosen"] == "chata-u-lesa"
    assert seen["board_shown_after"] == "Chata u lesa"
    # back from the builder: the names typed stay, the board saved there is chosen
    assert seen["after_builder"] == ["nova-draha", ["Eva", "Ota"], "Nová dráha", "nova-draha"]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_game_keeps_its_board_after_the_file_is_edited_and_deleted(
        run_scenario: RunScenario, lang: str, boards: Path) -> None:
    seen = run_scenario("boards_kept_in_history", lang=lang)
    assert seen["replay_fields"] == ["START", "N01", "N02", "N03"]
    assert seen["replay_pawns"] == seen["finished_pawns"]
    assert seen["screen_after_continue"] == "play" and seen["resumed_history"]
    assert seen["resumed_fields"] == ["START", "N01", "N02", "N03"]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_boards_to_and_from_a_usb_stick(run_scenario: RunScenario, lang: str, boards: Path,
                                           usb_stick: Path) -> None:
    seen = run_scenario("boards_usb", lang=lang)
    words = WORDS[lang]
    print(seen)
    assert seen["smallest_button"] >= 48
    assert seen["loaded_message"] == f"{words['loaded']}\n{words['not_taken']}"
    assert seen["boards_after_load"] == ["chata", "nase-deska"]
    assert seen["copied_message"] == words["copied"]
    assert seen["on_stick"] == ["broken.toml", "chata.toml", "nase-deska.toml"]
