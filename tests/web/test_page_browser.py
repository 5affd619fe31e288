"""The phone page in a real browser against ``companion serve``: the spectator's and a seat's
page of every game at 390 × 844 in both languages (screenshots
``artifacts/screenshots/web_<game>_<seat|view>_<lang>.png``), a Quoridor game played to the end
by taps on the page, a hostile name shown as text, and a server killed and back: the page says
"Reconnecting…" and then shows the game as it is."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import PHONE, boxes, needs_chromium, sized, wait_for
from tests.web.served import serving, start

pytestmark = needs_chromium

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
NAMES = {"quoridor": ["Eva", "Pat"], "pacman": ["Eva", "Pat"],
         "clovece": ["Eva", "Pat", "Mat", "Ola"], "patamat": ["Eva", "Pat", "Mat"],
         "crash": ["Eva", "Pat"]}
WORDS = {"en": {"spectator": "Watching", "players": "PLAYERS"},
         "cs": {"spectator": "Divák", "players": "HRÁČI"}}


def open_page(driver: Any, url: str, lang: str, seq: int | None = None) -> int:
    """Open a phone page and wait for its state (``seq`` when given); the state's seq."""
    driver.get(f"{url}?lang={lang}")
    found = wait_for(driver, "return document.body.dataset.seq && "
                             "document.querySelector('#board svg') && "
                             "document.getElementById('status').textContent && "
                             "document.getElementById('banner').hidden && "
                             "Number(document.body.dataset.seq);")
    if seq is not None and found != seq:
        found = wait_for(driver, "return Number(document.body.dataset.seq) === arguments[0] "
                                 "&& arguments[0];", seq)
    return int(found)


def text_of(driver: Any, element_id: str) -> str:
    return str(driver.execute_script(
        "return document.getElementById(arguments[0]).innerText;", element_id))


def visible_targets(driver: Any) -> list[dict[str, float]]:
    """Every button and fold a finger can reach now, measured."""
    found: list[dict[str, float]] = driver.execute_script(
        "return Array.from(document.querySelectorAll('button, summary'))"
        ".filter(e => e.offsetParent !== null && e.getClientRects().length)"
        ".map(e => { const r = e.getBoundingClientRect();"
        " return {width: r.width, height: r.height, x: r.x, text: e.textContent}; });")
    return found


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("game", sorted(NAMES))
def test_every_game_on_a_phone(browser: Any, game: str, lang: str, tmp_path: Path) -> None:
    names = NAMES[game]
    extra = ["--companion", str(len(names) - 1)] if game == "clovece" else []
    with serving(game, tmp_path / "games.db", names, extra=extra) as served:
        for who, url in (("view", served.view), ("seat", served.seats[0])):
            open_page(browser, url, lang)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(SCREENSHOTS / f"web_{game}_{who}_{lang}.png"))
            width = browser.execute_script("return document.documentElement.scrollWidth;")
            assert width <= PHONE[0], f"the page is wider than the phone: {width}px"
            board = boxes(browser, "#board svg")[0]
            assert board["width"] >= PHONE[0] - 20 and board["x"] >= 0
            players = text_of(browser, "players")
            assert all(name in players for name in names)
            assert WORDS[lang]["players"] in text_of(browser, "players-title").upper()
            badge = text_of(browser, "seat-badge")
            if who == "view":
                assert badge == WORDS[lang]["spectator"]
                assert boxes(browser, "#board .tap") == []
                assert browser.execute_script("return document.getElementById('actions')"
                                              ".hidden;")
            else:
                assert names[0] in badge
                offered = browser.execute_script(
                    "return [...document.querySelectorAll('#legal button, #more-legal button')]"
                    ".map((b) => b.textContent);")
                assert len(offered) == len(set(offered)), f"a choice offered twice: {offered}"
            for target in visible_targets(browser):
                assert target["height"] >= 44 and target["width"] >= 44, target
            if game == "clovece":
                assert "companion" in players or "společník" in players


