"""The play screen's dialogs: the menu, the end-game question, the moves' log and the position
typed to fix it (``kv/play_dialogs.kv``). The screen opens them, one at a time."""

from __future__ import annotations

from typing import Any

from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.modalview import ModalView

from companion.app.kvlang.loading import load_kv


class PlayDialog(ModalView):
    """A dialog of the play screen: its kv rules (``kv/play_dialogs.kv``) are loaded when the
    first dialog opens, not with the screen (~120 kB of parsed rules kept by Kivy's Builder,
    which a game that never opens one did not need)."""

    def __init__(self, **kwargs: Any) -> None:
        load_kv("play_dialogs")
        super().__init__(**kwargs)


class PlayMenu(PlayDialog):
    screen = ObjectProperty(None)


class EndGameDialog(PlayDialog):
    screen = ObjectProperty(None)


class MoveLog(PlayDialog):
    rows = ListProperty([])


class FixText(PlayDialog):
    screen = ObjectProperty(None)
    position = StringProperty("")
    problem = StringProperty("")
    """Why the last corrected position was refused, in plain words (the banner is under
    this view)."""
    problem_rule = StringProperty("")


__all__ = ["EndGameDialog", "FixText", "MoveLog", "PlayDialog", "PlayMenu"]
