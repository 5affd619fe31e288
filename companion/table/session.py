"""The one table: owns the match and the store; screens only show it and send it inputs.

No Kivy here. Every input goes through ``match.play()``, and the store records it before any
listener (a screen) hears of it, so what the screen shows as done is already on disk.

When the card refuses writes (full, read-only), an input that cannot be saved is refused like an
illegal one (the match goes back to before it) and listeners hear "unsaveable"; the players may
then choose to play on unsaved (:meth:`TableSession.play_unsaved`): inputs count in memory, the
screens show a "not saved" mark, and every input and :meth:`TableSession.retry_saving` try the card
again and write the whole game as soon as it takes writes.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import companion.table.result_words as result_words
from companion.engine import GAMES, IllegalInput, Match, open_game
from companion.i18n import LANGUAGES, translator
from companion.records.faults import StoreUnwritable
from companion.records.store import Store, StoredGame
from companion.table.companions import CompanionSeats, redo_with_companions, undo_to_person
from companion.table.dice import DieSource, FallbackDie
from companion.table.plain_words import plain_text, refusal
from companion.table.seats import SeatLook, default_colours, seat_looks
from companion.table.setups import (
    ONE_WORD_NAMES,
    Setup,
    resized_setup,
)

log = logging.getLogger(__name__)


_ONE_WORD = re.compile(r"\w+")

PROBLEM_CHARS = 140
"""A refused start's reason is cut to this length on the screen (the log keeps all of it)."""

_AWAITING_TEXTS = {
    "roll": "roll the die",
    "move": "your move",
    "choice": "choose",
    "setup": "set up the board",
}


@dataclass(frozen=True)
class Change:
    """What a listener hears: ``kind`` is played|undone|redone|rejected|opened|closed|lang|die|
    unsaveable|saving (die: the electronic die's connection changed, see
    :meth:`TableSession.die_problem`; unsaveable: an input was refused because the card refuses
    writes, ``message`` says why; saving: :attr:`TableSession.is_unsaved` or the store's problem
    changed; rejected: ``message`` is the refusal in plain words, ``detail`` the rule it comes
    from, "rule R24")."""

    kind: str
    events: tuple[str, ...] = ()
    message: str = ""
    detail: str = ""


Listener = Callable[[Change], None]


