"""The play screen's action area: its panels (the die, the choices, a preview, the info and the
game's end), one shown at a time, and how a choice button fits its text. The score rows are the
scoreboard's (:mod:`.scoreboard`), the table lines their own (:mod:`.table_lines`). Layout is in
``kv/play.kv``."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout

from companion.app.frames.steady_layouts import SteadyBoxLayout
from companion.app.kvlang.loading import load_kv
from companion.app.labels.lines import line_height, wrapped_lines
from companion.app.labels.remembered import RememberedLabel
from companion.app.screens.play.table_lines import INSTRUCTION_LINE
from companion.app.widgets.common import TOUCH_TARGET, BigButton


class PreviewArea(BoxLayout):
    screen = ObjectProperty(None)
    text = StringProperty("")
    instructions = ListProperty([])
    is_refused = BooleanProperty(False)
    """The previewed input would be refused: ``text`` says why, ``rule`` the rule; no OK."""
    rule = StringProperty("")


ROLL_ROW = 64
"""The Roll button's row at least (the instructions above it get the rest)."""
ROLL_ROW_TIGHT = 56
"""The same while the table lines need all the room."""


class DieArea(SteadyBoxLayout):
    screen = ObjectProperty(None)
    value = StringProperty("")
    roller = StringProperty("")
    """Whose roll ``value`` is (the name under the number)."""
    instructions = ListProperty([])
    die_status = StringProperty("")
    """A problem of the electronic die in words (red, under the Roll button), "" when fine."""
    roll_text = StringProperty("")
    is_table = BooleanProperty(False)
    """The table's own die: six face buttons instead of the Roll button."""
    faces_title = StringProperty("")
    roll_row_height = NumericProperty(ROLL_ROW)
    """The height the Roll button's row keeps at least."""

    def __init__(self, **kwargs: Any) -> None:
        load_kv("panel_roll")  # its rules with the first die panel: a game without a die
        super().__init__(**kwargs)  # never parses them
        # kv's ids are weak: the one not shown lives on here
        self.roll_row, self.face_box = self.ids.roll_row.__self__, self.ids.face_box.__self__
        self._show_roll_or_faces()

    def on_is_table(self, *_: Any) -> None:
        self._show_roll_or_faces()

    def _show_roll_or_faces(self) -> None:
        """Either the Roll button (held: the faces too) or the faces, above the die's status."""
        if not hasattr(self, "face_box"):
            return  # kv is still building the panel
        shown, hidden = ((self.face_box, self.roll_row) if self.is_table
                         else (self.roll_row, self.face_box))
        if hidden.parent is self:
            self.remove_widget(hidden)
        if shown.parent is None:
            self.add_widget(shown, index=1)  # above the die's status line
        self.ids.faces.is_shown = self.is_table  # set aside: no pips drawn at its layouts


