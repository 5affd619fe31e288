"""The statistics screen in a real window: the figures shown equal the hand-computed ones of
the small store of ``scenarios/stats.py`` (its docstring lists the games), the charts have a
bar per player, the filters and the head-to-head change them, a player's card merges and
renames; the new-game screen seats known players by their chips. Both languages; the
screenshots are in ``artifacts/screenshots/stats_*``."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from card import remount, unmount_card
from conftest import RunScenario

STICK_SIZE = "8m"

# name, games, wins, win rate, wins in a row now, most wins in a row; most wins first
ALL_TIME = [
    ["Eva", "5", "3", "60 %", "0", "2"],   # W W L W L
    ["Eve", "1", "1", "100 %", "1", "1"],
    ["Jan", "2", "1", "50 %", "0", "1"],   # W L
    ["Pat", "4", "1", "25 %", "1", "1"],   # L L L W
]
TEXTS = {
    "en": {"tabs": ["Standings", "Charts", "Head-to-head", "Records", "Timeline"],
           "together": "Played together: 4", "fewest": "Fewest moves to win (2 players)",
           "winner": "Winner: Eve", "empty": "No finished games yet.", "full": "Every seat"},
    "cs": {"tabs": ["Tabulka", "Grafy", "Vzájemné zápasy", "Rekordy", "Časová osa"],
           "together": "Spolu odehráli: 4", "fewest": "Nejméně tahů k výhře (2 hráči)",
           "winner": "Vítěz: Eve", "empty": "Zatím žádná dohraná hra.",
           "full": "Všechna místa"},
}


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_statistics_show_the_hand_computed_figures(run_scenario: RunScenario,
                                                      lang: str) -> None:
    seen = run_scenario("stats_tour", lang=lang)
    texts = TEXTS[lang]
    assert seen["screen"] == "stats"
    assert seen["tab_texts"] == texts["tabs"]
    assert seen["players"] == ALL_TIME
    assert seen["players_on_screen"] == ["Eva", "Eve", "Jan", "Pat"]

    # wins per player per game: a group per game played, a bar per player, most wins first
    assert seen["bar_chart_shown"]
    assert seen["chart_groups"] == ["Quoridor", "PAC-MAN"]
    assert seen["chart_series"] == ["Eva", "Pat", "Jan", "Eve"]
    wins = {(group, series): value for group, series, value, _height in seen["bars"]}
    assert wins == {(0, 0): 3, (0, 1): 0, (0, 2): 1, (0, 3): 1,
                    (1, 0): 0, (1, 1): 1, (1, 2): 0, (1, 3): 0}
    heights = {(group, series): height for group, series, _value, height in seen["bars"]}
    assert heights[(0, 0)] == pytest.approx(3 * heights[(0, 2)], abs=2)   # to scale
    assert heights[(0, 2)] > 0 and heights[(0, 1)] == 0

    # one player over time: games and wins per month (G1 in May 2023, the rest this month)
    assert seen["time_chart_shown"] and seen["wins_button_lit"] == 0
    assert seen["time_chips"] == ["Eva", "Pat", "Jan", "Eve"]
    months, eva = seen["time_eva"]
    assert months[0] == "5/2023" and len(months) == 2
    assert eva == [[1, 4], [1, 2]]                   # games, wins
    assert seen["time_bars"] == 4
    assert seen["time_pat"][1] == [[1, 3], [0, 1]]

    # head-to-head: Eva and Pat played G1, G2, G4 (Eva ahead) and G5 (Pat ahead)
    assert seen["head"] == ["Eva", "3", "1", "Pat"]
    assert seen["head_together"] == texts["together"]
    assert seen["head_neither"].endswith(("0 (a draw, or both behind another)",
                                          "0 (remíza, nebo oba za někým dalším)"))
    share_eva, share_pat, share_neither = seen["head_parts"]
    assert share_eva == pytest.approx(3 * share_pat, abs=2) and share_neither == 0
    assert seen["head_eva_jan"][:2] == ["0", "1"]   # G3: Jan won

    # records: Quoridor's fewest moves (G1, the first to 8), PAC-MAN's dots and rank (G5)
    assert seen["records"][0] == ["Quoridor", texts["fewest"], "8", "Eva"]
    assert [row[2:] for row in seen["records"][1:]] == [["4", "Pat"], ["1", "Pat"]]
    # timeline: newest first; G1 is the oldest
    assert len(seen["timeline"]) == 6
    assert seen["timeline"][0][1].startswith(texts["winner"])
    assert seen["timeline"][-1][0].startswith("10.05.2023") and "14 min" in seen["timeline"][-1][0]
    assert "1 h 15 min" in seen["timeline"][2][0]

    # filters: Quoridor only; this year (G1 out); the games Eva and Pat played together
    assert seen["quoridor_players"] == [
        ["Eva", "4", "3", "75 %", "1", "2"], ["Eve", "1", "1", "100 %", "1", "1"],
        ["Jan", "2", "1", "50 %", "0", "1"], ["Pat", "3", "0", "0 %", "0", "0"]]
    assert seen["game_filter_text"] == "Quoridor"
    assert seen["this_year_players"] == [
        ["Eva", "4", "2", "50 %", "0", "1"], ["Eve", "1", "1", "100 %", "1", "1"],
        ["Jan", "2", "1", "50 %", "0", "1"], ["Pat", "3", "1", "33 %", "1", "1"]]
    assert seen["eva_pat_players"] == [
        ["Eva", "4", "3", "75 %", "0", "3"], ["Pat", "4", "1", "25 %", "1", "1"]]
    assert seen["players_filter_text"] == "Eva, Pat"
    assert seen["eva_pat_series"] == ["Eva", "Pat"]

    # a player's card: per game; Eve merged into Eva (G6 becomes Eva's win); Jan renamed
    assert seen["card_rows"] == [["Quoridor", "4", "3", "75 %"], ["PAC-MAN", "1", "0", "0 %"]]
    assert "Eve" in seen["merge_text"] and "Eva" in seen["merge_text"]
    assert seen["card_after_merge"][0] == ["Quoridor", "5", "4", "80 %"]
    assert seen["players_after_merge"] == [
        ["Eva", "6", "4", "67 %", "1", "2"], ["Jan", "2", "1", "50 %", "0", "1"],
        ["Pat", "4", "1", "25 %", "1", "1"]]
    assert seen["players_after_rename"][1][0] == "Johan"
    assert seen["store_names"] == ["Eva", "Johan", "Pat"]
    assert seen["back_to"] == "home"


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_statistics_of_an_empty_store_say_so(run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("stats_empty", lang=lang)
    assert seen["message"].startswith(TEXTS[lang]["empty"])
    assert seen["holder"] == ["StatsMessage"]
    assert seen["message_charts"] == seen["message"]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_chip_seats_a_known_player(run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("newgame_chips", lang=lang)
    assert seen["chips"] == ["Jan", "Pat", "Eva", "Eve"]   # who played last (G7) first
    assert sorted(seen["lit"]) == ["Eva", "Pat"]      # last time's players are seated
    assert seen["names_after_pat"][0] == "Eva"
    assert seen["names_after_pat"][1] == ""                # a free seat: no name, a hint
    assert seen["names_after_jan"] == ["Eva", "Jan"]
    assert seen["colours_after_jan"] == ["red", "blue"]    # Jan's own: the blue he last played
    assert seen["seated"] == {"1": seen["jan_id"]}
    assert sorted(seen["lit_after"]) == ["Eva", "Jan"]
    assert seen["problem_full"].startswith(TEXTS[lang]["full"])
    assert seen["stored_players"] == [1, seen["jan_id"]]   # the store knows who sat where
    assert seen["result_screen"] == "result"
    assert seen["screen_after_stats_button"] == "stats"
    jan = next(row for row in seen["after_result"] if row[0] == "Jan")
    assert jan[1:3] == ["4", "1"]                      # G3, G6, G7 and the game just lost
    eva = next(row for row in seen["after_result"] if row[0] == "Eva")
    assert eva[1:3] == ["6", "4"]
    assert seen["back_to"] == "result"


@pytest.fixture
def usb_stick(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A small tmpfs mounted where a desktop mounts a USB stick (``/run/media/USER/LABEL``):
    what the app looks for (skipped without root and mount)."""
    if os.geteuid() != 0:
        pytest.skip("needs root and mount for a tmpfs standing in for the stick")
    # one stick at a time: the app takes the first stick it finds mounted, so two test
    # workers' sticks at once would each see the other's
    Path("/run/media").mkdir(parents=True, exist_ok=True)
    with open("/run/media/.companion-ui-test.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield from _mounted_stick(monkeypatch)


def _mounted_stick(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    user = Path("/run/media") / f"companion-ui-test-{os.getpid()}"
    stick = user / "STICK"
    stick.mkdir(parents=True, exist_ok=True)
    if not remount(stick, "-t", "tmpfs", "-o", f"size={STICK_SIZE}", "tmpfs"):
        shutil.rmtree(user, ignore_errors=True)
        pytest.skip("mount refused a tmpfs")
    monkeypatch.setenv("COMPANION_TEST_STICK", str(stick))
    try:
        yield stick
    finally:
        unmount_card(stick)
        shutil.rmtree(user, ignore_errors=True)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_settings_copy_the_records_to_a_usb_stick(run_scenario: RunScenario, lang: str,
                                                     usb_stick: Path) -> None:
    seen = run_scenario("settings_usb", lang=lang)
    assert seen["stick"] == str(usb_stick)
    assert seen["row_height"] >= 60
    assert seen["message_while_copying"] == {"en": "Copying…", "cs": "Kopíruji…"}[lang]
    written = "STICK/companion-records"                # the stick's name, the folder on it
    assert seen["message"] == {"en": f"Copied to {written}",
                               "cs": f"Zkopírováno do {written}"}[lang]
    assert seen["written"] == [".csv", ".json", ".sqlite3"]
    assert seen["daily_backups"] == [f"games-{date.today().isoformat()}.sqlite3"]
    assert seen["stick_after_unmount"] == ""
    assert seen["row_height_after_unmount"] == 0
