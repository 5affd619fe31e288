"""A table served to phones inside the test: a store, a session with a game, the phones' app
on aiohttp's test server, and a client that speaks the API as a phone does."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from companion.engine import open_game
from companion.records.store import Store
from companion.table.companions import CompanionSeats
from companion.table.session import TableSession
from companion.web.owner import TableOwner
from companion.web.server import Gate, make_app
from companion.web.stream import Broadcast
from companion.web.tokens import Tokens


@dataclass
class Reply:
    status: int
    body: dict[str, Any]
    headers: dict[str, str]

    @property
    def state(self) -> dict[str, Any]:
        """The state in the reply: the body itself (200) or under ``state`` (an error)."""
        return self.body["state"] if "state" in self.body else self.body


@dataclass
class ServedTable:
    client: TestClient
    session: TableSession
    owner: TableOwner
    store: Store

    @property
    def view_token(self) -> str:
        return self.owner.tokens.passes.view

    def seat_token(self, seat: int) -> str:
        return self.owner.tokens.passes.seats[seat]

    @property
    def history(self) -> list[str]:
        assert self.session.match is not None
        return self.session.match.history

    async def state(self, token: str, **query: str) -> Reply:
        return await self.get("/api/state", token, **query)

    async def get(self, path: str, token: str | None, **query: str) -> Reply:
        headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
        async with self.client.get(path, headers=headers, params=query) as response:
            return await _reply(response)

    async def post(self, path: str, token: str | None, body: Any = None, *,
                   raw: bytes | None = None, headers: dict[str, str] | None = None) -> Reply:
        sent = dict(headers or {})
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        data = raw if raw is not None else json.dumps(body).encode()
        async with self.client.post(path, data=data, headers=sent) as response:
            return await _reply(response)

    async def play(self, token: str, line: str, seq: int | None = None, **headers: str) -> Reply:
        """A phone's input, with the seq it last saw (the current one unless given)."""
        return await self.post("/api/input", token, {
            "input": line, "seq": self.session.seq if seq is None else seq}, headers=headers)


async def _reply(response: Any) -> Reply:
    text = await response.text()
    try:
        body = json.loads(text)
    except ValueError:
        body = {"text": text}
    return Reply(response.status, body if isinstance(body, dict) else {"value": body},
                 dict(response.headers))


@asynccontextmanager
async def served_table(folder: Path, game: str = "quoridor",
                       names: Sequence[str] = ("Eva", "Pat"),
                       companions: dict[int, str] | None = None, lang: str = "en",
                       gate: Gate | None = None) -> AsyncIterator[ServedTable]:
    """A table of ``game`` (stored in ``folder``) with the phones' server in front of it, its
    session owned by the test's loop thread (as in ``companion serve``)."""
    import asyncio

    store = Store(str(folder / "games.db"))
    session = TableSession(store, lang=lang)
    match = open_game(game, players=len(names), names=list(names))
    seats = CompanionSeats(companions or {})
    stored = store.start(match, {"companions": seats.to_json()} if seats else None)
    session.open_match(match, stored, seats)
    owner = TableOwner(session, Tokens(store))
    broadcast = Broadcast(asyncio.get_running_loop())
    owner.attach(broadcast.publish)
    app = make_app(owner, broadcast, gate=gate)
    async with TestClient(TestServer(app)) as client:
        try:
            yield ServedTable(client, session, owner, store)
        finally:
            owner.detach()
    store.close()
