"""Play: the board on the left; status, action area, scoreboard and undo | redo | menu right."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen

from companion.app.boards import board_class, make_board
from companion.app.frames.flush_points import flush_after
from companion.app.frames.laying_out import lay_out_now
from companion.app.screens.play.action_area import ActionArea
from companion.app.screens.play.dialogs import EndGameDialog, FixText, MoveLog, PlayMenu
from companion.app.screens.play.die_faces import FacesDialog
from companion.app.screens.play.moved_on import MOVED_ON_COLOUR, MovedOn
from companion.app.screens.play.panels import PREPARE_PANELS_SECONDS
from companion.app.screens.play.replay import RoundReplay
from companion.app.screens.play.scoreboard import STATUS_HEIGHT, Scoreboard
from companion.app.screens.play.status import (
    STATUS_FONT_SIZES,
    STATUS_ONE_LINE,
    StatusLine,
    coloured_status,
)
from companion.app.screens.play.table_lines import TAP_SLOP, InstructionLines
from companion.app.screens.play.texts_ahead import TextsAhead
from companion.engine import GAMES
from companion.games.table_lines import load_game_modules
from companion.table.session import Change

REFUSED_COLOUR = (0.72, 0.10, 0.10, 1)
HINT_COLOUR = (0.10, 0.36, 0.62, 1)


class PlayScreen(Screen):
    """The play screen, composed of its parts: the status line (:class:`StatusLine`), the action
    area (:class:`ActionArea`), the scoreboard (:class:`Scoreboard`), the next roll's texts
    (:class:`TextsAhead`), the round played again (:class:`RoundReplay`) and a phone's input
    that moved the game on (:class:`MovedOn`); the board, the banner, the hint, the fix and the
    dialogs are its own."""

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
        self.round_replay = RoundReplay(self)
        """The board changes no person made here, played again on a tap on the table lines."""
        self.actions = ActionArea(self)
        """The action area's panels, one per kind, and the one shown."""
        self._scoreboard = Scoreboard(self)
        """The scoreboard's rows and the room it leaves the action area."""
        self._texts_ahead = TextsAhead(self)
        """The next roll's texts, prepared while the die panel waits."""
        self.status_line = StatusLine(self)
        """The status line's font fitted to its band."""
        self.moved_on = MovedOn(self)
        """When a phone's input last moved the game on, and the banner's words for it."""
        self._lines_of: tuple[int, Any, list[str]] = (-1, None, [])
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
        self.actions.make_ahead(GAMES[match.game_id] if match is not None else None)
        self._scoreboard.make_ahead()
        if match is not None:  # the first input's table lines: their game's modules
            load_game_modules(match.game_id)
        InstructionLines.make_ahead()  # their line labels, made ahead for them all

    def on_table_change(self, change: Change) -> None:
        table = App.get_running_app().table
        self.round_replay.stop()  # the table changed: its own position, not a replay
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
                self.actions.update()
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
            self.moved_on.note()
            if was_choosing:
                self.show_banner(self.moved_on.text(change.kind, phones.mover),
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
        is_one_line = style == "hidden" and self.status_line.is_one_line()
        self.status_height = STATUS_ONE_LINE if is_one_line else STATUS_HEIGHT
        if style != was:  # the action area's new height now, before its panel is laid out
            self._lay_out_right_column()
        self.actions.update()
        self._texts_ahead.plan()

    def _lay_out_right_column(self) -> None:
        """Lay out the scoreboard and the right column now (their passes due this frame find
        nothing left to do): the die panel is then laid out once, at its new height, and not
        first at the height the scoreboard's old style left it."""
        scoreboard = self.ids.scoreboard
        scoreboard.do_layout()  # its rows in place: its height follows them (kv)
        scoreboard.parent.do_layout()

    def fit_status(self, *_: Any) -> None:
        """Pick the status font (its label's width changed, or its text)."""
        self.status_line.fit()

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
            self.actions.update()

    def show_banner(self, text: str, colour: Any = REFUSED_COLOUR, rule: str = "") -> None:
        """A refusal or a hint, over the scoreboard until the next tap (no timer: a glance
        away from the screen does not lose it)."""
        self.banner = text
        self.banner_rule = rule
        self.banner_colour = colour

    def on_touch_down(self, touch: Any) -> bool:
        """The next tap anywhere takes the banner away: a tap on it does nothing else, a tap
        elsewhere does what it does (and may bring a new banner)."""
        if self.moved_on.is_too_soon(touch):
            self.show_banner(self.moved_on.text(), colour=MOVED_ON_COLOUR)
            return True
        if self.banner:
            is_on_banner = self.ids.banner.collide_point(*self.to_local(*touch.pos))
            self.hide_banner()
            if is_on_banner:
                return True
        return bool(super().on_touch_down(touch))

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
        self.actions.update()

    def table_lines(self) -> list[str]:
        """``table.table_lines``, worked out once per change of the table."""
        table = App.get_running_app().table
        if self._lines_of[0] != table.seq or self._lines_of[1] is not table.match:
            self._lines_of = (table.seq, table.match, list(table.table_lines))
        return list(self._lines_of[2])

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
                and self.actions.touches_lines(touch.x, touch.y)):
            self.round_replay.start()
        return handled

    def see_result(self) -> None:
        """The end's button (or OK): the result screen."""
        app = App.get_running_app()
        if app.table.match is not None and app.table.match.is_over:
            app.go("result")

    def instruction_lines(self) -> list[str]:
        """The instructions the action area shows now (for tests and the log)."""
        area = self.ids.action_area
        return list(getattr(area.children[0], "instructions", ())) if area.children else []


__all__ = ["PlayScreen"]
