"""Fix mode of the Pat a Mat board: pawns and car tokens put where they stand on the table by taps
(the position itself is ``patamat_fix.PatamatFix``); flags and the turn on the fix panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.graphics import Color, InstructionGroup, Line
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.boards.patamat.cars import NOUN
from companion.app.boards.patamat.corrections import PatamatFix
from companion.app.widgets import BigButton, BoardChoices

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


class PatamatFixMode:
    """Mixed into PatamatBoard: ``_fix`` is the position being fixed, None otherwise."""

    fix_message = StringProperty("")
    _fix: PatamatFix | None = None
    _fix_overlay: BoardChoices | None = None
    _fix_panel: PatamatFixPanel | None = None
    _fix_ring: InstructionGroup | None = None

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any: ...  # the rest is PatamatBoard's

    @property
    def supports_fix(self) -> bool:  # type: ignore[override]
        """By taps during play; in the set-up and the roll-off the position is typed."""
        return bool(self._state) and self._state.get("phase") == "play"

    def begin_fix(self) -> None:
        self._fix = PatamatFix(self._state)
        self._fix_base = self._state
        self.preview = ""
        self.is_fixing = True
        self._show_fix("start")

    def fix_position(self) -> str:
        return self._fix.position() if self._fix is not None else ""

    def on_is_fixing(self, _board: Any, is_fixing: bool) -> None:
        if not is_fixing:  # Done, Cancel, or a fix typed as text: back to the match
            self._fix, self._fix_panel = None, None
            self._close_fix_overlay()
            if self._fix_ring is not None:
                self._fix_ring.clear()

    def fix_panel(self) -> PatamatFixPanel:
        panel = PatamatFixPanel(board=self)
        for name in self._fix.names if self._fix is not None else []:
            button = BigButton(font_size=20, size_hint_y=None, height=48)
            button.player = name
            button.bind(on_release=lambda b: self.next_fix_flags(b.player))
            panel.ids.flags.add_widget(button)
        panel.show_flags()
        self._fix_panel = panel
        return panel

    def next_fix_flags(self, name: str) -> None:
        if self._fix is not None:
            self._fix.next_flags(name)
            self._show_fix("", keep=True)

    def next_fix_turn(self) -> None:
        if self._fix is not None:
            self._fix.next_turn()
            self._show_fix("", keep=True)

    def fix_flags_text(self, name: str) -> str:
        count = self._fix.flags.get(name, 0) if self._fix is not None else 0
        return self._t(FIX_TEXTS["flags"]).format(name=name, count=count)

    def fix_turn_text(self) -> str:
        turn = self._fix.turn if self._fix is not None else ""
        return str(self.host.tr("Turn: {name}")).format(name=turn) if self.host else turn

    def fix_tap(self, x: float, y: float) -> None:
        fix = self._fix
        assert fix is not None
        if self._fix_overlay is not None:
            self._close_fix_overlay()
            return
        field = self._field_at(x, y)
        if field is None:
            return
        if fix.picked:
            fix.put(field)
            self._show_fix(fix.message or "start")
            return
        choices = fix.choices_at(field)
        if not choices:
            self._show_fix("nothing")
        elif len(choices) == 1:
            self._fix_choose(choices[0])
        else:
            self._ask_fix(choices)

    def _fix_choose(self, choice: str) -> None:
        self._close_fix_overlay()
        assert self._fix is not None
        self._fix.choose(choice)
        self._show_fix("picked" if self._fix.picked else "start")

    def _ask_fix(self, choices: list[str]) -> None:
        overlay = BoardChoices(board=self, title=self._t(FIX_TEXTS["which"]))
        for choice in choices:
            text = self._choice_text(choice)
            overlay.add_choice(text[:1].upper() + text[1:],
                               lambda chosen=choice: self._fix_choose(chosen), height=56)
        overlay.show_over(self)
        self._fix_overlay = overlay

    def _close_fix_overlay(self) -> None:
        if self._fix_overlay is not None:
            self.remove_widget(self._fix_overlay)
            self._fix_overlay = None

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

    def _show_fix(self, message: str, keep: bool = False) -> None:
        """Draw the fixed position, ring what is picked up, and say ``message``."""
        fix = self._fix
        assert fix is not None
        self._state = fix.as_state(self._fix_base)
        self._redraw()
        kind, _space, key = fix.picked.partition(" ")
        field = (fix.pawns[key]["field"] if kind == "pawn" else fix.cars.get(key)) if kind else ""
        if self._fix_ring is None:  # over the board's layers, emptied on every showing
            self._fix_ring = InstructionGroup()
            self.canvas.after.add(self._fix_ring)
        self._fix_ring.clear()
        if field:
            x, y, side = self._place(field)
            self._fix_ring.add(Color(*SELECTED_COLOUR))
            self._fix_ring.add(Line(circle=(x, y, side * 0.62), width=3.5))
        if not keep:
            self.fix_message = self._t(FIX_TEXTS.get(message, message))
        self.property("fix_message").dispatch(self)  # the panel's turn button reads it
        if self._fix_panel is not None:
            self._fix_panel.show_flags()


def _noun(kind: str) -> str:
    return NOUN.get(kind, kind)


class PatamatFixPanel(BoxLayout):
    """Fix mode's right column: what to tap, each player's flags, whose turn it is."""

    board = ObjectProperty(None, allownone=True)

    def show_flags(self) -> None:
        if self.board is None:
            return
        for button in self.ids.flags.children:
            button.text = self.board.fix_flags_text(button.player)


__all__ = ["FIX_TEXTS", "PatamatFixMode", "PatamatFixPanel"]
