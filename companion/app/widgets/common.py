"""Small widgets shared by the screens; their look is in ``kv/common.kv`` (what the home screen
shows) and ``kv/controls.kv`` (the rest)."""

from __future__ import annotations

from collections.abc import Callable

from kivy.properties import ColorProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.widget import Widget

from companion.app.labels.lean import LeanLabel
from companion.app.labels.remembered import RememberedLabel  # noqa: F401  (for kv: its labels)

TOUCH_TARGET = 48
"""The smallest touch target in pixels (about 7 mm on the 7" screen)."""


class BigButton(Button, LeanLabel):
    """A button at least 48 px high with 22 px text."""

    tone = StringProperty("normal")
    """normal | primary | danger | quiet: picks the background colour in common.kv."""


class ToggleChoice(BigButton):
    """A big button that shows whether it is the chosen one of a group."""

    is_chosen = NumericProperty(0)


class Token(Widget):
    """A player's piece as on the board: a disc in the seat's colour with its letter."""

    colour = ColorProperty((1, 1, 1, 1))
    letter = StringProperty("")


class BodyLabel(LeanLabel):
    """Text at 20 px or more, wrapped to the widget's width."""


class TokenButton(ButtonBehavior, Token):
    """A token that can be tapped (the new-game screen cycles a player's colour with it)."""


class BoardChoices(BoxLayout):
    """Big buttons over a board when one tap could mean several things (which piece?)."""

    board = ObjectProperty(None, allownone=True)
    title = StringProperty("")

    def add_choice(self, text: str, action: Callable[[], None], tone: str = "normal",
                   height: int = 60) -> None:
        self.ids.buttons.add_widget(BigButton(
            text=text, tone=tone, size_hint_y=None, height=height,
            on_release=lambda _button: action()))

    def show_over(self, board: Widget) -> None:
        """Add it to ``board``, centred, as tall as its buttons."""
        buttons = self.ids.buttons
        side = min(board.width, board.height)
        self.size = (side * 0.8, 70 + sum(b.height + buttons.spacing for b in buttons.children))
        self.center = board.center
        board.add_widget(self)
