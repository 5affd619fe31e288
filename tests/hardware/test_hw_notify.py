"""The sd_notify client talks to a unix datagram socket, as systemd's would."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware import notify


@pytest.fixture
def systemd(tmp_path: Path) -> Iterator[tuple[socket.socket, dict[str, str]]]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = tmp_path / "notify"
    sock.bind(str(path))
    sock.settimeout(2)
    yield sock, {"NOTIFY_SOCKET": str(path)}
    sock.close()


def test_ready_and_watchdog_arrive(systemd: tuple[socket.socket, dict[str, str]]) -> None:
    sock, env = systemd
    assert notify.ready(environ=env)
    assert sock.recv(256) == b"READY=1"
    assert notify.watchdog(environ=env)
    assert sock.recv(256) == b"WATCHDOG=1"
    assert notify.status("waiting for the die\nplease", environ=env)
    assert sock.recv(256) == b"STATUS=waiting for the die please"
    assert notify.stopping(environ=env)
    assert sock.recv(256) == b"STOPPING=1"


def test_the_process_environment_is_the_default(
    systemd: tuple[socket.socket, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    sock, env = systemd
    monkeypatch.setenv("NOTIFY_SOCKET", env["NOTIFY_SOCKET"])
    assert notify.ready()
    assert sock.recv(256) == b"READY=1"


def test_abstract_namespace_socket() -> None:
    name = f"companion-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(2)
        assert notify.watchdog(environ={"NOTIFY_SOCKET": "@" + name})
        assert sock.recv(256) == b"WATCHDOG=1"


def test_outside_systemd_nothing_happens() -> None:
    assert not notify.ready(environ={})
    assert not notify.watchdog(environ={"NOTIFY_SOCKET": ""})


def test_a_dead_socket_is_logged_not_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert not notify.ready(environ={"NOTIFY_SOCKET": str(tmp_path / "gone")})
    assert "READY=1" in caplog.text


@pytest.mark.parametrize(
    ("env", "seconds"),
    [
        ({"WATCHDOG_USEC": "30000000"}, 30.0),
        ({"WATCHDOG_USEC": "500000", "WATCHDOG_PID": str(os.getpid())}, 0.5),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}, None),  # meant for another process
        ({"WATCHDOG_USEC": "0"}, None),
        ({"WATCHDOG_USEC": "soon"}, None),
        ({}, None),
    ],
)
def test_watchdog_interval(env: dict[str, str], seconds: float | None) -> None:
    assert notify.watchdog_interval(environ=env) == seconds
    half = None if seconds is None else seconds / 2
    assert notify.watchdog_period(environ=env) == half
