"""The players' Pat a Mat boards on the touchscreen: New game's boards dialog (:mod:`.library`:
choose, make, edit, rename, delete) and the board builder (issue #23): the screen
(:mod:`.screen`), its drawing of the track (:mod:`.drawing`) and its overlays
(:mod:`.dialogs`). The boards dialog opens the builder with :func:`open_builder`."""

from __future__ import annotations

from kivy.app import App


def open_builder(board_name: str | None, back_to: str = "newgame") -> None:
    """Show the builder: an empty track (``None``), a players' board to edit, or a shipped board
    to copy as a start; Back and Save return to ``back_to``."""
    app = App.get_running_app()
    screen = app.root.get_screen("builder")
    screen.load(board_name, back_to=back_to)
    app.root.current = "builder"
