"""Every hardware test must leave no thread behind: readers and hold timers are joined."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def no_thread_leaks() -> Iterator[None]:
    before = set(threading.enumerate())
    yield
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline:
        leaked = [t for t in threading.enumerate() if t not in before and t.is_alive()]
        if not leaked:
            return
        time.sleep(0.01)
    pytest.fail(f"threads left running: {leaked!r}")
