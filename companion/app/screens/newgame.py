"""New game: the game, the number of players, names and colours (remembered), the options."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
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

from companion.app.builder.library import BoardOption, BoardsDialog, board_label
from companion.app.keyboards import keyboard_top
from companion.app.stats.view import Look, look_of
from companion.app.widgets.players import PlayerChip
from companion.engine import GAMES
from companion.i18n import translator
from companion.table.crash_setup import LAYOUT_CHOICES, LAYOUT_LABELS, layout_options
from companion.table.seating import free_seat, is_free, nearest_colour, seat_name, seat_of
from companion.table.seats import COLOUR_NAMES, PALETTE, seat_looks
from companion.table.setups import (
    DYNAMIC_CHOICES,
    ONE_WORD_NAMES,
    Setup,
    option_choices,
    placeholder,
    value_label,
)
from companion.table.words.results import companion_name


class NewGameScreen(Screen):
    game = StringProperty("")
    players = NumericProperty(2)
    names = ListProperty([])
    colours = ListProperty([])
    options = ListProperty([])
    """(name, value) pairs of the options shown: bool, int, and those with choices."""
    problem = StringProperty("")
    """Why Start did not start (a name, a refused option), shown above Start; the setup stays."""
    lift = NumericProperty(0)
    """How far the page is lifted so the name being typed stays above the on-screen keyboard."""
    crash_layout = StringProperty("reference")
    """Crash's board layout (issue #8): "reference", or "shuffled" by the app (never the engine)
    at Start, passed as the ``tiles=`` option."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._choices: dict[str, tuple[Any, ...]] = {}
        self.companions: dict[int, str] = {}
        """Seats the companion plays, with its level."""
        self._person_names: dict[int, str] = {}
        self.seated: dict[int, int] = {}
        """Seats a known player's chip filled: seat → player id."""
        self.known: list[Look] = []
        """The known players (not the companion), the most recently played first."""
        self.boards_dialog: BoardsDialog | None = None
        """Pat a Mat's boards, while shown."""
        self._boards_before: set[str] | None = None
        """The players' boards when the board builder was opened (None when it was not)."""

    requested_game = ""
    """The game a home tile asked for ("" for the one played last)."""

    def prepare(self) -> None:
        if self._boards_before is not None and not self.requested_game and self.game:
            self._back_from_builder()
            return
        self._boards_before = None
        table = App.get_running_app().table
        last = self.requested_game or table.store.setting("last_game", None)
        self.requested_game = ""
        self.known = [look_of(player) for player in
                      table.store.players(recent_first=True, include_companions=False)
                      if not _is_placeholder(player.name)]
        self.select_game(last if last in GAMES else next(iter(GAMES)))

    def on_table_change(self, change: Any) -> None:
        if change.kind == "lang" and self.game:
            self.problem = ""
            self._build()

    # -- one call per kv handler ---------------------------------------------------------------

    def select_game(self, game: str) -> None:
        setup = App.get_running_app().table.last_setup(game)
        self.game = game
        self.problem = ""
        self._take(setup)

    def set_players(self, players: int) -> None:
        setup = App.get_running_app().table.resized(self._setup(), players)
        self.problem = ""
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

    def cycle_seat(self, seat: int) -> None:
        """One tap: a person → the companion (normal → strong → easy) → a person again. The
        companion is named "Companion" (the person's name comes back with the person)."""
        app = App.get_running_app()
        names = list(self.names)
        level = self.companions.get(seat)
        if level is None:
            self.seated.pop(seat, None)
            self._person_names[seat] = names[seat]
            self.companions[seat] = SEAT_CYCLE[0]
            names[seat] = companion_seat_name(app.tr, seat, self.companions, self.game)
        elif SEAT_CYCLE.index(level) + 1 < len(SEAT_CYCLE):
            self.companions[seat] = SEAT_CYCLE[SEAT_CYCLE.index(level) + 1]
            names[seat] = companion_seat_name(app.tr, seat, self.companions, self.game)
        else:
            del self.companions[seat]
            names[seat] = self._person_names.pop(seat, "") or app.table.resized(
                Setup(self.game, [], []), seat + 1).names[seat]
        self.names = names
        self.problem = ""
        self._build_players()

    def set_name(self, seat: int, text: str) -> None:
        names = list(self.names)
        if seat < len(names) and names[seat] != text:
            names[seat] = text
            self.names = names
            self.problem = ""
            look = self._known_look(self.seated.get(seat))
            if look is not None and text.strip() != seat_name(look.name, self._one_word):
                del self.seated[seat]  # typed over: a name again, found or made at Start
                self._mark_seated()

    def seat_player(self, player_id: int) -> None:
        """A known player's chip: into the next free person's seat, or (already seated) out of
        it; the seat takes the player's colour when no other seat has it."""
        look = self._known_look(player_id)
        if look is None:
            return
        names, colours = list(self.names), list(self.colours)
        seat = seat_of(look.player_id, look.name, names, self.seated, self.companions)
        if seat is not None:
            self.seated.pop(seat, None)
            names[seat] = App.get_running_app().table.resized(
                Setup(self.game, [], []), seat + 1).names[seat]
        else:
            seat = free_seat(names, self.companions)
            if seat is None:
                self.problem = App.get_running_app().tr(
                    "Every seat is taken: tap a seated player to free a seat.")
                return
            self.seated[seat] = look.player_id
            names[seat] = seat_name(look.name, self._one_word)
            others = [colour for other, colour in enumerate(colours) if other != seat]
            colours[seat] = nearest_colour(look.colour, others) or colours[seat]
        self.problem = ""
        self.names, self.colours = names, colours
        self._build_players()

    def name_focused(self, field: Any, is_focused: bool) -> None:
        """A name field took the focus (the keyboard comes up): show it above the keyboard;
        it lost the focus: the page comes back down, unless another name took it."""
        Clock.schedule_once(lambda _dt: self._place_above_keyboard(field), 0)

    def toggle_option(self, name: str) -> None:
        self.options = [(key, (not value) if key == name else value) for key, value in self.options]
        self._build_options()

    def step_option(self, name: str, delta: int) -> None:
        """−/+ of an option: the previous/next of its choices, or ±1 for a free number."""
        choices = self._choices.get(name, ())
        options = []
        for key, value in self.options:
            if key == name and choices:
                index = choices.index(value) if value in choices else 0
                value = choices[max(0, min(len(choices) - 1, index + delta))]
            elif key == name:
                value = value + delta
            options.append((key, value))
        self.options = options
        self._build_options()

    def open_boards(self) -> None:
        """Pat a Mat's board: the boards by title, to choose, make, edit, rename, delete."""
        chosen = dict(self.options).get("board", "")
        self.boards_dialog = BoardsDialog(chosen=str(chosen), on_choose=self.choose_board,
                                          on_builder=self.builder_opened)
        self.boards_dialog.bind(on_dismiss=lambda *_: self._boards_closed())
        self.boards_dialog.open(animation=False)

    def builder_opened(self) -> None:
        """The board builder opens: back from it, the setup stays as it is and a board saved
        there is the one chosen."""
        from companion.games.patamat.library import players_names

        self._boards_before = set(players_names())

    def choose_board(self, name: str) -> None:
        spec = next(spec for spec in GAMES[self.game].options if spec.name == "board")
        self._choices["board"] = option_choices(self.game, spec)
        self.options = [(key, name if key == "board" else value) for key, value in self.options]
        self.problem = ""
        self._build_options()

    def set_crash_layout(self, choice: str) -> None:
        self.crash_layout = choice
        self._build_options()

    def start(self) -> None:
        """Start, unless a name or an option is refused: then say why and keep the setup."""
        app = App.get_running_app()
        table = app.table
        names = ["" if is_free(seat, name, self.companions) else name.strip()
                 for seat, name in enumerate(self.names)]  # a hint is not a name
        options = dict(self.options)
        if self.game == "crash":
            options.update(layout_options(self.crash_layout))
        setup = Setup(self.game, names, list(self.colours), options, dict(self.companions),
                      dict(self.seated))
        problem = table.words.name_problem(setup)
        if problem:
            self.problem = problem
            return
        try:
            table.new_game(setup)
        except Exception as error:  # noqa: BLE001 - a refused start is told, never a crash
            self.problem = table.words.start_problem(error, self.game)
            return
        self.problem = ""
        app.go("play")
        if app.phones.is_on:  # new seats, new codes: shown before the first move
            app.root.get_screen("play").show_phone_codes(is_start=True)

    # -- private helpers -------------------------------------------------------------------------

    def _back_from_builder(self) -> None:
        from companion.games.patamat.library import players_names

        before, self._boards_before = self._boards_before or set(), None
        made = sorted(set(players_names()) - before)
        if self.game == "patamat":
            self.choose_board(made[0] if made else str(dict(self.options).get("board", "")))
            self._boards_closed()  # the chosen board may be gone: the default then

    def _boards_closed(self) -> None:
        """The boards shown again as they are now (one may be new, renamed or deleted)."""
        self.boards_dialog = None
        if self.game == "patamat":
            chosen = dict(self.options).get("board")
            spec = next(spec for spec in GAMES[self.game].options if spec.name == "board")
            self._choices["board"] = option_choices(self.game, spec)
            if chosen not in self._choices["board"]:
                self.choose_board(spec.default)
            else:
                self._build_options()

    def _place_above_keyboard(self, field: Any) -> None:
        if not field.focus:
            if not any(getattr(w, "focus", False) for w in self.ids.players.walk()):
                self.lift = 0
            return
        self.ids.players_scroll.scroll_to(field.parent, padding=0, animate=False)
        Clock.schedule_once(lambda _dt: self._lift_over(field), 0)

    def _lift_over(self, field: Any) -> None:
        """Lift the page just enough that ``field`` is above the keyboard (never off the top)."""
        if not field.focus:
            return
        bottom = field.to_window(field.x, field.y)[1] - self.lift
        top = bottom + field.height
        wanted = keyboard_top() + KEYBOARD_GAP - bottom
        self.lift = max(0.0, min(wanted, self.height - top))

    def _setup(self) -> Setup:
        return Setup(self.game, list(self.names), list(self.colours), dict(self.options),
                     dict(self.companions), dict(self.seated))

    @property
    def _one_word(self) -> bool:
        return self.game in ONE_WORD_NAMES

    def _known_look(self, player_id: int | None) -> Look | None:
        return next((look for look in self.known if look.player_id == player_id), None)

    def _build_known(self) -> None:
        """The known players' chips (made again with the game: one-word names differ)."""
        box = self.ids.known_players
        box.clear_widgets()
        for look in self.known:
            chip = PlayerChip.of(look)
            chip.bind(on_release=lambda c: self.seat_player(c.player_id))
            box.add_widget(chip)
        self._mark_seated()

    def _mark_seated(self) -> None:
        """A seated player's chip is lit."""
        for chip in self.ids.known_players.children:
            chip.is_chosen = seat_of(chip.player_id, chip.name, self.names, self.seated,
                                     self.companions) is not None

    def _take(self, setup: Setup) -> None:
        self.companions = dict(setup.companions)
        self.seated = {seat: pid for seat, pid in setup.player_ids.items()
                       if self._known_look(pid) is not None}
        self._person_names = {}
        self.players = setup.players
        self.names = setup.names
        self.colours = setup.colours
        if self.game == "crash":  # as last time: a shuffled board is shuffled anew at Start
            self.crash_layout = "shuffled" if setup.options.get("tiles") else "reference"
        description = GAMES[self.game]
        self._choices = {}
        options = []
        for spec in description.options:
            value = setup.options.get(spec.name, spec.default)
            choices = option_choices(self.game, spec)
            if choices:
                self._choices[spec.name] = choices
                if value not in choices:
                    value = spec.default if spec.default in choices else choices[0]
            elif not isinstance(spec.default, (bool, int)):
                continue  # free text (a board file, a layout): not on this screen
            options.append((spec.name, value))
        self.options = options
        self._build()

    def _build(self) -> None:
        app = App.get_running_app()
        games = self.ids.games
        games.clear_widgets()
        self._build_known()
        for game in GAMES:
            games.add_widget(Factory.ToggleChoice(
                text=app.table.words.game_name(game), is_chosen=int(game == self.game),
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
        app = App.get_running_app()
        for seat, look in enumerate(seat_looks(self.names, self.colours)):
            level = self.companions.get(seat)
            kind = (f"{app.tr('Companion')}\n{app.tr(LEVEL_LABELS[level])}" if level
                    else app.tr("Person"))
            row = PlayerRow(seat=seat, name=self.names[seat], colour=look.colour,
                            hint=placeholder(self.game, seat, app.tr),
                            letter=look.letter, kind=kind, is_companion=level is not None)
            rows.add_widget(row)
        self._mark_seated()

    def _build_options(self) -> None:
        app = App.get_running_app()
        box = self.ids.options
        box.clear_widgets()
        specs = {spec.name: spec for spec in GAMES[self.game].options}
        game_text = translator(self.game, app.table.lang)
        for name, value in self.options:
            if not specs[name].applies_to(self.players):
                continue  # cannot matter with this many players: not shown (its value is kept)
            dynamic = DYNAMIC_CHOICES.get((self.game, name))
            if dynamic is not None:
                description = app.tr(dynamic[1])
            else:
                description = game_text(specs[name].description)
                if description == specs[name].description:
                    description = app.tr(description)
            choices = self._choices.get(name, ())
            if (self.game, name) == ("patamat", "board"):
                box.add_widget(BoardOption(text=description,
                                           value_text=board_label(str(value), app.tr)))
            elif isinstance(value, bool):
                box.add_widget(BoolOption(option=name, text=description, value=value))
            elif choices:
                index = choices.index(value) if value in choices else 0
                box.add_widget(ChoiceOption(
                    option=name, text=description,
                    value_text=value_label(self.game, name, value, app.tr),
                    can_down=index > 0, can_up=index < len(choices) - 1,
                    arrows=not isinstance(value, (int, float))))
            else:
                box.add_widget(IntOption(option=name, text=description, value=value))
        if self.game == "crash":
            for choice in LAYOUT_CHOICES:
                box.add_widget(Factory.ToggleChoice(
                    text=game_text(LAYOUT_LABELS[choice]), font_size=20,
                    is_chosen=int(choice == self.crash_layout),
                    size_hint_y=None, height=56,
                    on_release=lambda _b, c=choice: self.set_crash_layout(c)))


class PlayerRow(BoxLayout):
    """One player: the token (tap: next free colour), the name, a person or the companion."""

    seat = NumericProperty(0)
    name = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))
    letter = StringProperty("")
    kind = StringProperty("")
    is_companion = BooleanProperty(False)
    hint = StringProperty("")
    """The grey "Player 3" of an empty name field (never a name)."""


