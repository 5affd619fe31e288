"""Settings' "Copy records to the USB stick": shown while a stick is mounted; the copy is made
off the UI thread, then the row says where it was written (or, plainly, why not).

The row looks for a stick when its screen is shown and every few seconds while it stays shown
(a stick plugged in meanwhile appears), never while another screen is up.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

log = logging.getLogger(__name__)
LOOK_SECONDS = 2.0
"""How often the row looks for a stick while Settings is shown."""


class StickRow(BoxLayout):
    """A Settings row shown while a USB stick is mounted (the records' copy, the boards')."""

    stick = StringProperty("")
    """The mounted stick ("" when none is mounted)."""
    message = StringProperty("")
    is_copying = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._looking: Any = None
        Clock.schedule_once(self._find_screen, 0)  # the screen's tree is complete by then

    def _find_screen(self, _dt: float) -> None:
        """Look for a stick while the screen this row is on is shown."""
        screen = self.parent
        while screen is not None and not isinstance(screen, Screen):
            screen = screen.parent
        if screen is None:
            return
        screen.bind(on_pre_enter=lambda *_: self.start_looking(),
                    on_leave=lambda *_: self.stop_looking())
        if screen.manager is not None and screen.manager.current == screen.name:
            self.start_looking()

    def start_looking(self) -> None:
        self.look()
        if self._looking is None:
            self._looking = Clock.schedule_interval(lambda _dt: self.look(), LOOK_SECONDS)

    def stop_looking(self) -> None:
        if self._looking is not None:
            self._looking.cancel()
            self._looking = None

    def look(self) -> None:
        try:
            from companion.records.backup import usb_sticks

            sticks = usb_sticks()
        except ImportError:
            sticks = []
        except Exception:  # noqa: BLE001 - no stick found is the answer, never a crash
            log.exception("looking for a USB stick failed")
            sticks = []
        stick = str(sticks[0]) if sticks else ""
        if stick != self.stick:
            self.stick = stick
            if not self.is_copying:
                self.message = ""


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
                reason=problem)


def _shown(written: Path, stick: Path) -> str:
    """Where the copy went, as a person finds it: the stick's name and the folder on it
    ("STICK/companion-records"), not the whole mount path."""
    try:
        return str(Path(stick.name) / written.relative_to(stick))
    except ValueError:
        return str(written)


__all__ = ["StickRow", "UsbCopy"]
