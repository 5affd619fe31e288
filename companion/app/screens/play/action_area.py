"""The play screen's action area (its ``ids.action_area``): what the players do next, one panel at
a time (:mod:`.panels`): the die, the choices, a preview's OK, the end, or what to change on the
table while the companion decides. One panel per kind, made on first use (or ahead while the
table is idle) and then only updated."""

from __future__ import annotations

from typing import Any

from kivy.app import App

from companion.app.screens.play.panels import (
    MAX_CHOICE_ROWS,
    PANEL_CLASSES,
    ROLL_ROW,
    ROLL_ROW_TIGHT,
)
from companion.app.screens.play.table_lines import InstructionLines
from companion.engine import GAMES


class ActionArea:
    """The action area of one play screen: its panels, and the one the table's state asks for."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.panels: dict[str, Any] = {}
        """One action-area panel per kind, made on first use and then only updated."""

    def make_ahead(self, game: Any) -> None:
        """The panels not made yet that ``game`` (its description, or None) may show: the
        die's only for a game played with a die, the choice list only for a game that asks
        for choices (the others never show them: their buttons, faces and line labels stayed
        built, unseen, through a whole game)."""
        shown = {"roll": game is not None and game.uses_die,
                 "choice": game is not None and game.asks_choices}
        for kind, cls in PANEL_CLASSES.items():
            if kind not in self.panels and shown.get(kind, True):
                self.panels[kind] = cls(screen=self.screen)
        if "choice" in self.panels:
            self.panels["choice"].make_ahead()

    def panel(self, kind: str) -> Any:
        """The one panel of ``kind`` (made on first use), now the action area's only child."""
        panel = self.panels.get(kind)
        if panel is None:
            panel = PANEL_CLASSES[kind](screen=self.screen)
            self.panels[kind] = panel
        area = self.screen.ids.action_area
        if area.children != [panel]:
            set_aside = list(area.children)
            area.clear_widgets()
            for old in set_aside:  # no pass while not shown: adding it back lays it out
                old._trigger_layout.cancel()
            area.add_widget(panel)
        return panel

    def update(self) -> None:
        """Show the panel the table's state asks for, filled (or the board's fix panel)."""
        screen = self.screen
        app = App.get_running_app()
        table = app.table
        match = table.match
        area = screen.ids.action_area
        if match is None or screen.board is None:
            area.clear_widgets()
            return
        if screen.is_fixing:
            screen.action_kind = "fix"
            area.clear_widgets()
            panel = screen.board.fix_panel()
            if panel is not None:
                area.add_widget(panel)
            return
        # what to change on the table stays in view until the next input of a person, whatever
        # the action area shows (the die, choices, a preview): the person's consequences, the
        # companion's round one line per action, what an undo or redo takes back or puts back
        lines = screen.table_lines()
        screen.board.is_interactive = not table.companion_is_due()
        if match.is_over:
            screen.action_kind = "end"
            end = self.panel("end")
            end.instructions = lines
            end.text = table.tr("{headline} — see the result").format(
                headline=table.words.result_headline().rstrip("!"))
            return
        thinking = screen.thinking_text()
        if thinking:  # the companion decides: nothing for people to press meanwhile
            screen.action_kind = "thinking"
            info = self.panel("info")
            info.instructions = lines
            info.hint = ""  # the status line says who is thinking
            info.text = "\n".join(lines)
            info.is_instruction = bool(lines)
            return
        if screen.board.preview:
            screen.action_kind = "preview"
            preview = self.panel("preview")
            preview.instructions = lines
            refusal = (table.why_refused(screen.board.preview)
                       if screen.board.preview_is_refused() else None)
            preview.is_refused = refusal is not None
            if refusal is not None:  # drawn red: why, in the players' words; no OK
                preview.text, preview.rule = refusal
                return
            preview.rule = ""
            preview.text = table.tr("{input}: tap it again or OK").format(
                input=screen.board.choice_label(screen.board.preview))
            return
        if match.awaiting == "roll" and GAMES[match.game_id].uses_die:
            screen.action_kind = "roll"
            die = self.panel("roll")
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
            die.roll_row_height = (ROLL_ROW_TIGHT if screen.scoreboard_style == "hidden"
                                   else ROLL_ROW)
            return
        if match.awaiting == "choice" and not screen.board.handles_choices:
            screen.action_kind = "choice"
            legal = match.legal()
            choices = self.panel("choice")
            choices.instructions = lines
            label = screen.board.choice_label
            hinted = screen.hinted_choice
            short = screen.board.choice_short_label
            choices.choices = [{"screen": screen, "line": line, "text": label(line),
                                "short": short(line), "is_hinted": line == hinted}
                               for line in legal]
            place = legal.index(hinted) if hinted in legal else 0
            choices.ids.list.scroll_y = 1 - place / max(1, len(legal) - 1) \
                if len(legal) > MAX_CHOICE_ROWS else 1
            return
        screen.action_kind = "info"
        info = self.panel("info")
        info.instructions = lines
        info.hint = screen.board.hint
        info.text = "\n".join(lines) if lines else screen.board.hint
        info.is_instruction = bool(lines)

    def _faces_title(self) -> str:
        """Above the faces: who rolls the table's die (a person, for a companion seat too)."""
        table = App.get_running_app().table
        seat = table.match.to_move if table.match else None
        if seat is not None and table.companions.plays(seat):
            return str(table.tr("Roll the die for {name}").format(
                name=table.match.names[seat]))
        return str(table.tr("Roll the die, tap the face"))

    def touches_lines(self, x: float, y: float) -> bool:
        """Whether the window's point is on the table lines the action area shows."""
        for widget in self.screen.ids.action_area.walk(restrict=True):
            if isinstance(widget, InstructionLines) and widget.lines:
                left, bottom = widget.to_window(widget.x, widget.y)
                right, top = widget.to_window(widget.right, widget.top)
                if left <= x <= right and bottom <= y <= top:
                    return True
        return False



__all__ = ["ActionArea"]
