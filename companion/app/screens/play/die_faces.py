"""The six faces of a die as big buttons: a roll made with the table's own die is one tap.

:class:`DieFaces` is a 3 × 2 grid of :class:`DieFaceButton` (each draws its pips, at least
64 px); it calls ``face_action(n)``. :class:`HoldButton` is a big button that also answers a long
press (``on_hold``), which the Roll button uses to open the faces for any die.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.app.kvlang.loading import load_kv
from companion.app.widgets.common import BigButton

FACE_MIN = 64
"""A face button is at least this many pixels on each side."""
HOLD_SECONDS = 0.6
"""A press this long on Roll opens the faces instead of rolling."""
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.75), (0.75, 0.25)),
    3: ((0.25, 0.75), (0.5, 0.5), (0.75, 0.25)),
    4: ((0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.25, 0.5), (0.25, 0.75), (0.75, 0.25), (0.75, 0.5), (0.75, 0.75)),
}
"""Where each face's pips sit, as fractions of the face (x, y from the lower left)."""


class DieFaceButton(ButtonBehavior, Widget):
    """One face, drawn as a die face with its pips (kv: ``kv/controls.kv``)."""

    face = NumericProperty(1)
    is_shown = BooleanProperty(True)
    """False while its faces are set aside (the die panel shows the Roll button): its pips are
    drawn when it is shown again, not at each layout meanwhile."""

    def __init__(self, **kwargs: Any) -> None:
        load_kv("die_faces")  # with the first face: a game without a die never parses it
        super().__init__(**kwargs)
        self.bind(pos=self._draw_pips, size=self._draw_pips, face=self._draw_pips,
                  is_shown=self._draw_pips)

    def _draw_pips(self, *_: Any) -> None:
        if not self.is_shown:
            return
        radius = self.side() * 0.09
        self.canvas.after.clear()
        with self.canvas.after:
            Color(0.08, 0.08, 0.10, 1)
            for x, y in self.pip_centres():
                Ellipse(pos=(x - radius, y - radius), size=(2 * radius, 2 * radius))

    def pip_centres(self) -> list[tuple[float, float]]:
        side = self.side()
        left, bottom = self.center_x - side / 2, self.center_y - side / 2
        return [(left + fx * side, bottom + fy * side) for fx, fy in PIPS[int(self.face)]]

    def side(self) -> float:
        return float(min(self.width, self.height) - 8)


class DieFaces(GridLayout):
    """Six face buttons; a tap calls ``face_action(face)``."""

    face_action = ObjectProperty(None, allownone=True)
    is_shown = BooleanProperty(True)
    """False while the faces are set aside (see :attr:`DieFaceButton.is_shown`)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("cols", 3)
        kwargs.setdefault("spacing", 8)
        super().__init__(**kwargs)
        for face in range(1, 7):
            button = DieFaceButton(face=face)
            button.bind(on_release=self._tapped)
            self.add_widget(button)

    def on_is_shown(self, _faces: Any, is_shown: bool) -> None:
        for button in self.children:
            button.is_shown = is_shown
        if is_shown:
            self._trigger_layout()  # what changed while set aside

    def do_layout(self, *args: Any) -> None:
        """Not while set aside: its panel's height changes with every set of table lines."""
        if self.is_shown:
            super().do_layout(*args)

    def _tapped(self, button: DieFaceButton) -> None:
        if self.face_action is not None:
            self.face_action(int(button.face))


class FacesDialog(ModalView):
    """"Which face does the die show?": the six faces over the screen, and Cancel."""

    title = StringProperty("")
    cancel_text = StringProperty("")

    def __init__(self, on_face: Callable[[int], None], **kwargs: Any) -> None:
        self.choose = on_face
        load_kv("die_faces")
        super().__init__(**kwargs)

    def chosen(self, face: int) -> None:
        self.dismiss(animation=False)  # a fading dialog would take the next tap as a face
        self.choose(face)


class HoldButton(BigButton):
    """A big button with ``on_hold``: fired after :data:`HOLD_SECONDS` of pressing; the
    release after a hold does not count as a tap."""

    __events__ = ("on_hold",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._hold_event: Any = None
        self._held = False

    def on_press(self) -> None:
        self._held = False
        self._hold_event = Clock.schedule_once(self._fire_hold, HOLD_SECONDS)

    def _fire_hold(self, _dt: float) -> None:
        self._hold_event = None
        self._held = True
        self.dispatch("on_hold")

    def on_hold(self) -> None:
        pass

    def on_touch_up(self, touch: Any) -> bool:
        if self._hold_event is not None and touch.grab_current is self:
            self._hold_event.cancel()
            self._hold_event = None
        if self._held and touch.grab_current is self:
            self._held = False
            touch.ungrab(self)
            self.state = "normal"
            return True
        result: bool = super().on_touch_up(touch)
        return result


__all__ = ["DieFaceButton", "DieFaces", "FacesDialog", "HoldButton", "FACE_MIN"]
