"""The on-screen keyboard for names: Czech letters in Czech, Shift that a finger can use.

Kivy's own keyboard (``kivy.uix.vkeyboard.VKeyboard``) takes a layout from a JSON file; ours
are ``cs.json`` (QWERTZ with ě š č ř ž ý á í é ú ů ó ď ť ň on their own keys) and ``en.json``
(QWERTY with the digits), each with a "123" layer of digits, punctuation and other accented
letters. The layout follows the app's language each time the keyboard comes up.

Kivy's Shift and "123" work only while held: a second finger on a touchscreen. Here one tap on
Shift makes the next letter a capital (a second tap takes it back), and "123" / "abc" switch
the layer until tapped again.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.core.window import Window
from kivy.uix.vkeyboard import VKeyboard

from companion.resources import package_path

KEYBOARD_HEIGHT = 260
"""The docked keyboard's height in window pixels: five rows of keys at least 48 px tall."""
KEYBOARD_WIDTH = 800
LAYOUTS = {"cs": "cs.json", "en": "en.json"}
KEY_FONT_SIZE = 24


def layout_file(lang: str) -> str:
    """The layout file for the app's language (English for any other)."""
    return str(package_path("companion.app.keyboards") / LAYOUTS.get(lang, LAYOUTS["en"]))


def keyboard_top() -> float:
    """Where the docked keyboard ends, in window coordinates (its height while it is hidden:
    it is about to come up)."""
    for widget in Window.children:
        if isinstance(widget, VKeyboard):
            return float(widget.y + widget.height * widget.scale)
    return float(KEYBOARD_HEIGHT)


def shown_keyboard() -> VKeyboard | None:
    """The on-screen keyboard while it is up."""
    return next((w for w in Window.children if isinstance(w, VKeyboard)), None)


class NameKeyboard(VKeyboard):
    """The docked keyboard of the app (``Window.set_vkeyboard_class``)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("size", (KEYBOARD_WIDTH, KEYBOARD_HEIGHT))
        kwargs.setdefault("layout", layout_file(_app_lang()))
        kwargs.setdefault("margin_hint", [0.02, 0.005, 0.02, 0.005])
        kwargs.setdefault("font_size", KEY_FONT_SIZE)
        super().__init__(**kwargs)
        self._wants_shift = False
        self._wants_special = False

    def setup_mode(self, *args: Any) -> None:
        """Each time the keyboard comes up: the layout of the app's language, small letters."""
        wanted = layout_file(_app_lang())
        if self.layout != wanted:
            self.layout = wanted
        self.have_shift = self.have_special = False
        super().setup_mode(*args)

    def process_key_on(self, touch: Any) -> None:
        special = self._special_under(touch)
        if special == "shift":
            self._wants_shift = not self.have_shift
        elif special == "special":
            self._wants_special = not self.have_special
        super().process_key_on(touch)

    def process_key_up(self, touch: Any) -> None:
        pressed = touch.ud.get(self.uid, {}).get("key")
        super().process_key_up(touch)
        if pressed is None:
            return
        special = pressed[0][2]
        if special == "shift":
            self.have_shift = self._wants_shift
        elif special == "special":
            self.have_special = self._wants_special
        elif pressed[0][1] is not None and self.have_shift:
            self.have_shift = False  # a capital for one letter, then small letters again

    def _special_under(self, touch: Any) -> str | None:
        if touch is None:
            return None
        key = self.get_key_at_pos(*self.to_local(*touch.pos))
        return str(key[0][2]) if key and key[0][2] else None


def _app_lang() -> str:
    app = App.get_running_app()
    return str(getattr(app, "lang", "en") or "en")


__all__ = ["KEYBOARD_HEIGHT", "NameKeyboard", "keyboard_top", "layout_file", "shown_keyboard"]
