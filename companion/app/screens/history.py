"""History: finished games (date, players, winner) and games ended early (marked so); replay
one move by move with ◀ ▶."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.app.boards import make_board
from companion.app.boards.base import ShownMatch
from companion.app.widgets.common import BigButton
from companion.engine import Match, open_game
from companion.records.games import StoredGame
from companion.table.companions import CompanionSeats
from companion.table.seats import seat_looks
from companion.table.session import Change, TableSession


class HistoryScreen(Screen):
    rows = ListProperty([])
    """RecycleView data: {"text": summary, "game_id": stored id}."""

    def prepare(self) -> None:
        table = App.get_running_app().table
        self.rows = [
            {"text": summary(table, stored), "game_id": stored.id}
            for stored in table.store.past_games()
        ]

    def on_table_change(self, change: Change) -> None:
        if change.kind == "lang":
            self.prepare()

    def open_game(self, game_id: int) -> None:
        app = App.get_running_app()
        replay = app.root.get_screen("replay")
        replay.stored = app.table.store.load(game_id)
        app.go("replay")


class HistoryRow(BigButton):
    game_id = NumericProperty(0)


def summary(table: TableSession, stored: StoredGame) -> str:
    when = _local_time(stored.finished or stored.started)
    levels = CompanionSeats.from_json(stored.extra.get("companions")).levels
    players = [table.words.seat_name(name, levels.get(seat))
               for seat, name in enumerate(stored.names)]
    if stored.status != "finished":
        return table.tr("{when} · {game} · {players} · ended early").format(
            when=when, game=table.words.game_name(stored.game), players=", ".join(players))
    winners = ", ".join(stored.winners) or table.tr("draw")
    return table.tr("{when} · {game} · {players} · winner: {winner}").format(
        when=when, game=table.words.game_name(stored.game), players=", ".join(players),
        winner=winners)


class ReplayHost(ShownMatch):
    """A read-only BoardHost over a stored game, stepped with undo/redo."""

    def __init__(self, table: TableSession, stored: StoredGame) -> None:
        match: Match = open_game(stored.game, players=stored.players, names=stored.names,
                                 position=stored.start_position, **stored.match_options)
        played = stored.timeline[:stored.cursor]  # a game ended early: as it was left
        match.restore(played, len(played))
        while match.undo():
            pass
        super().__init__(table, match, seat_looks(stored.names, stored.extra.get("colours") or []))

    def describe(self, events: Sequence[str]) -> list[str]:
        return describe(self.match, events, self.lang) if events else []


class ReplayScreen(Screen):
    stored = ObjectProperty(None, allownone=True)
    title = StringProperty("")
    step_text = StringProperty("")
    step_detail = StringProperty("")
    """What that move changed on the table (the game's describe text)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.host: ReplayHost | None = None
        self.board: Any = None

    def prepare(self) -> None:
        if self.stored is None:
            return
        table = App.get_running_app().table
        self.host = ReplayHost(table, self.stored)
        slot = self.ids.board_slot
        slot.clear_widgets()
        self.board = make_board(self.stored.game, is_interactive=False)
        slot.add_widget(self.board)
        self.board.host = self.host
        self.title = summary(table, self.stored)
        self._show(())

    def on_table_change(self, change: Change) -> None:
        if change.kind == "lang" and self.host is not None and self.stored is not None:
            self.title = summary(App.get_running_app().table, self.stored)
            self._show(())

    def step(self, delta: int) -> None:
        if self.host is None:
            return
        match = self.host.match
        moved = match.redo() if delta > 0 else match.undo()
        if moved:
            self._show(match.last_events if delta > 0 else ())

    def jump(self, to_end: bool) -> None:
        if self.host is None:
            return
        match = self.host.match
        while match.redo() if to_end else match.undo():
            pass
        self._show(())

    def _show(self, events: Any) -> None:
        assert self.host is not None
        match = self.host.match
        table = App.get_running_app().table
        total = len(match.timeline)
        if match.cursor == 0:
            self.step_text = table.tr("Start of the game ({total} moves)").format(total=total)
            self.step_detail = ""
        else:
            self.step_text = table.tr("Move {number} of {total}").format(
                number=match.cursor, total=total)
            lines = describe(match, match.last_events, table.lang)
            self.step_detail = "\n".join(lines) or match.history[-1]
        self.board.refresh(list(events))


def describe(match: Match, events: Sequence[str], lang: str) -> list[str]:
    """The game's own words for ``events`` (its text module), or nothing."""
    try:
        text = importlib.import_module(f"companion.games.{match.game_id}.text")
        return [str(line) for line in text.describe(list(events), match, lang)]
    except Exception:  # noqa: BLE001 - a missing text never breaks the replay
        return []


def _local_time(iso: str) -> str:
    try:
        moment = datetime.fromisoformat(iso).astimezone()
    except ValueError:
        return iso
    return moment.strftime("%d.%m.%Y %H:%M")
