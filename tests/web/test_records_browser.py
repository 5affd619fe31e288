"""The records on the phone page, in a real browser against ``companion serve``: a table whose
store holds finished games (and one ended early); a spectator and a seat open "Records": the
history lists the games with their winners, "Log to BG Stats" carries the play, the statistics
show the API's figures, a download hands over the CSV, a hostile name stays text, and a game
that ends while the records are open joins the history. Both languages; screenshots
``artifacts/screenshots/web_records_{history,stats}_{cs,en}.png`` at 390 × 844."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from records_store import SEAT0_IN_ONE, SEAT0_IN_TWO, SEAT1_IN_ONE, WALK, dated_store, play_quoridor

from companion.engine import open_game
from tests.web.browser import PHONE, WAIT, chromium, needs_chromium, wait_for
from tests.web.served import serving

pytestmark = needs_chromium

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

HOSTILE = "<script>alert(1)</script>"
WORDS = {
    "en": {"records": "Records", "game": "Game", "history": "History", "stats": "Statistics",
           "downloads": "Downloads", "log": "Log to BG Stats", "open": "Open in BG Stats",
           "early": "Ended early", "winner": "Winner: {}", "games": "Finished games: {}",
           "gone": "This seat's link ended with its game."},
    "cs": {"records": "Záznamy", "game": "Hra", "history": "Historie", "stats": "Statistiky",
           "downloads": "Stažení", "log": "Zapsat do BG Stats", "open": "Otevřít v BG Stats",
           "early": "Ukončeno předčasně", "winner": "Vítěz: {}", "games": "Dohraných her: {}",
           "gone": "Odkaz tohoto místa skončil se svou hrou."},
}


def store_with_games(path: Path) -> Path:
    """Three finished Quoridor games on three days (the hostile name beats Pat, Eva beats Pat,
    Eva beats Pat in two) and one Eva and Pat ended after a move."""
    store = dated_store(path)
    play_quoridor(store, [HOSTILE, "Pat"], SEAT0_IN_ONE, "2026-11-20")
    play_quoridor(store, ["Pat", "Eva"], SEAT1_IN_ONE, "2026-11-21", minutes=35)
    play_quoridor(store, ["Eva", "Pat"], SEAT0_IN_TWO, "2026-11-22")
    match = open_game("quoridor", players=2, names=["Eva", "Pat"])
    store.clock.now = "2026-11-23T18:00:00+00:00"  # type: ignore[attr-defined]
    early = store.start(match)
    match.play("e8")
    store.record(early, match)
    store.abandon(early)
    store.close()
    return path


def api(url: str, path: str, body: dict[str, Any] | None = None, lang: str = "en") -> Any:
    """The table's API with the token of ``url`` (JSON, or text for a download)."""
    parts = urlsplit(url)
    sep = "&" if "?" in path else "?"
    request = urllib.request.Request(
        f"{parts.scheme}://{parts.netloc}{path}{sep}lang={lang}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {parts.path.rsplit('/', 1)[1]}",
                 "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        raw = response.read()
        if response.headers.get_content_type() == "application/json":
            return json.loads(raw)
        return raw.decode("utf-8-sig")


def open_records(driver: Any, url: str, lang: str) -> None:
    """Open the page, wait for the game, tap "Records" and wait for the history."""
    driver.get(f"{url}?lang={lang}")
    wait_for(driver, "return document.body.dataset.seq && "
                     "document.getElementById('banner').hidden;")
    assert driver.execute_script("return document.getElementById('show-records')"
                                 ".textContent;") == WORDS[lang]["records"]
    driver.find_element("id", "show-records").click()
    wait_for(driver, "return document.querySelectorAll('#history li.played').length;")
    assert driver.execute_script("return document.getElementById('game').hidden;")


def show_part(driver: Any, part: str) -> None:
    driver.find_element("css selector", f'#record-parts button[data-part="{part}"]').click()
    wait_for(driver, "return !document.getElementById(arguments[0] + '-part').hidden;", part)


def history_on_page(driver: Any) -> list[dict[str, str]]:
    found: list[dict[str, str]] = driver.execute_script(
        "return [...document.querySelectorAll('#history li.played')].map(li => ({"
        "uid: li.dataset.uid, game: li.querySelector('.game').textContent,"
        "when: li.querySelector('.when').textContent, who: li.querySelector('.who').textContent,"
        "result: li.querySelector('.result').textContent,"
        "log: li.querySelector('button.bgstats-ask') ?"
        " li.querySelector('button.bgstats-ask').textContent : ''}));")
    return found


def targets_in_sight(driver: Any) -> list[dict[str, Any]]:
    """Every button and link a finger can reach now, measured (CSS px)."""
    found: list[dict[str, Any]] = driver.execute_script(
        "return [...document.querySelectorAll('button, a, summary')]"
        ".filter(e => e.offsetParent !== null && e.getClientRects().length)"
        ".map(e => { const r = e.getBoundingClientRect();"
        " return {width: r.width, height: r.height, x: r.x, text: e.textContent}; });")
    return found


def assert_fits_the_phone(driver: Any) -> None:
    width = driver.execute_script("return document.documentElement.scrollWidth;")
    assert width <= PHONE[0], f"the page is wider than the phone: {width}px"
    for target in targets_in_sight(driver):
        assert target["height"] >= 44 and target["width"] >= 44, target
        assert target["x"] >= 0 and target["x"] + target["width"] <= PHONE[0], target


def shoot(driver: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / name))


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_spectator_and_a_seat_read_the_records(browser: Any, lang: str,
                                                  tmp_path: Path) -> None:
    said = WORDS[lang]
    store = store_with_games(tmp_path / "games.sqlite3")
    with serving("quoridor", store, ["Eva", "Pat"]) as served:
        history = api(served.view, "/api/history", lang=lang)["games"]
        figures = api(served.view, "/api/stats", lang=lang)
        assert len(history) == 4 and figures["games"] == 3
        for who, url in (("view", served.view), ("seat", served.seats[0])):
            open_records(browser, url, lang)
            tabs = browser.execute_script(
                "return [...document.querySelectorAll('#record-parts button')]"
                ".map(b => b.textContent);")
            assert tabs == [said["history"], said["stats"], said["downloads"]]

            # the history: newest first, with the winners; BG Stats only for finished games
            shown = history_on_page(browser)
            assert [game["uid"] for game in shown] == [game["uid"] for game in history]
            for on_page, game in zip(shown, history, strict=True):
                assert on_page["game"] == game["game_name"] == "Quoridor"
                assert on_page["when"] == game["when"]
                assert on_page["who"] == ", ".join(p["name"] for p in game["players"])
                if game["ended_early"]:
                    assert on_page["result"] == said["early"] and on_page["log"] == ""
                else:
                    assert on_page["result"] == said["winner"].format(game["winners"][0])
                    assert on_page["log"] == said["log"]
            assert [game["result"] for game in shown[1:]] == [
                said["winner"].format(name) for name in ("Eva", "Eva", HOSTILE)]
            assert HOSTILE in shown[3]["who"]  # shown as text, never run
            assert browser.execute_script("return document.scripts.length;") == 2
            assert_fits_the_phone(browser)
            if who == "view":
                shoot(browser, f"web_records_history_{lang}.png")

            # "Log to BG Stats": the first tap fetches the link, the second opens BG Stats
            latest = shown[1]["uid"]
            browser.find_element(
                "css selector", f'#history li[data-uid="{latest}"] button.bgstats-ask').click()
            link = wait_for(browser, "const a = document.querySelector("
                                     "'#history li[data-uid=\"' + arguments[0] + '\"] a');"
                                     "return a && {href: a.href, rel: a.rel,"
                                     " text: a.textContent};", latest)
            assert link["rel"] == "noreferrer" and link["text"] == said["open"]
            play = json.loads(parse_qs(urlsplit(link["href"]).query)["data"][0])
            assert play["sourcePlayId"] == latest
            assert [(p["name"], p["winner"]) for p in play["players"]] == \
                [("Eva", True), ("Pat", False)]
            assert link["href"] == api(url, f"/api/bgstats/{latest}")["url"]
            assert_fits_the_phone(browser)
            if who == "seat":
                shoot(browser, f"web_records_bgstats_{lang}.png")

            # the statistics: the API's figures, in the page's language
            show_part(browser, "stats")
            wait_for(browser, "return document.querySelectorAll('#stats-players tr').length;")
            assert browser.execute_script(
                "return document.getElementById('stats-count').textContent;") == \
                said["games"].format(3)
            rows = browser.execute_script(
                "return [...document.querySelectorAll('#stats-players tr')].map(tr => ["
                "tr.querySelector('span.name').textContent,"
                "...[...tr.querySelectorAll('td')].map(td => td.textContent)]);")
            assert rows == [[line["player"]["name"], str(line["games"]), str(line["wins"]),
                             line["win_rate_text"]] for line in figures["players"]]
            heads = browser.execute_script(
                "return [...document.querySelectorAll('#stats-head th')]"
                ".map(th => th.textContent);")
            assert heads == [figures["headings"][key]
                             for key in ("Player", "Games", "Wins", "Win rate")]
            bars = browser.execute_script(
                "return [...document.querySelectorAll('.wins-of-game .bar-line')].map(p => ["
                "p.querySelector('.name').textContent, p.querySelector('.count').textContent]);")
            names = {line["player"]["id"]: line["player"]["name"] for line in figures["players"]}
            assert sorted(bars) == sorted(
                [names[entry["player_id"]], str(won["wins"])]
                for entry in figures["wins_per_game"] for won in entry["wins"])
            best = browser.execute_script(
                "return [...document.querySelectorAll('#stats-records li')]"
                ".map(li => li.querySelector('.value').textContent);")
            assert best == [str(record["value"]) for record in figures["records"]]
            assert best  # the fewest moves to win Quoridor
            assert_fits_the_phone(browser)
            if who == "view":
                shoot(browser, f"web_records_stats_{lang}.png")

            # the other language: the records are read again in it, and a reload keeps them
            other = "cs" if lang == "en" else "en"
            browser.find_element("css selector", f'button.lang[data-lang="{other}"]').click()
            wait_for(browser, "return document.getElementById('stats-count').textContent === "
                              "arguments[0];", WORDS[other]["games"].format(3))
            show_part(browser, "history")
            assert history_on_page(browser)[1]["result"] == WORDS[other]["winner"].format("Eva")
            assert "view=records" in browser.current_url and f"lang={other}" in \
                browser.current_url
            browser.refresh()
            wait_for(browser, "return document.querySelectorAll('#history li.played').length "
                              "=== 4 && !document.getElementById('records').hidden;")
            assert browser.execute_script("return document.getElementById('game').hidden;")

            # back to the game: the board again
            browser.find_element("id", "show-game").click()
            wait_for(browser, "return !document.getElementById('game').hidden && "
                              "document.getElementById('records').hidden;")
            assert browser.execute_script(
                "return document.getElementById('show-game').textContent;") == \
                WORDS[other]["game"]
            assert browser.execute_script("return document.querySelector('#board svg') !== null;")


