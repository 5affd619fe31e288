"""The real thing: ``companion serve quoridor`` in its own process on a free port, a whole game
played by two phones over HTTP, the refusals, kill -9 in the middle and a restart on the same
store: the same game, the same links, ``seq`` not lower."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

GOAL_ROW = {0: 1, 1: 9}
"""Quoridor for two: the e9 seat walks to row 1, the e1 seat to row 9 (R7)."""


@contextmanager
def serving(store: Path, *extra: str) -> Iterator[tuple[subprocess.Popen[str], dict[str, Any]]]:
    """``companion serve quoridor --json`` on any free port; its first line's URLs."""
    command = [sys.executable, "-m", "companion", "serve", "quoridor", "--name", "Eva",
               "--name", "Pat", "--store", str(store), "--host", "127.0.0.1", "--port", "0",
               "--json", "--lang", "en", *extra]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env={**os.environ, "COMPANION_CONFIG": "/nonexistent"})
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first, server.stderr.read() if server.stderr else ""
        yield server, json.loads(first)
    finally:
        if server.poll() is None:
            server.kill()
        server.wait(10)
        for pipe in (server.stdout, server.stderr):
            if pipe is not None:
                pipe.close()


def call(url: str, token: str | None, body: dict[str, Any] | None = None,
         ) -> tuple[int, dict[str, Any]]:
    """One request as a phone sends it: (status, JSON body)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers=headers,
                                     method="POST" if data is not None else "GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class Phone:
    """A phone that opened its seat's link."""

    def __init__(self, url: str) -> None:
        self.base, _, self.token = url.rpartition("/")
        self.base = self.base.rsplit("/", 1)[0]

    def state(self) -> tuple[int, dict[str, Any]]:
        return call(f"{self.base}/api/state", self.token)

    def play(self, line: str, seq: int) -> tuple[int, dict[str, Any]]:
        return call(f"{self.base}/api/input", self.token, {"input": line, "seq": seq})

    def walk(self) -> tuple[int, dict[str, Any]]:
        """Play the pawn step that comes nearest the seat's goal row (walls never)."""
        status, state = self.state()
        assert status == 200
        goal = GOAL_ROW[state["seat"]]
        steps = [legal["input"] for legal in state["legal"] if len(legal["input"]) == 2]
        best = min(steps, key=lambda square: abs(int(square[1]) - goal))
        return self.play(best, state["seq"])


def test_a_whole_game_by_two_phones_survives_kill_minus_9(tmp_path: Path) -> None:
    store = tmp_path / "games.db"
    with serving(store) as (server, links):
        assert set(links) == {"view", "seats"} and len(links["seats"]) == 2
        assert all(url.startswith("http://127.0.0.1:") for url in [links["view"], *links["seats"]])
        eva, pat = Phone(links["seats"][0]), Phone(links["seats"][1])
        spectator = Phone(links["view"])
        base = eva.base

        assert call(f"{base}/api/state", None)[0] == 401
        assert call(f"{base}/api/state", "not-a-token-at-all-0123456789")[0] == 401
        seq = eva.state()[1]["seq"]
        assert pat.play("e2", seq)[0] == 403                  # Eva is to move
        assert spectator.play("e8", seq)[0] == 403
        status, refused = eva.play("e5", seq)
        assert status == 422 and refused["rule"] == "rule R15"
        for _ in range(3):
            assert eva.walk()[0] == 200
            assert pat.walk()[0] == 200
        assert eva.play("e5", seq)[0] == 409                  # a stale seq
        status, before = spectator.state()
        assert status == 200 and len(before["log"]) == 6

        server.send_signal(signal.SIGKILL)                     # the plug pulled mid-game
        server.wait(10)

    with serving(store) as (server, links):
        assert [url.rsplit("/", 1)[1] for url in links["seats"]] == [eva.token, pat.token]
        assert links["view"].rsplit("/", 1)[1] == spectator.token
        new_base = links["view"].rsplit("/view/", 1)[0]
        for phone in (eva, pat, spectator):
            phone.base = new_base                              # the same links, a new port
        status, after = spectator.state()
        assert status == 200
        assert after["snapshot"]["position"] == before["snapshot"]["position"]
        assert after["seq"] >= before["seq"]
        winner = ""
        for _ in range(20):
            for name, phone in (("Eva", eva), ("Pat", pat)):
                status, state = phone.walk()
                assert status == 200
                if state["over"]:
                    winner = name
                    break
            if winner:
                break
        assert state["result"] == f"{winner} wins!"            # the last step reached the goal
        assert eva.state()[0] == 401 and pat.state()[0] == 401  # seats' links die with the game
        assert spectator.state()[1]["over"] is True
        server.send_signal(signal.SIGINT)                      # Ctrl-C
        assert server.wait(10) == 0
        assert server.stderr is not None
        assert "Traceback" not in server.stderr.read()


def test_a_port_in_use_is_one_plain_line_and_status_2(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "companion", "serve", "quoridor", "--store",
             str(tmp_path / "games.db"), "--host", "127.0.0.1", "--port", str(port)],
            capture_output=True, text=True, timeout=60,
            env={**os.environ, "COMPANION_CONFIG": "/nonexistent"})
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"port {port} is taken" in lines[0], done.stderr


def test_the_printed_links_say_which_seat_is_whose(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "companion", "serve", "quoridor", "--name", "Eva",
               "--name", "Robo", "--store", str(tmp_path / "games.db"), "--host", "127.0.0.1",
               "--port", "0", "--companion", "1:easy"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env={**os.environ, "COMPANION_CONFIG": "/nonexistent"})
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(4)]
        assert lines[1].startswith("spectators: http://127.0.0.1:")
        assert lines[2].startswith("seat 0 (Eva): http://")
        assert lines[3].startswith("seat 1 (") and "companion" in lines[3]
        eva = Phone(lines[2].split(": ", 1)[1].strip())
        started = time.monotonic()
        assert eva.walk()[0] == 200
        while time.monotonic() - started < 15:                 # the companion answers alone
            status, state = eva.state()
            if state["to_move"] == 0:
                break
            time.sleep(0.1)
        assert state["to_move"] == 0 and len(state["log"]) == 2
    finally:
        server.send_signal(signal.SIGINT)
        assert server.wait(10) == 0
        for pipe in (server.stdout, server.stderr):
            if pipe is not None:
                pipe.close()
