"""The Člověče board's widgets over and beside it (layout in ``kv/board_clovece.kv``) and its
fix mode: the pieces moved by taps to where they stand on the table (``clovece_fix``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.boards.clovece.corrections import FixModel
from companion.games.clovece.text import PIECES
from companion.geometry.clovece import element_at


class CloveceFixPanel(BoxLayout):
    """Fix mode's right column: what to tap, what the last tap did, and whose turn it is."""

    board = ObjectProperty(None, allownone=True)


class CloveceFixMode:
    """Fix mode of the Člověče board (mixed into CloveceBoard): ``_fix`` is the position being
    fixed while the players tap, None otherwise."""

    fix_message = StringProperty("")
    """What the last tap in fix mode did (or why not), shown on the fix panel."""
    _fix: FixModel | None = None

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any: ...  # the rest is CloveceBoard's

    def begin_fix(self) -> None:
        self._close_overlay()
        self._stop_pulse()
        self._fix = FixModel(self._state, str(self._snapshot.get("position", "")),
                             self._snapshot.get("to_move"))
        self.fix_message = self._tr("Tap a piece, then where it stands on the table")
        self.preview = ""
        self.is_fixing = True
        self._redraw()

    def fix_position(self) -> str:
        return self._fix.position() if self._fix is not None else ""

    def on_is_fixing(self, _board: Any, is_fixing: bool) -> None:
        if not is_fixing:  # Done, Cancel, or a fix typed as text: back to the match
            self._fix = None

    def fix_panel(self) -> CloveceFixPanel:
        return CloveceFixPanel(board=self)

    def next_fix_turn(self) -> None:
        if self._fix is not None:
            self._fix.next_turn()
            self.property("fix_message").dispatch(self)  # the panel's turn button reads it
            self._redraw()  # the framed house follows the turn

    def fix_turn_name(self) -> str:
        if self._fix is None or self.host is None:
            return ""
        looks = self.host.seat_looks()
        return looks[self._fix.turn].name if self._fix.turn < len(looks) else ""

    def _fix_tap(self, x: float, y: float) -> None:
        assert self._fix is not None
        spot = element_at(self._layout(), x, y)
        if spot is None:
            return
        self._fix.tap(spot)
        if self._fix.message:
            self.fix_message = self._tr(self._fix.message).format(
                piece=self._tr(PIECES[self._fix.colour]) if self._fix.colour else "")
        elif self._fix.selected is not None:
            self.fix_message = self._tr("Now tap where it stands")
        else:
            self.fix_message = self._tr("Tap a piece, then where it stands on the table")
        self._redraw()


__all__ = ["CloveceFixMode", "CloveceFixPanel"]
