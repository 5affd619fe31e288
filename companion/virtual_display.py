"""Our own Xvfb on a free display number, for the screen tests and the benchmarks.

Nothing in the app uses it: a laptop or the Pi has a real display.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SCREEN = "800x480x24"


def free_display() -> int:
    return next(
        n for n in range(90, 500)
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists()
    )


@contextmanager
def xvfb() -> Iterator[str]:
    """``with xvfb() as display:`` a running X server ``":N"``; stopped on leaving."""
    if shutil.which("Xvfb") is None:
        raise RuntimeError("Xvfb is not installed (apt install xvfb)")
    number = free_display()
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", SCREEN, "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 10
    while not socket.exists():
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise RuntimeError(f"Xvfb did not start on :{number}")
        time.sleep(0.05)
    try:
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
