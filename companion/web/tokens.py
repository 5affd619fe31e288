"""The phones' passes: one view token per table (spectators), one seat token per seat of the
open game. A token is at least 128 random bits (``secrets.token_urlsafe``), compared in
constant time (``hmac.compare_digest``), and kept in the store's settings, so that a restarted
server keeps the phones' links working for the same game.

Seat tokens live only while their game is open and not over: a new game, the end of the game
or "Forget phones" kills them. Changes happen on the table's owner thread (they write the
store); any thread may check a token (it reads one immutable :class:`Passes`).
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from companion.records.store import Store

TOKEN_BYTES = 24
"""192 random bits per token (the contract asks at least 128)."""
SETTING = "web.tokens"
"""The store setting that keeps the passes."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class Pass:
    """Who a valid token is: a spectator (``seat`` None) or the person at ``seat``."""

    seat: int | None

    @property
    def is_spectator(self) -> bool:
        return self.seat is None


@dataclass(frozen=True)
class Passes:
    """The tokens of the table now: ``view``, and ``seats`` of the game ``game``."""

    view: str
    game: str | None = None
    """The open game's key (its stored id, or ``unsaved:…`` until it is stored)."""
    seats: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"view": self.view, "game": self.game, "seats": list(self.seats)}

    @classmethod
    def from_json(cls, data: Any) -> Passes | None:
        if not isinstance(data, dict) or not _is_token(data.get("view")):
            return None
        seats = data.get("seats") or []
        game = data.get("game")
        if not isinstance(seats, list) or not all(_is_token(seat) for seat in seats):
            seats = []
        return cls(str(data["view"]), str(game) if game is not None else None, tuple(seats))


class Tokens:
    """The table's passes, kept in ``store`` (changed on the owner thread only)."""

    def __init__(self, store: Store) -> None:
        self._store = store
        kept = Passes.from_json(store.setting(SETTING))
        self.passes = kept or Passes(new_token())
        if kept is None:
            self._keep()

    def check(self, token: str) -> Pass | None:
        """Who ``token`` is, or None. Every token is compared, in constant time each."""
        passes = self.passes
        given = token.encode("utf-8", "replace")
        found: Pass | None = None
        if hmac.compare_digest(given, passes.view.encode()):
            found = Pass(None)
        for seat, seat_token in enumerate(passes.seats):
            if hmac.compare_digest(given, seat_token.encode()):
                found = Pass(seat)
        return found

    def open_game(self, game: str, seats: int, was: str | None = None) -> None:
        """The seat tokens of the open game ``game`` with ``seats`` seats: the same as before
        when it is the same game (a restart), new ones otherwise. ``was``: the key the same
        game had until now (``unsaved:…`` until the store took it): it keeps its tokens."""
        passes = self.passes
        if len(passes.seats) == seats and passes.game in (game, was) and passes.game:
            if passes.game != game:
                self.passes = Passes(passes.view, game, passes.seats)
                self._keep()
            return
        self.passes = Passes(passes.view, game, tuple(new_token() for _ in range(seats)))
        self._keep()

    def end_seats(self) -> None:
        """The game ended or closed: its seat tokens die."""
        if self.passes.seats or self.passes.game is not None:
            self.passes = Passes(self.passes.view)
            self._keep()

    def forget(self) -> None:
        """New tokens for everything (Settings → "Forget phones")."""
        self.passes = Passes(new_token())
        self._keep()

    def _keep(self) -> None:
        self._store.set_setting(SETTING, self.passes.to_json())


def _is_token(value: Any) -> bool:
    return isinstance(value, str) and len(value) >= 22 and value.isascii()


__all__ = ["Pass", "Passes", "TOKEN_BYTES", "Tokens", "new_token"]
