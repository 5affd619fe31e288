"""Fix mode of the PAC-MAN board: figures and dots moved by taps to where they stand on the table
(the position itself is ``pacman_fix.PacmanFix``); the fix panel sets lives and who moves next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.graphics import Color, Line
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.boards.pacman.corrections import GHOSTS, STRIP, PacmanFix
from companion.games.pacman.layout import load_layout
from companion.games.quoridor.board import square_name
from companion.i18n import translator

SELECTED_COLOUR = (1.0, 0.55, 0.0, 1)


class PacmanFixMode:
    """Mixed into PacmanBoard: ``_fix`` is the position being fixed, None otherwise."""

    fix_message = StringProperty("")
    """What to tap now, or why the last tap changed nothing (the fix panel shows it)."""
    _fix: PacmanFix | None = None

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any: ...  # the rest is PacmanBoard's

    def begin_fix(self) -> None:
        snapshot = self.host.snapshot()
        layout = load_layout(snapshot["options"].get("layout"))  # the game's own: it loaded
        self._fix = PacmanFix(snapshot["state"], snapshot["position"],
                              {square_name(dot) for dot in layout.dots}, layout.lives)
        self._fix_base = snapshot["state"]
        self.preview, self.selected_ghost, self.caption = "", "", ""
        self.is_fixing = True
        self._show_fix("Tap a figure, then the square where it stands; tap a dot to take it away")

    def fix_position(self) -> str:
        return self._fix.position() if self._fix is not None else ""

    def on_is_fixing(self, _board: Any, is_fixing: bool) -> None:
        if not is_fixing:  # Done, Cancel, or a fix typed as text: back to the match
            self._fix = None

    def fix_panel(self) -> PacmanFixPanel:
        return PacmanFixPanel(board=self)

    def fix_tap(self, x: float, y: float) -> None:
        assert self._fix is not None
        square = self._square_at(x, y)
        sx, _sy, width, _h = self._strip_rect()
        if square is None and not sx <= x <= sx + width:
            return
        if square is None:  # the strip: an eaten ghost picked up, or a ghost put there
            eaten = [g for g in GHOSTS if self._fix.ghosts[g] is None]
            near = min(eaten, default="", key=lambda g: abs(
                self._strip_slot(GHOSTS.index(g))[1] - y))
            if not self._fix.selected and near:
                self._fix.pick_eaten(near)
            else:
                self._fix.tap(STRIP)
        else:
            self._fix.tap(square)
        if self._fix.message:
            self._show_fix(self._fix.message)
        elif self._fix.selected:
            self._show_fix("Now tap the square where it stands (the strip: eaten)")
        else:
            self._show_fix("Tap a figure, then the square where it stands; tap a dot to take "
                           "it away")

    def change_fix_lives(self, delta: int) -> None:
        if self._fix is not None:
            self._fix.change_lives(delta)
            self._show_fix(self.fix_message, translated=True)

    def next_fix_phase(self) -> None:
        if self._fix is not None:
            self._fix.next_phase()
            self._show_fix(self.fix_message, translated=True)

    def fix_phase_text(self) -> str:
        if self._fix is None:
            return ""
        _ = self._fix_tr
        return _("PAC-MAN moves next") if self._fix.phase == "pacman" else _("Ghosts move next")

    def fix_lives_text(self) -> str:
        return self._fix_tr("Lives: {count}").format(count=self._fix.lives) if self._fix else ""

    def _fix_tr(self, text: str) -> str:
        return translator("pacman", self.host.lang if self.host is not None else "en")(text)

    def _show_fix(self, message: str, translated: bool = False) -> None:
        """Draw the fixed position, ring what is picked up, and say ``message``."""
        assert self._fix is not None
        self._state = self._fix.as_state(self._fix_base)
        self._redraw()
        figure = self._fix.selected
        if figure:
            square = self._fix.pacman if figure == "pacman" else self._fix.ghosts[figure]
            _ox, _oy, pitch = self._grid()
            cx, cy = (self._centre(square) if square else
                      self._strip_slot(GHOSTS.index(figure)))
            with self.canvas:
                Color(*SELECTED_COLOUR)
                Line(circle=(cx, cy, pitch * 0.5), width=3.5)
        self.fix_message = message if translated else self._fix_tr(message)
        self.property("fix_message").dispatch(self)  # the panel's lives and turn read it


class PacmanFixPanel(BoxLayout):
    """Fix mode's right column: what to tap, PAC-MAN's lives, who moves next."""

    board = ObjectProperty(None, allownone=True)


__all__ = ["PacmanFixMode", "PacmanFixPanel"]
