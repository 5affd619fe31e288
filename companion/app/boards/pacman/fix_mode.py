"""Fix mode of the PAC-MAN board: figures and dots moved by taps to where they stand on the table
(the position itself is ``pacman_fix.PacmanFix``); the fix panel sets lives and who moves next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.event import EventDispatcher
from kivy.graphics import Color, Line
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app.boards.pacman.corrections import GHOSTS, STRIP, PacmanFix
from companion.games.pacman.layout import load_layout
from companion.games.quoridor.board import square_name
from companion.geometry.pacman import PacmanGeometry
from companion.i18n import translator

SELECTED_COLOUR = (1.0, 0.55, 0.0, 1)


class PacmanFixMode(EventDispatcher):
    """The fix mode of the PAC-MAN board (``board.fix_mode``): ``fix`` is the position being
    fixed, None outside the mode.

    The board gives it the widget it draws on (the ring round what is picked up), ``host`` (the
    board's host: the snapshot to start from, the language), ``layout`` (the board's Kivy-free
    :class:`~companion.geometry.pacman.PacmanGeometry` at its present size) and
    ``show_state(state)``, which draws the fixed position. An EventDispatcher for ``message``,
    which the fix panel shows.
    """

    message = StringProperty("")
    """What to tap now, or why the last tap changed nothing (the fix panel shows it)."""

    def __init__(self, widget: Widget, *, host: Callable[[], Any],
                 layout: Callable[[], PacmanGeometry],
                 show_state: Callable[[dict[str, Any]], None]) -> None:
        super().__init__()
        self._widget = widget
        self._host = host
        self._layout = layout
        self._show_state = show_state
        self.fix: PacmanFix | None = None
        self._fix_base: dict[str, Any] = {}

    def begin(self) -> None:
        """Start fixing from the match's position (the board then calls :meth:`start`)."""
        snapshot = self._host().snapshot()
        layout = load_layout(snapshot["options"].get("layout"))  # the game's own: it loaded
        self.fix = PacmanFix(snapshot["state"], snapshot["position"],
                             {square_name(dot) for dot in layout.dots}, layout.lives)
        self._fix_base = snapshot["state"]

    def start(self) -> None:
        """Show the position being fixed and what to tap first."""
        self._show_fix("Tap a figure, then the square where it stands; tap a dot to take it away")

    def show_again(self) -> None:
        """The match was drawn again while fixing (e.g. the language switched)."""
        self._show_fix(self.message, translated=True)

    def position(self) -> str:
        return self.fix.position() if self.fix is not None else ""

    def end(self) -> None:
        """Done, Cancel, or a fix typed as text: back to the match."""
        self.fix = None

    def tap(self, x: float, y: float) -> None:
        assert self.fix is not None
        layout = self._layout()
        square = layout.grid.square_at(x, y)
        sx, _sy, width, _h = layout.strip
        if square is None and not sx <= x <= sx + width:
            return
        if square is None:  # the strip: an eaten ghost picked up, or a ghost put there
            eaten = [g for g in GHOSTS if self.fix.ghosts[g] is None]
            near = min(eaten, default="", key=lambda g: abs(
                layout.strip_slot(GHOSTS.index(g))[1] - y))
            if not self.fix.selected and near:
                self.fix.pick_eaten(near)
            else:
                self.fix.tap(STRIP)
        else:
            self.fix.tap(square)
        if self.fix.message:
            self._show_fix(self.fix.message)
        elif self.fix.selected:
            self._show_fix("Now tap the square where it stands (the strip: eaten)")
        else:
            self._show_fix("Tap a figure, then the square where it stands; tap a dot to take "
                           "it away")

    def change_lives(self, delta: int) -> None:
        if self.fix is not None:
            self.fix.change_lives(delta)
            self._show_fix(self.message, translated=True)

    def next_phase(self) -> None:
        if self.fix is not None:
            self.fix.next_phase()
            self._show_fix(self.message, translated=True)

    def phase_text(self) -> str:
        if self.fix is None:
            return ""
        _ = self._fix_tr
        return _("PAC-MAN moves next") if self.fix.phase == "pacman" else _("Ghosts move next")

    def lives_text(self) -> str:
        return self._fix_tr("Lives: {count}").format(count=self.fix.lives) if self.fix else ""

    def _fix_tr(self, text: str) -> str:
        host = self._host()
        return translator("pacman", host.lang if host is not None else "en")(text)

    def _show_fix(self, message: str, translated: bool = False) -> None:
        """Draw the fixed position, ring what is picked up, and say ``message``."""
        assert self.fix is not None
        self._show_state(self.fix.as_state(self._fix_base))
        figure = self.fix.selected
        if figure:
            layout = self._layout()
            square = self.fix.pacman if figure == "pacman" else self.fix.ghosts[figure]
            pitch = layout.grid.pitch
            cx, cy = (layout.grid.centre(square) if square else
                      layout.strip_slot(GHOSTS.index(figure)))
            with self._widget.canvas:
                Color(*SELECTED_COLOUR)
                Line(circle=(cx, cy, pitch * 0.5), width=3.5)
        self.message = message if translated else self._fix_tr(message)
        self.property("message").dispatch(self)  # the panel's lives and turn read it


class PacmanFixPanel(BoxLayout):
    """Fix mode's right column: what to tap, PAC-MAN's lives, who moves next."""

    fix_mode = ObjectProperty(None, allownone=True)
    """The board's :class:`PacmanFixMode`."""


__all__ = ["PacmanFixMode", "PacmanFixPanel"]