KEYBOARD_GAP = 12
"""Space between the name being typed and the on-screen keyboard."""
SEAT_CYCLE = ("normal", "strong", "easy")
"""The companion's levels in the order one tap steps through them (then a person again)."""
LEVEL_LABELS = {"easy": "easy", "normal": "normal", "strong": "strong"}


def companion_seat_name(tr: Any, seat: int, companions: dict[int, str], game: str) -> str:
    """The companion's seat name: "Companion (strong)", "Companion 2 (strong)" for the second
    companion seat (:func:`companion.table.words.results.companion_name`, the one form every
    screen shows); where names are one word (Pat a Mat's notation) "Companion", "Companion2"."""
    number = sorted(companions).index(seat) + 1 if seat in companions else 1
    if game in ONE_WORD_NAMES:
        base = tr("Companion")
        return base if number == 1 else f"{base}{number}"
    return companion_name(companions.get(seat, SEAT_CYCLE[0]), tr, number)


def _is_placeholder(name: str) -> bool:
    """ "Player 3", "Hráč3": a placeholder an older build saved as a player; not offered."""
    return any(is_free(seat, name, {}) for seat in range(PLACEHOLDER_SEATS))


PLACEHOLDER_SEATS = 8


class BoolOption(BoxLayout):
    option = StringProperty("")
    text = StringProperty("")
    value = BooleanProperty(False)


class IntOption(BoxLayout):
    option = StringProperty("")
    text = StringProperty("")
    value = NumericProperty(0)


class ChoiceOption(BoxLayout):
    """An option with a few allowed values: − and + step through exactly those."""

    option = StringProperty("")
    text = StringProperty("")
    value_text = StringProperty("")
    can_down = BooleanProperty(False)
    can_up = BooleanProperty(False)
    arrows = BooleanProperty(False)
    """◀ ▶ for named values (boards), − + for numbers."""


__all__ = ["PALETTE", "BoolOption", "ChoiceOption", "IntOption", "NewGameScreen", "PlayerRow"]
