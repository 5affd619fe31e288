""""Log to BG Stats": one finished game as BG Stats' push link (createPlay with the play as
URL-encoded JSON), read back as a phone would open it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from records_store import SEAT1_IN_ONE, WALK, dated_store, play_on, play_out, play_quoridor

from companion.engine import open_game
from companion.records.bgstats import bgstats_url
from companion.records.finished import finished_game


def play_of(url: str) -> dict[str, Any]:
    """The play a link carries, decoded the way the app decodes it."""
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https", "app.bgstatsapp.com", "/createPlay.html")
    query = parse_qs(parts.query, strict_parsing=True)
    assert list(query) == ["data"] and len(query["data"]) == 1
    data: dict[str, Any] = json.loads(query["data"][0])
    return data


def test_the_link_carries_the_play_with_its_players_winner_date_duration_and_uid(
    tmp_path: Path,
) -> None:
    store = dated_store(tmp_path / "games.sqlite3")
    match = open_game("quoridor", players=2, names=["Eva", "Pat"])
    game_id = play_on(store, match, WALK, "2026-11-20T19:00:00+00:00",
                      "2026-11-20T19:23:10+00:00", record_each=True)
    play = play_of(bgstats_url(store, game_id))
    assert play["sourceName"] == "Companion"
    assert play["sourcePlayId"] == store.load(game_id).uid
    assert play["playDate"] == "2026-11-20 19:00:00"  # UTC
    assert play["durationMin"] == 23
    assert play["location"] == "Companion table"
    assert play["game"] == {"name": "Quoridor", "sourceGameId": "quoridor",
                            "highestWins": True, "noPoints": True}
    assert [(p["name"], p["winner"], p["rank"], p["seatOrder"], p["startPlayer"])
            for p in play["players"]] == [("Eva", True, 1, 1, True), ("Pat", False, 2, 2, False)]
    assert all("score" not in p for p in play["players"])  # Quoridor has no points
    # a player's id is the same in every link: BG Stats remembers the match
    other = play_quoridor(store, ["Pat", "Eva"], SEAT1_IN_ONE, "2026-11-21")
    again = play_of(bgstats_url(store, other))
    assert {p["name"]: p["sourcePlayerId"] for p in again["players"]} == \
        {p["name"]: p["sourcePlayerId"] for p in play["players"]}
    assert [(p["name"], p["winner"]) for p in again["players"]] == [("Pat", False), ("Eva", True)]
    assert again["sourcePlayId"] != play["sourcePlayId"]


def test_czech_letters_and_characters_of_urls_and_json_in_names_survive(
    tmp_path: Path,
) -> None:
    names = ['Šárka & "Řeřicha"', "Jiří #1 ?x=1 / 100% +"]
    store = dated_store(tmp_path / "games.sqlite3")
    game_id = play_quoridor(store, names, SEAT1_IN_ONE, "2026-11-20")
    url = bgstats_url(store, game_id)
    query = urlsplit(url).query
    assert "#" not in url and "&" not in query and '"' not in url and " " not in url
    play = play_of(url)
    assert [p["name"] for p in play["players"]] == names
    assert [p["winner"] for p in play["players"]] == [False, True]


def test_games_with_points_and_teams_carry_their_scores(tmp_path: Path) -> None:
    store = dated_store(tmp_path / "games.sqlite3")
    names = ["Anna", "Ben", "Šárka", "Dan"]
    inputs = play_out(open_game("crash", players=4, names=names), seed=10)
    game_id = play_on(store, open_game("crash", players=4, names=names), inputs,
                      "2024-03-10T20:00:00+00:00", "2024-03-10T21:10:30+00:00")
    play = play_of(bgstats_url(store, game_id))
    assert play["game"]["noPoints"] is False and play["durationMin"] == 71
    seats = finished_game(store, game_id).seats
    assert [(p["name"], p["score"], p["rank"]) for p in play["players"]] == \
        [(seat.player, seat.counters["score"], seat.rank) for seat in seats]
    assert [p["team"] for p in play["players"]] == ["1", "2", "1", "2"]
    assert any(p["winner"] for p in play["players"])


def test_a_game_not_finished_has_no_link(tmp_path: Path) -> None:
    store = dated_store(tmp_path / "games.sqlite3")
    game_id = store.start(open_game("quoridor", players=2, names=["Eva", "Pat"]))
    with pytest.raises(KeyError, match=f"no finished game {game_id}"):
        bgstats_url(store, game_id)
    with pytest.raises(KeyError, match="no finished game 99"):
        bgstats_url(store, 99)
