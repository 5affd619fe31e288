"""The Kivy clock's stand-in for the phones' tests and benchmarks: one thread that runs
everything posted to it, in order (the table session's owner thread)."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class OwnerThread:
    """The Kivy clock's stand-in: one thread runs everything posted to it, in order."""

    def __init__(self) -> None:
        self._work: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self.thread = threading.Thread(target=self._run, name="owner", daemon=True)
        self.thread.start()

    def post(self, action: Callable[[], None]) -> None:
        self._work.put(action)

    def run(self, action: Callable[[], T], timeout: float = 20.0) -> T:
        """Run ``action`` on the owner thread and wait for it (as the app's own calls are)."""
        done: queue.Queue[tuple[bool, Any]] = queue.Queue()

        def call() -> None:
            try:
                done.put((True, action()))
            except Exception as error:  # noqa: BLE001 - handed back to the test
                done.put((False, error))

        self.post(call)
        is_ok, value = done.get(timeout=timeout)
        if not is_ok:
            raise value
        return value  # type: ignore[no-any-return]

    def stop(self) -> None:
        self._work.put(None)
        self.thread.join(5)

    def _run(self) -> None:
        while (action := self._work.get()) is not None:
            action()


__all__ = ["OwnerThread"]