def test_a_hostile_name_is_shown_as_text(browser: Any, tmp_path: Path) -> None:
    hostile = "<img src=x onerror=alert(1)>"
    with serving("quoridor", tmp_path / "games.db", [hostile, "Pat"]) as served:
        open_page(browser, served.seats[0], "en")
        assert hostile in text_of(browser, "players")
        assert hostile in text_of(browser, "seat-badge")
        assert browser.execute_script("return document.querySelectorAll('img').length;") == 0


def tap(driver: Any, line: str, *, along: float = 0.0) -> None:
    """A finger on the board element that plays ``line`` (``along``: that share of its width
    left of its middle: a wall slot is tapped beside the crossing of the grooves)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    element = driver.find_element(By.CSS_SELECTOR, f'#board [data-input="{line}"]')
    width = element.rect["width"]
    ActionChains(driver).move_to_element_with_offset(element, -int(width * along), 0) \
        .click().perform()


def test_a_quoridor_game_played_by_taps_on_the_phones(browser: Any, tmp_path: Path) -> None:
    moves = [(0, "e8"), (1, "d1"), (0, "a3h"), (1, "d2"), (0, "e7"), (1, "d3"), (0, "e6"),
             (1, "d4"), (0, "e5"), (1, "d5"), (0, "e4"), (1, "d6"), (0, "e3"), (1, "d7"),
             (0, "e2"), (1, "d8"), (0, "e1")]
    with serving("quoridor", tmp_path / "games.db", ["Eva", "Pat"]) as served:
        seq = open_page(browser, served.seats[0], "en")
        for seat, line in moves:
            seq = open_page(browser, served.seats[seat], "en", seq)
            if len(line) == 3:  # a wall: the first tap shows it, the second places it
                tap(browser, line, along=0.25)
                wait_for(browser, "return !document.getElementById('confirm').hidden;")
                shown = browser.execute_script(
                    "return getComputedStyle(document.querySelector("
                    "'#board .preview .shows-preview')).visibility;")
                assert shown == "visible"
                browser.save_screenshot(str(SCREENSHOTS / "web_quoridor_wall_preview_en.png"))
                assert Number_of(browser) == seq  # nothing played yet
                tap(browser, line, along=0.25)
            else:
                tap(browser, line)
            seq = wait_for(browser, "return Number(document.body.dataset.seq) > arguments[0] "
                                    "&& Number(document.body.dataset.seq);", seq)
            assert browser.execute_script("return document.getElementById('banner').hidden;")
        open_page(browser, served.view, "en", seq)
        browser.save_screenshot(str(SCREENSHOTS / "web_quoridor_played_view_en.png"))
        assert "Eva" in text_of(browser, "status")
        walls = browser.execute_script(
            "return Array.from(document.querySelectorAll('#board [data-wall]'))"
            ".map(e => e.getAttribute('data-wall'));")
        assert walls == ["a3h"]
        pawns = browser.execute_script(
            "return Array.from(document.querySelectorAll('#board .pawn'))"
            ".map(e => e.getAttribute('data-square'));")
        assert pawns == ["e1", "d8"]
        assert boxes(browser, "#board .tap") == []


def Number_of(driver: Any) -> int:  # noqa: N802 (reads like the page's Number(seq))
    return int(driver.execute_script("return Number(document.body.dataset.seq);"))


def test_a_killed_server_comes_back_and_the_page_shows_the_game_now(browser: Any,
                                                                     tmp_path: Path) -> None:
    store = tmp_path / "games.db"
    served = start("quoridor", store, ["Eva", "Pat"])
    try:
        seq = open_page(browser, served.seats[0], "cs")
        tap(browser, "e8")
        seq = wait_for(browser, "return Number(document.body.dataset.seq) > arguments[0] "
                                "&& Number(document.body.dataset.seq);", seq)
        served.kill()
        wait_for(browser, "return document.body.classList.contains('stale') && "
                          "!document.getElementById('banner').hidden;")
        assert text_of(browser, "banner-text") == "Znovu se připojuji…"
        browser.save_screenshot(str(SCREENSHOTS / "web_quoridor_reconnecting_cs.png"))
        served = start("quoridor", store, ["Eva", "Pat"], port=served.port)
        wait_for(browser, "return !document.body.classList.contains('stale') && "
                          "document.getElementById('banner').hidden;")
        assert Number_of(browser) >= seq
        pawns = browser.execute_script(
            "return Array.from(document.querySelectorAll('#board .pawn'))"
            ".map(e => e.getAttribute('data-square'));")
        assert pawns == ["e8", "e1"]
    finally:
        served.kill()


@pytest.mark.parametrize("size", [(844, 390), (768, 1024), (1024, 768)],
                         ids=["phone-landscape", "tablet-portrait", "tablet-landscape"])
def test_landscape_and_tablets_show_the_board_whole(browser: Any, size: tuple[int, int],
                                                    tmp_path: Path) -> None:
    with serving("quoridor", tmp_path / "games.db", ["Eva", "Pat"]) as served, \
            sized(browser, size) as driver:
        open_page(driver, served.seats[0], "en")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / f"web_quoridor_seat_en_{size[0]}x{size[1]}.png"))
        assert driver.execute_script("return document.documentElement.scrollWidth;") <= size[0]
        board = boxes(driver, "#board svg")[0]
        assert board["x"] >= 0 and board["x"] + board["width"] <= size[0]
        assert board["y"] >= 0 and board["y"] + board["height"] <= size[1]  # no scrolling
        assert min(board["width"], board["height"]) >= min(size) * 0.6
        status = boxes(driver, "#status")[0]
        assert status["y"] + status["height"] <= size[1]  # the one thing to do: in sight
        for target in visible_targets(driver):
            assert target["height"] >= 44 and target["width"] >= 44, target


HOLD_STREAM = """
(() => {
  const Real = window.EventSource;
  window.__held = false;
  window.__queue = [];
  function Held(url, options) {
    const source = new Real(url, options);
    const add = source.addEventListener.bind(source);
    source.addEventListener = (type, listener, ...rest) => add(type, (event) => {
      if (type === "state" && window.__held) {
        window.__queue.push(() => listener(event));
        return;
      }
      listener(event);
    }, ...rest);
    return source;
  }
  Held.CONNECTING = Real.CONNECTING;
  Held.OPEN = Real.OPEN;
  Held.CLOSED = Real.CLOSED;
  window.EventSource = Held;
})();
"""
"""Run in the page before its own script: the test may hold the push stream's news back (a
phone whose Wi-Fi is slow), so that a tap goes out with the seq it saw before."""


@contextmanager
def news_held_back(driver: Any) -> Iterator[Any]:
    """``driver`` with ``HOLD_STREAM`` in the pages it opens now, not in those of later tests."""
    added = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                   {"source": HOLD_STREAM})
    try:
        yield driver
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                               {"identifier": added["identifier"]})


def api(url: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """The API as another device of the same seat uses it (the token from ``url``)."""
    import json
    import urllib.request
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    request = urllib.request.Request(
        f"{parts.scheme}://{parts.netloc}{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {parts.path.rsplit('/', 1)[1]}",
                 "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
    return answer


def test_a_tap_after_the_game_moved_on_says_so_and_shows_the_game_now(
        browser: Any, tmp_path: Path) -> None:
    with serving("quoridor", tmp_path / "games.db", ["Eva", "Pat"]) as served, \
            news_held_back(browser) as driver:
        seq = open_page(driver, served.seats[0], "en")
        driver.execute_script("window.__held = true;")
        state = api(served.seats[0], "/api/input", {"input": "e8", "seq": seq})  # the screen
        assert state["seq"] > seq
        tap(driver, "d9")  # the phone still shows the position before e8
        wait_for(driver, "return !document.getElementById('banner').hidden && "
                         "Number(document.body.dataset.seq) === arguments[0];", state["seq"])
        driver.save_screenshot(str(SCREENSHOTS / "web_quoridor_moved_on_en.png"))
        assert text_of(driver, "banner-text") == "The game moved on. This is the game now."
        pawns = driver.execute_script(
            "return Array.from(document.querySelectorAll('#board .pawn'))"
            ".map(e => e.getAttribute('data-square'));")
        assert pawns == ["e8", "e1"]  # e8 played once, d9 not at all
        assert api(served.view, "/api/state")["log"][-1].endswith("e8")
        assert "Pat" in text_of(driver, "status")


def test_held_news_arrives_and_a_placed_wall_takes_its_slots_away(browser: Any,
                                                                  tmp_path: Path) -> None:
    with serving("quoridor", tmp_path / "games.db", ["Eva", "Pat"]) as served, \
            news_held_back(browser) as driver:
        seq = open_page(driver, served.seats[0], "en")
        driver.execute_script("window.__held = true;")
        # the touchscreen plays a wall for Eva and a step for Pat while the phone hears nothing
        state = api(served.seats[0], "/api/input", {"input": "c3h", "seq": seq})
        state = api(served.seats[1], "/api/input", {"input": "e2", "seq": state["seq"]})
        assert len(boxes(driver, '#board [data-input="c3h"]')) == 1  # the phone's old view
        driver.execute_script("window.__held = false; window.__queue.forEach(f => f());")
        wait_for(driver, "return Number(document.body.dataset.seq) === arguments[0];",
                 state["seq"])
        assert boxes(driver, '#board [data-input="c3h"]') == []  # a wall there: no slot now
        assert boxes(driver, '#board [data-input="d3h"]') == []  # it would overlap


def test_clovece_with_the_tables_die_faces_and_a_piece_tapped(browser: Any,
                                                              tmp_path: Path) -> None:
    """The table's own die: the seat enters the face it shows with one tap; then the piece
    that may move is tapped on the board."""
    from selenium.webdriver.common.by import By

    driver = browser

    def face(url: str, value: int, seq: int) -> int:
        seq = open_page(driver, url, "cs", seq)
        wait_for(driver, "return !document.getElementById('faces').hidden;")
        driver.find_element(By.CSS_SELECTOR, f'#faces button[data-face="{value}"]').click()
        return int(wait_for(driver, "return Number(document.body.dataset.seq) > arguments[0] "
                                    "&& Number(document.body.dataset.seq);", seq))

    with serving("clovece", tmp_path / "games.db", ["Eva", "Pat"],
                 extra=["--die", "table"]) as served:
        seq = open_page(driver, served.seats[0], "cs")
        seq = face(served.seats[0], 6, seq)  # who starts: Eva 6
        seq = face(served.seats[1], 2, seq)  # Pat 2: Eva starts
        seq = face(served.seats[0], 6, seq)  # a six brings a piece in
        seq = face(served.seats[0], 1, seq)  # and another roll
        open_page(driver, served.seats[0], "cs", seq)
        targets = [box["input"] for box in boxes(driver, "#board .tap")]
        assert targets and all(line.startswith("enter ") for line in targets)
        driver.save_screenshot(str(SCREENSHOTS / "web_clovece_pieces_to_tap_cs.png"))
        tap(driver, targets[0])
        wait_for(driver, "return Number(document.body.dataset.seq) > arguments[0];", seq)
        on_track = driver.execute_script(
            "return Array.from(document.querySelectorAll('#board .piece'))"
            ".map(e => e.getAttribute('data-place')).filter(p => p.startsWith('field'));")
        assert on_track == ["field 0"]
        assert api(served.view, "/api/state")["snapshot"]["state"]["track"][0]["field"] == 0


def test_patamat_a_car_type_picked_on_the_phone_then_its_field_tapped(browser: Any,
                                                                      tmp_path: Path) -> None:
    """The set-up as on the touchscreen: Eva's phone shows the car types under the board, the
    go-kart picked; she taps the tractor, the fields now place a tractor, and her tap on F05
    puts a tractor there. The type stays picked while the table moves on."""
    from selenium.webdriver.common.by import By

    def shown(driver: Any) -> list[str]:
        return [box["input"] for box in boxes(driver, "#board .tap") if box["width"]]

    driver = browser
    with serving("patamat", tmp_path / "games.db", ["Eva", "Pat"]) as served:
        seq = open_page(driver, served.seats[0], "cs")
        assert shown(driver) and all(line.startswith("place kart ") for line in shown(driver))
        picks = boxes(driver, "#board .pick")
        assert len(picks) == 5 and all(min(p["width"], p["height"]) >= 44 for p in picks)
        driver.find_element(By.CSS_SELECTOR, '#board .pick[data-pick="tractor"]').click()
        wait_for(driver, "return document.querySelector('#board .pick.picked')"
                         ".getAttribute('data-pick') === 'tractor';")
        assert shown(driver) and all(line.startswith("place tractor ") for line in shown(driver))
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / "web_patamat_car_type_picked_cs.png"))
        tap(driver, "place tractor F05")
        seq = int(wait_for(driver, "return Number(document.body.dataset.seq) > arguments[0] "
                                   "&& Number(document.body.dataset.seq);", seq))
        state = api(served.view, "/api/state")
        assert state["snapshot"]["state"]["cars"] == {"tractor1": "F05"}
        # Pat places a go-kart from his phone: Eva's page still has the tractor picked
        api(served.seats[1], "/api/input", {"input": "place kart F06", "seq": seq})
        wait_for(driver, "return Number(document.body.dataset.seq) > arguments[0];", seq)
        assert shown(driver) and all(line.startswith("place tractor ") for line in shown(driver))


CRASH_SET_UP = ["first A", "operator-start n4", "display lambada rocket tandem", "init e5",
                "init e6", "init g7", "init i4", "init k9", "init c3", "init m10", "init h8"]
"""The set-up of the touchscreen's Crash by Crash test: then Pat has his first action."""


