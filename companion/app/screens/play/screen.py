"""Play: the board on the left; status, action area, scoreboard and undo | redo | menu right."""

from __future__ import annotations

import time
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen

from companion.app.boards import board_class, make_board
from companion.app.boards.base import ShownPosition
from companion.app.frames.flush_points import flush_after
from companion.app.frames.laying_out import lay_out_now
from companion.app.kvlang.loading import load_kv
from companion.app.screens.play.die_faces import FacesDialog
from companion.app.screens.play.panels import (
    MAX_CHOICE_ROWS,
    PANEL_CLASSES,
    PREPARE_PANELS_SECONDS,
    ROLL_ROW,
    ROLL_ROW_TIGHT,
    TAP_SLOP,
    InstructionLines,
    coloured_status,
    text_lines,
)
from companion.app.screens.play.scoreboard import STATUS_HEIGHT, Scoreboard
from companion.app.screens.play.texts_ahead import TextsAhead
from companion.engine import GAMES
from companion.games.table_lines import load_game_modules
from companion.table.session import DEFAULT_PAUSE, Change

REFUSED_COLOUR = (0.72, 0.10, 0.10, 1)
HINT_COLOUR = (0.10, 0.36, 0.62, 1)
STATUS_FONT_SIZES = (26, 24, 22, 20)
"""The status line's font, a step smaller while it needs more than two lines (never < 20)."""
STATUS_MAX_LINES = 3
"""At the smallest size a third line is allowed; beyond that the end is cut, never the name."""
MOVED_ON_SECONDS = 0.5
"""After a phone's input, a tap on the board or the action area this soon was aimed at the
position before (nobody reacts faster): refused, the banner says the game moved on."""
MOVED_ON_COLOUR = (0.16, 0.40, 0.44, 1)
"""The calm banner of "the game moved on" (not a refusal's red)."""
STATUS_ONE_LINE = 56
"""The status line's band for one line while the table lines need all the room."""


def status_font(markup: str, width: float) -> tuple[int, int]:
    """The status line's font size and most lines: two lines at the largest size that fits,
    else three at 20 px."""
    for size in STATUS_FONT_SIZES:
        if text_lines(markup, size, width) <= 2:
            return size, 2
    return STATUS_FONT_SIZES[-1], STATUS_MAX_LINES


