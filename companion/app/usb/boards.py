"""Settings' "Copy boards to the USB stick" / "Load boards from the USB stick": beside the
records' copy, shown while a stick is mounted. The work is Kivy-free
(:mod:`companion.records.stick_boards`: every file checked before it is taken, each written
whole) and runs off the UI thread; then the row says what was copied or loaded and names every
refused file with its reason."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from kivy.app import App
from kivy.clock import Clock

from companion.app.usb.row import StickRow

if TYPE_CHECKING:
    from companion.records.stick_boards import BoardsCarried

log = logging.getLogger(__name__)


class UsbBoards(StickRow):
    """The boards' row: the stick found as the records' row finds it."""

    def copy_boards(self) -> None:
        from companion.records.stick_boards import copy_boards_to_stick

        self._carry(copy_boards_to_stick, "copy")

    def load_boards(self) -> None:
        from companion.records.stick_boards import load_boards_from_stick

        self._carry(load_boards_from_stick, "load")

    def _carry(self, work: Callable[[Path], BoardsCarried], way: str) -> None:
        if not self.stick or self.is_copying:
            return
        app = App.get_running_app()
        stick = Path(self.stick)
        self.is_copying = True
        self.message = app.tr("Copying…")

        def run() -> None:
            try:
                carried = work(stick)
            except Exception as error:  # noqa: BLE001 - told in plain words on the screen
                log.warning("carrying the boards (%s, %s) failed: %s", way, stick, error)
                reason = str(error)
                Clock.schedule_once(
                    lambda _dt: self._said(
                        app.tr("The boards could not be copied: {reason}").format(reason=reason)
                    ),
                    0,
                )
                return
            Clock.schedule_once(
                lambda _dt: self._said(carried_words(carried, way, app.tr, app.lang)), 0
            )

        threading.Thread(target=run, name="usb-boards", daemon=True).start()

    def _said(self, message: str) -> None:
        self.is_copying = False
        self.message = message


def carried_words(
    carried: BoardsCarried, way: str, tr: Callable[[str], str], lang: str = "en"
) -> str:
    """What a copy or a load did, in the players' words (``lang``: the screen's): one line
    each; a refused file named with why, in the players' words, the rule small at the end."""
    lines = []
    if carried.taken:
        template = "Copied to the stick: {boards}" if way == "copy" else "Loaded: {boards}"
        lines.append(tr(template).format(boards=", ".join(carried.taken)))
    if carried.already_there:
        lines.append(tr("Already there: {boards}").format(boards=", ".join(carried.already_there)))
    for refused in carried.refused:
        lines.append(
            tr("Not taken: {file} – {reason}").format(
                file=refused.file, reason=refused.reason(lang)
            )
        )
    if not lines:
        lines.append(
            tr("You have no boards of your own yet.")
            if way == "copy"
            else tr("There are no boards on the stick (folder companion-boards).")
        )
    return "\n".join(lines)


__all__ = ["UsbBoards", "carried_words"]
