"""A phone's input moved the game on while a person at the screen was in the middle of one: a
calm banner says so, and a tap on the board or the action area just after it (aimed at the
position before) is refused the same way."""

from __future__ import annotations

import time
from typing import Any

from kivy.app import App

MOVED_ON_SECONDS = 0.5
"""After a phone's input, a tap on the board or the action area this soon was aimed at the
position before (nobody reacts faster): refused, the banner says the game moved on."""
MOVED_ON_COLOUR = (0.16, 0.40, 0.44, 1)
"""The calm banner of "the game moved on" (not a refusal's red)."""


class MovedOn:
    """When a phone's input last changed the game under one play screen, and what that says."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self._moved_on_at = -1.0
        """When a phone's input last changed the game (``time.monotonic()``)."""

    def note(self) -> None:
        """A phone's input changed the game now."""
        self._moved_on_at = time.monotonic()

    def is_too_soon(self, touch: Any) -> bool:
        """A tap on the board or the action area just after a phone's input (it was aimed at
        the position before): :data:`MOVED_ON_SECONDS`."""
        if time.monotonic() - self._moved_on_at >= MOVED_ON_SECONDS:
            return False
        screen = self.screen
        point = screen.to_local(*touch.pos)
        return any(widget is not None and widget.collide_point(*widget.to_widget(*point))
                   for widget in (screen.board, screen.ids.action_area))

    def text(self, kind: str = "", mover: str = "") -> str:
        """ "The game moved on — Eva played from a phone" (who, when it was a move)."""
        tr = App.get_running_app().table.tr
        if kind == "played" and mover:
            return str(tr("The game moved on — {name} played from a phone").format(name=mover))
        return str(tr("The game moved on"))


__all__ = ["MOVED_ON_COLOUR", "MOVED_ON_SECONDS", "MovedOn"]
