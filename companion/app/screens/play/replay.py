"""The board changes no person made here, played again on the play screen's board: a tap on what
to change on the table shows the companion's round (or what an undo took back) one step per
pause of the companion's pace; any change of the table stops it."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock

from companion.app.boards.base import ShownPosition
from companion.table.pacing import DEFAULT_PAUSE


class RoundReplay:
    """The replay of one play screen's board."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self._playing: tuple[int, ShownPosition] | None = None
        """While the companion's round is played again: the table's seq then, the shown host."""

    @property
    def is_playing(self) -> bool:
        return self._playing is not None

    def start(self) -> bool:
        """Play the board changes no person made here (the companion's round, an undo) again
        on the board, one step per pause of the companion's pace; any change of the table
        stops it. False when there is nothing to show."""
        app = App.get_running_app()
        screen = self.screen
        table = app.table
        steps = table.steps.shown()
        if not steps or screen.board is None or self._playing is not None or screen.is_fixing:
            return False
        pause = float(app.store.setting("companion_pause", DEFAULT_PAUSE))
        frames = [(steps[0][0], ()), *((after, events) for _before, after, events in steps)]
        shown = ShownPosition(table, frames[0][0])
        self._playing = (table.seq, shown)
        screen.board.host = shown
        screen.board.refresh()

        def show(number: int) -> None:
            if self._playing is None or self._playing[0] != table.seq or number >= len(frames):
                self.stop()
                return
            shown.shown, events = frames[number]
            screen.board.refresh(events)
            Clock.schedule_once(lambda _dt: show(number + 1), pause)

        Clock.schedule_once(lambda _dt: show(1), pause)
        return True

    def stop(self) -> None:
        """Back to the table's own position after a replay (or when the table changed)."""
        if self._playing is None:
            return
        self._playing = None
        board = self.screen.board
        if board is not None:
            board.host = App.get_running_app().table
            board.refresh()



__all__ = ["RoundReplay"]
