"""The electronic die simulated on a pseudo-terminal, for laptops and tests (POSIX only).

It runs the firmware's own logic (``hardware/firmware/die_logic.py``), so the app talks
to it exactly as to the Pico::

    python -m hardware.fake_die        # prints "die on /dev/pts/7"; Enter rolls, q quits
    companion --die serial:/dev/pts/7
"""

from __future__ import annotations

import os
import select
import sys
import threading
import tty
from collections.abc import Callable

from hardware.firmware import die_logic

POLL_SECONDS = 0.05


class FakeDie:
    """A die at ``self.port`` (a pty path): answers ``HELLO`` and ``ASK``; :meth:`press` rolls.

    ``random_bytes`` feeds the fair roll (``os.urandom`` by default). :meth:`close` stops
    the thread and closes the pty.
    """

    def __init__(self, *, random_bytes: Callable[[int], bytes] = os.urandom) -> None:
        self._random_bytes = random_bytes
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self.rolls: list[int] = []
        self._write_lock = threading.Lock()
        self._stopping = threading.Event()
        self._reader = die_logic.LineReader()
        self._thread = threading.Thread(target=self._serve, name="fake-die", daemon=True)
        self._send(die_logic.HELLO_LINE)
        self._thread.start()

    def press(self) -> int:
        """Roll as the die's button would; returns the face sent."""
        face = self._roll()
        self._send(die_logic.roll_line(face))
        return face

    def send_raw(self, data: bytes) -> None:
        """Put arbitrary bytes on the line (noise, broken lines)."""
        with self._write_lock:
            os.write(self._master, data)

    def close(self) -> None:
        """Stop answering and pull the cable; safe to call twice."""
        if self._stopping.is_set():
            return
        self._stopping.set()
        self._thread.join()
        os.close(self._master)
        os.close(self._slave)

    unplug = close

    def __enter__(self) -> FakeDie:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _roll(self) -> int:
        face = die_logic.roll_from_bytes(self._random_bytes)
        self.rolls.append(face)
        return face

    def _send(self, line: str) -> None:
        self.send_raw((line + "\n").encode("ascii"))

    def _serve(self) -> None:
        while not self._stopping.is_set():
            readable, _, _ = select.select([self._master], [], [], POLL_SECONDS)
            if not readable:
                continue
            try:
                data = os.read(self._master, 256)
            except OSError:
                return
            for line in self._reader.feed(data.decode("ascii", errors="replace")):
                answer = die_logic.reply(line, self._roll)
                if answer is not None:
                    self._send(answer)


def main() -> int:
    with FakeDie() as die:
        print(f"die on {die.port}; Enter rolls, q + Enter quits", flush=True)
        for line in sys.stdin:
            if line.strip().lower() == "q":
                break
            print(f"ROLL {die.press()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
