"""The builder's overlays: big buttons for a question (what a tapped field is, where a blue
arrow points) and a line of text typed on the app's keyboard (a printed number, the board's
name). Their look is in ``kv/builder.kv``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import NumericProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion.app.widgets.common import BigButton

CHOICE_HEIGHT = 60


class ChoiceOverlay(ModalView):
    """A title and big buttons in two columns; a button's action runs after the overlay closes.
    A tap beside it closes it and changes nothing."""

    title = StringProperty("")
    columns = NumericProperty(2)

    def add_choice(self, text: str, action: Callable[[], None], tone: str = "normal",
                   widget_id: str = "") -> BigButton:
        button = BigButton(text=text, tone=tone, size_hint_y=None, height=CHOICE_HEIGHT,
                           font_size=21)
        button.bind(on_release=lambda _button: self._choose(action))
        if widget_id:
            self.ids[widget_id] = button
        self.ids.choices.add_widget(button)
        return button

    def _choose(self, action: Callable[[], None]) -> None:
        self.dismiss(animation=False)  # a fading dialog would take the next tap
        action()


class TextDialog(ModalView):
    """A question, a line of text (the keyboard comes up under it) and OK / Cancel; ``done``
    gets the text on OK."""

    title = StringProperty("")
    text = StringProperty("")
    ok_text = StringProperty("OK")

    def __init__(self, done: Callable[[str], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._done = done

    def on_open(self) -> None:
        self.ids.line.focus = True

    def confirm(self) -> None:
        text = self.ids.line.text
        self.ids.line.focus = False
        self.dismiss(animation=False)  # a fading dialog would take the next tap
        self._done(text)

    def cancel(self) -> None:
        self.ids.line.focus = False
        self.dismiss(animation=False)  # a fading dialog would take the next tap
