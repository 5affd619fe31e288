"""Play: the board on the left; status, action area, scoreboard and undo | redo | menu right."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup, get_hex_from_color

from companion.app.boards import board_class
from companion.app.controller import Change
from companion.engine import GAMES

BANNER_SECONDS = 5.0


class PlayScreen(Screen):
    status = StringProperty("")
    """The status line as plain text."""
    status_markup = StringProperty("")
    """The same with the mover's name in the mover's colour (what the label shows)."""
    mover_colour = ColorProperty((0, 0, 0, 0))
    mover_letter = StringProperty("")
    banner = StringProperty("")
    board = ObjectProperty(None, allownone=True)
    is_fixing = BooleanProperty(False)
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    action_kind = StringProperty("")
    """What the action area shows: fix | preview | roll | choice | info (for tests, too)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._banner_event: Any = None
        self._modal: ModalView | None = None

    # -- controller → screen ---------------------------------------------------------------------

    def prepare(self) -> None:
        """Attach the open match's board (a new widget if the game changed) and show it all."""
        controller = App.get_running_app().controller
        if controller.match is None:
            return
        cls = board_class(controller.match.game_id)
        if type(self.board) is not cls:
            slot = self.ids.board_slot
            slot.clear_widgets()
            self.board = cls()
            self.board.bind(preview=self._on_preview)
            slot.add_widget(self.board)
        self.is_fixing = False
        self.board.is_fixing = False
        self.board.host = controller
        self.board.refresh()
        self.update()

    def on_controller_change(self, change: Change) -> None:
        controller = App.get_running_app().controller
        if change.kind == "rejected":
            self.show_banner(change.message)
            return
        if change.kind == "opened":
            self.prepare()
            return
        if controller.match is None or self.board is None or self.board.host is None:
            return
        if change.kind in ("played", "undone", "redone", "lang"):
            if self.is_fixing and change.kind != "lang":
                self.board.is_fixing = False
                self.is_fixing = False
            self.board.refresh(change.events)
            self.update()

    def update(self) -> None:
        controller = App.get_running_app().controller
        match = controller.match
        if match is None:
            return
        looks = controller.seat_looks()
        seat = match.to_move
        self.status = controller.status_line()
        self.status_markup = coloured_status(self.status, looks, seat)
        if seat is not None and seat < len(looks):
            self.mover_colour = looks[seat].colour
            self.mover_letter = looks[seat].letter
        else:
            self.mover_colour = (0, 0, 0, 0)
            self.mover_letter = ""
        self.can_undo = match.can_undo
        self.can_redo = match.can_redo
        self._build_scoreboard(looks)
        self._build_action_area()

    # -- one call per kv handler -----------------------------------------------------------------

    def undo(self) -> None:
        App.get_running_app().controller.undo()

    def redo(self) -> None:
        App.get_running_app().controller.redo()

    def roll(self) -> None:
        App.get_running_app().controller.roll()

    def choose(self, line: str) -> None:
        App.get_running_app().controller.send(line)

    def confirm(self) -> None:
        """OK (button or key): place the previewed input, or finish fixing."""
        if self.is_fixing:
            self.done_fix()
        elif self.board is not None and self.board.preview:
            self.board.confirm_preview()

    def cancel_preview(self) -> None:
        if self.board is not None:
            self.board.cancel_preview()

    def show_banner(self, text: str) -> None:
        self.banner = text
        if self._banner_event is not None:
            self._banner_event.cancel()
        self._banner_event = Clock.schedule_once(lambda _dt: self.hide_banner(), BANNER_SECONDS)

    def hide_banner(self) -> None:
        self.banner = ""

    def open_menu(self) -> None:
        self._open_modal(PlayMenu(screen=self))

    def open_log(self) -> None:
        controller = App.get_running_app().controller
        self._open_modal(MoveLog(rows=controller_log(controller)))

    def ask_end_game(self) -> None:
        self._open_modal(EndGameDialog(screen=self))

    def end_game(self) -> None:
        self.close_modal()
        App.get_running_app().controller.end_game()
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
            controller = App.get_running_app().controller
            self._open_modal(FixText(screen=self, position=controller.match.position()))

    def done_fix(self) -> None:
        if self.board is None:
            return
        App.get_running_app().controller.fix(self.board.fix_position())
        # accepted: the "played" change has left fix mode; rejected: the banner says why

    def send_fix_text(self, text: str) -> None:
        if App.get_running_app().controller.fix(text):
            self.close_modal()

    def cancel_fix(self) -> None:
        self.is_fixing = False
        if self.board is not None:
            self.board.end_fix()
        self.update()

    def close_modal(self) -> None:
        if self._modal is not None:
            self._modal.dismiss()
            self._modal = None

    # -- private helpers -------------------------------------------------------------------------

    def _open_modal(self, modal: ModalView) -> None:
        self.close_modal()
        self._modal = modal
        modal.open()

    def _on_preview(self, *_: Any) -> None:
        self._build_action_area()

    def _build_scoreboard(self, looks: list[Any]) -> None:
        controller = App.get_running_app().controller
        match = controller.match
        box = self.ids.scoreboard
        box.clear_widgets()
        counters = match.counters()
        row_height = min(56, 240 // max(1, len(looks)))
        for seat, look in enumerate(looks):
            values = counters.get(seat, {})
            text = "  ·  ".join(f"{controller.counter_name(k)} {v}" for k, v in values.items())
            box.add_widget(ScoreRow(
                name=look.name, colour=look.colour, letter=look.letter, counters=text,
                is_turn=seat == match.to_move, height=row_height))

    def _build_action_area(self) -> None:
        app = App.get_running_app()
        controller = app.controller
        match = controller.match
        area = self.ids.action_area
        area.clear_widgets()
        if match is None or self.board is None:
            return
        if self.is_fixing:
            self.action_kind = "fix"
            panel = self.board.fix_panel()
            if panel is not None:
                area.add_widget(panel)
            return
        if self.board.preview:
            self.action_kind = "preview"
            area.add_widget(PreviewArea(screen=self, text=controller.tr(
                "{input}: tap it again or OK").format(input=self.board.choice_label(
                    self.board.preview))))
            return
        if match.awaiting == "roll" and GAMES[match.game_id].uses_die:
            self.action_kind = "roll"
            area.add_widget(DieArea(screen=self, value=str(controller.last_roll or "")))
            return
        if match.awaiting == "choice":
            self.action_kind = "choice"
            choices = ChoiceArea()
            for line in match.legal():
                choices.ids.choices.add_widget(ChoiceButton(
                    screen=self, line=line, text=self.board.choice_label(line)))
            area.add_widget(choices)
            return
        self.action_kind = "info"
        lines = controller.describe(controller.last_events)
        text = "\n".join(lines) if lines else self.board.hint
        area.add_widget(InfoArea(text=text, is_instruction=bool(lines)))


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


def controller_log(controller: Any) -> list[str]:
    """The move log: "n. Name: input" for every accepted input up to the undo cursor."""
    from companion.engine import open_game

    match = controller.match
    replay = open_game(match.game_id, players=match.players, names=match.names,
                       position=match.start_position, **match.options)
    rows = []
    for number, line in enumerate(match.history, start=1):
        seat = replay.to_move
        name = match.names[seat] if seat is not None else ""
        rows.append(f"{number}. {name}: {controller.input_label(line)}")
        replay.play(line)
    return rows


class ScoreRow(BoxLayout):
    name = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))
    letter = StringProperty("")
    counters = StringProperty("")
    is_turn = BooleanProperty(False)


class PreviewArea(BoxLayout):
    screen = ObjectProperty(None)
    text = StringProperty("")


class DieArea(BoxLayout):
    screen = ObjectProperty(None)
    value = StringProperty("")


class ChoiceArea(BoxLayout):
    pass


class ChoiceButton(BoxLayout):
    screen = ObjectProperty(None)
    line = StringProperty("")
    text = StringProperty("")


class InfoArea(BoxLayout):
    text = StringProperty("")
    is_instruction = BooleanProperty(False)


class PlayMenu(ModalView):
    screen = ObjectProperty(None)


class EndGameDialog(ModalView):
    screen = ObjectProperty(None)


class MoveLog(ModalView):
    rows = ListProperty([])


class FixText(ModalView):
    screen = ObjectProperty(None)
    position = StringProperty("")


__all__ = ["PlayScreen"]
