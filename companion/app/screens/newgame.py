"""New game: the game, the number of players, names and colours (remembered), the options."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.app.controller import Setup
from companion.app.seats import COLOUR_NAMES, PALETTE, seat_looks
from companion.engine import GAMES
from companion.i18n import translator


class NewGameScreen(Screen):
    game = StringProperty("")
    players = NumericProperty(2)
    names = ListProperty([])
    colours = ListProperty([])
    options = ListProperty([])
    """(name, value) pairs of the game's bool and int options."""

    def prepare(self) -> None:
        controller = App.get_running_app().controller
        last = controller.store.setting("last_game", None)
        self.select_game(last if last in GAMES else next(iter(GAMES)))

    def on_controller_change(self, change: Any) -> None:
        if change.kind == "lang" and self.game:
            self._build()

    # -- one call per kv handler ---------------------------------------------------------------

    def select_game(self, game: str) -> None:
        setup = App.get_running_app().controller.last_setup(game)
        self.game = game
        self._take(setup)

    def set_players(self, players: int) -> None:
        setup = App.get_running_app().controller.resized(self._setup(), players)
        self._take(setup)

    def cycle_colour(self, seat: int) -> None:
        colours = list(self.colours)
        start = COLOUR_NAMES.index(colours[seat]) if colours[seat] in COLOUR_NAMES else 0
        for step in range(1, len(COLOUR_NAMES) + 1):
            candidate = COLOUR_NAMES[(start + step) % len(COLOUR_NAMES)]
            if candidate not in colours:
                colours[seat] = candidate
                break
        self.colours = colours
        self._build_players()

    def set_name(self, seat: int, text: str) -> None:
        names = list(self.names)
        if seat < len(names):
            names[seat] = text
            self.names = names

    def toggle_option(self, name: str) -> None:
        self.options = [(key, (not value) if key == name else value) for key, value in self.options]
        self._build_options()

    def step_option(self, name: str, delta: int) -> None:
        self.options = [(key, value + delta if key == name else value)
                        for key, value in self.options]
        self._build_options()

    def start(self) -> None:
        app = App.get_running_app()
        names = [name.strip() or app.tr("Player {number}").format(number=seat + 1)
                 for seat, name in enumerate(self.names)]
        setup = Setup(self.game, names, list(self.colours), dict(self.options))
        try:
            app.controller.new_game(setup)
        except ValueError as error:
            self.ids.problem.text = str(error)
            return
        app.go("play")

    # -- private helpers -------------------------------------------------------------------------

    def _setup(self) -> Setup:
        return Setup(self.game, list(self.names), list(self.colours), dict(self.options))

    def _take(self, setup: Setup) -> None:
        self.players = setup.players
        self.names = setup.names
        self.colours = setup.colours
        description = GAMES[self.game]
        self.options = [
            (spec.name, setup.options.get(spec.name, spec.default))
            for spec in description.options
            if isinstance(spec.default, (bool, int))
        ]
        self._build()

    def _build(self) -> None:
        app = App.get_running_app()
        games = self.ids.games
        games.clear_widgets()
        for game in GAMES:
            games.add_widget(Factory.ToggleChoice(
                text=app.controller.game_name(game), is_chosen=int(game == self.game),
                font_size=20,
                on_release=lambda _b, g=game: self.select_game(g)))
        counts = self.ids.counts
        counts.clear_widgets()
        for count in GAMES[self.game].player_counts:
            counts.add_widget(Factory.ToggleChoice(
                text=str(count), is_chosen=int(count == self.players),
                on_release=lambda _b, n=count: self.set_players(n)))
        self._build_players()
        self._build_options()

    def _build_players(self) -> None:
        rows = self.ids.players
        rows.clear_widgets()
        for seat, look in enumerate(seat_looks(self.names, self.colours)):
            row = PlayerRow(seat=seat, name=self.names[seat], colour=look.colour,
                                    letter=look.letter)
            rows.add_widget(row)

    def _build_options(self) -> None:
        app = App.get_running_app()
        box = self.ids.options
        box.clear_widgets()
        specs = {spec.name: spec for spec in GAMES[self.game].options}
        game_text = translator(self.game, app.controller.lang)
        for name, value in self.options:
            description = game_text(specs[name].description)
            if description == specs[name].description:
                description = app.tr(description)
            if isinstance(value, bool):
                box.add_widget(BoolOption(option=name, text=description, value=value))
            else:
                box.add_widget(IntOption(option=name, text=description, value=value))


class PlayerRow(BoxLayout):
    """One player: the token (tap: next free colour) and the name."""

    seat = NumericProperty(0)
    name = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))
    letter = StringProperty("")


class BoolOption(BoxLayout):
    option = StringProperty("")
    text = StringProperty("")
    value = BooleanProperty(False)


class IntOption(BoxLayout):
    option = StringProperty("")
    text = StringProperty("")
    value = NumericProperty(0)


__all__ = ["PALETTE", "BoolOption", "IntOption", "NewGameScreen", "PlayerRow"]
