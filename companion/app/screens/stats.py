"""Statistics: who wins what. Five tabs (players, charts, head-to-head, records, timeline)
under three filters (game, period, players), each a big button that opens its choices as chips.

Only the tab on screen is computed (opening the screen needs the players' lines alone, which
the app works out ahead: :mod:`companion.app.stats.cache`); a tab's figures are kept until a
filter changes or the screen is opened again.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import (
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.app.stats.cache import CACHE
from companion.app.stats.charts import BarChart, Series
from companion.app.stats.view import (
    PERIOD_LABELS,
    PERIODS,
    TIMELINE_LIMIT,
    Look,
    bucket_of,
    chart_players,
    look_of,
    make_filter,
    per_game_rows,
    period_label,
    player_rows,
    record_rows,
    short_game,
    timeline_rows,
    wins_chart,
)
from companion.app.widgets.players import ChipPicker, PlayerCard, PlayerChip
from companion.engine import GAMES
from companion.i18n import translator
from companion.records import stats
from companion.records.faults import StoreUnwritable
from companion.table.session import Change

GAMES_COLOUR = (0.55, 0.58, 0.64, 1.0)
"""The bars of the games played, beside the player's wins in his colour."""
PANELS = {
    "players": "StatsPlayersPanel",
    "charts": "StatsChartsPanel",
    "head": "StatsHeadPanel",
    "records": "StatsRecordsPanel",
    "timeline": "StatsTimelinePanel",
}


