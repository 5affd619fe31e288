"""Fix mode of the Crash by Crash board: the cars and the operator put where they stand on the
table, one tap pair at a time.

Crash by Crash has short corrections of its own (C13, N4): ``fix move e5 e6``, ``fix put A e5``
(``AM``: A's magnetic car), ``fix remove e5``, ``fix op e7`` / ``fix op Ht23``, ``fix score A 14``.
Each pair of taps sends one of them at once (``fixes_live``): each is recorded and checked by the
engine, a refused one is told with its rule, Undo takes one back, Done leaves the mode and Cancel
takes back the corrections made since the mode began.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.crash.text import side_name_of

NEW_CARS = ("A", "AM", "B", "BM")
"""What a tap on an empty field adds, in the order the panel's button cycles through them."""


class CrashFixMode(EventDispatcher):
    """The fix mode of the Crash board (``board.fix_mode``): what the taps picked up, the
    corrections sent, the car an empty field gets and what to tap now.

    The board gives it the snapshot it shows, a way to send an input line, its texts and
    ``show_pick(field)`` (the field whose car was picked up, "" for none: the board marks it
    and redraws); the board turns a tap into a field and calls :meth:`tap`. An EventDispatcher
    only for its two properties, which the fix panel (kv) shows.
    """

    message = StringProperty("")
    """What to tap now, or what the last tap did (the fix panel shows it)."""
    new_car = StringProperty("A")
    """The car a tap on an empty field puts there: A, AM, B or BM."""

    def __init__(self, *, snapshot: Callable[[], dict[str, Any]],
                 send: Callable[[str], bool], tr: Callable[[str], str],
                 show_pick: Callable[[str], None]) -> None:
        super().__init__()
        self._snapshot = snapshot
        self._send = send
        self.tr = tr
        self._show_pick = show_pick
        self.live_fixes = 0
        """Corrections sent since the fix mode began (Cancel takes them back)."""
        self.pick = ""
        """"car <field>", "operator" or "": what the first tap picked up."""

    @property
    def _snap(self) -> dict[str, Any]:
        return self._snapshot()

    @property
    def _st(self) -> dict[str, Any]:
        return self._snap.get("state", {})

    def begin(self) -> None:
        """The fix mode begins: nothing picked up, nothing sent yet."""
        self.live_fixes, self.pick = 0, ""
        self.message = self._start_message()

    def end(self) -> None:
        """Done or Cancel: whatever was picked up is put down."""
        self.pick = ""

    def next_car(self) -> None:
        self.new_car = NEW_CARS[(NEW_CARS.index(self.new_car) + 1) % len(NEW_CARS)]

    def _side_name(self, side: int) -> str:
        return side_name_of(self._snap.get("names", ["A", "B"]), "AB"[side])

    def car_text(self) -> str:
        _ = self.tr  # the board's own (crash) texts
        name = self._side_name(0 if self.new_car.startswith("A") else 1)
        if self.new_car.endswith("M"):
            return _("New car: {name}'s magnetic car").format(name=name)
        return _("New car: {name}'s car").format(name=name)

    def score_text(self, side: int) -> str:
        _ = self.tr  # the board's own (crash) texts
        sides = self._st.get("sides", []) if self._st else []
        if side >= len(sides):
            return ""
        return _("{name}: {score} points").format(name=self._side_name(side),
                                                 score=sides[side]["score"])

    def change_score(self, side: int, delta: int) -> None:
        score = int(self._st["sides"][side]["score"]) + delta
        if score >= 0:
            self._fix_send(f"fix score {'AB'[side]} {score}")

    def tap(self, field: str) -> None:
        """A tap on ``field`` (any of the 188): pick up what stands there, or put it down."""
        _ = self.tr  # the board's own (crash) texts
        info = next(f for f in self._st["fields"] if f["name"] == field)
        operator = self._st.get("operator") or ""
        on_operator = operator == field or (info["hole"] and operator == f"H{info['tile']}")
        pick, self.pick = self.pick, ""
        selected = ""
        if not pick:
            if info["car"]:
                self.pick, selected = f"car {field}", field
                self.message = _("Now tap where the car stands (a hole: off the board)")
            elif on_operator:
                self.pick = "operator"
                self.message = _("Now tap where the operator stands")
            elif info["hole"]:
                self.message = _("Tap a car or the operator first")
            else:
                self._fix_send(f"fix put {self.new_car} {field}")
            self._show_pick(selected)
            return
        target = f"H{info['tile']}" if info["hole"] else field
        if pick == "operator":
            self._fix_send(f"fix op {target}")
        elif pick == f"car {field}":
            self.message = self._start_message()  # put down where it was
        elif info["hole"]:
            self._fix_send(f"fix remove {pick[4:]}")
        elif info["car"]:
            self.message = _("That field holds a car")
        else:
            self._fix_send(f"fix move {pick[4:]} {field}")
        self._show_pick(selected)

    def _fix_send(self, line: str) -> None:
        if self._send(line):  # refused: the banner says why
            self.live_fixes += 1
            self.message = self._start_message()

    def _start_message(self) -> str:
        _ = self.tr  # the board's own (crash) texts
        return _("Tap a car or the operator, then where it stands; an empty field gets "
                 "a new car")


class CrashFixPanel(BoxLayout):
    """Fix mode's right column: what to tap, which car an empty field gets, the scores."""

    fix_mode = ObjectProperty(None, allownone=True)
    """The board's :class:`CrashFixMode`."""


__all__ = ["NEW_CARS", "CrashFixMode", "CrashFixPanel"]
