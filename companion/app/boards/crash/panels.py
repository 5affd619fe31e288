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

from companion.app.frames.steady_layouts import SteadyBoxLayout
from companion.app.labels.remembered import RememberedLabel
from companion.app.labels.widths import text_width
from companion.app.widgets.common import BigButton

CARD_COLOURS = {
    "grey": (0.62, 0.64, 0.68, 1),
    "yellow": (0.98, 0.82, 0.10, 1),
    "blue": (0.20, 0.50, 0.98, 1),
}


STRIP_FONT = 20
MIN_BUTTON_WIDTH = 64
"""No strip button is narrower than a finger needs."""
BUTTON_PADDING = 20
MIN_WORDS_WIDTH = 110
"""The words left of the buttons need this much room (or their own width, if less); without
it they are hidden and the buttons take the strip."""
EVALUATIONS_WIDTH = 46
DEFAULT_STRIP_WIDTH = 480
KEPT_BUTTONS = 24
"""Strip buttons kept with their labels rendered: the actions, Cancel, Back, batteries, the
players' names, an operator's push directions."""
SPARE_BUTTONS = 8
"""Strip buttons made ahead while the table is idle: the six a game's first rows make."""


class CrashStrip(SteadyBoxLayout):
    """The strip under the hexes: what to tap now, and the buttons of this step."""

    board = ObjectProperty(None, allownone=True)
    text = StringProperty("")
    evaluations = StringProperty("")
    _look: list[tuple[str, str, bool, bool]] = []

    def __init__(self, **kwargs: Any) -> None:
        self._kept: dict[tuple[str, str], CrashStripButton] = {}
        self._spare: list[CrashStripButton] = []
        self._labels: list[str] = []
        super().__init__(**kwargs)

    def prepare(self, count: int) -> None:
        """Make ``count`` buttons ahead (while the table is idle): the first rows of a game
        (the set-up's, then the five actions) take them instead of making kv widgets in the
        tap that shows them."""
        while len(self._spare) < count:
            self._spare.append(_strip_button())

    def set_buttons(self, text: str, buttons: list[tuple[str, str, Callable[[], None], bool]],
                    chosen: str = "") -> None:
        """``buttons``: (id, label, action, enabled); ``chosen`` is shown as selected.

        Each (id, label) keeps its button widget, shown or not (up to :data:`KEPT_BUTTONS`):
        a row shown again (the five actions after each step) reuses its buttons with their
        rendered labels, and only actions change. Making a kv widget and rendering a label are
        the expensive parts of a tap.
        """
        self.text = text
        box = self.ids.buttons
        shown: list[CrashStripButton] = list(reversed(box.children))
        look = [(key, label, enabled, key == chosen) for key, label, _action, enabled in buttons]
        if look == self._look and len(shown) == len(buttons):  # the same row: new actions only
            for button, (_key, _label, action, _enabled) in zip(shown, buttons, strict=True):
                button.action = action
            return
        self._look = look
        row = []
        for key, label, action, enabled in buttons:
            button = self._kept.pop((key, label), None)
            if button is None or button in row:
                button = self._spare.pop() if self._spare else _strip_button()
            self._kept[(key, label)] = button  # the most recently used last
            button.key, button.action = key, action
            button.text = label
            button.disabled = not enabled
            button.tone = "chosen" if key == chosen else "normal"
            row.append(button)
        if row != shown:
            box.clear_widgets()
            for button in row:
                box.add_widget(button)
        while len(self._kept) > KEPT_BUTTONS:
            oldest = next(key for key, button in self._kept.items() if button not in row)
            del self._kept[oldest]
        self._labels = [label for _key, label, _action, _enabled in buttons]
        self._share_width(self._labels)
        if self._left_as is not None:  # shown before: the strip's pass now, not in the frame
            self.do_layout()  # after the row's (which the row asked for first): the row then
            # has its new width at its only pass; a row that came back (the five actions after
            # a turn's end) was laid out at its old width, then again (~0.3 ms)
            box.do_layout()  # and the row's now: each button has its width before its label
            # is rendered in the frame; a button made ahead (100 px wide) or given another
            # width was rendered at its old width first, then again (~0.03-0.09 ms each)

    def on_size(self, *_: Any) -> None:
        self._share_width(self._labels)

    def _share_width(self, labels: list[str]) -> None:
        """Each button as wide as its label needs (a finger's width at least), the words on
        the left what is left; when even the buttons need more than the strip, the words give
        way (the status line above the board says the same) and the buttons share it."""
        if "label" not in self.ids:  # before the kv rule has made the strip's parts
            return
        label = self.ids.label
        box = self.ids.buttons
        if not labels:
            label.size_hint_x, label.opacity, box.size_hint_x = 1, 1, 0.0001
            return
        needs = [max(MIN_BUTTON_WIDTH, text_width(text, STRIP_FONT) + BUTTON_PADDING)
                 for text in labels]
        for button, need in zip(reversed(box.children), needs, strict=True):
            button.size_hint_x = need
        room = (self.width or DEFAULT_STRIP_WIDTH) - EVALUATIONS_WIDTH - 3 * self.spacing
        words = min(text_width(self.text, STRIP_FONT) + 12, MIN_WORDS_WIDTH) if self.text else 0
        is_crowded = sum(needs) + words > room
        box.size_hint_x = sum(needs)
        is_hidden = is_crowded or not self.text  # no words: the buttons take the strip
        label.size_hint_x = 0.0001 if is_hidden else max(words, room - sum(needs))
        label.opacity = 0 if is_hidden else 1


