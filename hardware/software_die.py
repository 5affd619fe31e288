"""The software die: a fair roll from the system's randomness when no electronic die is configured.

Same shape as :class:`hardware.serial_die.SerialDie` (``request_roll()``, ``on_roll``,
``close()``, ``source``), so the app treats every die alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hardware import Post, call_now

FACES = 6

_SYSTEM_RANDOM = random.SystemRandom()


def fair_below(n: int) -> int:
    """A uniform integer in ``0..n-1`` from the system's randomness (``os.urandom``), drawn as
    :func:`secrets.randbelow` draws it (``SystemRandom``): ``secrets`` itself is not imported,
    it brings ``hmac`` and ``hashlib``, whose OpenSSL digests take ~0.7 MB of the app's memory."""
    return _SYSTEM_RANDOM.randrange(n)


class SoftwareDie:
    """Rolls when asked: ``request_roll()`` delivers ``on_roll(face)`` through ``post``.

    ``source`` names the die for the fairness statistics: ``"software"`` (rolled from the
    screen or keyboard) or ``"gpio"`` (rolled by the GPIO ROLL button). ``random_below(n)``
    returns a uniform integer in ``0..n-1``; the default is :func:`fair_below`.
    """

    def __init__(
        self,
        *,
        on_roll: Callable[[int], None] | None = None,
        post: Post = call_now,
        source: str = "software",
        random_below: Callable[[int], int] | None = None,
    ) -> None:
        self.source = source
        self.status = "connected"
        self._on_roll = on_roll
        self._post = post
        self._random_below = random_below or fair_below
        self._is_closed = False

    @property
    def is_connected(self) -> bool:
        return not self._is_closed

    def roll(self) -> int:
        """One fair face 1..6, without delivering it."""
        return self._random_below(FACES) + 1

    def request_roll(self) -> bool:
        """Roll now and deliver the face; False once closed."""
        if self._is_closed:
            return False
        face = self.roll()
        if self._on_roll is not None:
            on_roll = self._on_roll
            self._post(lambda: on_roll(face))
        return True

    def close(self) -> None:
        self._is_closed = True
        self.status = "closed"