class ChoiceArea(SteadyBoxLayout):
    """The legal inputs as big buttons; a RecycleView (``ids.list``, its layout
    ``ids.choices``): only the visible buttons exist, however long the list. Shown again (the
    action area takes it back), with its parts' sizes as they were, it is not laid out again.

    Every button shows its whole text: one or two lines at 22 px, else at 20 px, else as many
    lines as it needs (the button grows). When the buttons would not all be in view, choices
    that have a short text (the name of who gets a captured piece) go two to a row
    (``ids.pairs``) with it, the question being on the status line; other buttons shrink to
    the 48-px touch target. The instructions above give up their room first."""

    screen = ObjectProperty(None)
    instructions = ListProperty([])
    choices = ListProperty([])
    """The buttons' data: screen, line, text, short, is_hinted (their font and height are
    added); ``short`` is the text for a button half as wide ("" when there is none)."""
    reserve = NumericProperty(66)
    """The height the choice buttons need: the instructions get the rest."""
    is_short_of_room = BooleanProperty(False)
    """The buttons at their usual size would not all be in view with a line of instructions."""
    is_paired = BooleanProperty(False)
    """The choices are two to a row, with their short texts (``ids.pairs``)."""

    def __init__(self, **kwargs: Any) -> None:
        self._spare: list[ChoiceButton] = []
        self._is_made_ahead = False
        load_kv("panel_choice")  # its rules with the first list: a game that asks no choices
        super().__init__(**kwargs)  # never parses them

    def make_ahead(self) -> None:
        """Make :data:`CHOICE_BUTTONS_AHEAD` list buttons while the table is idle: the game's
        first choices take them, as a list takes the buttons a longer list left, instead of
        building kv widgets inside the tap that shows them. They wait among the list's
        spare views (its adapter's ``dirty_views``, under keys no item has). The line
        heights their sizes are worked out from are measured now too.

        Once only for the panel (it serves every game after): a list's new data moves its
        buttons, these among them, to Kivy's cache of views, which keeps them for the next
        list; six more made at every new game were six more kept, game after game."""
        if self._is_made_ahead:
            return
        self._is_made_ahead = True
        spare = self.ids.list.view_adapter.dirty_views[ChoiceButton]
        if self.width <= 100:  # never shown: as wide as it will be, and its list (laid out
            self.width = CHOICE_AREA_WIDTH  # while idle) too; at Kivy's 100 px, the first
            # list's buttons were laid out at that width in the tap, then again at its own
        width = self.width
        for number in range(1, CHOICE_BUTTONS_AHEAD + 1):
            if -number not in spare:
                spare[-number] = button = ChoiceButton(width=width)
                button.do_layout()  # its label as wide as the list's: a text it is given is
                # rendered once, at that width (at Kivy's 100 px, it was rendered at 88 px
                # first, then again when the list had laid the button out: ~0.1 ms a button)
        for font_size in CHOICE_FONTS:  # the buttons' heights: a label measured once a size
            line_height(font_size)

    def on_choices(self, *_: Any) -> None:
        self._fit()

    def on_size(self, *_: Any) -> None:
        self._fit()

    def _fit(self) -> None:
        if "list" not in self.ids:
            return  # kv is still building the panel
        if not self.choices:
            self.ids.list.data = []
            self._pair([])
            return
        whole = self.width if self.width > 100 else CHOICE_AREA_WIDTH
        width = whole - CHOICE_TEXT_MARGIN
        fits = [choice_fit(choice["text"], width) for choice in self.choices]
        shown = min(len(fits), MAX_CHOICE_ROWS)
        usual = sum(choice_height(font, lines) for font, lines in fits[:shown])
        needs = usual + CHOICE_SPACING * (shown - 1) + INSTRUCTION_LINE + 2 + self.spacing
        self.is_short_of_room = bool(self.height > 100 and needs > self.height)
        if self.is_short_of_room and len(fits) > 2 and all(c.get("short") for c in self.choices):
            self._fit_pairs((whole - CHOICE_SPACING) / 2 - CHOICE_TEXT_MARGIN)
            return
        self._pair([])
        sizes = [(font, choice_height(font, lines, self.is_short_of_room))
                 for font, lines in fits]
        self.reserve = sum(h for _f, h in sizes[:shown]) + CHOICE_SPACING * (shown - 1)
        self.ids.list.data = [{**choice, "font_size": font, "height": height}
                              for choice, (font, height) in zip(self.choices, sizes)]

    def _fit_pairs(self, width: float) -> None:
        """Two buttons to a row with the short texts; a row as tall as its taller button
        (48 px when the usual 56 would not leave a line for the instructions)."""
        fits = [choice_fit(choice["short"], width) for choice in self.choices]
        rows = [fits[start:start + 2] for start in range(0, len(fits), 2)]

        def height(is_short: bool) -> list[int]:
            return [max(choice_height(font, lines, is_short) for font, lines in row)
                    for row in rows]

        usual = height(False)
        is_short = (sum(usual) + CHOICE_SPACING * (len(rows) - 1) + INSTRUCTION_LINE + 2
                    + 2 * self.spacing > self.height)
        heights = height(is_short) if is_short else usual
        self.reserve = sum(heights) + CHOICE_SPACING * (len(rows) - 1)
        self.ids.list.data = []
        self._pair([{**choice, "text": choice["short"], "font_size": font,
                     "height": heights[number // 2]}
                    for number, (choice, (font, _lines)) in enumerate(zip(self.choices, fits))])

    def _pair(self, data: list[dict[str, Any]]) -> None:
        """The paired buttons show ``data`` (none: the list shows the choices)."""
        grid = self.ids.pairs
        buttons = list(reversed(grid.children))
        for button in buttons[len(data):]:
            grid.remove_widget(button)
            self._spare.append(button)
        for number, item in enumerate(data):
            if number < len(buttons):
                button = buttons[number]
            else:
                button = self._spare.pop() if self._spare else ChoiceButton()
                grid.add_widget(button)
            for key in ("screen", "line", "text", "font_size", "height", "is_hinted"):
                setattr(button, key, item[key])
        self.is_paired = bool(data)


CHOICE_FONTS = (22, 20)
"""A choice button's text: 22 px while it fits two lines, else 20 px."""
CHOICE_HEIGHT = 56
CHOICE_SPACING = 6
CHOICE_TEXT_MARGIN = 12
"""A button's text is that much narrower than the button (``BigButton``'s text_size)."""
CHOICE_AREA_WIDTH = 308
"""The right column's width at 800×480, until the panel has its own."""
MAX_CHOICE_ROWS = 4
"""The choice list asks for at most this many buttons' height (it scrolls beyond that)."""
CHOICE_BUTTONS_AHEAD = 6
"""List buttons made while the table is idle (:meth:`ChoiceArea.make_ahead`): as many as
the action area shows at once."""


def choice_fit(text: str, width: float) -> tuple[int, int]:
    """A choice's font size and number of lines in a button whose text is ``width`` wide."""
    for size in CHOICE_FONTS:
        lines = wrapped_lines(text, size, width)
        if lines <= 2:
            return size, lines
    return CHOICE_FONTS[-1], lines


def choice_height(font_size: int, lines: int, is_short_of_room: bool = False) -> int:
    """A choice button's height: 56 px (48 when short of room), more for a third line."""
    if is_short_of_room:
        return max(TOUCH_TARGET, lines * line_height(font_size))
    return max(CHOICE_HEIGHT, lines * line_height(font_size) + 6)




class ChoiceButton(SteadyBoxLayout):
    """One choice of the list: its button (and the hint's frame). A list's new data adds its
    views to the list again: a view whose place and size did not change is not laid out again
    (~0.05-0.1 ms each), one that only moved moves its button with it."""

    screen = ObjectProperty(None)
    line = StringProperty("")
    text = StringProperty("")
    font_size = NumericProperty(CHOICE_FONTS[0])
    is_hinted = BooleanProperty(False)
    """The coach's hint: this choice is what the companion would play (framed, not only
    coloured)."""


class ChoiceLabel(BigButton, RememberedLabel):
    """A choice's button; the buttons keep their looks together (the display's cards come
    back turn after turn, in another button of the list)."""

    shared_looks: ClassVar[dict[Hashable, tuple[Any, ...]] | None] = {}


class InfoArea(BoxLayout):
    screen = ObjectProperty(None)
    text = StringProperty("")
    """The instructions, or the board's hint when there are none (as one text)."""
    is_instruction = BooleanProperty(False)
    instructions = ListProperty([])
    hint = StringProperty("")


class EndArea(BoxLayout):
    """The game is over: the winning input's lines and the final board stay on the play
    screen until a tap on "Eva wins — see the result"."""

    screen = ObjectProperty(None)
    instructions = ListProperty([])
    text = StringProperty("")


PREPARE_PANELS_SECONDS = 0.1
"""After a game's play screen is shown, the panels it has not used yet are made."""
PANEL_CLASSES: dict[str, type[BoxLayout]] = {
    "preview": PreviewArea, "roll": DieArea, "choice": ChoiceArea, "info": InfoArea,
    "end": EndArea}
