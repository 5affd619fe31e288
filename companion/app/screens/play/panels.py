"""The play screen's right column: score rows, what-to-change lines, the action-area panels
(die, choices, preview, info) and the text measuring they need. Layout is in ``kv/play.kv``."""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from kivy.core.text.markup import MarkupLabel
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup, get_hex_from_color

from companion.app.frames.steady_layouts import SteadyBoxLayout
from companion.app.kvlang.loading import load_kv
from companion.app.labels.remembered import RememberedLabel
from companion.app.labels.widths import text_width
from companion.app.widgets.common import TOUCH_TARGET, BigButton

if TYPE_CHECKING:
    from companion.table.words.screens import ScreenWords

INSTRUCTION_LINE = 24
"""The height of one line of instructions (20 px text)."""
INSTRUCTION_FONT = 20
COUNTER_FONT = 20
COUNTER_SEPARATOR = " · "
SHORT_COUNTER_NAMES = {
    "score": "pts",
    "batteries": "bat",
    "magnet": "mag",
    "evaluations": "ev",
}
"""Short English scoreboard labels for counters whose full names do not fit; other
languages take ``short:<counter>`` from their ``app`` catalogue (else the full name)."""


def coloured_status(text: str, looks: list[Any], seat: int | None) -> str:
    """Kivy markup of the status line with the mover's name in the mover's colour."""
    plain = str(escape_markup(text))
    if seat is None or seat >= len(looks) or not text.startswith(looks[seat].name):
        return plain
    name = str(escape_markup(looks[seat].name))
    colour = get_hex_from_color(_readable(looks[seat].colour))
    return f"[color={colour}]{name}[/color]{plain[len(name):]}"


def _readable(colour: Any) -> tuple[float, float, float, float]:
    """The colour lightened until it reads well on the dark background."""
    r, g, b = colour[:3]
    while 0.299 * r + 0.587 * g + 0.114 * b < 0.55:
        r, g, b = (r + (1 - r) * 0.25, g + (1 - g) * 0.25, b + (1 - b) * 0.25)
    return (r, g, b, 1.0)


@lru_cache(maxsize=256)
def text_lines(markup: str, font_size: float, width: float) -> int:
    """How many lines ``markup`` (bold) takes when wrapped to ``width`` at ``font_size``.

    Laid out by a core label without rendering it (the height a label's texture would have):
    a status line not measured before costs a tap ~0.15 ms, not the ~1 ms of a probe widget
    rendered."""
    height = MarkupLabel(text=markup, bold=True, font_size=font_size,
                         text_size=(width, None)).render()[1]
    return max(1, round(height / max(1, _line_height(font_size))))


@lru_cache(maxsize=16)
def _line_height(font_size: float) -> float:
    one = Label(text="Ag", bold=True, font_size=font_size)
    one.texture_update()
    return float(one.texture_size[1])


def counter_texts(words: ScreenWords, values: dict[str, int]) -> tuple[str, str]:
    """A seat's counters as one line: with the full names, and with the short ones (where the
    value and its name stay together: a line breaks only between counters)."""
    full = COUNTER_SEPARATOR.join(f"{words.counter_name(k)} {v}" for k, v in values.items())
    short = "  ".join(
        f"{short_counter_name(words, k)}\u00a0{v}".replace(" ", "\u00a0")
        for k, v in values.items())
    return full, short


def short_counter_name(words: ScreenWords, key: str) -> str:
    """A counter's short name on the scoreboard ("bat" for batteries)."""
    if words.lang == "en":
        return SHORT_COUNTER_NAMES.get(key, key)
    text = words.tr(f"short:{key}")
    return words.counter_name(key) if text == f"short:{key}" else text


def counter_style(full: str, short: str, name: str, width: float) -> str:
    """How a score row shows its counters in ``width`` px: "full" (name above, the full
    counters below), "short" (the same with short names) or "flow" (the name and the short
    counters together over two lines)."""
    digits = "".join("0" if c.isdigit() else c for c in short)
    if text_width(full, COUNTER_FONT) <= width:
        return "full"
    if text_width(digits + "0", COUNTER_FONT) <= width:
        return "short"
    return "flow"


class ScoreRow(SteadyBoxLayout):
    name = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))
    letter = StringProperty("")
    counters = StringProperty("")
    is_turn = BooleanProperty(False)
    style = StringProperty("full")
    """full | short: the name above its counters; flow: name and counters wrap together over
    two lines (many counters, e.g. Crash by Crash's six)."""

    @staticmethod
    def flow_markup(name: str, counters: str, is_turn: bool) -> str:
        """The name (bold on its turn, white) and the counters as one wrapped markup text."""
        shown = f"[b]{escape_markup(name)}[/b]" if is_turn else str(escape_markup(name))
        return f"[color=f5f5f5]{shown}[/color]  {escape_markup(counters)}"


class CompactScoreRow(SteadyBoxLayout):
    """A scoreboard cell for many players (two columns): a smaller token, the same 20 px
    text (long counter lists are cut at the cell's end)."""

    name = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))
    letter = StringProperty("")
    counters = StringProperty("")
    is_turn = BooleanProperty(False)
    style = StringProperty("full")
    flow_markup = staticmethod(ScoreRow.flow_markup)


class LineScoreCell(SteadyBoxLayout):
    """A scoreboard cell on one line (token, name, counters), two to a row: the scoreboard
    while an open choice or the table lines need its room. The name gives way first."""

    name = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))
    letter = StringProperty("")
    counters = StringProperty("")
    counters_width = NumericProperty(0)
    """The counters' width on one line (measured when they change)."""
    is_turn = BooleanProperty(False)
    style = StringProperty("short")

    def on_counters(self, *_: Any) -> None:
        self.counters_width = text_width(self.counters, COUNTER_FONT) + 2 if self.counters else 0


LINE_CELL_HEIGHT = 32
"""A one-line scoreboard cell: 20 px text."""


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


class ChoiceArea(BoxLayout):
    """The legal inputs as big buttons; a RecycleView (``ids.list``, its layout
    ``ids.choices``): only the visible buttons exist, however long the list.

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
        for number in range(1, CHOICE_BUTTONS_AHEAD + 1):
            if -number not in spare:
                spare[-number] = ChoiceButton()
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


@lru_cache(maxsize=1024)
def wrapped_lines(text: str, font_size: float, width: float) -> int:
    """How many lines ``text`` (plain, regular) takes wrapped at spaces to ``width`` px, as a
    label wraps it; measured word by word without making a texture (and kept: the same table
    lines are measured at every update while they are shown)."""
    space = text_width(" ", font_size)
    count, line = 0, -1.0
    for paragraph in text.split("\n"):
        count += 1
        line = -space
        for word in paragraph.split():
            size = text_width(word, font_size)
            if line + space + size > width and line > 0:
                count += 1
                line = size
            else:
                line += space + size
    return max(1, count)


@lru_cache(maxsize=16)
def line_height(font_size: float) -> int:
    """The height of one line of regular text at ``font_size``."""
    one = Label(text="Ag", font_size=font_size)
    one.texture_update()
    return int(one.texture_size[1])


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
