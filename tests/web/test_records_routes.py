"""The records on the phones, through aiohttp's test client: the history, the statistics, the
downloads and "Log to BG Stats", for any valid token and for nobody else; nothing changes."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from aiohttp.test_utils import TestClient, TestServer
from records_store import SEAT0_IN_ONE, SEAT1_IN_ONE, dated_store, play_quoridor

from companion.engine import open_game
from companion.records import stats
from companion.records.finished import finished_games
from companion.records.store import Store
from companion.records.views import history_json, stats_json
from companion.table.companions import CompanionSeats
from companion.table.session import TableSession
from companion.web import server
from companion.web.owner import TableOwner
from companion.web.stream import Broadcast
from companion.web.tokens import Tokens

SARKA = 'Šárka & "Řeřicha" #1'


@dataclass
class Records:
    client: TestClient
    store: Store
    owner: TableOwner

    @property
    def tokens(self) -> list[str]:
        """Every valid token: the spectators' and each seat's."""
        passes = self.owner.tokens.passes
        return [passes.view, *passes.seats]

    async def get(self, path: str, token: str | None, **query: Any) -> tuple[int, Any, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
        async with self.client.get(path, headers=headers, params=query) as response:
            body = await response.read()
            return response.status, body, response.headers


@asynccontextmanager
async def records_table(folder: Path) -> AsyncIterator[Records]:
    """Two finished games (Šárka beats Pat; Eva beats Pat), a game being played at the table,
    the phones' server with the records' routes, as the server registers them."""
    store = dated_store(folder / "games.sqlite3")
    play_quoridor(store, [SARKA, "Pat"], SEAT0_IN_ONE, "2026-11-20")
    play_quoridor(store, ["Pat", "Eva"], SEAT1_IN_ONE, "2026-11-21", minutes=35)
    session = TableSession(store, lang="en")
    match = open_game("quoridor", players=2, names=["Eva", "Pat"])
    session.open_match(match, store.start(match), CompanionSeats({}))
    owner = TableOwner(session, Tokens(store))
    broadcast = Broadcast(asyncio.get_running_loop())
    owner.attach(broadcast.publish)
    app = server.make_app(owner, broadcast, gate=Patient())  # the records' routes included
    async with TestClient(TestServer(app)) as client:
        try:
            yield Records(client, store, owner)
        finally:
            owner.detach()
    store.close()


class Patient(server.Gate):
    """The server's gate without its slowing down (this test sends many bad tokens on
    purpose; the web API's tests check the slowing down)."""

    def delay(self, peer: str) -> float:
        return 0.0


def records_of(store: Store) -> list[Any]:
    """Everything the store keeps, table by table."""
    db = store.connection
    return [db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
            for table in ("games", "inputs", "players", "game_seats", "seat_results")]


def at_the_table(folder: Path, scenario: Callable[[Records], Awaitable[None]]) -> None:
    async def run() -> None:
        async with records_table(folder) as records:
            await scenario(records)

    asyncio.run(run())


def test_any_valid_token_reads_the_history_and_the_statistics(tmp_path: Path) -> None:
    async def scenario(table: Records) -> None:
        assert len(table.tokens) == 3
        for token in table.tokens:
            status, body, headers = await table.get("/api/history", token)
            assert status == 200 and headers["Content-Type"].startswith("application/json")
            history = json.loads(body)
            assert history == history_json(table.store, "en")
            assert [game["winners"] for game in history["games"]] == [["Eva"], [SARKA]]
            status, body, _ = await table.get("/api/stats", token)
            assert status == 200 and json.loads(body) == stats_json(table.store, "en")
        czech = json.loads((await table.get("/api/history", table.tokens[0], lang="cs"))[1])
        assert czech["games"][0]["summary"].endswith("vítěz: Eva")
        assert json.loads((await table.get("/api/history", table.tokens[1], limit=1))[1]) \
            == history_json(table.store, "en", limit=1)
        pat = table.store.player_named("Pat").id
        status, body, _ = await table.get("/api/stats", table.tokens[0], game="quoridor",
                                          since="2026-11-21", player=str(pat))
        figures = json.loads(body)
        assert status == 200 and figures["games"] == 1
        assert [(p["player"]["name"], p["games"], p["wins"]) for p in figures["players"]] == \
            [(line.player.name, line.games, line.wins) for line in stats.player_lines(
                table.store, stats.StatsFilter(game="quoridor", since="2026-11-21",
                                               players=(pat,)))]

    at_the_table(tmp_path, scenario)


