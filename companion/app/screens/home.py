"""Home: continue the unfinished game (prominent), new game, history, settings, a tile for
each game that opens its new-game screen straight away, and (phones on) the spectators' code."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from companion.app.widgets.common import BigButton
from companion.engine import GAMES


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
        self.warnings = "\n".join(app.store.warnings)
        self._build_tiles()

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
