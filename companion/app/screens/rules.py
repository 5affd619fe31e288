"""How to play: the essentials of the game being played, a few pages with ◀ ▶, the diagrams
drawn by the game's own board; Back returns to the play screen exactly as it was."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.relativelayout import RelativeLayout
from kivy.uix.screenmanager import Screen

from companion.app.boards import make_board
from companion.app.boards.base import ShownMatch
from companion.engine import Match, open_game
from companion.games.howto import Diagram, ShownPage, pages
from companion.table.seats import default_colours, seat_looks
from companion.table.session import Change, TableSession


class RulesScreen(Screen):
    title = StringProperty("")
    heading = StringProperty("")
    points = StringProperty("")
    """The page's points, one a line, each after a bullet."""
    caption = StringProperty("")
    """Below the diagram: what it shows."""
    page = NumericProperty(0)
    page_count = NumericProperty(0)
    has_diagram = BooleanProperty(False)
    page_names = ListProperty([])
    """The headings of every page (for tests)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pages: list[ShownPage] = []
        self.board: Any = None

    def prepare(self) -> None:
        """Opened from the play screen's menu: the first page of the game being played."""
        self.page = 0
        self._load()

    def on_table_change(self, change: Change) -> None:
        if change.kind == "lang" and self._pages:
            self._load()

    # -- one call per kv handler -----------------------------------------------------------------

    def turn(self, delta: int) -> None:
        """◀ or ▶: the page before or after (nothing beyond the first or the last)."""
        page = min(max(self.page + delta, 0), len(self._pages) - 1)
        if page != self.page:
            self.page = page
            self._show()

    def back(self) -> None:
        App.get_running_app().return_to_play()

    # -- private helpers -------------------------------------------------------------------------

    def _load(self) -> None:
        table = App.get_running_app().table
        match = table.match
        if match is None:
            return
        self.title = table.tr("Rules: {game}").format(
            game=table.words.game_name(match.game_id))
        self._pages = pages(match.game_id, match.players, table.lang)
        self.page_count = len(self._pages)
        self.page_names = [page.heading for page in self._pages]
        self.page = min(self.page, max(self.page_count - 1, 0))
        self._show()

    def _show(self) -> None:
        slot = self.ids.diagram_slot
        slot.clear_widgets()
        self.board = None
        if not self._pages:
            self.heading, self.points, self.caption, self.has_diagram = "", "", "", False
            return
        page = self._pages[self.page]
        self.heading = page.heading
        self.points = "\n".join(f"•  {point}" for point in page.points)
        self.has_diagram = page.diagram is not None
        self.caption = ""
        if page.diagram is None:
            return
        table = App.get_running_app().table
        host = DiagramHost(table, page.diagram)
        self.caption = page.caption.format(*(look.name for look in host.seat_looks()))
        self.board = make_board(host.match.game_id, is_interactive=page.diagram.shows_moves)
        slot.add_widget(self.board)
        self.board.host = host
        self.board.refresh()
        if page.diagram.mark:
            self.board.preview = page.diagram.mark


class DiagramBox(RelativeLayout):
    """Holds a diagram's board: it only shows, a tap on it does nothing."""

    def on_touch_down(self, touch: Any) -> bool:
        return bool(self.collide_point(*touch.pos))

    def on_touch_move(self, touch: Any) -> bool:
        return bool(self.collide_point(*touch.pos))

    def on_touch_up(self, touch: Any) -> bool:
        return bool(self.collide_point(*touch.pos))


class DiagramHost(ShownMatch):
    """A read-only BoardHost over a prepared position (the match at the table is not touched).

    The players look as at the table when the diagram has as many seats as the game or fewer,
    so the diagram's pieces wear the players' own colours."""

    def __init__(self, table: TableSession, diagram: Diagram) -> None:
        self._diagram = diagram
        game = table.match.game_id if table.match is not None else ""
        options: dict[str, Any] = {"names": list(diagram.names)} if diagram.names else {}
        match: Match = open_game(game, players=diagram.players, position=diagram.position,
                                 **options)
        at_table = table.seat_looks() if table.match is not None else []
        if diagram.names:
            looks = seat_looks(diagram.names, default_colours(diagram.players))
        elif len(at_table) >= diagram.players:
            looks = at_table[:diagram.players]
        else:
            looks = seat_looks([str(seat + 1) for seat in range(diagram.players)],
                               default_colours(diagram.players))
        super().__init__(table, match, looks)

    def legal(self) -> list[str]:
        return self.match.legal() if self._diagram.shows_moves else []


__all__ = ["DiagramBox", "DiagramHost", "RulesScreen"]
