"""Keys that stand in for the physical buttons on a laptop.

======================  ==========
key                     action
======================  ==========
R, Space                ``roll``
U                       ``undo``
Shift+U, U held long    ``redo``
O, Enter                ``confirm`` (on release)
O or Enter held long    ``hint``
M                       ``menu``
======================  ==========

Keys with Ctrl, Alt or Meta are left alone so shortcuts keep working. Key names are
Kivy's (``keycode[1]`` in ``on_key_down``: ``"r"``, ``"spacebar"``, ``"enter"``), and
``modifiers`` is Kivy's list (``["shift"]``, ``["ctrl", "capslock"]``, ...).

:func:`key_to_action` is the pure mapping; :class:`KeyboardButtons` adds the long-press
rule (U held for ``hold_time`` means redo, O or Enter held means hint, and then nothing on
release), fed with Kivy's key-down (repeated while a key is held) and key-up events.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

ACTIONS = ("roll", "undo", "redo", "confirm", "hint", "menu")
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


HOLD_ACTIONS = {"undo": "redo", "confirm": "hint"}
"""The actions that wait for the key's release: held long, they mean another action."""


@dataclass
class KeyboardButtons:
    """Key events in, actions out, with U, O and Enter acting on release like the GPIO UNDO
    and OK buttons (held for ``hold_time``: redo, hint).

    Call :meth:`key_down` for every key-down event (including the repeats a held key
    produces) and :meth:`key_up` for every key-up, with a monotonic time in seconds.
    Each returns the action to perform now, or None.
    """

    hold_time: float = 1.0
    _down_since: dict[str, float] = field(default_factory=dict, repr=False)
    """Per held key (lower case): when it went down."""
    _was_held: set[str] = field(default_factory=set, repr=False)

    def key_down(self, key: str, modifiers: Iterable[str], now: float) -> str | None:
        action = key_to_action(key, modifiers)
        if action not in HOLD_ACTIONS:
            return action
        name = key.lower()
        since = self._down_since.get(name)
        if since is None:
            self._down_since[name] = now
            self._was_held.discard(name)
            return None
        if name not in self._was_held and now - since >= self.hold_time:
            self._was_held.add(name)
            return HOLD_ACTIONS[action]
        return None

    def key_up(self, key: str, now: float) -> str | None:
        name = key.lower()
        action = key_to_action(name)
        since = self._down_since.pop(name, None)
        if action not in HOLD_ACTIONS or since is None:
            return None
        if name in self._was_held:
            self._was_held.discard(name)
            return None  # the long-press action was already given while the key was held
        return HOLD_ACTIONS[action] if now - since >= self.hold_time else action
