"""The one controller: owns the match and the store; screens only show it and send it inputs.

No Kivy here. Every input goes through ``match.play()``, and the store records it before any
listener (a screen) hears of it, so what the screen shows as done is already on disk.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from companion.app.dice import DieSource, FallbackDie
from companion.app.seats import COLOUR_NAMES, PALETTE, SeatLook, default_colours, seat_looks
from companion.engine import GAMES, IllegalInput, Match, open_game
from companion.i18n import LANGUAGES, translate_reason, translator
from companion.store import Store, StoredGame

log = logging.getLogger(__name__)


_AWAITING_TEXTS = {
    "roll": "roll the die",
    "move": "your move",
    "choice": "choose",
    "setup": "set up the board",
}


@dataclass(frozen=True)
class Change:
    """What a listener hears: ``kind`` is played|undone|redone|rejected|opened|closed|lang."""

    kind: str
    events: tuple[str, ...] = ()
    message: str = ""


@dataclass
class Setup:
    """A new game as the new-game screen builds it (remembered per game in the store)."""

    game: str
    names: list[str]
    colours: list[str]
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.names)


Listener = Callable[[Change], None]


class Controller:
    """The match, the store, the die and the language, behind one small API."""

    def __init__(self, store: Store, die: DieSource | None = None, lang: str | None = None):
        self.store = store
        self.die: DieSource = die or FallbackDie(self.die_rolled)
        self.match: Match | None = None
        self.stored_id: int | None = None
        self.setup: Setup | None = None
        self.last_roll: int | None = None
        self.last_events: tuple[str, ...] = ()
        self.listeners: list[Listener] = []
        if lang in LANGUAGES:
            self.store.set_setting("lang", lang)
        self._lang = str(self.store.setting("lang", "cs"))

    # -- language ---------------------------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self._lang

    def set_lang(self, lang: str) -> None:
        if lang not in LANGUAGES or lang == self._lang:
            return
        self._lang = lang
        self.store.set_setting("lang", lang)
        self._tell(Change("lang"))

    def tr(self, text: str) -> str:
        return translator("app", self._lang)(text)

    # -- games: open, continue, end --------------------------------------------------------------

    def unfinished(self) -> StoredGame | None:
        return self.store.unfinished()

    def continue_game(self) -> bool:
        """Open the most recent unfinished game where it was left. False if there is none."""
        while (stored := self.store.unfinished()) is not None:
            match = self.store.resume_or_none(stored)
            if match is not None:
                colours = list(stored.extra.get("colours") or default_colours(stored.players))
                self.setup = Setup(stored.game, list(stored.names), colours, dict(stored.options))
                self._open(match, stored.id)
                return True
        return False

    def last_setup(self, game: str) -> Setup:
        """The players, colours and options used last time for ``game`` (defaults otherwise)."""
        description = GAMES[game]
        saved = self.store.setting(f"setup.{game}", None) or {}
        players = saved.get("players", description.player_counts[0])
        if players not in description.player_counts:
            players = description.player_counts[0]
        names = list(saved.get("names") or [])
        colours = list(saved.get("colours") or [])
        options = {**description.option_defaults(), **(saved.get("options") or {})}
        known = description.option_defaults()
        options = {key: value for key, value in options.items() if key in known}
        return _resized(Setup(game, names, colours, options), players, self.tr)

    def resized(self, setup: Setup, players: int) -> Setup:
        return _resized(setup, players, self.tr)

    def new_game(self, setup: Setup) -> None:
        """Start a new match from ``setup``; it is stored (and remembered) at once."""
        match = open_game(setup.game, players=setup.players, names=setup.names, **setup.options)
        self.store.set_setting(
            f"setup.{setup.game}",
            {"players": setup.players, "names": setup.names, "colours": setup.colours,
             "options": setup.options},
        )
        self.store.set_setting("last_game", setup.game)
        while (unfinished := self.store.unfinished()) is not None:
            self.store.abandon(unfinished.id)  # New instead of Continue: kept as abandoned
        stored_id = self.store.start(match, {"colours": setup.colours})
        self.setup = Setup(setup.game, list(setup.names), list(setup.colours), dict(setup.options))
        self._open(match, stored_id)

    def play_again(self) -> None:
        if self.setup is not None:
            self.new_game(self.setup)

    def end_game(self) -> None:
        """Abandon the running game (it stays in the store, marked abandoned)."""
        if self.stored_id is not None and self.match is not None and not self.match.is_over:
            self.store.abandon(self.stored_id)
        self.match = None
        self.stored_id = None
        self._tell(Change("closed"))

    # -- inputs -----------------------------------------------------------------------------------

    def send(self, line: str) -> bool:
        """Play ``line``. Accepted: recorded, then listeners hear "played". Rejected: a banner."""
        match = self._require_match()
        try:
            events = match.play(line)
        except IllegalInput as error:
            self._tell(Change("rejected", message=self.rejection_text(error)))
            return False
        self._record()
        if line.startswith("roll "):
            self.last_roll = int(line.split()[1])
        self.last_events = tuple(events)
        self._tell(Change("played", tuple(events)))
        return True

    def rejection_text(self, error: IllegalInput) -> str:
        game = self.match.game_id if self.match else "app"
        text = translate_reason(game, self._lang, error.template, error.params)
        return f"{error.rule}: {text}"

    def undo(self) -> bool:
        match = self._require_match()
        if not match.undo():
            return False
        self._record()
        self.last_events = ()
        self._tell(Change("undone"))
        return True

    def redo(self) -> bool:
        match = self._require_match()
        if not match.redo():
            return False
        self._record()
        self.last_events = tuple(match.last_events)
        self._tell(Change("redone", self.last_events))
        return True

    def roll(self) -> bool:
        """Ask the die for a roll (when one is awaited); the face comes back via on_roll."""
        if self.match is None or self.match.awaiting != "roll":
            return False
        return self.die.request_roll()

    def on_roll(self, value: int) -> bool:
        """A face from the die (software, GPIO or electronic): counted, then played."""
        if self.match is None or self.match.awaiting != "roll" or not 1 <= value <= 6:
            return False
        self.store.count_face(self.die.source, value)
        return self.send(f"roll {value}")

    def die_rolled(self, value: int) -> None:
        """The die's ``on_roll`` callback (on the Kivy clock for hardware dice)."""
        self.on_roll(value)

    def fix(self, position: str) -> bool:
        return self.send(f"fix {position}")

    # -- what the screens show (BoardHost included) ----------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        return self._require_match().snapshot()

    def legal(self) -> list[str]:
        return self._require_match().legal()

    def seat_looks(self) -> list[SeatLook]:
        match = self._require_match()
        colours = self.setup.colours if self.setup else default_colours(match.players)
        return seat_looks(match.names, colours)

    def input_label(self, line: str) -> str:
        text = self._text_module()
        label = getattr(text, "input_label", None) if text else None
        if callable(label) and self.match is not None:
            try:
                return str(label(line, self.match, self._lang))
            except Exception:  # noqa: BLE001 - a label must never break the screen
                log.exception("input_label failed for %r", line)
        return line

    def status_line(self) -> str:
        match = self._require_match()
        text = self._text_module()
        if text is not None:
            try:
                return str(text.status_line(match, self._lang))
            except Exception:  # noqa: BLE001
                log.exception("status_line failed")
        if match.outcome is not None:
            return self.result_headline()
        seat = match.to_move
        name = match.names[seat] if seat is not None else ""
        return f"{name}: {self.tr(_AWAITING_TEXTS.get(match.awaiting, 'your move'))}"

    def describe(self, events: Sequence[str]) -> list[str]:
        """What to change on the physical board after ``events``."""
        if not events or self.match is None:
            return []
        text = self._text_module()
        if text is not None:
            try:
                return [str(line) for line in text.describe(list(events), self.match, self._lang)]
            except Exception:  # noqa: BLE001
                log.exception("describe failed")
        return list(events)

    def result_headline(self) -> str:
        match = self._require_match()
        outcome = match.outcome
        if outcome is None:
            return ""
        if len(outcome.ranking) == 1 and len(outcome.ranking[0]) > 1:
            return self.tr("Draw")
        winners = ", ".join(match.names[seat] for seat in outcome.winners)
        return self.tr("{name} wins!").format(name=winners)

    def ranking_rows(self) -> list[tuple[int, int, str, dict[str, int]]]:
        """(place, seat, name, counters) rows, best first, for the result screen."""
        match = self._require_match()
        outcome = match.outcome
        counters = match.counters()
        groups = outcome.ranking if outcome else (tuple(range(match.players)),)
        rows = []
        place = 1
        for group in groups:
            for seat in group:
                rows.append((place, seat, match.names[seat], counters.get(seat, {})))
            place += len(group)
        return rows

    def game_name(self, game: str) -> str:
        description = GAMES[game]
        return description.name_cs if self._lang == "cs" else description.name

    def counter_name(self, key: str) -> str:
        return self.tr(key)

    def face_counts(self) -> list[int]:
        return self.store.face_counts(self.die.source)

    # -- private helpers -------------------------------------------------------------------------

    def _open(self, match: Match, stored_id: int) -> None:
        self.match = match
        self.stored_id = stored_id
        self.last_events = tuple(match.last_events)
        self.last_roll = None
        self._tell(Change("opened"))

    def _record(self) -> None:
        if self.match is not None and self.stored_id is not None:
            self.store.record(self.stored_id, self.match)

    def _require_match(self) -> Match:
        if self.match is None:
            raise RuntimeError("no game is open")
        return self.match

    def _text_module(self) -> ModuleType | None:
        if self.match is None:
            return None
        try:
            return importlib.import_module(f"companion.games.{self.match.game_id}.text")
        except ImportError:
            return None

    def _tell(self, change: Change) -> None:
        for listener in list(self.listeners):
            listener(change)


def _resized(setup: Setup, players: int, tr: Callable[[str], str]) -> Setup:
    """The setup with exactly ``players`` names and distinct colours (defaults filled in)."""
    names = list(setup.names[:players])
    while len(names) < players:
        names.append(tr("Player {number}").format(number=len(names) + 1))
    colours = [c for c in setup.colours[:players] if c in PALETTE]
    for colour in COLOUR_NAMES:
        if len(colours) >= players:
            break
        if colour not in colours:
            colours.append(colour)
    return Setup(setup.game, names, colours, dict(setup.options))
