"""Tapping through whole games in a real window: the screen follows the table's rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import RunScenario

EXPECTED = {
    "en": {
        "banner": "The wall would overlap the wall at a3. Place it elsewhere or move your pawn.",
        "banner_rule": "rule R24",
        "headline": "Eva wins!", "end": "Eva wins — see the result",
        "winner": "winner: Eva",
        "start": "Start of the game (15 moves)",
        "step3": "Move 3 of 15",
        "step2": "Move 2 of 15",
    },
    "cs": {
        "banner": "Překážka by se překrývala s překážkou na a3. Polož ji jinam, nebo táhni "
                  "figurkou.",
        "banner_rule": "pravidlo R24",
        "headline": "Eva vyhrává!", "end": "Eva vyhrává — zobrazit výsledek",
        "winner": "vítěz: Eva",
        "start": "Začátek hry (15 tahů)",
        "step3": "Tah 3 z 15",
        "step2": "Tah 2 z 15",
    },
}


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_new_game_moves_illegal_wall_undo_win_result_history(
    run_scenario: RunScenario, lang: str
) -> None:
    seen = run_scenario("full_game", lang=lang)
    expected = EXPECTED[lang]
    # the players of last time are offered again
    assert seen["home_has_continue"] is False
    assert seen["newgame_names"] == ["Eva", "Pat"]
    assert seen["screen_after_start"] == "play"
    # the screen left is off the window before the next frame (it was drawn under the new one)
    assert seen["screens_in_window_at_once"] == ["play"]
    assert seen["status_start"].startswith("Eva:")
    # a tap on a highlighted square moves there
    assert seen["after_e8"] == ["e8"]
    # a tap on a groove only previews the wall; the second tap places it
    assert seen["preview"] == "a3h"
    assert seen["preview_action"] == "preview"
    assert seen["history_during_preview"] == ["e8"]
    assert seen["after_wall"] == ["e8", "a3h"]
    # the standing walls are one draw call (a mesh), not a rectangle each
    assert [drawn for drawn in seen["walls_drawn_by"] if drawn in ("Mesh", "Rectangle")] == ["Mesh"]
    # an illegal wall, drawn red: the action area says what is wrong in plain words and,
    # small below, the rule, and offers no OK; a second tap or the OK key plays nothing;
    # Cancel takes the preview away
    assert seen["refused_preview"] == ["b3h", "preview"]
    assert seen["banner"] == expected["banner"]
    assert seen["banner_rule"] == expected["banner_rule"]
    assert seen["ok_offered"] is False
    assert seen["after_illegal"] == ["e8", "a3h"]
    assert seen["banner_after_second_tap"] == ""
    assert seen["after_illegal_ok"] == ["e8", "a3h"]
    assert seen["banner_after_tap"] == ""
    # undo and redo, recorded in the store at once
    assert seen["after_e7"] == ["e8", "a3h", "e7"]
    assert seen["after_undo"] == ["e8", "a3h"]
    assert seen["stored_after_undo"] == 2
    assert seen["after_redo"] == ["e8", "a3h", "e7"]
    # Eva reaches row 1: the final board stays on the play screen until a tap, then the result
    assert seen["end_screen"] == "play"
    assert seen["end_text"] == expected["end"]
    assert seen["screen_after_win"] == "result"
    assert seen["headline"] == expected["headline"]
    assert seen["continue_after_win"] == ""
    # history lists the game; the replay steps through it move by move
    assert len(seen["history_rows"]) == 1
    assert "Eva, Pat" in seen["history_rows"][0]
    assert expected["winner"] in seen["history_rows"][0]
    assert seen["replay_screen"] == "replay"
    assert seen["replay_start"] == expected["start"]
    assert seen["replay_step3"] == expected["step3"]
    assert seen["replay_pawns"] == ["e7", "e1"]
    assert seen["replay_step2"] == expected["step2"]
    for screen in ("home", "newgame", "play", "play_wall_preview", "play_rejected", "play_end",
                   "result",
                   "history", "replay"):
        assert f"{screen}_{lang}" in seen["screens"]


def test_ui_menu_fix_and_settings_in_czech_then_english(run_scenario: RunScenario) -> None:
    seen = run_scenario("menu_fix_settings", lang="cs")
    assert seen["players"] == 4
    assert seen["status"].startswith("Eva:")
    # fix mode: Eva's pawn moved e8 → e7, a wall c3h added, Eva's walls in hand 5 → 4
    assert seen["fixing"] is True
    assert seen["fix_position"] == (
        "quoridor 4 | turn e1 | e9 e7 4 | a5 b5 5 | e1 e1 5 | i5 i5 5 | walls c3h"
    )
    assert seen["after_fix"] == ["e8", "b5", "fix " + seen["fix_position"]]
    assert seen["fixing_after_done"] is False
    assert seen["pawns_after_fix"] == ["e7", "b5", "e1", "i5"]
    assert seen["after_fix_undo"] == ["e8", "b5"]
    # settings: the button test shows the key, the language switch is remembered
    assert seen["settings_screen"] == "settings"
    assert seen["button_test"] == "Stiskni tlačítko: hod kostkou"
    assert seen["lang_after_switch"] == "en"
    assert seen["stored_lang"] == "en"
    assert seen["status_en"].startswith("Ola:")
    assert "wall" in seen["status_en"]
    # wall preview: a tap on another groove moves the preview, a tap elsewhere cancels it
    assert seen["preview_en"] == "preview"
    assert seen["preview_first"] == "e4h"
    assert seen["preview_moved"] == "e5v"
    assert seen["preview_cancelled"] == ""
    assert seen["history_end"] == seen["after_fix"]


def test_ui_game_survives_a_power_cut(run_scenario: RunScenario, tmp_path: Path) -> None:
    store = tmp_path / "kept.sqlite3"
    before = run_scenario("play_then_power_cut", store=store, lang="cs", is_killed=True)
    assert before["history"] == ["e8", "c6v", "e7"]
    after = run_scenario("resume_after_restart", store=store)
    assert after["continue_text"] == "Pokračovat: Quoridor, Eva, Pat"
    assert after["tiles"] == ["Quoridor", "Pat a Mat závodí", "Matfyzácké Člověče nezlob se",
                              "Quoridor PAC-MAN", "Crash by Crash"]
    assert after["screen"] == "play"
    assert after["history"] == ["e8", "c6v", "e7"]
    assert after["status"].startswith("Pat:")


def test_ui_a_home_tile_opens_that_games_new_game_screen(run_scenario: RunScenario) -> None:
    seen = run_scenario("home_tiles", lang="en")
    # no game played yet: "New game" opens the first game of the list
    assert seen["opened"] == [["newgame", "crash"], ["newgame", "clovece"],
                              ["newgame", "quoridor"]]


def test_ui_freed_memory_goes_back_when_the_table_is_still(run_scenario: RunScenario) -> None:
    seen = run_scenario("memory_given_back", lang="en")
    assert seen["after_home"][-1] == "home"
    assert seen["on_showing_play"] == ["play", seen["screen_seconds"]] == ["play", 1.0]
    assert seen["after_play"] == ["play"]
    assert seen["after_inputs"] == [seen["input_seconds"]] * 3 == [10.0] * 3
    assert seen["given_between_inputs"] == []
    # an input soon after a screen showed: the table is still only 10 s after the input
    assert seen["input_soon_after_screen"] == seen["input_seconds"]


def test_ui_a_game_without_a_die_or_choices_builds_no_die_panel_nor_choice_list(
        run_scenario: RunScenario) -> None:
    seen = run_scenario("panels_made_ahead", lang="en")
    # Quoridor has no die and asks no choices: its other panels are made ahead, the die's and
    # the choice list are not (nor the faces, the list's buttons, the list's Kivy module)
    quoridor = seen["quoridor"]
    assert quoridor["panels"] == ["end", "info", "preview"]
    assert quoridor["die_areas"] == quoridor["die_faces"] == 0
    assert quoridor["choice_areas"] == quoridor["choice_buttons"] == 0
    assert quoridor["list_module"] is False
    # nor their kv rules parsed (kept by Kivy's Builder)
    assert "panel_roll.kv" not in quoridor["kv_parsed"]
    assert "panel_choice.kv" not in quoridor["kv_parsed"]
    assert "die_faces.kv" not in quoridor["kv_parsed"]
    assert "save_problem.kv" not in quoridor["kv_parsed"]  # (only when games cannot be saved)
    # Člověče is played with a die and asks who gets a piece: both wait, made ahead
    clovece = seen["clovece"]
    assert clovece["panels"] == ["choice", "end", "info", "preview", "roll"]
    assert clovece["die_areas"] == 1 and clovece["die_faces"] == 6
    assert clovece["choice_areas"] == 1 and clovece["choice_buttons"] >= 6
    assert {"panel_roll.kv", "panel_choice.kv", "die_faces.kv"} <= set(clovece["kv_parsed"])


def test_ui_a_new_board_draws_its_first_position_at_its_own_size_once(
        run_scenario: RunScenario) -> None:
    """A play screen not shown yet is 100 × 100, and so is a new board: each board used to draw
    the opening position at that size first (texts of 3–5 px, fonts opened for each size a
    text was shrunk through, ~90 kB each and kept by Kivy), then again at its own."""
    seen = run_scenario("boards_drawn_at_their_size", lang="en")
    assert seen["play_screen_made_before"] is False
    for game in ("patamat", "quoridor", "clovece", "pacman", "crash"):
        assert seen[game]["slot"] == [480, 480], game
        drawn_at = {tuple(size) for size in seen[game]["drawn_at"]}
        assert drawn_at == {(480, 480)}, (game, seen[game]["drawn_at"])
    # one font per face and whole pixel size: a token's letter at 22.0 px opened a second
    # font beside the 22 px one of the other texts (SDL_ttf draws both at 22)
    pixel_sizes = [(int(float(font.split("|")[0])), font.split("|", 1)[1])
                   for font in seen["fonts"]]
    assert len(pixel_sizes) == len(set(pixel_sizes)), seen["fonts"]
    assert all(int(float(font.split("|")[0])) >= 10 for font in seen["fonts"]), seen["fonts"]
    # the play screen's dialogs are parsed when the first of them opens, not with the screen
    assert "play.kv" in seen["kv_parsed_before_menu"]
    assert "play_dialogs.kv" not in seen["kv_parsed_before_menu"]
    assert "play_dialogs.kv" in seen["kv_parsed_with_menu"]
    assert seen["menu_shown"] == "PlayMenu"
    assert {"Rules", "Move log", "Settings", "Close"} <= set(seen["menu_buttons"])


def test_ui_game_without_a_board_plays_through_the_fallback(run_scenario: RunScenario) -> None:
    seen = run_scenario("generic_board", lang="en")
    assert seen["game"] == "clovece"
    assert seen["board"] == "GenericBoard"
    assert seen["awaiting"] == "roll"
    assert seen["action"] == "roll"
    assert len(seen["after_roll"]) == 1 and seen["after_roll"][0].startswith("roll ")
    assert seen["faces_counted"] == 1


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_instructions_stay_beside_the_die_and_long_status_lines_fit(
    run_scenario: RunScenario, lang: str
) -> None:
    seen = run_scenario("instructions_stay", lang=lang)
    give = {"en": "Take the red piece from field 15 to the home of Pat",
            "cs": "Vezmi červenou halmičku z pole 15 a dej ji do domečku hráče Pat"}[lang]
    # a long question wraps to two lines at a smaller font, and starts with the name
    status = seen["choice_status"]
    assert seen["choice"]["kind"] == "choice"
    assert status["text"].startswith("Pat") and len(status["text"]) > 36
    assert status["fits"] and status["lines"] <= 2 and 20 <= status["font"] <= 26
    assert status["first_line"].startswith("Pat")
    assert seen["roll_status"]["font"] == 26 and seen["roll_status"]["lines"] == 1
    # once Eva has to roll, what to do on the table is still there, next to the Roll button
    assert seen["after_give"] == "give R@15 -> S2"
    roll = seen["roll"]
    assert roll["kind"] == "roll"
    assert roll["instructions"] == [give]  # whose turn it is, the status line says
    assert roll["instructions_visible"] is True
    assert roll["roll_height"] >= 64 and roll["roll_inside"] is True
    # … until the next input, which says whose roll it was
    assert seen["after_next_roll"]["instructions"] == [
        {"en": "Eva rolled 2", "cs": "Eva: padla 2"}[lang]]
    # six players: compact scoreboard rows, the die keeps its size
    six = seen["six"]
    rolled = {"en": "Max rolled 5", "cs": "Max: padla 5"}[lang]  # whose roll, then its news
    assert six["kind"] == "roll" and six["instructions"] == [rolled]
    assert six["roll_height"] >= 64 and six["roll_inside"] is True
    assert six["instructions_visible"] is True
    assert seen["six_rows"] == 6 and seen["six_rows_inside"] is True
    assert seen["six_area_height"] >= 120


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_new_game_offers_option_choices_and_checks_names(
    run_scenario: RunScenario, lang: str
) -> None:
    seen = run_scenario("newgame_choices_and_names", lang=lang)
    # Člověče: no option that cannot matter for two players; for five the board sizes
    # 48 / 60 / 72 and nothing else
    assert seen["clovece_two_options"] == {}
    assert seen["clovece_options"] == {"track_length": "48", "play_on": True}
    assert seen["clovece_kinds"] == ["BoolOption", "ChoiceOption"]
    assert seen["clovece_steps"] == ["72", True]
    # Pat a Mat: flags 1–10, and the playable boards found (the user's, by its title or name,
    # and the shipped one, in words: its file name "standin-v1" means nothing to a player)
    shipped = {"en": "Example board", "cs": "Ukázkový plán"}[lang]
    assert seen["patamat_options"] == {"target": "3", "board": shipped}
    assert seen["target_up"] == "4"
    assert seen["target_down"] == ["1", True]
    assert seen["boards_offered"] == [shipped, "garden"]
    assert seen["board_down"] == "garden"
    # a name with a space: said in words, nothing started, nothing lost
    space = {"en": "Pat and Mat race: “Eva Nová” has a space; names here are one word, "
                   "no spaces.",
             "cs": "Pat a Mat závodí: „Eva Nová“ má mezeru; jméno tu je jedno slovo, "
                   "bez mezer."}[lang]
    assert seen["space_problem"] == space
    assert seen["space_screen"] == "newgame"
    assert seen["space_kept"] == [["Eva Nová", "Pat"], {"target": "1", "board": "garden"}]
    assert seen["problem_after_edit"] == ""
    # the board file broke after it was chosen: the start's refusal in the banner, the setup
    # kept
    prefix = {"en": "The game cannot start: ", "cs": "Hru nelze začít: "}[lang]
    assert seen["board_problem"].startswith(prefix + "option 'board'")
    assert seen["board_screen"] == "newgame"
    assert seen["board_kept"] == [["Eva", "Pat"], {"target": "1", "board": "garden"}]
    assert seen["started_screen"] == "play"
    assert seen["started"] == ["patamat", ["Eva", "Pat"], "garden", 1]


def test_ui_result_screen_shows_the_pacman_rank(run_scenario: RunScenario) -> None:
    seen = run_scenario("pacman_rank", lang="cs")
    assert seen["screen"] == "result"
    assert seen["details"] == "PAC-MAN expert\nDuchové neměli šanci."
    assert seen["details_shown"] is True


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_electronic_die_rolls_and_a_pulled_cable_is_said_plainly(
    run_scenario: RunScenario, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket
    import tempfile
    import threading

    # systemd's notify socket: the app says READY=1 once the first screen is drawn and then
    # feeds the watchdog (WATCHDOG_USEC=2 s: a ping every second); read all along, as systemd
    # does (a unix datagram socket queues only ~10 unread messages, then the sender waits)
    folder = Path(tempfile.mkdtemp(prefix="notify-"))
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(folder / "notify"))
    listener.settimeout(0.2)
    monkeypatch.setenv("NOTIFY_SOCKET", str(folder / "notify"))
    monkeypatch.setenv("WATCHDOG_USEC", "2000000")
    messages: list[str] = []
    done = threading.Event()

    def drain() -> None:
        while not done.is_set():
            try:
                messages.append(listener.recv(256).decode())
            except TimeoutError:
                continue

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        seen = run_scenario("serial_die", lang=lang)
    finally:
        done.set()
        reader.join()
        listener.close()
    assert messages[0] == "READY=1" and messages.count("READY=1") == 1
    assert messages.count("WATCHDOG=1") >= 2
    # connected: the die's own button rolls, and the screen's Roll asks the die (ASK)
    assert seen["source"].startswith("serial:/tmp/companion-test-die-")
    assert seen["die_status"] == "hello: companion-die 1"
    assert seen["line_when_connected"] == ""
    assert seen["after_press"] == seen["pressed"]
    asked, face = seen["asked"]
    assert asked == [face]
    assert seen["serial_faces"] >= 2
    # the cable pulled: a red line says so, and Roll (button or OK) rolls on screen
    assert seen["status_unplugged"].startswith("disconnected: ")
    line, roll = {"en": ("Die disconnected — reconnecting…", "Roll on screen"),
                  "cs": ("Kostka odpojena — připojuji znovu…", "Hodit na obrazovce")}[lang]
    assert seen["line"] == line and seen["line_shown"] is True
    assert seen["roll_text"] == roll
    assert len(seen["screen_roll"]) == 1 and seen["screen_roll"][0].startswith("roll ")
    assert len(seen["ok_roll"]) == 1 and seen["ok_roll"][0].startswith("roll ")
    assert seen["software_faces"] == 2
    # plugged in again (a new pty under the same name): found by itself, the red line goes
    assert seen["status_replugged"] == "hello: companion-die 1"
    assert seen["line_replugged"] == ["", {"en": "Roll", "cs": "Hodit"}[lang]]
    played, pressed = seen["replugged_roll"]
    assert played == pressed


def test_ui_thousands_of_choices_are_listed_lazily_or_left_to_the_board(
    run_scenario: RunScenario,
) -> None:
    seen = run_scenario("long_choices", lang="en")
    assert seen["kind"] == "choice"
    assert seen["legal"] == 2193 and seen["listed"] == 2193
    # only the buttons in view exist (the old screen made 2,193 of them: seconds, 0.5 GB)
    assert 1 <= seen["buttons"] <= 12
    first, legal_first = seen["first_label"]
    assert first == legal_first == "refill fluct,fluct,fluct"
    assert seen["chosen"] == ["refill fluct,fluct,fluct"]
    assert seen["kind_after"] != "choice"
    # a board that offers the choices itself: no list at all
    assert seen["picker_kind"] == "info"
    assert seen["picker_buttons"] == 0


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_every_counter_is_in_view_for_many_counters_and_many_players(
    run_scenario: RunScenario, lang: str
) -> None:
    seen = run_scenario("scoreboards", lang=lang)["scoreboards"]
    short = {"en": ("pts", "bat", "ev"), "cs": ("body", "bat", "aut", "ruka", "hodn")}[lang]
    for game in ("crash2", "crash4", "pacman5"):
        counters = seen[game]["counters"]
        for seat, row in enumerate(seen[game]["rows"]):
            assert row["fits"] and row["row_inside"], (game, row)
            assert row["lines"] <= 2, (game, row)
            # every counter's value is drawn (none cut off at the row's end)
            values = counters[str(seat)].values()
            assert row["text"].count("\u00a0") >= len(values) or row["style"] == "full", row
            for value in values:
                assert str(value) in row["text"], (game, row)
    # Crash's six counters: the name and short counter names, wrapped over two lines
    first = seen["crash4"]["rows"][0]
    assert first["style"] == "flow" and first["lines"] == 2
    assert first["text"].startswith("Eva")
    assert all(word in first["text"] for word in short)
