"""The players as big chips (colour, initial, name), a picker of chips over any screen, and a
player's card (figures per game, rename, merge). Their look is in ``kv/players.kv``.

Used by the new-game screen (known players: a tap seats one) and the statistics screen
(filters, head-to-head, a player's card)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.app import App
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.app.stats.view import Look

CHIP_HEIGHT = 60
"""A chip is a touch target of at least 60 px."""


class PlayerChip(ButtonBehavior, BoxLayout):
    """A player: a disc in the player's colour with the initial, and the name."""

    player_id = NumericProperty(0)
    name = StringProperty("")
    letter = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))
    is_chosen = BooleanProperty(False)

    @classmethod
    def of(cls, look: Look, is_chosen: bool = False, **kwargs: Any) -> PlayerChip:
        return cls(player_id=look.player_id, name=look.name, letter=look.letter,
                   colour=look.colour, is_chosen=is_chosen, **kwargs)


class Choice(ButtonBehavior, BoxLayout):
    """A picker's plain choice (a game, a period): a big chip with a text."""

    key = StringProperty("")
    text = StringProperty("")
    is_chosen = BooleanProperty(False)


class ChipPicker(ModalView):
    """Big chips over the screen: one tap picks one (``multiple`` False), or taps choose
    several and Done (or Everyone) closes it. ``on_pick`` gets the chosen keys."""

    title = StringProperty("")
    multiple = BooleanProperty(False)
    chosen = ListProperty([])

    def __init__(self, on_pick: Callable[[list[Any]], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_pick = on_pick
        self._chips: list[Any] = []

    def add_players(self, looks: Sequence[Look]) -> None:
        for look in looks:
            chip = PlayerChip.of(look, is_chosen=look.player_id in self.chosen)
            chip.bind(on_release=lambda c: self.tap(c.player_id))
            self._add(chip)

    def add_choices(self, choices: Sequence[tuple[str, str]]) -> None:
        """(key, text) pairs."""
        for key, text in choices:
            chip = Choice(key=key, text=text, is_chosen=key in self.chosen)
            chip.bind(on_release=lambda c: self.tap(c.key))
            self._add(chip)

    def tap(self, key: Any) -> None:
        if not self.multiple:
            self.chosen = [key]
            self.done()
            return
        chosen = list(self.chosen)
        if key in chosen:
            chosen.remove(key)
        else:
            chosen.append(key)
        self.chosen = chosen
        for chip in self._chips:
            chip.is_chosen = getattr(chip, "player_id", getattr(chip, "key", None)) in chosen

    def everyone(self) -> None:
        self.chosen = []
        self.done()

    def done(self) -> None:
        self.dismiss(animation=False)
        self._on_pick(list(self.chosen))

    def show(self) -> None:
        rows = -(-len(self._chips) // self.ids.chips.cols)
        self.ids.chips.height = rows * (CHIP_HEIGHT + 8)
        self.height = min(470, 140 + self.ids.chips.height)
        self.open(animation=False)

    def _add(self, chip: Any) -> None:
        chip.size_hint = (1, None)
        chip.height = CHIP_HEIGHT
        self._chips.append(chip)
        self.ids.chips.add_widget(chip)


class PlayerCard(ModalView):
    """One player: figures per game; rename (on-screen keyboard) and merge another player's
    records into this one (after a second tap that says what will happen)."""

    player_id = NumericProperty(0)
    name = StringProperty("")
    letter = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))
    rows = ListProperty([])
    """(game, games, wins, win rate) per game."""
    can_edit = BooleanProperty(True)
    """False for the companion's players (their names say the level)."""
    merge_text = StringProperty("")
    """The pending merge, in words ("" when none is pending)."""
    alike = ListProperty([])
    """Other players whose name differs from this one's only in case (an older store kept
    "Šárka" and "šárka" apart): the card offers to merge them, on a tap, never by itself."""
    alike_text = StringProperty("")
    problem = StringProperty("")

    def __init__(self, on_rename: Callable[[int, str], str | None],
                 on_merge: Callable[[int, int], str | None],
                 others: Callable[[], list[Look]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_rename = on_rename
        self._on_merge = on_merge
        self._others = others
        self._drop: Look | None = None

    def rename(self) -> None:
        problem = self._on_rename(self.player_id, self.ids.new_name.text.strip())
        self.problem = problem or ""
        if not problem:
            self.name = self.ids.new_name.text.strip()
            self.ids.new_name.focus = False

    def on_alike(self, _card: Any, alike: list[Look]) -> None:
        self.alike_text = App.get_running_app().tr(
            "{other} and {name} differ only in capitals: the same player?").format(
            other=alike[0].name, name=self.name) if alike else ""

    def merge_tap(self) -> None:
        """The merge button: first choose whose records join (the player named alike, when
        there is one), then (a second tap) merge."""
        if self.merge_text:
            self.confirm_merge()
        elif self.alike:
            self._merge_picked([self.alike[0].player_id])
        else:
            self.choose_merge()

    def choose_merge(self) -> None:
        """Pick the player whose records join this one's."""
        app = App.get_running_app()
        picker = ChipPicker(on_pick=self._merge_picked,
                            title=app.tr("Whose games are also {name}'s?").format(name=self.name))
        picker.add_players([look for look in self._others() if look.player_id != self.player_id])
        picker.show()

    def confirm_merge(self) -> None:
        if self._drop is not None:
            drop, self._drop = self._drop, None
            self.merge_text = ""
            self.problem = self._on_merge(self.player_id, drop.player_id) or ""

    def cancel_merge(self) -> None:
        self._drop = None
        self.merge_text = ""

    def _merge_picked(self, chosen: list[Any]) -> None:
        looks = {look.player_id: look for look in [*self._others(), *self.alike]}
        if not chosen or chosen[0] not in looks:
            return
        self._drop = looks[chosen[0]]
        self.merge_text = App.get_running_app().tr(
            "{drop}'s games become {keep}'s, and {drop} leaves the list.").format(
            drop=self._drop.name, keep=self.name)


__all__ = ["CHIP_HEIGHT", "ChipPicker", "Choice", "PlayerCard", "PlayerChip"]
