"""A Settings row shown while a USB stick is mounted: it looks for a stick when its screen is
shown and every few seconds while it stays shown (a stick plugged in meanwhile appears), never
while another screen is up. The records' row and the boards' row are such rows."""

from __future__ import annotations

import logging
from typing import Any

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
        screen.bind(
            on_pre_enter=lambda *_: self.start_looking(), on_leave=lambda *_: self.stop_looking()
        )
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


__all__ = ["LOOK_SECONDS", "StickRow"]
