"""Keys that stand in for the physical buttons on a laptop.

======================  ==========
key                     action
======================  ==========
R, Space                ``roll``
U                       ``undo``
Shift+U, U held long    ``redo``
O, Enter                ``confirm``
M                       ``menu``
======================  ==========

Keys with Ctrl, Alt or Meta are left alone so shortcuts keep working. Key names are
Kivy's (``keycode[1]`` in ``on_key_down``: ``"r"``, ``"spacebar"``, ``"enter"``), and
``modifiers`` is Kivy's list (``["shift"]``, ``["ctrl", "capslock"]``, ...).

:func:`key_to_action` is the pure mapping; :class:`KeyboardButtons` adds the long-press
rule (U held for ``hold_time`` means redo, and then no undo on release), fed with Kivy's
key-down (repeated while a key is held) and key-up events.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

ACTIONS = ("roll", "undo", "redo", "confirm", "menu")
"""Everything a button or key can ask for."""

_PLAIN_KEYS = {
    "r": "roll",
    "spacebar": "roll",
    "u": "undo",
    "o": "confirm",
    "enter": "confirm",
    "numpadenter": "confirm",
    "m": "menu",
}
_SHORTCUT_MODIFIERS = frozenset({"ctrl", "alt", "alt-gr", "meta", "super"})


def key_to_action(key: str, modifiers: Iterable[str] = ()) -> str | None:
    """The action for one key press, or None if the key means nothing here.

    >>> key_to_action("r", [])
    'roll'
    >>> key_to_action("u", ["shift"])
    'redo'
    >>> key_to_action("r", ["ctrl"]) is None
    True
    """
    mods = {m.lower() for m in modifiers}
    if mods & _SHORTCUT_MODIFIERS:
        return None
    if key == "U" or (key.lower() == "u" and "shift" in mods):
        return "redo"
    return _PLAIN_KEYS.get(key.lower())


@dataclass
class KeyboardButtons:
    """Key events in, actions out, with U acting on release like the GPIO UNDO button.

    Call :meth:`key_down` for every key-down event (including the repeats a held key
    produces) and :meth:`key_up` for every key-up, with a monotonic time in seconds.
    Each returns the action to perform now, or None.
    """

    hold_time: float = 1.0
    _undo_down_since: float | None = field(default=None, repr=False)
    _undo_was_held: bool = field(default=False, repr=False)

    def key_down(self, key: str, modifiers: Iterable[str], now: float) -> str | None:
        action = key_to_action(key, modifiers)
        if action != "undo":
            return action
        if self._undo_down_since is None:
            self._undo_down_since = now
            self._undo_was_held = False
            return None
        if not self._undo_was_held and now - self._undo_down_since >= self.hold_time:
            self._undo_was_held = True
            return "redo"
        return None

    def key_up(self, key: str, now: float) -> str | None:
        if key.lower() != "u" or self._undo_down_since is None:
            return None
        held_for = now - self._undo_down_since
        was_held = self._undo_was_held
        self._undo_down_since = None
        self._undo_was_held = False
        if was_held:
            return None  # the redo was already given while the key was held
        return "redo" if held_for >= self.hold_time else "undo"
