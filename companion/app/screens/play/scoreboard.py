"""The play screen's scoreboard: which rows it shows and the rows themselves.

Usually one column of rows, or two columns of compact rows for many players. While the action
area needs its room it steps aside: an open choice for many players gets one-line cells (two
to a row); table lines over the die that would not all be in view get one-line cells, else no
scoreboard at all until the next input. The rows are made once per game and kind and kept.
Layout is in ``kv/play.kv``; the play screen holds one :class:`Scoreboard`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.utils import escape_markup

from companion.app.frames.steady_layouts import SteadyBoxLayout
from companion.app.labels.lines import line_height, wrapped_lines
from companion.app.labels.widths import text_width
from companion.app.screens.play.die_faces import FACE_MIN
from companion.app.screens.play.panels import ROLL_ROW
from companion.app.screens.play.table_lines import INSTRUCTION_FONT
from companion.engine import GAMES
from companion.table.rolloff import rolloff_rolls

if TYPE_CHECKING:
    from companion.table.words.screens import ScreenWords

SCOREBOARD_TWO_COLUMNS = 5
"""From this many players (from one fewer in dice games) the scoreboard is two columns of
compact rows, so the die and the instructions keep their room."""
CHOICE_ROOM_PLAYERS = 3
"""From this many players and choices, an open choice gets the scoreboard's room (one-line
cells, two to a row), so its buttons are all in view."""
ROW_HEIGHTS = {1: 56, 2: 56, 3: 50, 4: 48}
"""Scoreboard row heights in one column, by the number of players."""
COMPACT_ROW_HEIGHT = 50
SCOREBOARD_SPACING = 4
STATUS_HEIGHT = 92
"""The status line's band: two lines at 26 px."""
RIGHT_COLUMN_FIXED = 2 * 6 + STATUS_HEIGHT + 64 + 3 * 6
"""The right column's height that is neither the action area nor the scoreboard: its
padding, the status line, the bottom bar and the spacing between the four (``kv/play.kv``)."""
RIGHT_COLUMN_WIDTH = 308
INSTRUCTION_SPACING = 3
DIE_AREA_SPACING = 6
INSTRUCTION_TEXT_MARGIN = 12
"""An instruction line's text is that much narrower than the column (its bar and padding)."""
STYLES = ("rows", "compact", "line", "hidden")
"""rows (one column) | compact (two columns) | line (one-line cells, two to a row) | hidden."""


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


class SeatScore(SteadyBoxLayout):
    """What every kind of score row shows of a seat: its token (colour, letter), the player's
    name, the counters as one text, and whether it is the seat's turn."""

    name = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))
    letter = StringProperty("")
    counters = StringProperty("")
    is_turn = BooleanProperty(False)


class ScoreRow(SeatScore):
    """A seat's row in the scoreboard's column."""

    style = StringProperty("full")
    """full | short: the name above its counters; flow: name and counters wrap together over
    two lines (many counters, e.g. Crash by Crash's six)."""

    @staticmethod
    def flow_markup(name: str, counters: str, is_turn: bool) -> str:
        """The name (bold on its turn, white) and the counters as one wrapped markup text."""
        shown = f"[b]{escape_markup(name)}[/b]" if is_turn else str(escape_markup(name))
        return f"[color=f5f5f5]{shown}[/color]  {escape_markup(counters)}"


class CompactScoreRow(SeatScore):
    """A scoreboard cell for many players (two columns): a smaller token, the same 20 px
    text (long counter lists are cut at the cell's end)."""

    style = StringProperty("full")
    flow_markup = staticmethod(ScoreRow.flow_markup)


class LineScoreCell(SeatScore):
    """A scoreboard cell on one line (token, name, counters), two to a row: the scoreboard
    while an open choice or the table lines need its room. The name gives way first."""

    counters_width = NumericProperty(0)
    """The counters' width on one line (measured when they change)."""
    style = StringProperty("short")

    def on_counters(self, *_: Any) -> None:
        self.counters_width = text_width(self.counters, COUNTER_FONT) + 2 if self.counters else 0


LINE_CELL_HEIGHT = 32
"""A one-line scoreboard cell: 20 px text."""


