"""A new game as the new-game screen builds it: game, players, colours, options, and which
seats the companion plays. Remembered per game in the store (:func:`remember_setup`,
:func:`remembered_setup`), and read back with a game that is continued (:func:`resumed_setup`);
Kivy-free."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.engine import GAMES, OptionSpec
from companion.table.seating import is_free
from companion.table.seats import COLOUR_NAMES, PALETTE

if TYPE_CHECKING:
    from companion.records.games import StoredGame
    from companion.records.store import Store

log = logging.getLogger(__name__)


ONE_WORD_NAMES = frozenset({"patamat"})
"""Games whose notation carries the players' names: one word each, no spaces (Pat a Mat P5)."""
DYNAMIC_CHOICES: dict[tuple[str, str], tuple[str, str]] = {
    ("patamat", "board"): ("companion.games.patamat.board:board_names", "Board"),
}
"""String options whose values are found at run time: (the function listing them, a short
label of the ``app`` domain for the new-game screen)."""
VALUE_LABELS: dict[tuple[str, str, str], str] = {
    ("patamat", "board", "standin-v1"): "Example board",
}
"""Values players would not understand as they are, with their words (``app`` domain). A
board the players made themselves keeps the name they gave it."""

@dataclass
class Setup:
    """A new game as the new-game screen builds it (remembered per game in the store)."""

    game: str
    names: list[str]
    colours: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    companions: dict[int, str] = field(default_factory=dict)
    """Seats the companion plays, with its level (easy / normal / strong)."""
    player_ids: dict[int, int] = field(default_factory=dict)
    """Seats taken by a known player (a chip on the new-game screen): seat → player id. The
    other persons' seats are found (or created) by name when the game starts."""
    unnamed: frozenset[int] = frozenset()
    """Seats nobody gave a name (the terminal without ``--name``): they play under their
    placeholder ("Player 1"), which is no player; none is saved for them."""

    @property
    def players(self) -> int:
        return len(self.names)



def option_choices(game: str, spec: OptionSpec) -> tuple[Any, ...]:
    """The values a screen offers for an option: ``spec.choices``, or the ones found at run
    time (Pat a Mat's boards); () when the option takes free values."""
    if spec.choices:
        return tuple(spec.choices)
    dynamic = DYNAMIC_CHOICES.get((game, spec.name))
    if dynamic is None:
        return ()
    module_name, function = dynamic[0].split(":")
    try:
        found = getattr(importlib.import_module(module_name), function)()
    except Exception:  # noqa: BLE001 - a broken boards directory must not break the screen
        log.exception("listing the choices of %s.%s failed", game, spec.name)
        return ()
    values = [str(value) for value in found]
    if isinstance(spec.default, str) and spec.default not in values:
        values.insert(0, spec.default)
    return tuple(values)



def value_label(game: str, option: str, value: Any, tr: Callable[[str], str]) -> str:
    """An option's value as the new-game screen shows it."""
    label = VALUE_LABELS.get((game, option, str(value)))
    return tr(label) if label else str(value)


def placeholder(game: str, seat: int, tr: Callable[[str], str]) -> str:
    """The grey hint in an empty name field: "Player 3" ("Player3" where names are one word).
    Only a hint: a seat is never started, nor a player saved, under this name."""
    name = tr("Player {number}").format(number=seat + 1)
    return name.replace(" ", "") if game in ONE_WORD_NAMES else name


def resized_setup(setup: Setup, players: int, tr: Callable[[str], str]) -> Setup:
    """The setup with exactly ``players`` names and distinct colours (defaults filled in).

    A new seat has no name yet (""): the new-game screen shows :func:`placeholder` as a hint
    and asks for a name at Start. A placeholder remembered as a name by an older build
    ("Player 2", "Hráč 2") is no name either.
    """
    names = [("" if is_free(seat, name, {}) else name)
             for seat, name in enumerate(setup.names[:players])]
    names += [""] * (players - len(names))
    colours = [c for c in setup.colours[:players] if c in PALETTE]
    for colour in COLOUR_NAMES:
        if len(colours) >= players:
            break
        if colour not in colours:
            colours.append(colour)
    companions = {seat: level for seat, level in setup.companions.items() if seat < players}
    player_ids = {seat: pid for seat, pid in setup.player_ids.items()
                  if seat < players and seat not in companions}
    return Setup(setup.game, names, colours, dict(setup.options), companions, player_ids)


def remember_setup(store: Store, setup: Setup) -> None:
    """Remember ``setup`` as the last of its game, and its game as the last played."""
    from companion.table.companions import CompanionSeats

    store.set_setting(
        f"setup.{setup.game}",
        {"players": setup.players, "names": setup.names, "colours": setup.colours,
         "options": setup.options,
         "companions": CompanionSeats(setup.companions).to_json(),
         "player_ids": {str(seat): pid for seat, pid in setup.player_ids.items()}},
    )
    store.set_setting("last_game", setup.game)


def remembered_setup(store: Store, game: str, tr: Callable[[str], str]) -> Setup:
    """The players, colours and options used last time for ``game`` (defaults otherwise)."""
    from companion.table.companions import CompanionSeats

    description = GAMES[game]
    saved = store.setting(f"setup.{game}", None) or {}
    players = saved.get("players", description.player_counts[0])
    if players not in description.player_counts:
        players = description.player_counts[0]
    names = list(saved.get("names") or [])
    colours = list(saved.get("colours") or [])
    known = description.option_defaults()
    options = {key: value for key, value in {**known, **(saved.get("options") or {})}.items()
               if key in known}
    companions = CompanionSeats.from_json(saved.get("companions")).levels
    player_ids = {int(seat): int(pid) for seat, pid in (saved.get("player_ids") or {}).items()}
    setup = Setup(game, names, colours, options, dict(companions), player_ids)
    return resized_setup(setup, players, tr)


def resumed_setup(store: Store, stored: StoredGame) -> Setup:
    """The set-up of a stored game being continued: its names, colours, options, the
    companion's seats, the players the others' seats are, and the seats nobody named."""
    from companion.table.companions import CompanionSeats
    from companion.table.seats import default_colours

    colours = list(stored.extra.get("colours") or default_colours(stored.players))
    seats = CompanionSeats.from_json(stored.extra.get("companions"))
    sitting = store.seat_player_ids(stored.id)
    player_ids = {seat: pid for seat, pid in enumerate(sitting)
                  if seat not in seats.levels and pid is not None}
    unnamed = frozenset(seat for seat, pid in enumerate(sitting)
                        if seat not in seats.levels and pid is None)
    return Setup(stored.game, list(stored.names), colours, dict(stored.options),
                 dict(seats.levels), player_ids, unnamed)