def test_the_downloads_are_the_exports_with_their_file_names(tmp_path: Path) -> None:
    async def scenario(table: Records) -> None:
        token = table.tokens[1]
        status, body, headers = await table.get("/api/export/csv", token)
        assert status == 200 and headers["Content-Type"].startswith("text/csv")
        assert headers["Content-Disposition"].startswith(
            'attachment; filename="companion-records-') and '.csv"' in \
            headers["Content-Disposition"]
        assert body.startswith(b"\xef\xbb\xbf")
        rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))
        assert [row["player"] for row in rows] == [SARKA, "Pat", "Pat", "Eva"]
        status, body, headers = await table.get("/api/export/json", token)
        data = json.loads(body)
        assert status == 200 and data["format"] == "companion-records"
        assert [game["uid"] for game in data["games"]] == \
            [game.uid for game in finished_games(table.store)]
        assert '.json"' in headers["Content-Disposition"]
        status, body, headers = await table.get("/api/export/bgstats", token)
        assert status == 200 and len(json.loads(body)["plays"]) == 2
        assert '.bgsplay"' in headers["Content-Disposition"]
        status, body, _ = await table.get("/api/export/xml", token)
        assert status == 404 and json.loads(body)["error"] == \
            "The downloads are csv, json, bgstats."

    at_the_table(tmp_path, scenario)


def test_log_to_bg_stats_gives_the_link_of_a_finished_game(tmp_path: Path) -> None:
    async def scenario(table: Records) -> None:
        first = next(iter(finished_games(table.store)))
        status, body, _ = await table.get(f"/api/bgstats/{first.uid}", table.tokens[0])
        assert status == 200
        url = json.loads(body)["url"]
        play = json.loads(parse_qs(urlsplit(url).query)["data"][0])
        assert play["sourcePlayId"] == first.uid
        assert [(p["name"], p["winner"]) for p in play["players"]] == \
            [(SARKA, True), ("Pat", False)]
        playing = table.store.unfinished("quoridor")
        assert playing is not None
        for uid in (playing.uid, "no-such-game", "x" * 65):  # not finished, unknown, too long
            status, body, _ = await table.get(f"/api/bgstats/{uid}", table.tokens[0])
            assert status == 404 and json.loads(body)["error"] == \
                "There is no such finished game."
        status, body, _ = await table.get("/api/bgstats/no-such-game", table.tokens[0],
                                          lang="cs")
        assert json.loads(body)["error"] == "Taková dohraná hra tu není."

    at_the_table(tmp_path, scenario)


def test_the_short_bg_stats_link_of_the_touchscreen_code_goes_on_to_bg_stats(
        tmp_path: Path) -> None:
    """The result screen's code carries /bgstats/<token>/<uid> (a code a phone reads at arm's
    length); the phone's browser is sent on to BG Stats' own link of that play."""
    async def scenario(table: Records) -> None:
        first = next(iter(finished_games(table.store)))
        _, body, _ = await table.get(f"/api/bgstats/{first.uid}", table.tokens[0])
        whole = json.loads(body)["url"]
        for token in table.tokens:
            async with table.client.get(f"/bgstats/{token}/{first.uid}",
                                        allow_redirects=False) as response:
                assert response.status == 302
                assert response.headers["Location"] == whole
        async with table.client.get(f"/bgstats/{'x' * 32}/{first.uid}",
                                    allow_redirects=False) as response:
            assert response.status == 401 and "Location" not in response.headers
        playing = table.store.unfinished("quoridor")
        assert playing is not None
        for uid in (playing.uid, "no-such-game"):
            async with table.client.get(f"/bgstats/{table.tokens[0]}/{uid}",
                                        allow_redirects=False) as response:
                assert response.status == 404

    at_the_table(tmp_path, scenario)


def test_without_a_valid_token_nothing_and_bad_queries_get_words(tmp_path: Path) -> None:
    async def scenario(table: Records) -> None:
        before = records_of(table.store)
        uid = next(iter(finished_games(table.store))).uid
        for path in ("/api/history", "/api/stats", "/api/export/csv", "/api/export/json",
                     "/api/export/bgstats", f"/api/bgstats/{uid}"):
            for token in (None, "wrong-token", table.tokens[0] + "x"):
                status, body, _ = await table.get(path, token)
                assert status == 401, (path, token)
                assert uid not in body.decode() and "Pat" not in body.decode()
        token = table.tokens[0]
        for query, said in [
            ({"limit": "0"}, "\"limit\" must be a whole number from 1 to 200."),
            ({"limit": "lots"}, "\"limit\" must be a whole number from 1 to 200."),
        ]:
            status, body, _ = await table.get("/api/history", token, **query)
            assert status == 400 and json.loads(body)["error"] == said
        for query, status_wanted, said in [
            ({"game": "chess"}, 400, "\"game\" must be one of"),
            ({"since": "yesterday"}, 400, "must be days written YYYY-MM-DD"),
            ({"since": "2026-12-01", "until": "2026-11-01"}, 400, "the first not after"),
            ({"player": "Pat"}, 400, "a player's number"),
            ({"player": "999"}, 404, "There is no such player."),
        ]:
            status, body, _ = await table.get("/api/stats", token, **query)
            assert status == status_wanted and said in json.loads(body)["error"], query
        assert records_of(table.store) == before  # nothing was written

    at_the_table(tmp_path, scenario)