class StatsScreen(Screen):
    tab = StringProperty("players")
    game = StringProperty("")
    """The game filter ("" for every game)."""
    period = StringProperty("all")
    chosen = ListProperty([])
    """The players filter: player ids ([] for everyone)."""
    chart = StringProperty("wins")
    """The chart shown on the charts tab: "wins" (per game) or "time" (one player's games and
    wins month by month)."""
    time_player = NumericProperty(0)
    """Whose results over time the chart shows."""
    head_a = NumericProperty(0)
    head_b = NumericProperty(0)
    message = StringProperty("")
    """Said instead of a tab (no finished games yet, none that match the filters)."""
    game_text = StringProperty("")
    period_text = StringProperty("")
    players_text = StringProperty("")
    back_to = StringProperty("home")
    """The screen Back returns to (home, or the result screen it was opened from)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.panels: dict[str, Any] = {}
        self.looks: dict[int, Look] = {}
        self.bar_chart = BarChart()
        self.time_chart = BarChart(show_letters=False)
        self._players: list[Any] = []
        self._lines: list[Any] | None = None
        self._shown: set[str] = set()
        """Tabs whose figures are up to date with the filters."""
        self._card: PlayerCard | None = None

    # -- opening and the filters -----------------------------------------------------------------

    def prepare(self) -> None:
        """Read the players again and show the tab (the store may have new games)."""
        store = App.get_running_app().store
        self._players = store.players(recent_first=True)
        self.looks = {int(p.id): look_of(p, App.get_running_app().tr) for p in self._players}
        self.chosen = [pid for pid in self.chosen if pid in self.looks]
        self._changed()

    def on_table_change(self, change: Change) -> None:
        if change.kind == "lang" and self.manager and self.manager.current == self.name:
            self.prepare()

    def back(self) -> None:
        App.get_running_app().go(self.back_to)

    def show_tab(self, tab: str) -> None:
        self.tab = tab
        self._show()

    def set_chart(self, kind: str) -> None:
        self.chart = kind
        self._shown.discard("charts")
        self._show()

    def set_time_player(self, player_id: int) -> None:
        self.time_player = int(player_id)
        self.chart = "time"
        self._shown.discard("charts")
        self._show()

    def pick_game(self) -> None:
        app = App.get_running_app()
        picker = ChipPicker(on_pick=lambda keys: self._set_filter(game=keys[0] if keys else ""),
                            title=app.tr("Which game?"), chosen=[self.game])
        picker.add_choices([("", app.tr("All games"))]
                           + [(game, app.table.words.game_name(game)) for game in GAMES])
        picker.show()

    def pick_period(self) -> None:
        app = App.get_running_app()
        picker = ChipPicker(on_pick=lambda keys: self._set_filter(period=keys[0] if keys
                                                                  else "all"),
                            title=app.tr("Which period?"), chosen=[self.period])
        picker.add_choices([(period, app.tr(PERIOD_LABELS[period])) for period in PERIODS])
        picker.show()

    def pick_players(self) -> None:
        app = App.get_running_app()
        picker = ChipPicker(on_pick=lambda ids: self._set_filter(players=ids), multiple=True,
                            title=app.tr("Games all of these played in: tap them, then Done."),
                            chosen=list(self.chosen))
        picker.add_players(list(self.looks.values()))
        picker.show()

    def pick_head(self, side: str) -> None:
        """Choose the player of one side of the head-to-head."""
        app = App.get_running_app()

        def picked(ids: list[Any]) -> None:
            if ids:
                setattr(self, f"head_{side}", int(ids[0]))
                self._shown.discard("head")
                self._show()

        current = self.head_a if side == "a" else self.head_b
        picker = ChipPicker(on_pick=picked, title=app.tr("Who?"), chosen=[current])
        picker.add_players(list(self.looks.values()))
        picker.show()

    # -- a player's card: figures per game, rename, merge ----------------------------------------

    def open_player(self, player_id: int) -> None:
        app = App.get_running_app()
        look = self.looks.get(int(player_id))
        if look is None:
            return
        store, flt = app.store, make_filter("", self.period, (), date.today())
        lines = {int(line.player.id): line for line in CACHE.get(
            "player_lines", flt, store, lambda: stats.player_lines(store, flt))}
        line = lines.get(look.player_id)
        player = next((p for p in self._players if int(p.id) == look.player_id), None)
        card = PlayerCard(on_rename=self._rename, on_merge=self._merge,
                          others=lambda: [lk for lk in self.looks.values()
                                          if not self._is_companion(lk.player_id)],
                          player_id=look.player_id, name=look.name, letter=look.letter,
                          colour=look.colour,
                          can_edit=player is not None and not player.companion_level)
        if player is not None and not player.companion_level:
            card.alike = [look_of(other) for other in store.players_named_alike(player.id)]
        rows = per_game_rows(line, app.tr) if line is not None else []
        for cells in rows:
            card.ids.per_game.add_widget(Factory.PerGameRow(cells=cells))
        self._card = card
        card.open(animation=False)

    def _rename(self, player_id: int, name: str) -> str | None:
        """Rename a player; a plain sentence when the name cannot be taken."""
        app = App.get_running_app()
        if not name:
            return str(app.tr("Type a name first."))
        taken = {look.name.casefold() for pid, look in self.looks.items() if pid != player_id}
        if name.casefold() in taken:
            return str(app.tr("{name} is already a player: merge the two instead.").format(
                name=name))
        problem = _store_problem(lambda: app.store.rename_player(player_id, name),
                                 app.tr("The name could not be changed: {reason}"))
        if problem is not None:
            return problem
        self.prepare()
        return None

    def _merge(self, keep_id: int, drop_id: int) -> str | None:
        """Merge ``drop_id``'s records into ``keep_id``'s; a plain sentence when they cannot
        be merged (then nothing changed)."""
        app = App.get_running_app()
        problem = _store_problem(lambda: app.store.merge_players(keep_id, drop_id),
                                 app.tr("The two could not be merged: {reason}"))
        if problem is not None:
            return problem
        if self._card is not None:
            self._card.dismiss(animation=False)
            self._card = None
        self.prepare()
        self.open_player(keep_id)
        return None

    # -- showing a tab ---------------------------------------------------------------------------

    def _set_filter(self, game: str | None = None, period: str | None = None,
                    players: list[Any] | None = None) -> None:
        if game is not None:
            self.game = game
        if period is not None:
            self.period = period
        if players is not None:
            self.chosen = [int(pid) for pid in players]
        self._changed()

    def _changed(self) -> None:
        """The filters (or the store, or the language) changed: every tab is out of date."""
        app = App.get_running_app()
        self.game_text = app.table.words.game_name(self.game) if self.game else app.tr(
            "All games")
        self.period_text = app.tr(PERIOD_LABELS[self.period])
        names = [self.looks[pid].name for pid in self.chosen if pid in self.looks]
        if not names:
            self.players_text = app.tr("Everyone")
        elif len(names) <= 2:
            self.players_text = ", ".join(names)
        else:
            self.players_text = app.tr("{count} players").format(count=len(names))
        self._lines = None
        self._shown = set()
        self._show()

    def _show(self) -> None:
        app = App.get_running_app()
        holder = self.ids.holder
        if not app.store.finished_games(limit=1):
            self._say(app.tr("No finished games yet. Play one, and who won shows here."))
            return
        panel = self.panels.get(self.tab)
        if panel is None:
            panel = self.panels[self.tab] = getattr(Factory, PANELS[self.tab])()
            panel.screen = self
        if self.tab not in self._shown:
            has_figures = getattr(self, f"_fill_{self.tab}")(panel)
            if not has_figures:
                self._say(app.tr("No finished games match these choices."))
                return
            self._shown.add(self.tab)
        self.message = ""
        if panel.parent is not holder:
            holder.clear_widgets()
            holder.add_widget(panel)

    def _say(self, text: str) -> None:
        self.message = text
        self._shown.discard(self.tab)
        holder = self.ids.holder
        holder.clear_widgets()
        holder.add_widget(Factory.StatsMessage(text=text))

    def _filter(self, with_players: bool = True) -> Any:
        return make_filter(self.game, self.period, self.chosen if with_players else (),
                           date.today())

    def _player_lines(self) -> list[Any]:
        """The players' lines of the filters: worked out ahead when the app could (after
        its start, after each game), else now."""
        if self._lines is None:
            store, flt = App.get_running_app().store, self._filter()
            CACHE.wanted = flt
            self._lines = list(CACHE.get("player_lines", flt, store,
                                         lambda: stats.player_lines(store, flt)))
        return self._lines

    def _fill_players(self, panel: Any) -> bool:
        rows = player_rows(self._player_lines(), self.looks)
        if self.chosen:
            rows = [row for row in rows if row["player_id"] in self.chosen]
        panel.ids.rows.data = rows
        return bool(rows)

    def _fill_charts(self, panel: Any) -> bool:
        app = App.get_running_app()
        players = chart_players(self._player_lines(), self.chosen)
        if not players:
            return False
        panel.chart = self.chart
        holder = panel.ids.chart_holder
        chart = self._wins_chart(players) if self.chart == "wins" else self._time_chart(
            panel, players)
        if chart.parent is not holder:
            holder.clear_widgets()
            holder.add_widget(chart)
        played = len([line for line in self._player_lines() if line.games])
        panel.ids.chart_note.text = "" if self.chosen or played <= len(players) else app.tr(
            "The {count} players with the most wins; choose others under Whose games.").format(
            count=len(players))
        return True

    def _wins_chart(self, players: list[Any]) -> BarChart:
        """Wins per player per game: a group per game, a bar per player in his colour."""
        app = App.get_running_app()
        store, flt = app.store, self._filter()
        wins = CACHE.get("wins_per_game", flt, store, lambda: stats.wins_per_game(store, flt))
        groups, series = wins_chart(wins, players, self.game, self.looks, app.tr)
        chart = self.bar_chart
        chart.empty_text = app.tr("No wins yet.")
        chart.groups = groups
        chart.series = [_series(look, values) for look, values in series]
        return chart

    def _time_chart(self, panel: Any, players: list[Any]) -> BarChart:
        """One player's games and wins per month (per week over the last 30 days); the player
        chosen by a chip above the chart."""
        app = App.get_running_app()
        ids = [int(p.id) for p in players]
        if self.time_player not in ids:
            self.time_player = ids[0]
        box = panel.ids.chart_players
        box.clear_widgets()
        for player_id in ids:
            chip = PlayerChip.of(self.looks[player_id], is_chosen=player_id == self.time_player)
            chip.bind(on_release=lambda c: self.set_time_player(c.player_id))
            box.add_widget(chip)
        rows = stats.results_over_time(app.store, self.time_player, self._filter(),
                                       bucket_of(self.period))
        look = self.looks[self.time_player]
        chart = self.time_chart
        chart.empty_text = app.tr("No games yet.")
        chart.groups = [period_label(label) for label, _games, _wins in rows]
        chart.series = [
            Series(app.tr("Games"), "", GAMES_COLOUR, tuple(float(g) for _l, g, _w in rows)),
            Series(app.tr("Wins"), look.letter, look.colour,
                   tuple(float(w) for _l, _g, w in rows)),
        ]
        return chart

    def _fill_head(self, panel: Any) -> bool:
        app = App.get_running_app()
        lines = [line for line in self._player_lines() if line.games]
        candidates = [int(line.player.id) for line in
                      sorted(lines, key=lambda line: -line.games)]
        if len(self.looks) < 2:
            return False
        if self.head_a not in self.looks:
            self.head_a = candidates[0] if candidates else next(iter(self.looks))
        if self.head_b not in self.looks or self.head_b == self.head_a:
            others = [pid for pid in candidates + list(self.looks) if pid != self.head_a]
            self.head_b = others[0]
        a, b = self.looks[self.head_a], self.looks[self.head_b]
        for side, look in (("a", a), ("b", b)):
            box = panel.ids[f"side_{side}"]
            box.clear_widgets()
            chip = PlayerChip.of(look, size_hint=(1, 1))
            chip.bind(on_release=lambda _c, s=side: self.pick_head(s))
            box.add_widget(chip)
        result = stats.head_to_head(app.store, self.head_a, self.head_b,
                                    self._filter(with_players=False))
        panel.ids.a_wins.text = str(result.a_wins)
        panel.ids.b_wins.text = str(result.b_wins)
        panel.ids.together.text = app.tr("Played together: {games}").format(games=result.games)
        panel.ids.neither.text = app.tr(
            "Neither ahead of the other: {count} (a draw, or both behind another)").format(
            count=result.neither) if result.games else app.tr(
            "These two have not played together yet.")
        panel.ids.share.series = [
            _series(a, (float(result.a_wins),)),
            _series(b, (float(result.b_wins),)),
            Series(app.tr("Neither"), "–", (0.42, 0.45, 0.50, 1.0), (float(result.neither),)),
        ]
        return True

    def _fill_records(self, panel: Any) -> bool:
        app = App.get_running_app()
        rows = record_rows(stats.game_records(app.store, self._filter()), self.looks, app.tr,
                           translator("records", app.table.lang))
        panel.ids.rows.data = rows
        return bool(rows)

    def _fill_timeline(self, panel: Any) -> bool:
        app = App.get_running_app()
        entries = stats.timeline(app.store, self._filter(), limit=TIMELINE_LIMIT)
        panel.ids.rows.data = timeline_rows(entries, self.looks, app.tr)
        return bool(panel.ids.rows.data)

    def _is_companion(self, player_id: int) -> bool:
        return any(int(p.id) == player_id and p.companion_level for p in self._players)


class StatsChartsPanel(BoxLayout):
    """The charts tab: which chart (wins per game, one player over time) and the chart."""

    chart = StringProperty("wins")
    screen = ObjectProperty(None, allownone=True)


class StatsPlayerRow(ButtonBehavior, BoxLayout):
    """One player's line: tap for the player's card."""

    player_id = NumericProperty(0)
    name = StringProperty("")
    letter = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))
    games = StringProperty("")
    wins = StringProperty("")
    rate = StringProperty("")
    streak = StringProperty("")
    best = StringProperty("")

    def on_release(self) -> None:
        App.get_running_app().root.get_screen("stats").open_player(self.player_id)


class StatsRecordRow(BoxLayout):
    game = StringProperty("")
    kind = StringProperty("")
    value = StringProperty("")
    name = StringProperty("")
    letter = StringProperty("")
    colour = ColorProperty((0, 0, 0, 0))
    when = StringProperty("")
    game_id = NumericProperty(0)


class StatsTimelineRow(BoxLayout):
    head = StringProperty("")
    detail = StringProperty("")
    game_id = NumericProperty(0)


def _store_problem(change: Callable[[], object], refused: str) -> str | None:
    """Make ``change`` to the store; None when done, else a plain sentence: the store's own
    when the card refuses writes, ``refused`` (translated, with ``{reason}``) for a change the
    store does not accept (then nothing changed)."""
    try:
        change()
    except StoreUnwritable as error:
        return str(App.get_running_app().tr(error.message))
    except (ValueError, KeyError) as error:
        return refused.format(reason=error)
    return None


def _series(look: Look, values: tuple[float | None, ...]) -> Series:
    return Series(look.name, look.letter, look.colour, values)


__all__ = ["StatsScreen", "short_game"]
