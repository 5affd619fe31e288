"""Settings' "Copy records to the USB stick": shown while a stick is mounted; the copy is made
off the UI thread, then the row says where it was written (or, plainly, why not).

The row finds the stick as every stick row does (:mod:`companion.app.usb.row`).
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from kivy.app import App
from kivy.clock import Clock

from companion.app.usb.row import StickRow

log = logging.getLogger(__name__)


class UsbCopy(StickRow):
    """The records onto the stick."""

    def copy(self) -> None:
        """Copy the records to the stick, off the UI thread; then say where, or why not."""
        if not self.stick or self.is_copying:
            return
        app = App.get_running_app()
        store, stick = app.store, Path(self.stick)
        self.is_copying = True
        self.message = app.tr("Copying…")

        def work() -> None:
            from companion.records.backup import copy_to_usb

            try:
                written = copy_to_usb(store, stick)
            except Exception as error:  # noqa: BLE001 - told in plain words on the screen
                log.warning("copying the records to %s failed: %s", stick, error)
                reason = str(error)
                Clock.schedule_once(lambda _dt: self._done(None, reason), 0)
                return
            Clock.schedule_once(lambda _dt: self._done(_shown(Path(written), stick), ""), 0)

        threading.Thread(target=work, name="usb-copy", daemon=True).start()

    def _done(self, written: str | None, problem: str) -> None:
        app = App.get_running_app()
        self.is_copying = False
        if written is not None:
            self.message = app.tr("Copied to {path}").format(path=written)
        else:
            self.message = app.tr("The records could not be copied: {reason}").format(
                reason=problem
            )


def _shown(written: Path, stick: Path) -> str:
    """Where the copy went, as a person finds it: the stick's name and the folder on it
    ("STICK/companion-records"), not the whole mount path."""
    try:
        return str(Path(stick.name) / written.relative_to(stick))
    except ValueError:
        return str(written)


__all__ = ["UsbCopy"]