def saved_file(folder: Path, name: str) -> str:
    """The text of the file the browser saved as ``name`` in ``folder`` (waits for it)."""
    file = folder / name
    deadline = time.monotonic() + WAIT
    while not file.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    text = file.read_bytes().decode("utf-8-sig")
    file.unlink()
    return text


def test_a_download_hands_over_the_csv(browser: Any, tmp_path: Path) -> None:
    """The page fetches the export with its token and hands the browser a blob: URL on an
    <a download>; the browser saves the file. (The test reads the file the browser saved: the
    page's CSP, connect-src 'self', rightly keeps even the page's own script from fetching a
    blob: URL, and a download needs no more.)"""
    store = store_with_games(tmp_path / "games.sqlite3")
    saved = tmp_path / "saved"
    saved.mkdir()
    browser.execute_cdp_cmd("Browser.setDownloadBehavior",
                            {"behavior": "allow", "downloadPath": str(saved)})
    with serving("quoridor", store, ["Eva", "Pat"]) as served:
        csv_text = api(served.view, "/api/export/csv")
        assert HOSTILE in csv_text and csv_text.count("\n") == 7  # a heading, two per game
        for url in (served.view, served.seats[1]):
            open_records(browser, url, "en")
            show_part(browser, "downloads")
            labels = browser.execute_script(
                "return [...document.querySelectorAll('#downloads button')]"
                ".map(b => b.textContent);")
            assert labels == ["Table of games (CSV)", "All records (JSON)",
                              "Plays for BG Stats"]
            assert_fits_the_phone(browser)
            browser.find_element("css selector", '#downloads button[data-format="csv"]').click()
            link = wait_for(browser, "const a = document.querySelector("
                                     "'#downloads li[data-format=\"csv\"] a.saved');"
                                     "return a && {href: a.href, name: a.download,"
                                     " text: a.textContent};")
            assert link["href"].startswith("blob:")
            assert link["name"].startswith("companion-records-") and \
                link["name"].endswith(".csv")
            assert link["text"] == f"Save {link['name']}"
            assert_fits_the_phone(browser)
            if url == served.view:
                shoot(browser, "web_records_downloads_en.png")
            assert saved_file(saved, link["name"]) == csv_text
            browser.find_element("css selector",
                                 '#downloads button[data-format="bgstats"]').click()
            link = wait_for(browser, "const a = document.querySelector("
                                     "'#downloads li[data-format=\"bgstats\"] a.saved');"
                                     "return a && {href: a.href, name: a.download};")
            assert link["href"].startswith("blob:") and link["name"].endswith(".bgsplay")
            plays = json.loads(saved_file(saved, link["name"]))
            assert sorted(p["uuid"].lower() for p in plays["plays"]) == sorted(
                game["uid"] for game in api(url, "/api/history")["games"]
                if not game["ended_early"])
        browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})


