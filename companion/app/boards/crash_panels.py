"""The Crash by Crash board's own controls: the action strip under the hexes and the card picker.

The play screen's action area shows only a preview's OK / Cancel, a roll, choices or text, so the
steps of a Crash action that need buttons (which action, batteries, a card kind, the display)
live inside the board's square: a 52 px strip under the board, and a picker that covers the
hexes while cards are chosen. Layout and look are in ``kv/board_crash.kv``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout

from companion.app.widgets import BigButton

CARD_COLOURS = {
    "grey": (0.62, 0.64, 0.68, 1),
    "yellow": (0.98, 0.82, 0.10, 1),
    "blue": (0.20, 0.50, 0.98, 1),
}


class CrashStrip(BoxLayout):
    """The strip under the hexes: what to tap now, and the buttons of this step."""

    board = ObjectProperty(None, allownone=True)
    text = StringProperty("")
    evaluations = StringProperty("")

    def set_buttons(self, text: str, buttons: list[tuple[str, str, Callable[[], None], bool]],
                    chosen: str = "") -> None:
        """``buttons``: (id, label, action, enabled); ``chosen`` is shown as selected."""
        self.text = text
        box = self.ids.buttons
        box.clear_widgets()
        for key, label, action, enabled in buttons:
            button = CrashStripButton(text=label, key=key, disabled=not enabled,
                                      tone="chosen" if key == chosen else "normal")
            button.bind(on_release=lambda _b, act=action: act())
            box.add_widget(button)
        self.ids.label.size_hint_x = 1 if not buttons else (0.0001 if len(buttons) >= 4 else 0.9)
        self.ids.label.opacity = 0 if len(buttons) >= 4 else 1


class CrashStripButton(BigButton):
    key = StringProperty("")


class CrashCardButton(BigButton):
    """One card kind in the picker, with a bar in the card's colour (grey, yellow, blue)."""

    kind = StringProperty("")
    card_colour = ColorProperty((0.62, 0.64, 0.68, 1))
    count = NumericProperty(0)


class CrashPicker(BoxLayout):
    """Covers the hexes: a title, the 13 card kinds (or other big choices) and Cancel."""

    board = ObjectProperty(None, allownone=True)
    title = StringProperty("")
    can_cancel = BooleanProperty(True)

    def set_choices(self, title: str, choices: list[tuple[str, str, str, bool]],
                    on_pick: Callable[[str], None], cancel_label: str) -> None:
        """``choices``: (key, label, card colour name, enabled)."""
        self.title = title
        grid = self.ids.grid
        grid.clear_widgets()
        for key, label, colour, enabled in choices:
            button = CrashCardButton(text=label, kind=key, disabled=not enabled,
                                     card_colour=CARD_COLOURS.get(colour, CARD_COLOURS["grey"]))
            button.bind(on_release=lambda _b, k=key: on_pick(k))
            grid.add_widget(button)
        self.ids.cancel.text = cancel_label

    def button(self, key: str) -> Any:
        for child in self.ids.grid.children:
            if getattr(child, "kind", None) == key:
                return child
        raise LookupError(key)


__all__ = ["CARD_COLOURS", "CrashCardButton", "CrashPicker", "CrashStrip", "CrashStripButton"]