class CrashStripButton(BigButton, RememberedLabel):
    """A strip button; its few looks (enabled, disabled, another width) are remembered."""

    key = StringProperty("")
    action: Callable[[], None] | None = None


def _strip_button() -> CrashStripButton:
    button = CrashStripButton()
    button.bind(on_release=_act)
    return button


def _act(button: CrashStripButton) -> None:
    if button.action is not None:
        button.action()


class CrashCardButton(BigButton):
    """One card kind in the picker, with a bar in the card's colour (grey, yellow, blue)."""

    kind = StringProperty("")
    card_colour = ColorProperty((0.62, 0.64, 0.68, 1))
    count = NumericProperty(0)


class CrashPicker(SteadyBoxLayout):
    """Covers the hexes: a title, the 13 card kinds (or other big choices) and Cancel."""

    controls = ObjectProperty(None, allownone=True)
    """The board's :class:`~companion.app.boards.crash.controls.CrashControls` (Cancel / Back)."""
    title = StringProperty("")
    can_cancel = BooleanProperty(True)
    _on_pick: Callable[[str], None] | None = None

    def __init__(self, **kwargs: Any) -> None:
        self._spare: list[CrashCardButton] = []
        super().__init__(**kwargs)

    def prepare(self, count: int) -> None:
        """Make ``count`` card buttons ahead (while the table is idle), so opening the picker
        during a turn only fills them in."""
        while len(self._spare) + len(self.ids.grid.children) < count:
            self._spare.append(self._new_button())

    def _new_button(self) -> CrashCardButton:
        button = CrashCardButton()
        button.bind(on_release=self._picked)
        return button

    def set_choices(self, title: str, choices: list[tuple[str, str, str, bool]],
                    on_pick: Callable[[str], None], cancel_label: str) -> None:
        """``choices``: (key, label, card colour name, enabled)."""
        self.title = title
        self._on_pick = on_pick
        grid = self.ids.grid
        shown: list[CrashCardButton] = list(reversed(grid.children))
        for number, (key, label, colour, enabled) in enumerate(choices):
            if number < len(shown):  # kept from the last time, given new contents
                button = shown[number]
            else:
                button = self._spare.pop() if self._spare else self._new_button()
                grid.add_widget(button)
            button.text, button.kind, button.disabled = label, key, not enabled
            button.card_colour = CARD_COLOURS.get(colour, CARD_COLOURS["grey"])
        for button in shown[len(choices):]:
            grid.remove_widget(button)
            self._spare.append(button)
        self.ids.cancel.text = cancel_label

    def render_now(self) -> None:
        """Lay the picker out and render its buttons' texts now, not at the next frame (it is
        made while the table is idle; the next frame may come with a tap)."""
        self.do_layout()
        self.ids.grid.do_layout()
        for button in self.ids.grid.children:
            button.texture_update()
            button._trigger_texture.cancel()

    def _picked(self, button: CrashCardButton) -> None:
        if self._on_pick is not None:
            self._on_pick(button.kind)

    def button(self, key: str) -> Any:
        for child in self.ids.grid.children:
            if getattr(child, "kind", None) == key:
                return child
        raise LookupError(key)


__all__ = ["CARD_COLOURS", "CrashCardButton", "CrashPicker", "CrashStrip", "CrashStripButton"]
