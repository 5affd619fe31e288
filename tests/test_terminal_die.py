"""The terminal player rolls from an electronic die on a serial URL (here a TCP socket)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

SETTLE_SECONDS = 1.0
"""pyserial empties the input buffer when it opens a port: the die speaks after that."""


def serve_die(lines: bytes) -> int:
    """A one-connection die on localhost: it sends ``lines``, then hangs up."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(60)

    def run() -> None:
        with server:
            connection, _ = server.accept()
            with connection:
                time.sleep(SETTLE_SECONDS)
                connection.sendall(lines)
                time.sleep(SETTLE_SECONDS)

    threading.Thread(target=run, daemon=True).start()
    return int(server.getsockname()[1])


def play_clovece(tmp_path: Path, port: int, lines: str) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "play", "clovece", "--players", "2",
         "--store", str(tmp_path / "s.sqlite3"), "--json",
         "--die", f"serial:socket://127.0.0.1:{port}"],
        input=lines, capture_output=True, text=True, timeout=120,
    )
    assert "Traceback" not in done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_a_roll_from_the_die_is_played_after_garbage_and_out_of_range_lines(
    tmp_path: Path,
) -> None:
    port = serve_die(b"HELLO companion-die 1\nROLL 9\nnoise\nROLL 4\n")
    record, position = play_clovece(tmp_path, port, "roll\nposition\n")
    assert record["ok"] is True and record["history"] == 1
    assert "rolloff{S0:4, S2:?}" in position["text"]


def test_a_die_that_hangs_up_is_a_plain_error_and_nothing_is_played(tmp_path: Path) -> None:
    port = serve_die(b"HELLO companion-die 1\nROLL 9\nRO")
    [record] = play_clovece(tmp_path, port, "roll\n")
    assert record["ok"] is False and record["history"] == 0
    assert record["error"].startswith("die: ")
