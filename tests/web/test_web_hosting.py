"""The phones' server beside the touchscreen (``PhoneServer``): its own thread and loop, every
call into the table on the table's owner thread (here a thread that stands in for the Kivy
clock), a taken port said in plain words, stop and start again with the same links."""

from __future__ import annotations

import json
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.engine import open_game
from companion.records.store import Store
from companion.table.phones import Phones, lan_address
from companion.table.session import Change, TableSession
from companion.web.hosting import PhoneServer, url_host
from tests.web.owner_thread import OwnerThread


@pytest.fixture
def owner() -> Iterator[OwnerThread]:
    thread = OwnerThread()
    yield thread
    thread.stop()


def table_at(folder: Path, owner: OwnerThread) -> tuple[TableSession, list[str]]:
    """A Quoridor table made on the owner thread; the names of the threads its listeners ran
    on are collected."""
    threads: list[str] = []

    def make() -> TableSession:
        session = TableSession(Store(str(folder / "games.db")), lang="en")
        match = open_game("quoridor", players=2, names=["Eva", "Pat"])
        session.open_match(match, session.store.start(match))
        session.listeners.append(
            lambda _change: threads.append(threading.current_thread().name))
        return session

    return owner.run(make), threads


def call(url: str, token: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def api(server_url: str) -> tuple[str, str]:
    """(the API's base, the token) of a printed link."""
    base, _, token = server_url.rpartition("/")
    return base.rsplit("/", 1)[0] + "/api", token


def test_a_phone_plays_through_the_owner_thread(tmp_path: Path, owner: OwnerThread) -> None:
    session, threads = table_at(tmp_path, owner)
    server: Phones = PhoneServer(session, owner.post, "127.0.0.1", 0)
    owner.run(server.start)
    try:
        assert owner.run(lambda: server.running)
        view_url = owner.run(server.view_url)
        seat_urls = owner.run(server.seat_urls)
        assert view_url.startswith("http://127.0.0.1:") and "/view/" in view_url
        assert len(seat_urls) == 2 and all("/seat/" in url for url in seat_urls)
        base, eva = api(seat_urls[0])
        status, state = call(f"{base}/state", eva)
        assert status == 200 and state["seat"] == 0
        status, played = call(f"{base}/input", eva, {"input": "e8", "seq": state["seq"]})
        assert status == 200 and played["last"] == "e8"
        assert owner.run(lambda: session.match.history if session.match else []) == ["e8"]
        owner.run(lambda: session.send("e2"))                  # a tap on the touchscreen
        status, stale = call(f"{base}/input", eva, {"input": "e7", "seq": state["seq"]})
        assert status == 409 and stale["state"]["last"] == "e2"
        assert set(threads) == {"owner"}                       # the single writer
    finally:
        owner.run(server.stop)
    assert not owner.run(lambda: server.running)
    assert owner.run(server.view_url) == "" and owner.run(server.seat_urls) == []


def test_stop_and_start_keep_the_links_and_forget_phones_ends_them(
        tmp_path: Path, owner: OwnerThread) -> None:
    session, _threads = table_at(tmp_path, owner)
    server = PhoneServer(session, owner.post, "127.0.0.1", 0)
    owner.run(server.start)
    first = owner.run(server.seat_urls)
    owner.run(server.stop)
    owner.run(server.start)
    try:
        again = owner.run(server.seat_urls)
        assert [url.rsplit("/", 1)[1] for url in again] == [
            url.rsplit("/", 1)[1] for url in first]
        owner.run(server.forget_phones)
        base, old = api(again[0])
        assert call(f"{base}/state", old)[0] == 401
        base, new = api(owner.run(server.seat_urls)[0])
        assert call(f"{base}/state", new)[0] == 200
    finally:
        owner.run(server.stop)


def test_a_taken_port_is_a_plain_sentence(tmp_path: Path, owner: OwnerThread) -> None:
    session, _threads = table_at(tmp_path, owner)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = PhoneServer(session, owner.post, "127.0.0.1", port)
        with pytest.raises(OSError) as refused:
            owner.run(server.start)
    assert str(refused.value) == (f"The port {port} is taken on 127.0.0.1:{port}: another "
                                  "program uses it. Choose another port.")
    assert not owner.run(lambda: server.running)
    heard: list[Change] = []
    owner.run(lambda: session.listeners.append(heard.append))
    owner.run(lambda: session.send("e8"))
    assert [change.kind for change in heard] == ["played"]     # the table plays on


def test_links_name_the_machines_address_on_the_home_network() -> None:
    address = lan_address()
    socket.inet_aton(address)                                   # an IPv4 address
    assert url_host("0.0.0.0") == address
    assert url_host("127.0.0.1") == "127.0.0.1" and url_host("::1") == "[::1]"


def test_the_command_hands_the_app_a_factory_that_imports_the_server_only_when_asked(
        tmp_path: Path, owner: OwnerThread) -> None:
    import subprocess
    import sys

    from companion.cli import phone_server

    done = subprocess.run(
        [sys.executable, "-c", "import sys, companion.cli, companion.app; "
         "print('aiohttp' in sys.modules, 'companion.web' in sys.modules)"],
        capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["False", "False"]        # the app starts without them
    session, _threads = table_at(tmp_path, owner)
    server = phone_server(session, owner.post, "127.0.0.1", 0)
    assert isinstance(server, PhoneServer) and not server.running
    owner.run(server.start)
    try:
        assert owner.run(server.view_url).startswith("http://127.0.0.1:")
    finally:
        owner.run(server.stop)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: Any, **_kwargs: Any) -> None:
        return None  # the test reads the 302 itself


def test_log_to_bg_stats_is_a_short_link_that_sends_the_phone_on(
        tmp_path: Path, owner: OwnerThread) -> None:
    """The result screen's code: a short link to the table (41 modules, legible at arm's
    length) that answers with BG Stats' own createPlay link of the finished game."""
    session, _threads = table_at(tmp_path, owner)
    server = PhoneServer(session, owner.post, "127.0.0.1", 0)
    for line in ["e8", "d1", "e7", "d2", "e6", "d3", "e5", "d4", "e4", "d5", "e3", "d6",
                 "e2", "d7", "e1"]:  # Eva walks to row 1 first
        assert owner.run(lambda line=line: session.send(line))
    stored_id = session.saving.stored_id
    assert stored_id is not None and session.match is not None and session.match.is_over
    whole = owner.run(lambda: server.bgstats_url(stored_id))
    assert whole.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    owner.run(server.start)
    try:
        short = owner.run(lambda: server.bgstats_url(stored_id))
        assert short.startswith("http://127.0.0.1:") and "/bgstats/" in short
        assert len(short) < 120 < len(whole)
        opener = urllib.request.build_opener(NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as sent_on:
            opener.open(short, timeout=10)
        assert sent_on.value.code == 302 and sent_on.value.headers["Location"] == whole
    finally:
        owner.run(server.stop)


def test_beside_the_touchscreen_the_phones_hear_a_change_after_its_frame_and_codes_at_once(
    tmp_path: Path,
) -> None:
    """The app's tap is drawn before the phones' states are made (they would compete with it
    for the GIL): the view is published one turn of the owner's loop later, once for the
    changes of that turn; a new game's seat codes are there at once (the app shows them)."""
    from companion.web.owner import TableOwner
    from companion.web.state import TableView
    from companion.web.tokens import Tokens

    store = Store(str(tmp_path / "games.db"))
    session = TableSession(store, lang="en")
    match = open_game("quoridor", players=2, names=["Eva", "Pat"])
    session.open_match(match, store.start(match))
    next_turn: list[Callable[[], None]] = []
    owner = TableOwner(session, Tokens(store), next_turn.append)
    published: list[TableView] = []
    owner.attach(published.append)
    assert [view.seq for view in published] == [session.seq]
    assert session.send("e8") and session.send("e2")   # Eva and Pat, in one turn of the loop
    assert published[-1].seq < session.seq            # not yet: the tap's frame comes first
    assert len(next_turn) == 1                         # one publication for both
    next_turn.pop()()
    assert published[-1].seq == session.seq and published[-1].match is not None
    assert published[-1].match.history == ["e8", "e2"]
    old_seats = owner.tokens.passes.seats
    session.new_game(session.last_setup("quoridor"))
    new_seats = owner.tokens.passes.seats              # at once, before the next turn
    assert len(new_seats) == 2 and not set(new_seats) & set(old_seats)
    owner.detach()
    next_turn.pop()()                                  # the server stopped meanwhile: nothing
    assert published[-1].match is not None and published[-1].match.history == ["e8", "e2"]
    store.close()