class TableSession:
    """The match, the store, the die and the language, behind one small API."""

    def __init__(self, store: Store, die: DieSource | None = None, lang: str | None = None):
        self.store = store
        self.die: DieSource = die or FallbackDie(self.die_rolled)
        self.die_status = ""
        """The die's last ``on_status`` text ("connected", "disconnected: …", …)."""
        self._screen_die: DieSource | None = None
        self.match: Match | None = None
        self.stored_id: int | None = None
        self.setup: Setup | None = None
        self.companions = CompanionSeats()
        """The open game's seats played by the companion."""
        self.last_roll: int | None = None
        self.last_events: tuple[str, ...] = ()
        self.listeners: list[Listener] = []
        self.is_unsaved = False
        """The players chose to play on while the card refuses writes: inputs count in memory."""
        self.refused: tuple[str, tuple[str, int] | None] | None = None
        """The last input refused because it could not be saved (line, die face), to replay."""
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
        set_aside: set[int] = set()
        while (stored := self.store.unfinished()) is not None and stored.id not in set_aside:
            set_aside.add(stored.id)
            match = self.store.resume_or_none(stored)
            if match is not None:
                colours = list(stored.extra.get("colours") or default_colours(stored.players))
                seats = CompanionSeats.from_json(stored.extra.get("companions"))
                player_ids = {seat: pid for seat, pid in
                              enumerate(self.store.seat_player_ids(stored.id))
                              if seat not in seats.levels}
                self.setup = Setup(stored.game, list(stored.names), colours, dict(stored.options),
                                   dict(seats.levels), player_ids)
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
        companions = CompanionSeats.from_json(saved.get("companions")).levels
        player_ids = {int(seat): int(pid) for seat, pid in (saved.get("player_ids") or {}).items()}
        setup = Setup(game, names, colours, options, dict(companions), player_ids)
        return resized_setup(setup, players, self.tr)

    def resized(self, setup: Setup, players: int) -> Setup:
        return resized_setup(setup, players, self.tr)

    def new_game(self, setup: Setup) -> None:
        """Start a new match from ``setup``; it is stored (and remembered) at once.

        Raises :class:`StoreUnwritable` when the card refuses writes and the players have not
        chosen to play unsaved (then the game is stored with its first input that can be).
        """
        match = open_game(setup.game, players=setup.players, names=setup.names, **setup.options)
        self.store.set_setting(
            f"setup.{setup.game}",
            {"players": setup.players, "names": setup.names, "colours": setup.colours,
             "options": setup.options,
             "companions": CompanionSeats(setup.companions).to_json(),
             "player_ids": {str(seat): pid for seat, pid in setup.player_ids.items()}},
        )
        self.store.set_setting("last_game", setup.game)
        self.store.abandon_unfinished()  # New instead of Continue: kept as abandoned
        seats = CompanionSeats(setup.companions)
        try:
            stored_id: int | None = self.store.start(match, self._extra(setup),
                                                     player_ids=self._player_ids(setup))
        except StoreUnwritable:
            if not self.is_unsaved:
                raise
            stored_id = None
        self.setup = Setup(setup.game, list(setup.names), list(setup.colours), dict(setup.options),
                           dict(seats.levels), dict(setup.player_ids))
        self._open(match, stored_id)

    def play_again(self) -> None:
        if self.setup is not None:
            self.new_game(self.setup)

    # -- when the card refuses writes -------------------------------------------------------------

    def save_problem(self) -> str:
        """Why games cannot be saved now, in the players' words ("" while they can)."""
        problem = self.store.problem
        return self.tr(problem.message) if problem is not None else ""

    def play_unsaved(self) -> None:
        """The players' choice: play on with inputs counted in memory (marked "not saved");
        the input just refused for want of saving is played now."""
        self.is_unsaved = True
        refused, self.refused = self.refused, None
        self._tell(Change("saving"))
        if refused is not None and self.match is not None:
            self.send(*refused)

    def retry_saving(self) -> bool:
        """Try the card again (the players' "Try again", and a timer while unsaved): True when
        it takes writes, the open game written whole and the refused input played."""
        if not self.store.retry():
            self._tell(Change("saving"))
            return False
        was_unsaved = self.is_unsaved
        try:
            self._record()
        except StoreUnwritable:
            self._tell(Change("saving"))
            return False
        self.is_unsaved = False
        if was_unsaved:
            log.info("every input played unsaved is saved now")
        refused, self.refused = self.refused, None
        if refused is not None and self.match is not None and not self.send(*refused):
            return False  # refused again: the players heard why ("unsaveable" or "rejected")
        self._tell(Change("saving"))
        return True

    def end_game(self) -> None:
        """Abandon the running game (it stays in the store, marked abandoned)."""
        if self.stored_id is not None and self.match is not None and not self.match.is_over:
            self.store.abandon(self.stored_id)
        self.match = None
        self.stored_id = None
        self._tell(Change("closed"))

    # -- inputs -----------------------------------------------------------------------------------

    def send(self, line: str, die_face: tuple[str, int] | None = None) -> bool:
        """Play ``line``. Accepted: recorded, then listeners hear "played". Rejected: a banner.

        ``die_face`` (source, face): a roll from a die, counted in the same commit.
        """
        match = self._require_match()
        before = match.mark()
        try:
            events = match.play(line)
        except IllegalInput as error:
            log.info("refused %r: %s", line, error.reason)
            text, rule = self.refusal(error)
            self._tell(Change("rejected", message=text, detail=rule))
            return False
        if not self._saved(die_face):
            match.rewind(before)
            self.refused = (line, die_face)
            self._tell(Change("unsaveable", message=self.save_problem()))
            return False
        if line.startswith("roll "):
            self.last_roll = int(line.split()[1])
        self.last_events = tuple(events)
        self._tell(Change("played", tuple(events)))
        return True

    def refusal(self, error: IllegalInput) -> tuple[str, str]:
        """A refused input as the screen shows it: what is wrong and what to do instead, in
        the players' words, and the rule it comes from ("rule R24"), both in the language of
        the screen. The engine's reason (rule first) stays for the log and the terminal."""
        game = self.match.game_id if self.match else "app"
        return refusal(game, self._lang, error, self.match)

    def undo(self) -> bool:
        """One input back; with companion seats, back to the last input of a person."""
        match = self._require_match()
        before = match.mark()
        if not undo_to_person(match, self.companions):
            return False
        if not self._saved():
            match.rewind(before)
            self._tell(Change("unsaveable", message=self.save_problem()))
            return False
        self.last_events = ()
        self._tell(Change("undone"))
        return True

    def redo(self) -> bool:
        """One input forward; with companion seats, with the companion's replies after it."""
        match = self._require_match()
        before = match.mark()
        if not redo_with_companions(match, self.companions):
            return False
        if not self._saved():
            match.rewind(before)
            self._tell(Change("unsaveable", message=self.save_problem()))
            return False
        self.last_events = tuple(match.last_events)
        self._tell(Change("redone", self.last_events))
        return True

    def roll(self) -> bool:
        """Ask the die for a roll (when one is awaited); the face comes back via on_roll.

        When the electronic die cannot roll (its cable is pulled), the software die rolls
        instead, so the game goes on (the die area says so: :meth:`die_problem`)."""
        if self.match is None or self.match.awaiting != "roll" or self.die.source == "table":
            return False  # the table's own die: a person taps the face it shows
        if self.die.request_roll():
            return True
        if self.die.source in ("software", "gpio"):
            return False
        if self._screen_die is None:
            self._screen_die = FallbackDie(lambda face: self.on_roll(face, source="software"))
        return self._screen_die.request_roll()

    def table_roll(self, face: int) -> bool:
        """A face of the table's own die, tapped: counted under "table", then played."""
        return self.on_roll(face, source="table")

    def on_roll(self, value: int, source: str | None = None) -> bool:
        """A face from the die (software, GPIO or electronic): counted, then played."""
        if self.match is None or self.match.awaiting != "roll" or not 1 <= value <= 6:
            return False
        return self.send(f"roll {value}", die_face=(source or self.die.source, value))

    def die_status_changed(self, status: str) -> None:
        """The die's ``on_status`` callback (on the Kivy clock): listeners hear "die"."""
        if status == "closed":
            return  # a die closed on purpose (another chosen, the app stopping)
        self.die_status = status
        self._tell(Change("die"))

    def die_problem(self) -> str:
        """What is wrong with the electronic die, in words for the die area ("" when fine)."""
        if self.die.source.startswith("serial:") and self.die_status.startswith(
                "disconnected"):
            return self.tr("Die disconnected — reconnecting…")
        return ""

    def confirm(self) -> bool:
        """The OK button or key with no preview on the board: roll when a roll is awaited,
        play the input when exactly one is legal; otherwise nothing (False)."""
        if self.match is None or self.match.is_over:
            return False
        if self.match.awaiting == "roll":
            return self.roll()
        legal = self.match.legal()
        if len(legal) == 1:
            return self.send(legal[0])
        return False

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
        """A label for one input line (``text.input_label`` of the game, else the line)."""
        if self.match is None:
            return line
        label = self._game_label(line, self.match)
        return line if label is None else label

    def log_label(self, line: str, match: Match) -> str:
        """A move-log row for ``line`` played in ``match`` (the match BEFORE it): the mover's
        name, then the game's ``text.input_label`` or, without one, the line itself
        ("Eva: move 0 Y"); a roll and a fix get the app's own words."""
        seat = match.to_move
        name = match.names[seat] if seat is not None and seat < len(match.names) else ""
        label = self._game_label(line, match)
        if label is None:
            words = line.split()
            if len(words) == 2 and words[0] == "roll" and words[1].isdigit():
                label = self.tr("rolled {value}").format(value=words[1])
            elif words and words[0] == "fix":
                label = self.tr("fixed the position")
            else:
                label = line
        return f"{name}: {label}" if name else label

    def move_log(self) -> list[str]:
        """The move log: "n. Name: input" for every accepted input up to the undo cursor."""
        match = self._require_match()
        replay = open_game(match.game_id, players=match.players, names=match.names,
                           position=match.start_position, **match.options)
        rows = []
        for number, line in enumerate(match.history, start=1):
            rows.append(f"{number}. {self.log_label(line, replay)}")
            replay.play(line)
        return rows

    def status_line(self) -> str:
        match = self._require_match()
        text = result_words.text_module(match.game_id)
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
        text = result_words.text_module(self.match.game_id)
        if text is not None:
            try:
                return [str(line) for line in text.describe(list(events), self.match, self._lang)]
            except Exception:  # noqa: BLE001
                log.exception("describe failed")
        return list(events)

    def result_headline(self) -> str:
        return result_words.headline(self._require_match(), self.tr)

    def result_lines(self) -> list[str]:
        """Extra lines for the result screen (:func:`result_words.game_lines`)."""
        return result_words.game_lines(self._require_match(), self._lang)

    def seat_name(self, name: str, level: str | None) -> str:
        """A player's name, or the companion's one name ("Companion (strong)") for a seat it
        played, for the result and the history."""
        return result_words.seat_name(name, level, self.tr)

    def ranking_rows(self) -> list[result_words.RankingRow]:
        """(place, seat, name, counters) rows, best first, for the result screen."""
        return result_words.ranking_rows(self._require_match(), self.companions.levels, self.tr)

    def name_problem(self, setup: Setup) -> str | None:
        """Why these names cannot start ``setup.game`` (a translated sentence), or None.

        Every player needs a name, no two alike (ignoring case); in Pat a Mat (P5) a name is
        one word of letters and digits, without spaces.
        """
        seen: set[str] = set()
        game = self.game_name(setup.game)
        for seat, raw in enumerate(setup.names):
            name = raw.strip()
            if not name:
                empty = self.tr("Player {number} has no name: type one in.")
                return empty.format(number=seat + 1)
            if name.casefold() in seen:
                twice = self.tr("Two players are called {name}: give each a different name.")
                return twice.format(name=name)
            seen.add(name.casefold())
            if setup.game in ONE_WORD_NAMES and not _ONE_WORD.fullmatch(name):
                if " " in name:
                    spaced = self.tr(
                        "{game}: “{name}” has a space; names here are one word, no spaces.")
                    return spaced.format(game=game, name=name)
                odd = self.tr("{game}: “{name}” may only have letters and digits.")
                return odd.format(game=game, name=name)
        return None

    def start_problem(self, error: Exception, game: str = "") -> str:
        """A failed start of ``game``, in words for the banner (Czech where a catalogue has
        the reason)."""
        log.warning("a start of %s was refused: %s", game or "a game", error)
        reason = str(error)
        if isinstance(error, IllegalInput) and game:  # in the players' words, without the rule
            words = plain_text(game, self._lang, error)
            reason = words[:1].lower() + words[1:] if words[1:2].islower() else words
        for domain in (game, "app"):
            if domain:
                translated = translator(domain, self._lang)(reason)
                if translated != reason:
                    reason = translated
                    break
        if len(reason) > PROBLEM_CHARS:
            reason = reason[: PROBLEM_CHARS - 1].rstrip() + "…"
        return self.tr("The game cannot start: {reason}").format(reason=reason)

    def game_name(self, game: str) -> str:
        description = GAMES[game]
        return description.name_cs if self._lang == "cs" else description.name

    def counter_name(self, key: str) -> str:
        return self.tr(key)

    # -- private helpers -------------------------------------------------------------------------

    def _open(self, match: Match, stored_id: int | None) -> None:
        self.companions = CompanionSeats(self.setup.companions if self.setup else {})
        self.match = match
        self.stored_id = stored_id
        self.last_events = tuple(match.last_events)
        self.last_roll = None
        self._tell(Change("opened"))

    def _record(self, die_face: tuple[str, int] | None = None) -> None:
        """Write the open game up to now (started in the store first if it is not yet there).
        Raises StoreUnwritable."""
        if self.match is None:
            return
        if self.stored_id is None:
            setup = self.setup or Setup(self.match.game_id, list(self.match.names),
                                        default_colours(self.match.players))
            self.stored_id = self.store.start(self.match, self._extra(setup),
                                              player_ids=self._player_ids(setup))
            if die_face is not None:
                self.store.count_face(*die_face)
        else:
            self.store.record(self.stored_id, self.match, die_face)

    def _player_ids(self, setup: Setup) -> list[int] | None:
        """The player of every seat: the companion's of that level, the known player a chip
        seated, else the player of that name (new on a first game). None when the store cannot
        tell now (then it finds the players by name itself)."""
        ids = []
        try:
            for seat, name in enumerate(setup.names):
                level = setup.companions.get(seat)
                if level is not None:
                    ids.append(self.store.companion_player(level).id)
                elif seat in setup.player_ids:
                    ids.append(self.store.player(setup.player_ids[seat]).id)
                else:
                    ids.append(self.store.player_named(name).id)
        except (StoreUnwritable, KeyError, ValueError):
            return None
        return ids

    @staticmethod
    def _extra(setup: Setup) -> dict[str, Any]:
        """What the store keeps of a game besides the match: colours, the companion's seats."""
        extra: dict[str, Any] = {"colours": setup.colours}
        if setup.companions:
            extra["companions"] = CompanionSeats(setup.companions).to_json()
        return extra

    def _saved(self, die_face: tuple[str, int] | None = None) -> bool:
        """Save the input just played. False when the card refuses it and the players have not
        chosen to play unsaved; while unsaved, True (it counts in memory)."""
        try:
            self._record(die_face)
        except StoreUnwritable:
            if not self.is_unsaved:
                return False
            if die_face is not None:
                self.store.count_face(*die_face)  # waits in memory with the moves
            return True
        if self.is_unsaved:
            self.is_unsaved = False  # the card takes writes again: everything is written
            self._tell(Change("saving"))
        return True

    def _require_match(self) -> Match:
        if self.match is None:
            raise RuntimeError("no game is open")
        return self.match

    def _game_label(self, line: str, match: Match) -> str | None:
        """The game's ``text.input_label(line, match, lang)``; None without one (or on error)."""
        text = result_words.text_module(match.game_id)
        label = getattr(text, "input_label", None) if text else None
        if not callable(label):
            return None
        try:
            return str(label(line, match, self._lang))
        except Exception:  # noqa: BLE001 - a label must never break the screen
            log.exception("input_label failed for %r", line)
            return None

    def _tell(self, change: Change) -> None:
        for listener in list(self.listeners):
            listener(change)