def test_crash_every_action_offered_on_the_phone_in_words(browser: Any,
                                                         tmp_path: Path) -> None:
    """Pat's phone after the set-up: every action of his turn (cars with pushes and batteries,
    the magnetic car, the operator, cards, swaps, pass) in his list, each in words, none
    twice; his tap on one plays it."""
    from selenium.webdriver.common.by import By

    driver = browser
    with serving("crash", tmp_path / "games.db", ["Eva", "Pat"]) as served:
        state = api(served.view, "/api/state")
        for line in CRASH_SET_UP:
            state = api(served.seats[state["to_move"]], "/api/input",
                        {"input": line, "seq": state["seq"]})
        assert state["to_move"] == 1
        open_page(driver, served.seats[1], "en", state["seq"])
        driver.find_element(By.ID, "more-title").click()
        offered = driver.execute_script(
            "return [...document.querySelectorAll('#legal button, #more-legal button')]"
            ".map((b) => [b.dataset.input, b.textContent]);")
        said = dict(offered)
        assert len(offered) == len(said) > 1000
        assert [line for line, label in offered if label == line] == []
        assert said["place e4 push=E bat=1"] == "Car on e4, push E, batteries: 1"
        assert said["pass"] == "Pass: end the turn"
        assert {line.split()[0] for line in said} >= {"place", "operator", "card", "swap"}
        driver.execute_script("document.querySelector('#more-legal button[data-input=\"pass\"]')"
                              ".scrollIntoView({block: 'center'});")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / "web_crash_actions_in_words_en.png"))
        driver.find_element(By.CSS_SELECTOR, '#more-legal button[data-input="pass"]').click()
        wait_for(driver, "return Number(document.body.dataset.seq) > arguments[0];",
                 state["seq"])
        after = api(served.view, "/api/state")
        assert after["snapshot"]["history"] == state["snapshot"]["history"] + 1
        assert after["to_move"] == 0                        # Pat passed: Eva's turn
