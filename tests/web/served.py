"""``companion serve`` as the players start it, on a free port of this machine: the URLs it
prints (``--json``), stopped (or killed) at the end."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

START_SECONDS = 30.0


@dataclass
class Served:
    """A running ``companion serve``: its process and the URLs it printed."""

    process: subprocess.Popen[str]
    view: str
    seats: list[str]

    @property
    def port(self) -> int:
        return int(urlsplit(self.view).port or 0)

    def kill(self) -> None:
        """kill -9: the server dies on the spot (the store keeps the game)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)


def start(game: str, store: Path, names: Sequence[str], *, port: int = 0,
          extra: Sequence[str] = ()) -> Served:
    command = [sys.executable, "-m", "companion", "serve", game, "--host", "127.0.0.1",
               "--port", str(port), "--json", "--store", str(store), *extra]
    for name in names:
        command += ["--name", name]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    deadline = time.monotonic() + START_SECONDS
    line = ""
    while time.monotonic() < deadline and not line:
        line = process.stdout.readline()
        if not line and process.poll() is not None:
            said = process.stderr.read() if process.stderr else ""
            raise AssertionError(f"companion serve ended: {said}")
    urls = json.loads(line)
    return Served(process, urls["view"], list(urls["seats"]))


@contextmanager
def serving(game: str, store: Path, names: Sequence[str], **options: object) -> Iterator[Served]:
    served = start(game, store, names, **options)  # type: ignore[arg-type]
    try:
        yield served
    finally:
        if served.process.poll() is None:
            served.process.send_signal(signal.SIGINT)
            try:
                served.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                served.kill()
        for stream in (served.process.stdout, served.process.stderr):
            if stream is not None:
                stream.close()


__all__ = ["Served", "serving", "start"]
