"""The board builder: the players walk their printed track from START and tap, field by field,
what the next field is; the track is drawn as it grows, what would stop it being played is said
beside it, and Save names the board and writes it (the boards library's ``save_board``)."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.app.builder.dialogs import ChoiceOverlay, TextDialog
from companion.app.builder.drawing import TrackDrawing
from companion.games.patamat import library
from companion.games.patamat.board import BoardError, user_boards_dir
from companion.games.patamat.builder import (
    Draft,
    DraftError,
    board_text,
    draft_of,
    draft_problems,
    draft_track,
    field_name,
)
from companion.games.patamat.builder.draft import START_KEY

KIND_WORDS = {"normal": "Ordinary field", "semafor": "SEMAFOR", "sign": "Blue sign",
              "finish": "CÍL"}
DEFAULT_TITLE = "Our board"
CANNOT_OPEN = "This board cannot be read, so the builder starts a new track."
TITLE_LENGTH = 40


class BuilderScreen(Screen):
    """One call per kv handler; the draft (:class:`Draft`) is the whole state of the walk."""

    status = StringProperty("")
    """What to do now, one glance: "Walk the road from F12: what comes next?"."""
    problems = StringProperty("")
    can_save = BooleanProperty(False)
    can_add = BooleanProperty(True)
    can_finish = BooleanProperty(True)
    can_split = BooleanProperty(True)
    can_undo = BooleanProperty(False)
    other_text = StringProperty("")
    """The "walk the other way" button's words ("" when no other way is open)."""
    can_join = BooleanProperty(False)
    is_joining = BooleanProperty(False)
    notice = StringProperty("")
    """A step the walk refused, in plain words, until the next step."""
    problem_list = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.draft = Draft()
        self._kept = self.draft
        """The draft as opened or saved last: Back asks before leaving another."""
        self.board_name: str | None = None
        self.title_text = ""
        self.back_to = "newgame"
        self.overlay: Any = None
        """The overlay shown now (a field's menu, a question, the name), for the tests."""
        Clock.schedule_once(lambda _dt: self._bind_drawing(), 0)

    # -- opening ---------------------------------------------------------------------------------

    def load(self, board_name: str | None, back_to: str = "newgame") -> None:
        """Start from an empty track, or from board ``board_name`` (a players' board is saved
        over itself; a shipped board is copied)."""
        self.back_to = back_to
        self.board_name = None
        self.title_text = ""
        self.draft = Draft()
        notice = ""
        if board_name is not None:
            try:
                self.draft = draft_of(library.board_text(board_name))
                if (user_boards_dir() / f"{board_name}.toml").is_file():
                    self.board_name = board_name
                    self.title_text = library.board_title(board_name)
            except DraftError as error:  # a track the builder cannot walk: start anew
                notice = App.get_running_app().tr(str(error))
            except (BoardError, LookupError, OSError, ValueError):
                notice = App.get_running_app().tr(CANNOT_OPEN)
        self._kept = self.draft
        self.is_joining = False
        self.notice = notice
        self._show(keep_notice=True)

    def on_table_change(self, change: Any) -> None:
        if change.kind == "lang":
            self._show()

    # -- one call per kv handler -----------------------------------------------------------------

    def add(self, kind: str) -> None:
        self._step(lambda: self.draft.add(kind))

    def split(self) -> None:
        """The road splits after the field reached; at a blue sign, where does it point?"""
        end = self.draft.end
        if end != START_KEY and self.draft.spot(end).kind == "sign":
            self._ask_arrow(end, lambda arrow: self._step(lambda: self.draft.split(arrow)))
        else:
            self._step(lambda: self.draft.split())

    def other_way(self) -> None:
        target = self._other_way()
        if target is not None:
            self._step(lambda: self.draft.walk(target))

    def toggle_join(self) -> None:
        """"Joins the road at…": the next tap on the drawing says where (again: cancel)."""
        self.is_joining = not self.is_joining and self.can_join
        self.notice = ""
        self._show()

    def undo(self) -> None:
        self.is_joining = False
        self._step(self.draft.undo)

    def save(self) -> None:
        if not self.can_save:
            return
        app = App.get_running_app()
        dialog = TextDialog(self._save_as, title=app.tr("Name of the board"),
                            text=self.title_text or app.tr(DEFAULT_TITLE), ok_text=app.tr("Save"))
        self._open(dialog)

    def back(self) -> None:
        """Back to where the builder was opened; a track not saved is not lost by one tap."""
        if self.draft == self._kept:
            self._leave()
            return
        app = App.get_running_app()
        ask = ChoiceOverlay(title=app.tr("The track is not saved."), columns=1)
        ask.add_choice(app.tr("Keep building"), lambda: None, widget_id="keep")
        ask.add_choice(app.tr("Leave without saving"), self._leave, tone="danger",
                       widget_id="leave")
        self._open(ask)

    def _leave(self) -> None:
        App.get_running_app().go(self.back_to)

    def tap_field(self, field_id: str) -> None:
        """A tap on the drawing: where the way joins (while joining), else the field's menu."""
        track = draft_track(self.draft)
        key = track.key_of(field_id)
        if self.is_joining:
            self.is_joining = False
            self._step(lambda: self.draft.join(key))
        elif key != START_KEY:
            self._field_menu(key)

    # -- the field's menu ------------------------------------------------------------------------

    def _field_menu(self, key: int) -> None:
        app = App.get_running_app()
        spot = self.draft.spot(key)
        menu = ChoiceOverlay(title=app.tr("Field {field}").format(
            field=field_name(self.draft, key)))
        for kind, words in KIND_WORDS.items():
            if kind != spot.kind:
                menu.add_choice(app.tr(words), partial(self._change_kind, key, kind),
                                widget_id=f"kind_{kind}")
        if spot.kind == "sign" and self.draft.branch_at(key) is not None:
            menu.add_choice(app.tr("Where the blue arrow points"),
                            lambda: self._ask_arrow(key, lambda arrow: self._step(
                                lambda: self.draft.set_arrow(key, arrow))), widget_id="arrow")
        menu.add_choice(app.tr("Printed number"), lambda: self._ask_number(key),
                        widget_id="number")
        menu.add_choice(app.tr("A field before it"),
                        lambda: self._step(lambda: self.draft.insert_before(key, "normal")),
                        widget_id="insert")
        remove = "Remove it and its other way" if self.draft.branch_at(key) is not None \
            else "Remove it"
        menu.add_choice(app.tr(remove), lambda: self._step(lambda: self.draft.remove(key)),
                        tone="danger", widget_id="remove")
        self._open(menu)

    def _change_kind(self, key: int, kind: str) -> None:
        if kind == "sign" and self.draft.branch_at(key) is not None:
            self._ask_arrow(key, lambda arrow: self._step(
                lambda: self.draft.change_kind(key, kind, arrow)))
        else:
            self._step(lambda: self.draft.change_kind(key, kind))

    def _ask_arrow(self, key: int, then: Any) -> None:
        app = App.get_running_app()
        ask = ChoiceOverlay(title=app.tr("Where does the blue arrow at {field} point?").format(
            field=field_name(self.draft, key)), columns=1)
        ask.add_choice(app.tr("Along the white arrows"), lambda: then("main"),
                       widget_id="arrow_main")
        ask.add_choice(app.tr("To the other way"), lambda: then("other"), widget_id="arrow_other")
        self._open(ask)

    def _ask_number(self, key: int) -> None:
        app = App.get_running_app()
        dialog = TextDialog(lambda text: self._step(lambda: self.draft.set_label(key, text)),
                            title=app.tr("The number printed on {field}").format(
                                field=field_name(self.draft, key)),
                            text=self.draft.spot(key).label, ok_text=app.tr("OK"))
        self._open(dialog)

    # -- private helpers -------------------------------------------------------------------------

    def _save_as(self, title: str) -> None:
        app = App.get_running_app()
        title = " ".join(title.split())[:TITLE_LENGTH] or app.tr(DEFAULT_TITLE)
        text = board_text(self.draft, "board", title)
        try:
            name = library.save_board(text, title, replace=self.board_name)
        except (BoardError, OSError, ValueError) as error:
            self.notice = app.tr("The board was not saved: {reason}").format(reason=error)
            return
        self.board_name, self.title_text = name, title
        self.saved = name
        self._kept = self.draft
        self._leave()

    saved = ""
    """The name of the board saved last (the tests read it)."""

    def _open(self, overlay: Any) -> None:
        self.overlay = overlay
        overlay.bind(on_dismiss=lambda _o: self._closed(overlay))
        overlay.open()

    def _closed(self, overlay: Any) -> None:
        if self.overlay is overlay:
            self.overlay = None

    def _step(self, change: Any) -> None:
        app = App.get_running_app()
        try:
            self.draft = change()
        except DraftError as error:
            self.notice = app.tr(str(error))
            self._show(keep_notice=True)
            return
        self.notice = ""
        self._show()

    def _other_way(self) -> int | None:
        """The way "walk the other way" goes to: the next way left open after this one."""
        left = [index for index in self.draft.open_ways if index != self.draft.walking]
        later = [index for index in left if index > self.draft.walking]
        ahead = later or left
        return ahead[0] if ahead else None

    def _bind_drawing(self) -> None:
        self.drawing.bind(on_field=lambda _d, field_id: self.tap_field(field_id))

    @property
    def drawing(self) -> TrackDrawing:
        drawing: TrackDrawing = self.ids.drawing
        return drawing

    def _show(self, keep_notice: bool = False) -> None:
        app = App.get_running_app()
        draft = self.draft
        track = draft_track(draft)
        if not keep_notice:
            self.notice = self.notice if self.is_joining else ""
        walking_closed = draft.is_closed(draft.walking)
        end = draft.end
        self.can_add = not walking_closed and not self.is_joining
        self.can_finish = self.can_add and draft.walking == 0 and not draft.has_finish
        self.can_split = self.can_add and draft.branch_at(end) is None and not (
            end != START_KEY and draft.spot(end).kind == "finish")
        self.can_undo = draft.previous is not None
        self.can_join = draft.walking != 0 and not walking_closed
        target = self._other_way()
        if target is None:
            self.other_text = ""
        elif target == 0:
            self.other_text = app.tr("Back to the road")
        else:
            fork = draft.ways[target].fork
            self.other_text = app.tr("The other way from {field}").format(
                field=field_name(draft, fork if fork is not None else START_KEY))
        problems = draft_problems(draft, app.table.lang)
        self.problem_list = problems
        self.problems = "\n".join(f"• {problem}" for problem in problems)
        self.can_save = not problems
        self.status = self._status_text(app, walking_closed, bool(problems))
        drawing = self.drawing
        drawing.track = track
        drawing.end = "" if walking_closed else track.ids[end]
        drawing.open_forks = [track.ids[draft.ways[i].fork or START_KEY]
                              for i in draft.open_ways if i]
        drawing.joinable = [fid for fid in track.fields
                            if draft.can_join_at(track.key_of(fid))] if self.is_joining else []
        Clock.schedule_once(lambda _dt: self._follow_end(), 0)

    def _status_text(self, app: Any, walking_closed: bool, has_problems: bool) -> str:
        draft = self.draft
        count = app.tr("{count} fields").format(count=draft.size)
        if self.is_joining:
            return app.tr("Tap the field where this way joins the road.")
        if walking_closed and not has_problems:
            return app.tr("The track is ready ({count}): save it.").format(count=count)
        if walking_closed:
            return app.tr("The track is walked ({count}); see what is missing.").format(
                count=count)
        end = field_name(draft, draft.end)
        if draft.walking == 0:
            return app.tr("The road after {field}: what is the next field?").format(field=end)
        fork = draft.ways[draft.walking].fork
        if not draft.ways[draft.walking].spots:
            return app.tr("The other way from {fork}: what is its first field?").format(
                fork=field_name(draft, fork if fork is not None else START_KEY))
        return app.tr("The other way from {fork}, after {field}: what is next?").format(
            fork=field_name(draft, fork if fork is not None else START_KEY), field=end)

    def _follow_end(self) -> None:
        """Scroll so that the end of the walk is in view."""
        drawing, view = self.drawing, self.ids.drawing_view
        if not drawing.end or drawing.track is None:
            return
        x, y, _side = drawing.place(drawing.end)
        spare_x, spare_y = drawing.width - view.width, drawing.height - view.height
        if spare_x > 0:
            view.scroll_x = min(1.0, max(0.0, (x - drawing.x - view.width / 2) / spare_x))
        if spare_y > 0:
            view.scroll_y = min(1.0, max(0.0, (y - drawing.y - view.height / 2) / spare_y))