def test_a_game_that_ends_joins_the_history_on_the_open_records(browser: Any,
                                                                 tmp_path: Path) -> None:
    store = store_with_games(tmp_path / "games.sqlite3")
    with serving("quoridor", store, ["Eva", "Pat"]) as served, chromium() as seat_phone:
        open_records(browser, served.view, "cs")
        show_part(browser, "stats")
        wait_for(browser, "return document.querySelectorAll('#stats-players tr').length;")
        open_records(seat_phone, served.seats[0], "cs")
        seq = api(served.view, "/api/state")["seq"]
        for index, line in enumerate(WALK):
            seq = api(served.seats[index % 2], "/api/input", {"input": line, "seq": seq})["seq"]
        assert api(served.view, "/api/state")["over"]
        wait_for(browser, "return document.querySelectorAll('#history li.played').length === 5;")
        newest = history_on_page(browser)[0]
        assert newest["who"] == "Eva, Pat" and newest["result"] == "Vítěz: Eva"
        assert newest["log"] == WORDS["cs"]["log"]
        wait_for(browser, "return document.getElementById('stats-count').textContent === "
                          "arguments[0];", WORDS["cs"]["games"].format(4))
        # the seat's link died with its game: its phone says where the records are now
        note = wait_for(seat_phone, "const n = document.getElementById('records-note');"
                                    "return !n.hidden && n.textContent;")
        assert note.startswith(WORDS["cs"]["gone"])
        assert len(history_on_page(seat_phone)) == 4  # what it showed stays
