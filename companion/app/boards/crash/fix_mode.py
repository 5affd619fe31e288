"""Fix mode of the Crash by Crash board: the cars and the operator put where they stand on the
table, one tap pair at a time.

Crash by Crash has short corrections of its own (C13, N4): ``fix move e5 e6``, ``fix put A e5``
(``AM``: A's magnetic car), ``fix remove e5``, ``fix op e7`` / ``fix op Ht23``, ``fix score A 14``.
Each pair of taps sends one of them at once (``fixes_live``): each is recorded and checked by the
engine, a refused one is told with its rule, Undo takes one back, Done leaves the mode and Cancel
takes back the corrections made since the mode began.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.crash.board import FIELD_NAMES
from companion.games.crash.text import side_name_of

NEW_CARS = ("A", "AM", "B", "BM")
"""What a tap on an empty field adds, in the order the panel's button cycles through them."""


class CrashFixMode:
    """Mixed into CrashBoard."""

    fixes_live = True
    fix_message = StringProperty("")
    """What to tap now, or what the last tap did (the fix panel shows it)."""
    fix_new_car = StringProperty("A")
    """The car a tap on an empty field puts there: A, AM, B or BM."""
    live_fixes = 0
    """Corrections sent since the fix mode began (Cancel takes them back)."""
    fix_pick = ""
    """"car <field>", "operator" or "": what the first tap picked up."""

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any: ...  # the rest is CrashBoard's

    def begin_fix(self) -> None:
        self.live_fixes, self.fix_pick = 0, ""
        self.close_picker(redraw=False)
        self.preview = ""
        self.is_fixing = True
        self.fix_message = self._start_message()
        self._reset()

    def fix_position(self) -> str:
        return str(self._snap.get("position", ""))

    def on_is_fixing(self, _board: Any, is_fixing: bool) -> None:
        if not is_fixing:  # Done or Cancel (Board.end_fix), then the match is drawn again
            self.fix_pick = ""

    def fix_panel(self) -> CrashFixPanel:
        return CrashFixPanel(board=self)

    def next_fix_car(self) -> None:
        self.fix_new_car = NEW_CARS[(NEW_CARS.index(self.fix_new_car) + 1) % len(NEW_CARS)]

    def _side_name(self, side: int) -> str:
        return side_name_of(self._snap.get("names", ["A", "B"]), "AB"[side])

    def fix_car_text(self) -> str:
        _ = self.tr  # the board's own (crash) texts
        name = self._side_name(0 if self.fix_new_car.startswith("A") else 1)
        if self.fix_new_car.endswith("M"):
            return _("New car: {name}'s magnetic car").format(name=name)
        return _("New car: {name}'s car").format(name=name)

    def fix_score_text(self, side: int) -> str:
        _ = self.tr  # the board's own (crash) texts
        sides = self._st.get("sides", []) if self._st else []
        if side >= len(sides):
            return ""
        return _("{name}: {score} points").format(name=self._side_name(side),
                                                 score=sides[side]["score"])

    def change_fix_score(self, side: int, delta: int) -> None:
        score = int(self._st["sides"][side]["score"]) + delta
        if score >= 0:
            self._fix_send(f"fix score {'AB'[side]} {score}")

    def fix_tap(self, x: float, y: float) -> None:
        _ = self.tr  # the board's own (crash) texts
        field = self.grid().field_at(x, y, set(FIELD_NAMES))
        if field is None:
            return
        info = next(f for f in self._st["fields"] if f["name"] == field)
        operator = self._st.get("operator") or ""
        on_operator = operator == field or (info["hole"] and operator == f"H{info['tile']}")
        pick, self.fix_pick = self.fix_pick, ""
        self.selected = ""
        if not pick:
            if info["car"]:
                self.fix_pick, self.selected = f"car {field}", field
                self.fix_message = _("Now tap where the car stands (a hole: off the board)")
            elif on_operator:
                self.fix_pick = "operator"
                self.fix_message = _("Now tap where the operator stands")
            elif info["hole"]:
                self.fix_message = _("Tap a car or the operator first")
            else:
                self._fix_send(f"fix put {self.fix_new_car} {field}")
            self.redraw()
            return
        target = f"H{info['tile']}" if info["hole"] else field
        if pick == "operator":
            self._fix_send(f"fix op {target}")
        elif pick == f"car {field}":
            self.fix_message = self._start_message()  # put down where it was
        elif info["hole"]:
            self._fix_send(f"fix remove {pick[4:]}")
        elif info["car"]:
            self.fix_message = _("That field holds a car")
        else:
            self._fix_send(f"fix move {pick[4:]} {field}")
        self.redraw()

    def _fix_send(self, line: str) -> None:
        if self.host is not None and self.host.send(line):  # refused: the banner says why
            self.live_fixes += 1
            self.fix_message = self._start_message()

    def _start_message(self) -> str:
        _ = self.tr  # the board's own (crash) texts
        return _("Tap a car or the operator, then where it stands; an empty field gets "
                       "a new car")


class CrashFixPanel(BoxLayout):
    """Fix mode's right column: what to tap, which car an empty field gets, the scores."""

    board = ObjectProperty(None, allownone=True)


__all__ = ["NEW_CARS", "CrashFixMode", "CrashFixPanel"]
