"""Home: continue the unfinished game (prominent), new game, history, settings, a tile for
each game that opens its new-game screen straight away, and (phones on) the spectators' code."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.app.kvlang.loading import load_kv
from companion.app.widgets.common import BigButton
from companion.engine import GAMES

HIDDEN_PARTS = ("continue_button", "watch_button", "unsaved_note", "warnings_label")
"""The parts the home screen hides while they have nothing to say (``home_parts.kv``):
Continue with nothing to continue, the phones' watch button, the "Not saved" mark and its line,
the store's warnings. Each stands in its place (an empty widget of the same size) until it is
made: when it first has something to show, else just after the first frame
(:meth:`make_hidden_parts`), so that the first frame neither parses, builds nor draws what it
does not show, and no tap builds them."""


class HomeScreen(Screen):
    continue_text = StringProperty("")
    """What the Continue button says (game and players), "" when there is nothing to continue."""
    warnings = StringProperty("")

    def prepare(self) -> None:
        app = App.get_running_app()
        table = app.table
        stored = table.unfinished()
        if stored is None:
            self.continue_text = ""
        else:
            self.continue_text = table.tr("Continue: {game}, {players}").format(
                game=table.words.game_name(stored.game), players=", ".join(stored.names)
            )
            self._make("continue_button")
        self.warnings = "\n".join(app.store.warnings)
        if self.warnings:
            self._make("warnings_label")
        self._build_tiles()

    def make_hidden_parts(self) -> None:
        """Every hidden part not made yet, in its place (just after the first frame)."""
        for name in HIDDEN_PARTS:
            self._make(name)

    def _make(self, name: str) -> Widget:
        """The hidden part ``name`` (``self.ids[name]``), made in its place if not made yet."""
        made: Widget | None = self.ids.get(name)
        if made is not None:
            return made
        load_kv("home_parts")
        if name == "continue_button":
            made = Factory.ContinueButton(text=self.continue_text)
            self.bind(continue_text=made.setter("text"))
        elif name == "watch_button":
            made = Factory.WatchButton()
            made.bind(on_release=lambda _button: self.show_watch_code())
        elif name == "unsaved_note":
            made = Factory.UnsavedNote()
            self.ids["home_not_saved_mark"] = made.ids.mark
        else:
            made = Factory.WarningsLabel(text=self.warnings)
            self.bind(warnings=made.setter("text"))
        place = self.ids.pop(f"{name}_place")
        parent = place.parent
        index = parent.children.index(place)
        parent.remove_widget(place)
        parent.add_widget(made, index=index)
        self.ids[name] = made
        return made

    def _build_tiles(self) -> None:
        """One tile per game (its name in the players' language), made again on a switch."""
        app = App.get_running_app()
        tiles = self.ids.game_tiles
        names = [app.table.words.game_name(game) for game in GAMES]
        if [tile.text for tile in reversed(tiles.children)] == names:
            return
        tiles.clear_widgets()
        for game, name in zip(GAMES, names, strict=True):
            tile = BigButton(text=name, font_size=22, tone="quiet")
            tile.game = game
            tile.bind(on_release=lambda button: app.new_game_of(button.game))
            tiles.add_widget(tile)

    def show_watch_code(self) -> None:
        """The spectators' code, big (phones at the table are on)."""
        from companion.app.phones.codes import show_codes, watch_page

        app = App.get_running_app()
        if app.phones.view_url():
            show_codes([watch_page(app.phones, app.table)], app.table)

    def on_table_change(self, change: Any) -> None:
        if change.kind == "lang":
            self.prepare()
