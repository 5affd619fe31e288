"""The play screen's table lines: what to change on the table, one short sentence a line, their
labels kept and reused, and the list that scrolls them when they need more room than the panel
has. Layout is in ``kv/play.kv``."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from kivy.properties import ListProperty, NumericProperty
from kivy.uix.scrollview import ScrollView

from companion.app.frames.steady_layouts import SteadyBoxLayout
from companion.app.labels.remembered import RememberedLabel

INSTRUCTION_LINE = 24
"""The height of one line of instructions (20 px text)."""
INSTRUCTION_FONT = 20


TAP_SLOP = 12
"""How far (px) a finger may move and still tap rather than scroll."""


INSTRUCTION_LINES_AHEAD = 16
"""Line labels made ahead for the action area's panels together
(:meth:`InstructionLines.make_ahead`): a Crash by Crash evaluation or swap tells 6–9 lines, and
each panel keeps those it showed (Pat a Mat's panels took 11 in 80 inputs, Crash's 13 in its
scenario of operator, card, draw, refill, swap and pass)."""


class InstructionLines(SteadyBoxLayout):
    """What to change on the table, one short sentence a line (bright, the eye goes here).

    The line labels are kept and reused: a new set of lines only changes their texts, and
    labels no longer needed wait aside for a longer set (making a label is the expensive part).
    The labels made ahead are shared by every panel's lines (:attr:`_ahead`): the action area
    shows one panel at a time, so one set serves them all (a label is ~45 kB of Python objects;
    each of the five panels had eight made ahead, and a game of 200 inputs took four to eleven
    of the 32 to 40). A label a panel sets aside stays that panel's (:attr:`_spare`): laid out
    at its width, it takes a look it had without rendering it again."""

    lines = ListProperty([])

    _ahead: ClassVar[list[InstructionLine]] = []
    """Line labels made ahead and never shown yet, for any panel's lines to take."""
    _is_made_ahead: ClassVar[bool] = False

    def __init__(self, **kwargs: Any) -> None:
        self._spare: list[InstructionLine] = []
        """This panel's labels set aside (taken before those made ahead)."""
        super().__init__(**kwargs)

    @classmethod
    def make_ahead(cls, count: int = INSTRUCTION_LINES_AHEAD) -> None:
        """Make line labels while the table is idle, until ``count`` wait ahead for all the
        panels: a set of lines longer than any before takes them, instead of building kv labels
        inside the tap that shows it.

        Once only (the first game's panels): the labels a game's panels took stay theirs, shown
        or aside, for every game after, and the rest wait here still. Made up to ``count`` again
        at each new game, they were a dozen more at Pat a Mat's second game (~45 kB of Python
        objects a label); made once, none was built in a tap in five games either."""
        if cls._is_made_ahead:
            return
        cls._is_made_ahead = True
        for _number in range(count - len(cls._ahead)):
            cls._ahead.append(InstructionLine())

    def on_lines(self, *_: Any) -> None:
        shown = list(reversed(self.children))  # top first
        for label, line in zip(shown, self.lines):
            label.text = line
        for label in shown[len(self.lines):]:
            self.remove_widget(label)
            self._spare.append(label)
        added = []
        width = self.width - self.padding[0] - self.padding[2]  # a line's, once laid out
        for line in self.lines[len(shown):]:
            label = (self._spare.pop() if self._spare else self._ahead.pop() if self._ahead
                     else InstructionLine())
            if self._left_as is not None:  # a label made ahead renders at the width the
                label.width = width  # pass gives it, not at Kivy's default first (and again)
            label.text = line
            added.append(label)
        # added once every text is set: the frame renders the new texts before it lays the
        # lines out (an added label asks for the layout), so one pass places them all at
        # their heights, where a label set after it was rendered after the pass and the
        # lines were laid out again (an evaluation's 6–7 lines: ~0.25 ms)
        for label in added:
            self.add_widget(label)


class InstructionLine(RememberedLabel):
    """One table line; the lines keep their looks together (a line moves down a slot as new
    ones come, and the same sentences come back turn after turn)."""

    shared_looks: ClassVar[dict[Hashable, tuple[Any, ...]] | None] = {}


class InstructionList(ScrollView):
    """The instructions, at most ``max_height`` tall (they scroll beyond that); a cut falls
    between sentences, or between lines, never through one."""

    lines = ListProperty([])
    max_height = NumericProperty(1e6)

    def on_kv_post(self, base_widget: Any) -> None:
        self.ids.box.bind(height=self._fit)
        self.bind(max_height=self._fit, lines=self._fit)
        self._fit()

    def _fit(self, *_: Any) -> None:
        box = self.ids.box
        if not self.lines or self.max_height < INSTRUCTION_LINE:
            self.height = 0  # no room for a line: none shown rather than one cut
            return
        if box.height <= self.max_height:
            self.height = box.height
            return
        shown = 0.0
        for child in reversed(box.children):  # top first
            if shown + child.height > self.max_height:
                break
            shown += child.height + box.spacing
        if shown == 0:  # not even the first sentence: whole lines of it
            line = INSTRUCTION_LINE
            shown = max(line, self.max_height // line * line) + box.spacing
        self.height = shown - box.spacing