class PlayScreen(Screen):
    status = StringProperty("")
    """The status line as plain text."""
    status_markup = StringProperty("")
    """The same with the mover's name in the mover's colour (what the label shows)."""
    status_font_size = NumericProperty(STATUS_FONT_SIZES[0])
    """The largest size at which the status line fits in two lines (20 px at least)."""
    status_max_lines = NumericProperty(2)
    mover_colour = ColorProperty((0, 0, 0, 0))
    mover_letter = StringProperty("")
    banner = StringProperty("")
    """The banner's text, big: a refusal in plain words, or a hint."""
    banner_rule = StringProperty("")
    """Small below it, the rule a refusal comes from ("rule R24"; "" for a hint)."""
    banner_colour = ColorProperty(REFUSED_COLOUR)
    can_hint = BooleanProperty(False)
    """The coach is on for this game and a person is to decide: the Hint button shows."""
    hinted_choice = StringProperty("")
    """The choice button the coach's hint marks (a choice the board does not draw); OK
    plays it. Cleared by any change of the match."""
    hint_shown = ""
    """The input the last hint suggested (the coach may think differently when asked again:
    its time cap is a safety valve that a very busy machine can reach)."""
    board = ObjectProperty(None, allownone=True)
    is_fixing = BooleanProperty(False)
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    action_kind = StringProperty("")
    """What the action area shows: fix | preview | roll | choice | info (for tests, too)."""
    status_height = NumericProperty(STATUS_HEIGHT)
    """The status line's band: 92 px, 56 for one line while the table lines need the room."""
    scoreboard_style = StringProperty("rows")
    """rows (one column) | compact (two columns) | line (one-line cells, two to a row: an
    open choice or the table lines need the room) | hidden (the table lines need it all)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._modal: ModalView | None = None
        self._replay: tuple[int, ShownPosition] | None = None
        """While the companion's round is played again: the table's seq then, the shown host."""
        self._panels: dict[str, Any] = {}
        """One action-area panel per kind, made on first use and then only updated."""
        self._scoreboard = Scoreboard(self)
        """The scoreboard's rows and the room it leaves the action area."""
        self._texts_ahead = TextsAhead(self)
        """The next roll's texts, prepared while the die panel waits."""
        self._lines_of: tuple[int, Any, list[str]] = (-1, None, [])
        self._fitted: tuple[str, float] = ("", 0.0)
        self._moved_on_at = -1.0
        """When a phone's input last changed the game (``time.monotonic()``)."""
        ids = self.ids  # a software GL gets the frame in parts: the board (split by its own
        for part in (ids.board_slot, ids.status.parent, ids.action_area, ids.scoreboard):
            flush_after(part)  # count), the status line, the action area, the scoreboard

    # -- table → screen ---------------------------------------------------------------------

    def prepare(self) -> None:
        """Attach the open match's board (a new widget if the game changed) and show it all."""
        table = App.get_running_app().table
        if table.match is None:
            return
        cls = board_class(table.match.game_id)
        if type(self.board) is not cls:
            slot = self.ids.board_slot
            slot.clear_widgets()
            self.board = make_board(table.match.game_id)
            self.board.bind(preview=self._on_preview)
            slot.add_widget(self.board)
        self._scoreboard.reset()  # a new game: new score rows
        self.is_fixing = False
        self.board.is_fixing = False
        self._take_place()
        self.board.host = table
        self.board.refresh()
        self.update()
        Clock.schedule_once(self._make_panels, PREPARE_PANELS_SECONDS)

    def _take_place(self) -> None:
        """The screen at its size in the manager and laid out, before its board draws: a
        screen not shown yet is 100 × 100 and its new board too, and the board drew the
        opening position at that size (texts of 3–5 px, a font opened for each size a text was
        shrunk through: ~90 kB each, kept by Kivy) before drawing it again at its own."""
        if self.manager is not None:
            self.size = self.manager.size
        lay_out_now(self)

    def _make_panels(self, _dt: float = 0) -> None:
        """Make the action area's other panels while the table is idle, so the first roll or
        the first choice of a game does not wait for kv widgets to be built (its panel, the
        list's buttons, the score cells), nor for the modules that word its table lines.
        The die's panel only for a game played with a die, the choice list only for a game
        that asks for choices: the others never show them (their buttons, faces and line
        labels stayed built, unseen, through a whole game)."""
        match = App.get_running_app().table.match
        game = GAMES[match.game_id] if match is not None else None
        shown = {"roll": game is not None and game.uses_die,
                 "choice": game is not None and game.asks_choices}
        for kind, cls in PANEL_CLASSES.items():
            if kind not in self._panels and shown.get(kind, True):
                self._panels[kind] = cls(screen=self)
        if "choice" in self._panels:
            self._panels["choice"].make_ahead()
        self._scoreboard.make_ahead()
        if match is not None:  # the first input's table lines: their game's modules
            load_game_modules(match.game_id)
        InstructionLines.make_ahead()  # their line labels, made ahead for them all

    def on_table_change(self, change: Change) -> None:
        table = App.get_running_app().table
        self.stop_replay()  # the table changed: its own position, not a replay
        if change.kind == "rejected":
            self.show_banner(change.message, rule=change.detail)
            if isinstance(self._modal, FixText):  # the banner is under it: said in it too
                self._modal.problem, self._modal.problem_rule = change.message, change.detail
            return
        if change.kind == "opened":
            self.prepare()
            return
        if table.match is None or self.board is None or self.board.host is None:
            return
        if change.kind == "die":
            if self.action_kind == "roll":
                self._update_action_area()
            return
        phones = App.get_running_app().phones
        is_moved_on = change.kind in ("played", "undone", "redone") and phones.is_from_phone
        was_choosing = is_moved_on and self.is_choosing()
        if change.kind in ("played", "undone", "redone"):
            self.hide_banner()  # a hint or a refusal was about the position before
        if change.kind in ("played", "undone", "redone", "lang"):
            if self.is_fixing and change.kind != "lang" and (
                    not self.board.fixes_live or is_moved_on):
                self.board.is_fixing = False
                self.is_fixing = False
            if is_moved_on and isinstance(self._modal, (FixText, FacesDialog)):
                self.close_modal()  # a position typed or a face about to be tapped: stale
            self.board.refresh(change.events)  # drops a preview or a picked piece
            self.update()
        if is_moved_on:
            self._moved_on_at = time.monotonic()
            if was_choosing:
                self.show_banner(self.moved_on_text(change.kind, phones.mover),
                                 colour=MOVED_ON_COLOUR)

    def is_choosing(self) -> bool:
        """A person at the screen is in the middle of an input: a preview, a picked piece, an
        open question or choice, a fix."""
        return bool(
            (self.board is not None and self.board.is_choosing()) or self.is_fixing
            or self.action_kind == "choice" or self.hinted_choice
            or isinstance(self._modal, (FixText, FacesDialog)))

    def holds_the_game(self) -> bool:
        """The game waits for a person at this screen: a fix under way (by taps or typed) or
        the question that decides the game's future (end it?) open. The companion's seats do
        not play meanwhile, whichever screen shows (``CompanionPace``'s ``is_on``)."""
        return self.is_fixing or isinstance(self._modal, (FixText, EndGameDialog))

    def _let_the_companion_go_on(self) -> None:
        """The game no longer waits here: a companion seat that is due plays after its pause."""
        pace = getattr(App.get_running_app(), "pace", None)
        if pace is not None:
            pace.next()

    def moved_on_text(self, kind: str = "", mover: str = "") -> str:
        """ "The game moved on — Eva played from a phone" (who, when it was a move)."""
        tr = App.get_running_app().table.tr
        if kind == "played" and mover:
            return str(tr("The game moved on — {name} played from a phone").format(name=mover))
        return str(tr("The game moved on"))

    def update(self) -> None:
        table = App.get_running_app().table
        match = table.match
        if match is None:
            return
        looks = table.seat_looks()
        seat = match.to_move
        self.status = self.thinking_text() or table.words.status_line()
        self.status_markup = coloured_status(self.status, looks, seat)
        self.fit_status()
        if seat is not None and seat < len(looks):
            self.mover_colour = looks[seat].colour
            self.mover_letter = looks[seat].letter
        else:
            self.mover_colour = (0, 0, 0, 0)
            self.mover_letter = ""
        self.can_undo = match.can_undo
        self.can_redo = match.can_redo
        self.hinted_choice = ""  # the hint was about the position before
        app = App.get_running_app()
        self.can_hint = app.coach_is_on(match.game_id) and app.table.can_hint()
        was = self.scoreboard_style
        self.scoreboard_style = style = self._scoreboard.update(looks)
        self.status_height = (STATUS_ONE_LINE if style == "hidden" and self._status_is_one_line()
                              else STATUS_HEIGHT)
        if style != was:  # the action area's new height now, before its panel is laid out
            self._lay_out_right_column()
        self._update_action_area()
        self._texts_ahead.plan()

    def _lay_out_right_column(self) -> None:
        """Lay out the scoreboard and the right column now (their passes due this frame find
        nothing left to do): the die panel is then laid out once, at its new height, and not
        first at the height the scoreboard's old style left it."""
        scoreboard = self.ids.scoreboard
        scoreboard.do_layout()  # its rows in place: its height follows them (kv)
        scoreboard.parent.do_layout()

    def fit_status(self, *_: Any) -> None:
        """Pick the status font: two lines at the largest size that fits, else 20 px.

        Measured only when the text or the width changed."""
        label = self.ids.status
        width = label.width
        if width <= 1 or not self.status_markup:
            return
        if self._fitted == (self.status_markup, width):
            return
        self._fitted = (self.status_markup, width)
        self.status_font_size, self.status_max_lines = status_font(self.status_markup, width)

    def fit_status_ahead(self, markup: str) -> tuple[int, int] | None:
        """Measure a foreseen status line as :meth:`fit_status` will (the measurements are
        kept): its tap then finds them made. Its font size and most lines (None while the
        status line has no width)."""
        width = self.ids.status.width
        if width <= 1 or not markup:
            return None
        return status_font(markup, width)

    def measure_lines_ahead(self, lines: list[str]) -> None:
        """Measure foreseen table lines as the scoreboard will to decide its style."""
        self._scoreboard.lines_height(lines)

    # -- one call per kv handler -----------------------------------------------------------------

    def undo(self) -> None:
        App.get_running_app().table.undo()

    def redo(self) -> None:
        App.get_running_app().table.redo()

    def roll(self) -> None:
        App.get_running_app().table.roll()

    def face_tapped(self, face: int) -> None:
        """A face of the table's own die tapped: that roll is played."""
        App.get_running_app().table.table_roll(face)

    def open_faces(self) -> None:
        """Roll held: the six faces, for a roll made with the table's die anyway."""
        table = App.get_running_app().table
        if table.match is None or table.match.awaiting != "roll":
            return
        self._open_modal(FacesDialog(
            on_face=self.face_tapped, title=table.tr("Which face does the die show?"),
            cancel_text=table.tr("Cancel")))

    def choose(self, line: str) -> None:
        App.get_running_app().table.send(line)

    def confirm(self) -> None:
        """OK (button or key): place the previewed input, or finish fixing; otherwise play
        the only legal input (or roll when a roll is awaited)."""
        if self.is_fixing:
            self.done_fix()
        elif self.action_kind == "end":
            self.see_result()
        elif self.board is not None and self.board.preview:
            self.board.confirm_preview()
        elif self.hinted_choice and self.action_kind == "choice":
            self.choose(self.hinted_choice)
        elif self.board is not None and self.board.is_interactive:
            App.get_running_app().table.confirm()

    def cancel_preview(self) -> None:
        if self.board is not None:
            self.board.cancel_preview()

    def show_hint(self) -> None:
        """The coach: what the companion would play for the person to move, in words; nothing
        is played."""
        app = App.get_running_app()
        line = app.hint()
        match = app.table.match
        if line is None or match is None:
            return
        self.hint_shown = line
        if self.board is None:
            return
        # the board's own words for the input (a choice button's), else in the words of the
        # table: what the move would change (as after a real move)
        label = self.board.choice_label(line)
        events = match.rules.apply(match.state, line)[1] if label == line else []
        words = [label] if label != line else (
            app.table.describe(events)[:2] or [app.table.input_label(line)])
        self.show_banner(app.tr("Hint: {move}").format(move="\n".join(words)),
                         colour=HINT_COLOUR)
        if self.board.can_preview(line):
            self.board.show_preview(line)  # shown on the board: a second tap or OK plays it
        elif self.action_kind == "choice" and line in match.legal():
            self.hinted_choice = line  # its button marked: a tap on it or OK plays it
            self._update_action_area()

    def show_banner(self, text: str, colour: Any = REFUSED_COLOUR, rule: str = "") -> None:
        """A refusal or a hint, over the scoreboard until the next tap (no timer: a glance
        away from the screen does not lose it)."""
        self.banner = text
        self.banner_rule = rule
        self.banner_colour = colour

    def on_touch_down(self, touch: Any) -> bool:
        """The next tap anywhere takes the banner away: a tap on it does nothing else, a tap
        elsewhere does what it does (and may bring a new banner)."""
        if self._is_too_soon(touch):
            self.show_banner(self.moved_on_text(), colour=MOVED_ON_COLOUR)
            return True
        if self.banner:
            is_on_banner = self.ids.banner.collide_point(*self.to_local(*touch.pos))
            self.hide_banner()
            if is_on_banner:
                return True
        return bool(super().on_touch_down(touch))

    def _is_too_soon(self, touch: Any) -> bool:
        """A tap on the board or the action area just after a phone's input (it was aimed at
        the position before): :data:`MOVED_ON_SECONDS`."""
        if time.monotonic() - self._moved_on_at >= MOVED_ON_SECONDS:
            return False
        point = self.to_local(*touch.pos)
        return any(widget is not None and widget.collide_point(*widget.to_widget(*point))
                   for widget in (self.board, self.ids.action_area))

    def show_phone_codes(self, is_start: bool = False) -> None:
        """The codes phones scan: one per seat a person plays, then the spectators' (at the
        start of a game only the seats': their codes are new)."""
        from companion.app.phones.codes import seat_pages, show_codes, watch_page

        self.close_modal()
        app = App.get_running_app()
        pages = seat_pages(app.phones, app.table)
        if not is_start and app.phones.view_url():
            pages.append(watch_page(app.phones, app.table))
        done = app.table.tr("Start playing") if is_start else ""
        if pages:
            self._open_modal(show_codes(pages, app.table, done_text=done))

    def hide_banner(self) -> None:
        self.banner = ""
        self.banner_rule = ""

    def open_menu(self) -> None:
        self._open_modal(PlayMenu(screen=self))

    def open_rules(self) -> None:
        """Menu → Rules: how to play the game at the table; Back returns here unchanged."""
        self.close_modal()
        App.get_running_app().go("rules")

    def open_log(self) -> None:
        table = App.get_running_app().table
        self._open_modal(MoveLog(rows=table.words.move_log()))

    def ask_end_game(self) -> None:
        self._open_modal(EndGameDialog(screen=self))

    def end_game(self) -> None:
        self.close_modal()
        App.get_running_app().table.end_game()
        App.get_running_app().go("home")

    def go(self, name: str) -> None:
        self.close_modal()
        App.get_running_app().go(name)

    def begin_fix(self) -> None:
        self.close_modal()
        if self.board is None:
            return
        if self.board.supports_fix:
            self.board.begin_fix()
            self.is_fixing = True
            self.update()
        else:
            self.begin_fix_text()

    def begin_fix_text(self) -> None:
        """The position as text, to edit with the on-screen keyboard (every game; a board
        with its own fix mode offers it for changes too big for taps)."""
        table = App.get_running_app().table
        if table.match is not None:
            self._open_modal(FixText(screen=self, position=table.match.position()))

    def done_fix(self) -> None:
        if self.board is None:
            return
        if self.board.fixes_live:  # every correction is already played
            self._leave_fix()
            return
        App.get_running_app().table.fix(self.board.fix_position())
        # accepted: the "played" change has left fix mode; rejected: the banner says why

    def send_fix_text(self, text: str) -> None:
        if App.get_running_app().table.fix(text):
            self.close_modal()

    def cancel_fix(self) -> None:
        if self.board is not None and self.board.fixes_live:
            table = App.get_running_app().table
            for _ in range(self.board.live_fixes):  # the corrections made in this fix mode
                table.undo()
        self._leave_fix()

    def _leave_fix(self) -> None:
        self.is_fixing = False
        if self.board is not None:
            self.board.end_fix()
        self.update()
        self._let_the_companion_go_on()

    def close_modal(self) -> None:
        if self._modal is not None:
            self._modal.dismiss(animation=False)  # gone at once: a fading one eats the next tap
            self._modal = None
            self._let_the_companion_go_on()

    # -- private helpers -------------------------------------------------------------------------

    def _open_modal(self, modal: ModalView) -> None:
        self.close_modal()
        self._modal = modal
        modal.bind(on_dismiss=self._forget_modal)
        if modal.parent is None:
            modal.open()

    def _forget_modal(self, modal: ModalView) -> None:
        if self._modal is modal:
            self._modal = None
            self._let_the_companion_go_on()

    def _on_preview(self, *_: Any) -> None:
        self._update_action_area()

    def _status_is_one_line(self) -> bool:
        width = self.ids.status.width
        return width > 1 and bool(self.status_markup) and text_lines(
            self.status_markup, self.status_font_size, width) == 1

    def table_lines(self) -> list[str]:
        """``table.table_lines``, worked out once per change of the table."""
        table = App.get_running_app().table
        if self._lines_of[0] != table.seq or self._lines_of[1] is not table.match:
            self._lines_of = (table.seq, table.match, list(table.table_lines))
        return list(self._lines_of[2])

    def _panel(self, kind: str) -> Any:
        """The one panel of ``kind`` (made on first use), now the action area's only child."""
        panel = self._panels.get(kind)
        if panel is None:
            panel = PANEL_CLASSES[kind](screen=self)
            self._panels[kind] = panel
        area = self.ids.action_area
        if area.children != [panel]:
            set_aside = list(area.children)
            area.clear_widgets()
            for old in set_aside:  # no pass while not shown: adding it back lays it out
                old._trigger_layout.cancel()
            area.add_widget(panel)
        return panel

    def _update_action_area(self) -> None:
        app = App.get_running_app()
        table = app.table
        match = table.match
        area = self.ids.action_area
        if match is None or self.board is None:
            area.clear_widgets()
            return
        if self.is_fixing:
            self.action_kind = "fix"
            area.clear_widgets()
            panel = self.board.fix_panel()
            if panel is not None:
                area.add_widget(panel)
            return
        # what to change on the table stays in view until the next input of a person, whatever
        # the action area shows (the die, choices, a preview): the person's consequences, the
        # companion's round one line per action, what an undo or redo takes back or puts back
        lines = self.table_lines()
        self.board.is_interactive = not table.companion_is_due()
        if match.is_over:
            self.action_kind = "end"
            end = self._panel("end")
            end.instructions = lines
            end.text = table.tr("{headline} — see the result").format(
                headline=table.words.result_headline().rstrip("!"))
            return
        thinking = self.thinking_text()
        if thinking:  # the companion decides: nothing for people to press meanwhile
            self.action_kind = "thinking"
            info = self._panel("info")
            info.instructions = lines
            info.hint = ""  # the status line says who is thinking
            info.text = "\n".join(lines)
            info.is_instruction = bool(lines)
            return
        if self.board.preview:
            self.action_kind = "preview"
            preview = self._panel("preview")
            preview.instructions = lines
            refusal = (table.why_refused(self.board.preview)
                       if self.board.preview_is_refused() else None)
            preview.is_refused = refusal is not None
            if refusal is not None:  # drawn red: why, in the players' words; no OK
                preview.text, preview.rule = refusal
                return
            preview.rule = ""
            preview.text = table.tr("{input}: tap it again or OK").format(
                input=self.board.choice_label(self.board.preview))
            return
        if match.awaiting == "roll" and GAMES[match.game_id].uses_die:
            self.action_kind = "roll"
            die = self._panel("roll")
            die.instructions = lines
            die.value = str(table.last_roll or "")
            roller = table.last_roller
            die.roller = match.names[roller] if roller is not None and die.value else ""
            die.die_status = table.die_problem()
            die.is_table = table.die.source == "table"
            if die.is_table:
                die.faces_title = self._faces_title()
            die.roll_text = (table.tr("Roll on screen") if die.die_status
                             else table.tr("Roll"))
            # the lines need all the room: the Roll button gives some too
            die.roll_row_height = ROLL_ROW_TIGHT if self.scoreboard_style == "hidden" else ROLL_ROW
            return
        if match.awaiting == "choice" and not self.board.handles_choices:
            self.action_kind = "choice"
            legal = match.legal()
            choices = self._panel("choice")
            choices.instructions = lines
            label = self.board.choice_label
            hinted = self.hinted_choice
            short = self.board.choice_short_label
            choices.choices = [{"screen": self, "line": line, "text": label(line),
                                "short": short(line), "is_hinted": line == hinted}
                               for line in legal]
            place = legal.index(hinted) if hinted in legal else 0
            choices.ids.list.scroll_y = 1 - place / max(1, len(legal) - 1) \
                if len(legal) > MAX_CHOICE_ROWS else 1
            return
        self.action_kind = "info"
        info = self._panel("info")
        info.instructions = lines
        info.hint = self.board.hint
        info.text = "\n".join(lines) if lines else self.board.hint
        info.is_instruction = bool(lines)

    def _faces_title(self) -> str:
        """Above the faces: who rolls the table's die (a person, for a companion seat too)."""
        table = App.get_running_app().table
        seat = table.match.to_move if table.match else None
        if seat is not None and table.companions.plays(seat):
            return str(table.tr("Roll the die for {name}").format(
                name=table.match.names[seat]))
        return str(table.tr("Roll the die, tap the face"))

    def thinking_text(self) -> str:
        """ "Companion is thinking…" while a companion seat decides, else ""."""
        table = App.get_running_app().table
        match = table.match
        if match is None or self.is_fixing or not table.companion_is_due():
            return ""
        name = match.names[match.to_move] if match.to_move is not None else ""
        return str(table.tr("{name} is thinking…").format(name=name))

    def on_touch_up(self, touch: Any) -> bool:
        """A tap (not a scroll) on what to change on the table plays the companion's round
        again on the board; the tap goes on to the widgets as always."""
        handled = bool(super().on_touch_up(touch))
        if (abs(touch.x - touch.ox) < TAP_SLOP and abs(touch.y - touch.oy) < TAP_SLOP
                and App.get_running_app().table.steps.shown()
                and self._touches_lines(touch.x, touch.y)):
            self.replay_round()
        return handled

    def _touches_lines(self, x: float, y: float) -> bool:
        for widget in self.ids.action_area.walk(restrict=True):
            if isinstance(widget, InstructionLines) and widget.lines:
                left, bottom = widget.to_window(widget.x, widget.y)
                right, top = widget.to_window(widget.right, widget.top)
                if left <= x <= right and bottom <= y <= top:
                    return True
        return False

    def replay_round(self) -> bool:
        """Play the board changes no person made here (the companion's round, an undo) again
        on the board, one step per pause of the companion's pace; any change of the table
        stops it. False when there is nothing to show."""
        app = App.get_running_app()
        table = app.table
        steps = table.steps.shown()
        if not steps or self.board is None or self._replay is not None or self.is_fixing:
            return False
        pause = float(app.store.setting("companion_pause", DEFAULT_PAUSE))
        frames = [(steps[0][0], ()), *((after, events) for _before, after, events in steps)]
        shown = ShownPosition(table, frames[0][0])
        self._replay = (table.seq, shown)
        self.board.host = shown
        self.board.refresh()

        def show(number: int) -> None:
            if self._replay is None or self._replay[0] != table.seq or number >= len(frames):
                self.stop_replay()
                return
            shown.shown, events = frames[number]
            self.board.refresh(events)
            Clock.schedule_once(lambda _dt: show(number + 1), pause)

        Clock.schedule_once(lambda _dt: show(1), pause)
        return True

    def stop_replay(self) -> None:
        """Back to the table's own position after a replay (or when the table changed)."""
        if self._replay is None:
            return
        self._replay = None
        if self.board is not None:
            self.board.host = App.get_running_app().table
            self.board.refresh()

    def see_result(self) -> None:
        """The end's button (or OK): the result screen."""
        app = App.get_running_app()
        if app.table.match is not None and app.table.match.is_over:
            app.go("result")

    def instruction_lines(self) -> list[str]:
        """The instructions the action area shows now (for tests and the log)."""
        area = self.ids.action_area
        return list(getattr(area.children[0], "instructions", ())) if area.children else []


class PlayDialog(ModalView):
    """A dialog of the play screen: its kv rules (``kv/play_dialogs.kv``) are loaded when the
    first dialog opens, not with the screen (~120 kB of parsed rules kept by Kivy's Builder,
    which a game that never opens one did not need)."""

    def __init__(self, **kwargs: Any) -> None:
        load_kv("play_dialogs")
        super().__init__(**kwargs)


class PlayMenu(PlayDialog):
    screen = ObjectProperty(None)


class EndGameDialog(PlayDialog):
    screen = ObjectProperty(None)


class MoveLog(PlayDialog):
    rows = ListProperty([])


class FixText(PlayDialog):
    screen = ObjectProperty(None)
    position = StringProperty("")
    problem = StringProperty("")
    """Why the last corrected position was refused, in plain words (the banner is under
    this view)."""
    problem_rule = StringProperty("")


__all__ = ["PlayScreen"]
