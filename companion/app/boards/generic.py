"""The fallback board: a game without a board widget is played with big buttons.

Its position is shown as text and every legal input as a big button in a scrollable list, so
every engine game is playable on screen from day one.
"""

from __future__ import annotations

from collections.abc import Sequence

from kivy.properties import ListProperty, ObjectProperty, StringProperty

from companion.app.boards.base import Board
from companion.app.widgets.common import BigButton


class GenericBoard(Board):
    position_text = StringProperty("")
    inputs = ListProperty([])
    """(label, line) pairs of the legal inputs."""

    def refresh(self, events: Sequence[str] = ()) -> None:
        self.preview = ""
        if self.host is None:
            return
        snapshot = self.host.snapshot()
        self.position_text = " |\n".join(str(snapshot.get("position", "")).split(" | "))
        if not self.is_interactive or snapshot.get("awaiting") in ("over", "roll", "choice"):
            self.inputs = []
        else:
            self.inputs = [(self.host.input_label(line), line) for line in self.host.legal()]
        self.hint = self.host.tr("Tap one of the inputs")

    def choose(self, line: str) -> None:
        """One call from the kv button."""
        if self.host is not None and self.is_interactive:
            self.host.send(line)


class GenericInputButton(BigButton):
    """One legal input as a big button (the RecycleView's view class)."""

    line = StringProperty("")
    board = ObjectProperty(None, allownone=True)
