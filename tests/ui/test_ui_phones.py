"""Phones at the table, on the touchscreen (issue #22): the Settings switch starts the real
server and the address it shows answers; the codes phones scan are read back from the window
(as a phone's camera would) and lead to working pages; a phone's input while a person previews
a wall drops the preview and says so; the result screen's BG Stats code."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import RunScenario

MIN_MODULE_PIXELS = 4
"""Screen pixels per module of a seat's or the spectators' code (~0.8 mm on the 7" screen)."""
MIN_CODE_SIDE = 180
"""The smallest side of a code in pixels (a phone at arm's length from the 7" screen)."""

WORDS = {
    "en": {"on": "On", "off": "Off", "connect": "Phones connect to http://127.0.0.1:",
           "taken": "another program uses port", "eva": "Play Eva's seat on your phone",
           "pat": "Play Pat's seat on your phone", "watch": "Watch on your phone",
           "moved_on": "The game moved on — Pat played from a phone",
           "moved_on_short": "The game moved on", "start": "Start playing",
           "moved_on_eva": "The game moved on — Eva played from a phone",
           "counter": "1 of 2", "bgstats": "Log this game to BG Stats"},
    "cs": {"on": "Ano", "off": "Ne", "connect": "Telefony se připojují na http://127.0.0.1:",
           "taken": "používá jiný program", "eva": "Eva: hraj na svém telefonu",
           "pat": "Pat: hraj na svém telefonu", "watch": "Sledovat na telefonu",
           "moved_on": "Hra pokročila — Pat hraje z telefonu",
           "moved_on_short": "Hra pokročila", "start": "Začít hrát",
           "moved_on_eva": "Hra pokročila — Eva hraje z telefonu",
           "counter": "1 z 2", "bgstats": "Zapsat tuto hru do BG Stats"},
}


def assert_legible(read: dict[str, object], url: str) -> None:
    """Read back whole, also at half the size, at whole pixels per module."""
    assert read["text"] == url, read
    assert read["half_text"] == url, read
    assert read["module_pixels"] >= MIN_MODULE_PIXELS, read
    assert read["side"] >= MIN_CODE_SIDE, read
    assert read["side"] == read["module_pixels"] * read["modules"], read


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_settings_turn_phones_on_and_off_and_forget_them(
    run_scenario: RunScenario, tmp_path: Path, lang: str
) -> None:
    store = tmp_path / "phones.sqlite3"
    seen = run_scenario("phones_settings", store=store, lang=lang)
    words = WORDS[lang]
    # off by default: the switch says so, no Forget button
    assert seen["on_at_start"] is False
    assert seen["off"]["button"] == words["off"] and not seen["off"]["forget_shown"]
    # on: the address is shown and the real server answers it
    on = seen["on"]
    assert on["button"] == words["on"] and on["forget_shown"]
    assert on["text"].startswith(words["connect"]) and on["address"] in on["text"]
    assert on["view"].startswith(on["address"] + "/view/")
    assert min(on["button_height"], on["forget_height"]) >= 48
    assert seen["address_answer"] == [200, ""]
    assert seen["view_answer"] == [200, ""]
    assert seen["view_state"] == 200
    # Forget phones asks first; "Keep them" keeps every link
    assert seen["asked_before_forgetting"] is True
    assert seen["kept"] == [True, True]
    # confirmed: new links, the old one is refused
    assert seen["forgotten"] is True
    assert seen["old_view_state"] == 401 and seen["new_view_state"] == 200
    # off: nothing answers any more
    assert seen["off_again"]["button"] == words["off"]
    assert seen["answer_when_off"] == [None, True]
    # remembered: on at the next start, without a tap
    assert seen["remembered"] is True
    again = run_scenario("phones_start_up", store=store, lang=lang)
    assert again["on"] is True and again["view_answer"] == 200


def test_ui_the_config_file_turns_phones_on_until_settings_say_otherwise(
    run_scenario: RunScenario,
) -> None:
    seen = run_scenario("phones_enabled_in_config", lang="en")
    assert seen["on"] is True and seen["stored"] is None
    assert seen["stored_after_off"] is False and seen["wanted_after_off"] is False


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_port_taken_is_said_in_a_sentence(run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("phones_port_taken", lang=lang)
    assert seen["is_on"] is False and seen["button"] == WORDS[lang]["off"]
    assert WORDS[lang]["taken"] in seen["text"] and str(seen["port"]) in seen["text"]
    assert "Errno" not in seen["text"] and "Traceback" not in seen["text"]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_seat_and_spectator_codes_read_back_to_working_pages(
    run_scenario: RunScenario, lang: str
) -> None:
    seen = run_scenario("phones_codes", lang=lang)
    words = WORDS[lang]
    # after Start: the seats' codes at once, one at a time, Eva's first
    assert seen["after_start"] == {"screen": "play", "codes": True}
    pages = seen["start_pages"]
    assert [page["caption"] for page in pages] == [words["eva"], words["pat"]]
    assert pages[0]["counter"] == words["counter"]
    for seat, page in enumerate(pages):
        assert_legible(page["read"], page["url"])
        assert "/seat/" in page["url"] and page["answer"] == 200
        assert page["seat"] == seat  # the page the code opens plays that seat
        assert page["done"][0] == words["start"]
        assert min(page["done"][1], page["next"][0], page["back"][0]) >= 48
    assert pages[0]["back"][1] is True and pages[0]["next"][1] is False
    assert pages[1]["next"][1] is True and pages[1]["back"][1] is False
    assert seen["back_to"] == words["eva"]
    assert seen["after_done"] == [True, "play"]
    # the Menu: a Phones button beside Rules; every seat, then the spectators
    phones_button, phones_size, rules_size = seen["menu_phones_button"]
    assert phones_button == {"en": "Phones", "cs": "Telefony"}[lang]
    assert min(phones_size + rules_size) >= 48
    assert seen["menu_captions"] == [words["eva"], words["pat"], words["watch"]]
    watch = seen["menu_watch"]
    assert watch["caption"] == words["watch"] and "/view/" in watch["read"]["text"]
    assert_legible(watch["read"], watch["read"]["text"])
    assert watch["answer"] == 200 and watch["seat"] is None
    # Home: the spectators' code alone
    assert seen["home_watch_button"][0] == words["watch"]
    assert seen["home_watch_button"][1][1] >= 48
    home = seen["home_watch"]
    assert home["pages"] == 1 and home["caption"] == words["watch"]
    assert home["read"]["text"] == watch["read"]["text"] and home["answer"] == 200
    # the companion's seat has no code: Eva's alone, no Back or Next
    assert seen["with_companion"] == [words["eva"]]
    assert seen["with_companion_buttons"] == 0


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_a_phone_input_drops_the_screen_preview_and_says_the_game_moved_on(
    run_scenario: RunScenario, lang: str
) -> None:
    seen = run_scenario("phones_moved_on", lang=lang)
    words = WORDS[lang]
    assert seen["preview"] == ["a3h", "preview", ["e8"]]
    assert seen["phone_answer"] == 200
    after = seen["after_phone"]
    assert after["history"] == ["e8", "e2"]
    assert after["preview"] == "" and after["action"] != "preview"
    assert after["banner"] == words["moved_on"]
    assert after["status"].startswith("Eva")
    # the second tap on the groove plays nothing stale: at most a new preview, for Eva
    assert seen["second_tap"]["history"] == ["e8", "e2"]
    assert seen["second_tap"]["banner"] == ""
    # a tap at the moment a phone plays: the phone's step is played, the tap refused
    moment = seen["tap_at_the_moment"]
    assert moment["history"] == ["e8", "e2", "e7"] and moment["phone_answer"] == 200
    assert moment["banner"] == words["moved_on_short"]
    assert moment["banner_before"] == ""  # nobody was choosing: the phone's step, silently
    # the screen first: the phone's input is refused with the game's new seq
    late = seen["phone_too_late"]
    assert late["history"] == ["e8", "e2", "e7", "e3"]
    assert late["answer"] == 409 and late["current_seq"] == late["seq"]
    # a pawn picked up on the screen is let go when its player's phone moves it
    picked = seen["pawn_picked"]
    assert picked["picked"] is True and picked["still_picked"] is False
    assert picked["history"] == ["e8", "e2", "e7", "e3", "e6"]
    assert picked["banner"] == words["moved_on_eva"]


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_ui_the_result_shows_the_bgstats_code(run_scenario: RunScenario, lang: str) -> None:
    seen = run_scenario("phones_result", lang=lang)
    url = seen["bgstats_url"]
    assert seen["shown_url"] == url
    if not url:  # the records cannot make a link yet: no code, no empty frame
        assert seen["box_width"] == 0
        return
    # a short link to the table (a code a camera reads), which sends the phone on to BG Stats
    assert "/bgstats/" in url and len(url) < 120
    status, location = seen["sent_on"]
    assert status == 302 and location.startswith(
        "https://app.bgstatsapp.com/createPlay.html?data=")
    # on the result screen beside the ranking (small: a long link makes a dense code) ...
    small = seen["result_code"]
    assert small["text"] == url and small["module_pixels"] >= 2
    # ... and tapped, over the whole height: read whole and at half the size
    large = seen["large_code"]
    assert large["text"] == url and large["half_text"] == url
    assert large["module_pixels"] >= 6 and large["side"] == large["module_pixels"] * large[
        "modules"]
    assert large["side"] >= 2 * MIN_CODE_SIDE
    assert seen["large_caption"] == WORDS[lang]["bgstats"]


def test_ui_the_companion_answers_a_phone_while_the_screen_shows_home(
        run_scenario: RunScenario) -> None:
    seen = run_scenario("phones_companion_at_home", lang="en")
    assert seen["phone_answer_0"] == seen["phone_answer_1"] == 200
    at_home = seen["at_home"]
    assert at_home["current"] == "home" and at_home["screens"] == ["home"]
    history = at_home["history"]
    assert len(history) == 4 and history[0] == "e8" and history[2] == "e7"
    # the end-game question holds the game: Eva's step waits for an answer, then it comes
    assert seen["question_open"] == {"history": [*history, "e6"], "holds": True}
    answered = seen["question_answered"]
    assert answered["holds"] is False and answered["history"][:5] == [*history, "e6"]
    assert len(answered["history"]) == 6
