"""Fix mode of the Člověče board: the pieces moved by taps to where they stand on the table (the
position itself is ``corrections.FixModel``); whose turn it is on the fix panel (layout in
``kv/board_clovece.kv``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.boards.clovece.corrections import FixModel
from companion.games.clovece.text import PIECES
from companion.geometry.clovece import Layout, element_at


class CloveceFixPanel(BoxLayout):
    """Fix mode's right column: what to tap, what the last tap did, and whose turn it is."""

    fix_mode = ObjectProperty(None, allownone=True)
    """The board's :class:`CloveceFixMode`."""


class CloveceFixMode(EventDispatcher):
    """The fix mode of the Člověče board (``board.fix_mode``): ``fix`` is the position being
    fixed while the players tap, None otherwise.

    The board gives it ``host`` (the board's host: the seats' names), ``layout`` (the board's
    Kivy-free :class:`~companion.geometry.clovece.Layout` at its present size), its texts
    (``tr``: the ``clovece`` domain) and ``redraw``; the board draws ``fix`` while it is set.
    An EventDispatcher for ``message``, which the fix panel shows.
    """

    message = StringProperty("")
    """What the last tap in fix mode did (or why not), shown on the fix panel."""

    def __init__(self, *, host: Callable[[], Any], layout: Callable[[], Layout],
                 tr: Callable[[str], str], redraw: Callable[[], None]) -> None:
        super().__init__()
        self._host = host
        self._layout = layout
        self._tr = tr
        self._redraw = redraw
        self.fix: FixModel | None = None

    def begin(self, state: dict[str, Any], position: str, to_move: Any) -> None:
        """Start fixing from the match's position (the board then redraws)."""
        self.fix = FixModel(state, position, to_move)
        self.message = self._tr("Tap a piece, then where it stands on the table")

    def position(self) -> str:
        return self.fix.position() if self.fix is not None else ""

    def end(self) -> None:
        """Done, Cancel, or a fix typed as text: back to the match."""
        self.fix = None

    def next_turn(self) -> None:
        if self.fix is not None:
            self.fix.next_turn()
            self.property("message").dispatch(self)  # the panel's turn button reads it
            self._redraw()  # the framed house follows the turn

    def turn_name(self) -> str:
        host = self._host()
        if self.fix is None or host is None:
            return ""
        looks = host.seat_looks()
        return looks[self.fix.turn].name if self.fix.turn < len(looks) else ""

    def tap(self, x: float, y: float) -> None:
        assert self.fix is not None
        spot = element_at(self._layout(), x, y)
        if spot is None:
            return
        self.fix.tap(spot)
        if self.fix.message:
            self.message = self._tr(self.fix.message).format(
                piece=self._tr(PIECES[self.fix.colour]) if self.fix.colour else "")
        elif self.fix.selected is not None:
            self.message = self._tr("Now tap where it stands")
        else:
            self.message = self._tr("Tap a piece, then where it stands on the table")
        self._redraw()


__all__ = ["CloveceFixMode", "CloveceFixPanel"]
