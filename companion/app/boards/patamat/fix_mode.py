"""Fix mode of the Pat a Mat board: pawns and car tokens put where they stand on the table by taps
(the position itself is ``patamat_fix.PatamatFix``); flags and the turn on the fix panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.event import EventDispatcher
from kivy.graphics import Color, InstructionGroup, Line
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app.boards.patamat.cars import NOUN
from companion.app.boards.patamat.corrections import PatamatFix
from companion.app.widgets.common import BigButton, BoardChoices

FIX_TEXTS = {
    "start": "Tap a pawn or a car, then the field where it stands",
    "picked": "Now tap the field where it stands",
    "nothing": "Nothing stands there: tap a pawn or a car",
    "which": "Which one?",
    "pawn": "{name}'s pawn",
    "car": "the {car} {number}",
    "sit": "{name} sits in the {car} {number}",
    "out": "{name} gets out of the car",
    "flags": "{name}: {count} flags",
    "Another pawn stands there": "Another pawn stands there",
}
"""The fix mode's texts (``patamat`` domain); the model's messages are keys too."""
SELECTED_COLOUR = (1.0, 0.55, 0.0, 1)


class PatamatFixMode(EventDispatcher):
    """The fix mode of the Pat a Mat board (``board.fix_mode``): the position being fixed
    (``fix``, None outside the mode), what is picked up, the "which one?" overlay, the fix panel.

    The board gives it the widget it draws on (the ring round what is picked up, the overlay
    over it), the geometry (``place``, ``field_at``), its texts (``tr``: the ``patamat``
    domain), ``host`` (the board's host, for "Turn: {name}") and ``show_state(state)``, which
    draws the fixed position. An EventDispatcher for ``message``, which the fix panel shows.
    """

    message = StringProperty("")

    def __init__(self, widget: Widget, *, place: Callable[[str], tuple[float, float, float]],
                 field_at: Callable[[float, float], str | None], tr: Callable[[str], str],
                 host: Callable[[], Any], show_state: Callable[[dict[str, Any]], None]) -> None:
        super().__init__()
        self._widget = widget
        self._place = place
        self._field_at = field_at
        self._t = tr
        self._host = host
        self._show_state = show_state
        self.fix: PatamatFix | None = None
        self._fix_base: dict[str, Any] = {}
        self.overlay: BoardChoices | None = None
        self._fix_panel: PatamatFixPanel | None = None
        self._fix_ring: InstructionGroup | None = None

    def begin(self, state: dict[str, Any]) -> None:
        """Start fixing from ``state`` (the board then shows :meth:`show` "start")."""
        self.fix = PatamatFix(state)
        self._fix_base = state

    def rebase(self, state: dict[str, Any]) -> None:
        """The match was drawn again while fixing (e.g. the language switched): show the fixed
        position over it again."""
        self._fix_base = state
        self.show("", keep=True)

    def position(self) -> str:
        return self.fix.position() if self.fix is not None else ""

    def end(self) -> None:
        """Done, Cancel, or a fix typed as text: back to the match."""
        self.fix, self._fix_panel = None, None
        self._close_fix_overlay()
        if self._fix_ring is not None:
            self._fix_ring.clear()

    def panel(self) -> PatamatFixPanel:
        panel = PatamatFixPanel(fix_mode=self)
        for name in self.fix.names if self.fix is not None else []:
            button = BigButton(font_size=20, size_hint_y=None, height=48)
            button.player = name
            button.bind(on_release=lambda b: self.next_flags(b.player))
            panel.ids.flags.add_widget(button)
        panel.show_flags()
        self._fix_panel = panel
        return panel

    def next_flags(self, name: str) -> None:
        if self.fix is not None:
            self.fix.next_flags(name)
            self.show("", keep=True)

    def next_turn(self) -> None:
        if self.fix is not None:
            self.fix.next_turn()
            self.show("", keep=True)

    def flags_text(self, name: str) -> str:
        count = self.fix.flags.get(name, 0) if self.fix is not None else 0
        return self._t(FIX_TEXTS["flags"]).format(name=name, count=count)

    def turn_text(self) -> str:
        turn = self.fix.turn if self.fix is not None else ""
        host = self._host()
        return str(host.tr("Turn: {name}")).format(name=turn) if host else turn

    def tap(self, x: float, y: float) -> None:
        fix = self.fix
        assert fix is not None
        if self.overlay is not None:
            self._close_fix_overlay()
            return
        field = self._field_at(x, y)
        if field is None:
            return
        if fix.picked:
            fix.put(field)
            self.show(fix.message or "start")
            return
        choices = fix.choices_at(field)
        if not choices:
            self.show("nothing")
        elif len(choices) == 1:
            self._fix_choose(choices[0])
        else:
            self._ask_fix(choices)

    def _fix_choose(self, choice: str) -> None:
        self._close_fix_overlay()
        assert self.fix is not None
        self.fix.choose(choice)
        self.show("picked" if self.fix.picked else "start")

    def _ask_fix(self, choices: list[str]) -> None:
        overlay = BoardChoices(board=self._widget, title=self._t(FIX_TEXTS["which"]))
        for choice in choices:
            text = self._choice_text(choice)
            overlay.add_choice(text[:1].upper() + text[1:],
                               lambda chosen=choice: self._fix_choose(chosen), height=56)
        overlay.show_over(self._widget)
        self.overlay = overlay

    def _close_fix_overlay(self) -> None:
        if self.overlay is not None:
            self._widget.remove_widget(self.overlay)
            self.overlay = None

    def _choice_text(self, choice: str) -> str:
        words = choice.split()
        if words[0] == "pawn":
            return self._t(FIX_TEXTS["pawn"]).format(name=words[1])
        if words[0] == "out":
            return self._t(FIX_TEXTS["out"]).format(name=words[1])
        car = words[-1]
        kind, number = car.rstrip("0123456789"), car[len(car.rstrip("0123456789")):]
        noun = self._t(_noun(kind))
        if words[0] == "sit":
            return self._t(FIX_TEXTS["sit"]).format(name=words[1], car=noun, number=number)
        return self._t(FIX_TEXTS["car"]).format(car=noun, number=number)

    def show(self, message: str, keep: bool = False) -> None:
        """Draw the fixed position, ring what is picked up, and say ``message``."""
        fix = self.fix
        assert fix is not None
        self._show_state(fix.as_state(self._fix_base))
        kind, _space, key = fix.picked.partition(" ")
        field = (fix.pawns[key]["field"] if kind == "pawn" else fix.cars.get(key)) if kind else ""
        if self._fix_ring is None:  # over the board's layers, emptied on every showing
            self._fix_ring = InstructionGroup()
            self._widget.canvas.after.add(self._fix_ring)
        self._fix_ring.clear()
        if field:
            x, y, side = self._place(field)
            self._fix_ring.add(Color(*SELECTED_COLOUR))
            self._fix_ring.add(Line(circle=(x, y, side * 0.62), width=3.5))
        if not keep:
            self.message = self._t(FIX_TEXTS.get(message, message))
        self.property("message").dispatch(self)  # the panel's turn button reads it
        if self._fix_panel is not None:
            self._fix_panel.show_flags()


def _noun(kind: str) -> str:
    return NOUN.get(kind, kind)


class PatamatFixPanel(BoxLayout):
    """Fix mode's right column: what to tap, each player's flags, whose turn it is."""

    fix_mode = ObjectProperty(None, allownone=True)
    """The board's :class:`PatamatFixMode`."""

    def show_flags(self) -> None:
        if self.fix_mode is None:
            return
        for button in self.ids.flags.children:
            button.text = self.fix_mode.flags_text(button.player)


__all__ = ["FIX_TEXTS", "PatamatFixMode", "PatamatFixPanel"]