class Scoreboard:
    """The scoreboard of one play screen (its ``ids.scoreboard`` grid)."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self._rows: list[Any] = []
        self._key: tuple[Any, ...] = ()
        self._players: tuple[Any, ...] = ()
        """The game, language and seats' looks the rows were made for."""
        self._row_sets: dict[str, list[Any]] = {}
        """The score rows made for these players, per kind of row (kept: the style changes back
        and forth as the table lines come and go)."""
        self._restyled: set[str] = set()
        """The kinds of row whose style is worked out for this game's texts already."""

    def reset(self) -> None:
        """A new game: its rows (the last game's, when the same players play the same game in
        the same language again: restyled for its texts as new rows would be)."""
        self._key = ()

    def update(self, looks: list[Any]) -> str:
        """Show the rows of the style the action area leaves room for (made once per game,
        player list, language and kind of row; an update only sets their counters and whose
        turn it is). Returns the style."""
        table = App.get_running_app().table
        match = table.match
        box = self.screen.ids.scoreboard
        counters = match.counters()
        style = self.style(len(looks))
        texts = [counter_texts(table.words, counters.get(seat, {})) for seat in range(len(looks))]
        rolloff = rolloff_rolls(table.match)
        if rolloff is not None:  # who starts: every roll next to its player's name
            for seat in range(len(looks)):
                value = rolloff.get(seat, 0)
                if value is None:
                    text = table.tr("rolls now")
                elif value:
                    text = table.tr("rolled {value}").format(value=value)
                else:
                    text = table.tr("waits to roll")
                texts[seat] = (text, text)
        elif style == "line":  # the values alone: the name keeps the room
            texts = [(values, values) for values in (
                "\u00a0".join(str(value) for value in counters.get(seat, {}).values())
                for seat in range(len(looks)))]
        shown = self._usual_style(len(looks)) if style == "hidden" else style
        players = (match.game_id, table.lang,
                   tuple((look.name, tuple(look.colour), look.letter) for look in looks))
        key = (id(match), *players)
        if key != self._key:  # a new game (or new players, or a new language)
            self._key = key
            self._restyled = set()
            if players != self._players:
                self._players = players
                self._row_sets = {}
        rows = self._row_sets.get(shown)
        if rows is None or len(rows) != len(looks):
            rows = self._row_sets[shown] = self._make_rows(shown, looks, texts)
        elif shown not in self._restyled:  # the last game's rows, for the same players
            self._style_rows(shown, rows, looks, texts)
        if rows is not self._rows or len(box.children) != len(rows):
            self._rows = rows
            set_aside = list(box.children)
            box.clear_widgets()
            for row in set_aside:  # no layout while not shown (it is laid out when shown)
                row._trigger_layout.cancel()
            box.cols = 1 if shown == "rows" else 2
            for row in rows:
                box.add_widget(row)
        for seat, (row, (full, short)) in enumerate(zip(self._rows, texts)):
            row.counters = full if row.style == "full" else short
            row.is_turn = seat == match.to_move
        return style

    def make_ahead(self) -> None:
        """Make this game's one-line cells while the table is idle (their look does not
        depend on the counters), so the first time the table lines or a choice need the
        room no widgets are made inside a tap. Only for games whose die panel or choices
        can ask for it."""
        match = App.get_running_app().table.match
        if not self._key or match is None or "line" in self._row_sets:
            return  # (the last game's, for the same players: kept)
        looks = App.get_running_app().table.seat_looks()
        if GAMES[match.game_id].uses_die or len(looks) >= CHOICE_ROOM_PLAYERS:
            self._row_sets["line"] = self._make_rows("line", looks, [("", "")] * len(looks))

    def style(self, players: int) -> str:
        """The usual scoreboard, unless the action area needs its room: an open choice for
        many players (one-line cells), or more table lines over the die than the usual
        scoreboard leaves room for (one-line cells, else none until the next input)."""
        usual = self._usual_style(players)
        if self._lists_many_choices(players):
            return "line"
        needed = self._room_for_lines()
        if not needed:
            return usual
        for style in (usual, "line"):
            if self._action_room(style, players) >= needed:
                return style
        return "hidden"

    def _make_rows(self, style: str, looks: list[Any],
                   texts: list[tuple[str, str]]) -> list[Any]:
        """The score rows of one kind (rows, compact or line) for these players."""
        row_class: type[Any] = {"rows": ScoreRow, "compact": CompactScoreRow}.get(
            style, LineScoreCell)
        row_height = {"rows": ROW_HEIGHTS.get(len(looks), 48),
                      "compact": COMPACT_ROW_HEIGHT}.get(style, LINE_CELL_HEIGHT)
        rows = [row_class(name=look.name, colour=look.colour, letter=look.letter,
                          height=row_height) for look in looks]
        self._style_rows(style, rows, looks, texts)
        return rows

    def _style_rows(self, style: str, rows: list[Any], looks: list[Any],
                    texts: list[tuple[str, str]]) -> None:
        """Each row's style for these texts (worked out once a game: a row made for the last
        game's players is restyled for the next game's texts, as a new row would be)."""
        self._restyled.add(style)
        compact = style != "rows"
        width = self._width(compact) - (34 + 4 + 8 if compact else 44 + 6 + 8)
        for row, look, (full, short) in zip(rows, looks, texts):
            row.style = "short" if style == "line" else counter_style(
                full, short, look.name, width)

    @staticmethod
    def _usual_style(players: int) -> str:
        """One column of rows; two of compact rows for many players (one fewer with a die)."""
        match = App.get_running_app().table.match
        compact = players >= SCOREBOARD_TWO_COLUMNS or (
            players == SCOREBOARD_TWO_COLUMNS - 1 and GAMES[match.game_id].uses_die)
        return "compact" if compact else "rows"

    def _action_room(self, style: str, players: int) -> float:
        """The action area's height beside a scoreboard of ``style``."""
        height = self.screen.height if self.screen.height > 100 else RIGHT_COLUMN_FIXED + 300
        if style == "hidden":
            return float(height - RIGHT_COLUMN_FIXED)
        if style == "rows":
            row, rows = ROW_HEIGHTS.get(players, 48), players
        else:
            row = COMPACT_ROW_HEIGHT if style == "compact" else LINE_CELL_HEIGHT
            rows = (players + 1) // 2
        return float(height - RIGHT_COLUMN_FIXED - rows * row - (rows - 1) * SCOREBOARD_SPACING)

    def _room_for_lines(self) -> float:
        """The height the die panel needs to show every table line above the Roll button
        (or the table die's faces); 0 when it is not the die panel's turn or there are no
        lines."""
        screen = self.screen
        table = App.get_running_app().table
        match = table.match
        lines = screen.table_lines()
        if (not lines or screen.is_fixing or screen.board is None or match.is_over
                or screen.board.preview or table.companion_is_due()
                or match.awaiting != "roll" or not GAMES[match.game_id].uses_die):
            return 0
        below = 2 * FACE_MIN + 8 if table.die.source == "table" else ROLL_ROW
        return self.lines_height(lines) + 2 * DIE_AREA_SPACING + below

    def lines_height(self, lines: list[str]) -> float:
        """The height the table lines take in the right column (each measured once: kept)."""
        width = self._column_width() - INSTRUCTION_TEXT_MARGIN
        return float(sum(wrapped_lines(line, INSTRUCTION_FONT, width)
                         * line_height(INSTRUCTION_FONT) + 2 for line in lines)
                     + INSTRUCTION_SPACING * (len(lines) - 1))

    def _lists_many_choices(self, players: int) -> bool:
        """Three players or more and as many choices for the action area's buttons: the
        scoreboard makes room for them (one-line cells) while the choice is open."""
        board = self.screen.board
        match = App.get_running_app().table.match
        return (players >= CHOICE_ROOM_PLAYERS and match.awaiting == "choice"
                and board is not None and not board.handles_choices
                and len(match.legal()) >= CHOICE_ROOM_PLAYERS)

    def _column_width(self) -> float:
        width, height = self.screen.width, self.screen.height
        return float(width - height - 12 if width > height + 100 else RIGHT_COLUMN_WIDTH)

    def _width(self, compact: bool) -> float:
        column = self._column_width()
        return (column - SCOREBOARD_SPACING) / 2 if compact else column


__all__ = ["STATUS_HEIGHT", "STYLES", "Scoreboard"]
