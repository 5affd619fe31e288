"""The table session: one game at the table, Kivy-free, behind one small API.

It owns the match, the store, the die, the companion's seats and their turns, undo and redo back
to a person, fixes, unsaved play and the language. Every face (the touchscreen, the terminal
player, the phones) shows it and sends it inputs; none decides anything of its own. Every input
goes through ``match.play()``, and the store records it before any listener hears of it, so what a
face shows as done is already on disk. Each change raises :attr:`TableSession.seq` by one.

After every change the session knows what a person must change on the physical board
(:attr:`TableSession.table_lines`): the consequences of a person's own input (what their own hand
did is theirs; captures, pushes, bells, eaten dots are said), then one line per
action of the companion's round, or what an undo or redo takes back or puts back. The lines stay
until the next input of a person.

When the card refuses writes (full, read-only), an input that cannot be saved is refused like an
illegal one (the match goes back to before it) and listeners hear "unsaveable"; the players may
then choose to play on unsaved (:meth:`TableSession.play_unsaved`): inputs count in memory, the
faces show a "not saved" mark, and every input and :meth:`TableSession.retry_saving` try the card
again and write the whole game as soon as it takes writes.

The session composes parts that each own one thing, and decides when each is used: its words
for the screens (:attr:`TableSession.words`, :mod:`companion.table.words.screens`), the open
game in the store and unsaved play (:attr:`TableSession.saving`, :mod:`companion.table.saving`),
the board's steps behind the table lines (:attr:`TableSession.steps`,
:mod:`companion.table.steps`), the die (:attr:`TableSession.rolls`, :mod:`companion.table.rolls`),
the inputs foreseen (:mod:`companion.table.foresight`), the position's snapshot made once
(:mod:`companion.table.snapshots`), the companion's seats
(:mod:`companion.table.companions`) and the set-ups (:mod:`companion.table.setups`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import companion.table.words.game as words
from companion.engine import IllegalInput
from companion.i18n import LANGUAGES, translator
from companion.records.games import StoredGame
from companion.records.store import Store
from companion.table.dice import DieSource, FallbackDie
from companion.table.foresight import Ahead, Foreseen, Foresight
from companion.table.rolls import Rolls
from companion.table.saving import Saving
from companion.table.snapshots import Snapshots
from companion.table.words.screens import ScreenWords

if TYPE_CHECKING:  # what a game needs loads with the first game (or just after the app's first
    # frame): the match, the companion's seats, the set-ups and the seats' looks, the refusals'
    # words, the board steps and their table lines. The home screen needs none of them.
    from companion.engine import Match
    from companion.games.table_lines import TableLine
    from companion.table.companions import CompanionSeats, Decision, RollDie
    from companion.table.seats import SeatLook
    from companion.table.setups import Setup
    from companion.table.steps import BoardSteps, Step

GAME_MODULES = ("companion.engine.match", "companion.table.companions",
                "companion.table.setups", "companion.table.words.refusals")
"""What the session imports when it first plays, opens or sets up a game, not with itself:
a face that wants the first game no slower imports them once it has shown itself (the app,
just after its first frame)."""

log = logging.getLogger(__name__)

HINT_LEVEL = "normal"
"""The level of the coach's hint (what the companion would play for a person)."""

__all__ = ["Change", "Decision", "Foreseen", "Listener", "Setup", "TableSession"]


def __getattr__(name: str) -> Any:
    # ``Decision`` and ``Setup`` are loaded when first asked for (see GAME_MODULES)
    if name == "Decision":
        from companion.table.companions import Decision

        return Decision
    if name == "Setup":
        from companion.table.setups import Setup

        return Setup
    raise AttributeError(f"module 'companion.table.session' has no attribute {name!r}")


class Change(NamedTuple):
    """What a listener hears: ``kind`` is played|undone|redone|rejected|opened|closed|lang|die|
    unsaveable|saving (die: the electronic die's connection changed, see
    :meth:`TableSession.die_problem`; unsaveable: an input was refused because the card refuses
    writes, ``message`` says why; saving: :attr:`Saving.is_unsaved` or the store's problem
    changed; rejected: ``message`` is the refusal in plain words, ``detail`` the rule it comes
    from, "rule R24"). A named tuple (immutable, compared by value), not a frozen dataclass:
    the app's first frame imports it, and a named tuple is made ~5 times faster."""

    kind: str
    events: tuple[str, ...] = ()
    message: str = ""
    detail: str = ""
    reason: str = ""
    """rejected: the engine's reason, rule first (the terminal's words)."""
    seq: int = 0
    """The session's change counter after this change."""


Listener = Callable[[Change], None]


class TableSession:
    """One game at the table: the match, the store, the die, the companion's seats and the
    language, behind one small API."""

    def __init__(self, store: Store, die: DieSource | None = None, lang: str | None = None,
                 remembers_lang: bool = True, time_scale: float = 1.0):
        """``lang`` is remembered in the store as the table's language, unless
        ``remembers_lang`` is False (the terminal's ``--lang`` is for that run only).
        ``time_scale`` divides the companion's time budgets: how many times slower than a
        desktop this machine is (:func:`companion.table.pi_clock.cpu_scale`)."""
        self.store = store
        self.time_scale = time_scale
        self.words = ScreenWords(self)
        """What the screens say of the game at the table, in its language."""
        self.rolls = Rolls(die or FallbackDie(self.die_rolled), self.on_roll)
        """The die, what it last said, and the roll it was asked for."""
        self.match: Match | None = None
        self.setup: Setup | None = None
        self._companions: CompanionSeats | None = None
        self.last_roll: int | None = None
        self.last_events: tuple[str, ...] = ()
        self.listeners: list[Listener] = []
        self.seq = 0
        """Raised by one at every change the listeners hear of."""
        self.last_roller: int | None = None
        """The seat whose roll :attr:`last_roll` is."""
        self._made_steps: BoardSteps | None = None
        self._snapshots = Snapshots()
        """The position's snapshot, made once per position."""
        self._foresight = Foresight()
        """The inputs :meth:`foresee` worked out in the position now."""
        self.saving = Saving(store, self.tr, lambda: self._tell(Change("saving")))
        """The open game in the store, and unsaved play while the card refuses writes."""
        if lang in LANGUAGES and remembers_lang:
            self.store.set_setting("lang", lang)
        self._lang = lang if lang in LANGUAGES and not remembers_lang else str(
            self.store.setting("lang", "cs"))

    @property
    def companions(self) -> CompanionSeats:
        """The open game's seats played by the companion (none until a game opens)."""
        if self._companions is None:
            from companion.table.companions import CompanionSeats

            self._companions = CompanionSeats()
        return self._companions

    @companions.setter
    def companions(self, seats: CompanionSeats) -> None:
        self._companions = seats

    # -- the die -----------------------------------------------------------------------------------

    @property
    def die(self) -> DieSource:
        """The die the table rolls: software, GPIO, serial or the table's own (a face that
        chooses another sets it)."""
        return self.rolls.die

    @die.setter
    def die(self, die: DieSource) -> None:
        self.rolls.die = die

    @property
    def die_status(self) -> str:
        """The die's last ``on_status`` text ("connected", "disconnected: …", …)."""
        return self.rolls.status

    @die_status.setter
    def die_status(self, status: str) -> None:
        self.rolls.status = status

    def roll(self) -> bool:
        """Ask the die for a roll (when one is awaited); the face comes back via on_roll.

        When the electronic die cannot roll (its cable is pulled), the software die rolls
        instead, so the game goes on (the die area says so: :meth:`die_problem`)."""
        if self.match is None or self.match.awaiting != "roll":
            return False
        return self.rolls.ask(self.match)

    def table_roll(self, face: int) -> bool:
        """A face of the table's own die, tapped: counted under "table", then played."""
        return self.on_roll(face, source="table")

    def on_roll(self, value: int, source: str | None = None) -> bool:
        """A face from the die (software, GPIO or electronic): counted, then played."""
        if self.match is None or self.match.awaiting != "roll" or not 1 <= value <= 6:
            return False
        return self.send(f"roll {value}", die_face=(source or self.die.source, value))

    def die_rolled(self, value: int) -> None:
        """The die's ``on_roll`` callback (on the Kivy clock for hardware dice). A face this
        table asked for (:meth:`roll`) is for the position it was asked in: one that comes
        back after an undo, a fix or a new game is dropped, never played as another seat's
        roll. A face nobody asked for (the die's own button) is for whoever is to roll."""
        if self.rolls.came_back_late(self.match):
            log.info("a roll asked for before the table changed came back late: dropped")
            return
        self.on_roll(value)

    def die_status_changed(self, status: str) -> None:
        """The die's ``on_status`` callback (on the Kivy clock): listeners hear "die"."""
        if self.rolls.status_changed(status):
            self._tell(Change("die"))

    def die_problem(self) -> str:
        """What is wrong with the electronic die, in words for the die area ("" when fine)."""
        if self.rolls.is_disconnected:
            return self.tr("Die disconnected — reconnecting…")
        return ""

    # -- language ----------------------------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self._lang

    def set_lang(self, lang: str) -> None:
        if lang not in LANGUAGES or lang == self._lang:
            return
        self._lang = lang
        self.store.set_setting("lang", lang)
        self._tell(Change("lang"))

    # -- games: open, continue, end ----------------------------------------------------------------

    def unfinished(self) -> StoredGame | None:
        return self.store.unfinished()

    def continue_game(self) -> bool:
        """Open the most recent unfinished game where it was left. False if there is none."""
        from companion.table.setups import resumed_setup

        set_aside: set[int] = set()
        while (stored := self.store.unfinished()) is not None and stored.id not in set_aside:
            set_aside.add(stored.id)
            match = self.store.resume_or_none(stored)
            if match is not None:
                self.setup = resumed_setup(self.store, stored)
                self._open(match, stored.id)
                return True
        return False

    def last_setup(self, game: str) -> Setup:
        """The players, colours and options used last time for ``game`` (defaults otherwise)."""
        from companion.table.setups import remembered_setup

        return remembered_setup(self.store, game, self.tr)

    def resized(self, setup: Setup, players: int) -> Setup:
        from companion.table.setups import resized_setup

        return resized_setup(setup, players, self.tr)

    def new_game(self, setup: Setup) -> None:
        """Start a new match from ``setup``; it is stored (and remembered) at once.

        Raises :class:`StoreUnwritable` when the card refuses writes and the players have not
        chosen to play unsaved (then the game is stored with its first input that can be).
        """
        from companion.engine import open_game
        from companion.table.companions import CompanionSeats
        from companion.table.setups import Setup, remember_setup

        match = open_game(setup.game, players=setup.players, names=setup.names, **setup.options)
        remember_setup(self.store, setup)
        self.store.abandon_unfinished()  # New instead of Continue: kept as abandoned
        seats = CompanionSeats(setup.companions)
        stored_id = self.saving.start(match, setup)
        self.setup = Setup(setup.game, list(setup.names), list(setup.colours), dict(setup.options),
                           dict(seats.levels), dict(setup.player_ids), setup.unnamed)
        self._open(match, stored_id)

    def play_again(self) -> None:
        if self.setup is not None:
            self.new_game(self.setup)

    def open_match(self, match: Match, stored_id: int | None,
                   companions: CompanionSeats | None = None,
                   unnamed_seats: Collection[int] = ()) -> None:
        """Sit down at ``match`` (stored as ``stored_id``, None while not yet stored): a face
        that opened or resumed a game itself (the terminal player) hands it over here, with
        the seats nobody gave a name (:attr:`Setup.unnamed`)."""
        from companion.table.companions import CompanionSeats
        from companion.table.seats import default_colours
        from companion.table.setups import Setup

        seats = companions or CompanionSeats()
        self.setup = Setup(match.game_id, list(match.names), default_colours(match.players),
                           dict(match.options), dict(seats.levels),
                           unnamed=frozenset(unnamed_seats))
        self._open(match, stored_id)

    def end_game(self) -> None:
        """Abandon the running game (it stays in the store, marked abandoned)."""
        self.saving.abandon(self.match)
        self.match = None
        self._tell(Change("closed"))

    # -- when the card refuses writes (the part: saving) -------------------------------------------

    def play_unsaved(self) -> None:
        """The players' choice: play on with inputs counted in memory (marked "not saved");
        the input just refused for want of saving is played now."""
        refused = self.saving.play_unsaved()
        if refused is not None and self.match is not None:
            self.send(*refused)

    def retry_saving(self) -> bool:
        """Try the card again (the players' "Try again", and a timer while unsaved): True when
        it takes writes, the open game written whole and the refused input played."""
        if not self.saving.retry(self.match, self.setup):
            return False
        refused = self.saving.take_refused()
        if refused is not None and self.match is not None and not self.send(*refused):
            return False  # refused again: the players heard why ("unsaveable" or "rejected")
        self._tell(Change("saving"))
        return True

    # -- inputs ------------------------------------------------------------------------------------

    def send(self, line: str, die_face: tuple[str, int] | None = None) -> bool:
        """Play ``line``. Accepted: recorded, then listeners hear "played". Rejected: a banner.

        ``die_face`` (source, face): a roll from a die, counted in the same commit.
        """
        match = self._require_match()
        before = match.mark()
        seat = match.to_move
        board_before = self._snapshot()
        ahead = self._foresight.here(line, match, before)
        try:
            if ahead is not None:  # the rules' step for this very position, made ahead
                from companion.engine.match import TimelineMark

                match.rewind(TimelineMark((*before.steps[:before.cursor], ahead.played),
                                          before.cursor + 1))
                events = list(ahead.played.events)
            else:
                events = match.play(line)
        except IllegalInput as error:
            log.info("refused %r: %s", line, error.reason)
            text, rule = self.words.refusal(error)
            self._tell(Change("rejected", message=text, detail=rule, reason=error.reason))
            return False
        if not self.saving.saved(match, self.setup, die_face):
            match.rewind(before)
            self.saving.refused = (line, die_face)
            self._tell(Change("unsaveable", message=self.saving.problem()))
            return False
        if line.startswith("roll "):
            self.last_roll = int(line.split()[1])
            self.last_roller = seat
        self.last_events = tuple(events)
        if ahead is not None:  # its snapshot and table step too
            self._snapshots.keep(match, ahead.seen.snapshot)
            self.steps.note(ahead.step)
        else:
            self._note_step("played", seat, line, board_before, events)
        self._tell(Change("played", tuple(events)))
        return True

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

    def fix(self, position: str) -> bool:
        return self.send(f"fix {position}")

    def undo(self) -> bool:
        """One input back; with companion seats, back to the last input of a person."""
        from companion.table.companions import undo_to_person

        return self._step_back_or_forth("undone", undo_to_person)

    def redo(self) -> bool:
        """One input forward; with companion seats, with the companion's replies after it."""
        from companion.table.companions import redo_with_companions

        return self._step_back_or_forth("redone", redo_with_companions)

    def _step_back_or_forth(self, kind: str,
                            step: Callable[[Match, CompanionSeats], bool]) -> bool:
        match = self._require_match()
        before = match.mark()
        board_before = self._snapshot()
        if not step(match, self.companions):
            return False
        if not self.saving.saved(match, self.setup):
            match.rewind(before)
            self._tell(Change("unsaveable", message=self.saving.problem()))
            return False
        self.last_events = tuple(match.last_events) if kind == "redone" else ()
        self._note_step(kind, None, "", board_before, self.last_events)
        self._tell(Change(kind, self.last_events))
        return True

    # -- the companion's seats ---------------------------------------------------------------------

    def companion_is_due(self) -> bool:
        """A companion seat is to move (decide or roll); not when the table's cards are to be
        entered or the table's own die is rolled for it (a person does that)."""
        from companion.table.companions import companion_is_due

        match = self.match
        return match is not None and companion_is_due(
            match, self.companions, can_roll=self.die.source != "table")

    def decide_companion(self) -> Decision | None:
        """What the companion seat to move plays now (``roll`` when the die is awaited).
        Only reads the match: a face may ask it off its UI thread (a strong decision may take
        most of a second) and play the answer with :meth:`play_companion` on it."""
        from companion.table.companions import companion_decision

        match = self.match
        if match is None:
            return None
        return companion_decision(match, self.companions,
                                  can_roll=self.die.source != "table",
                                  time_scale=self.time_scale)

    def play_companion(self, decision: Decision) -> bool:
        """Play ``decision`` if the match is still where it was made (a person may have undone
        meanwhile)."""
        match = self.match
        if match is None or match.cursor != decision.cursor or not self.companion_is_due():
            return False
        if decision.line == "roll":
            return self.roll()
        return self.send(decision.line)

    def answer_now(self, roll: RollDie | None = None) -> list[str] | None:
        """The companion seats play at once, one input after another, until a person is to
        decide or roll (the terminal's way; the touchscreen paces them). Their rolls come from
        ``roll``; without it a person rolls for them. Each input is recorded like anyone's.
        Returns their events, or None when one could not be saved (listeners heard why).
        A failing die (``OSError``, ``TimeoutError``) is raised after what was played."""
        from companion.table.companions import MAX_REPLIES, companion_decision

        match = self._require_match()
        events: list[str] = []
        for _ in range(MAX_REPLIES):
            decision = companion_decision(match, self.companions, can_roll=roll is not None,
                                          time_scale=self.time_scale)
            if decision is None:
                break
            line = f"roll {roll()}" if decision.line == "roll" and roll is not None \
                else decision.line
            if not self.send(line):
                return None
            events.extend(self.last_events)
        return events

    # -- hints and foresight -----------------------------------------------------------------------

    def can_hint(self) -> bool:
        """A person is to decide: not a roll, not the end, not a companion seat's turn, and
        not the table's cards to enter (which cards came up is no one's choice)."""
        from companion.engine.strategy import awaits_the_table  # loaded after the first frame

        match = self.match
        return (match is not None and not match.is_over and match.awaiting != "roll"
                and not self.companion_is_due() and not awaits_the_table(match))

    def hint(self) -> str | None:
        """What the companion would play for the person to move (shown, never played); None
        when there is nothing to hint (see :meth:`can_hint`)."""
        match = self.match
        if match is None or not self.can_hint():
            return None
        from companion.engine.strategy import choose_input

        return choose_input(match, HINT_LEVEL, time_scale=self.time_scale)

    def suggestion(self) -> str:
        """What the companion would play now for whoever is to move (the terminal's hint)."""
        from companion.engine.strategy import choose_input

        return choose_input(self._require_match(), HINT_LEVEL, time_scale=self.time_scale)

    def foresee(self, line: str) -> Foreseen | None:
        """What the faces would show if ``line`` were played now (the status line, the table
        lines, what the board says of its events), worked out by the same steps as
        :meth:`send` on a copy of the match: nothing is played, stored or told. None when the
        rules refuse ``line``. A face may measure and render these texts ahead, while the
        table waits (the six faces of a roll), so that the input's own tap finds them ready."""
        match = self._require_match()
        base = match.mark()
        known = self._foresight.here(line, match, base)
        if known is not None:
            return known.seen
        twin = match.copy()
        seat = match.to_move
        board_before = self._snapshot()
        try:
            events = tuple(twin.play(line))
        except IllegalInput:
            return None
        after = twin.snapshot()
        step = self._made_step("played", twin, seat, line, board_before, after, events,
                               seat if line.startswith("roll ") else None)
        steps = self.steps.copy()  # the table's steps as they would be after it
        steps.note(step)
        seen = Foreseen(line=line, events=events, to_move=twin.to_move,
                        status=words.status_line(twin, self._lang),
                        table_lines=tuple(said.text for said in self._lines(steps, twin)),
                        described=tuple(words.describe(events, twin, self._lang)),
                        snapshot=after)
        self._foresight.keep(Ahead(match, base, twin.mark().steps[base.cursor], step, seen))
        return seen

    # -- what the boards read (BoardHost) ----------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        return self._snapshot()

    def legal(self) -> list[str]:
        return self._require_match().legal()

    def why_refused(self, line: str) -> tuple[str, str] | None:
        """Why ``line`` would be refused now, as :meth:`ScreenWords.refusal` says it (the
        players' words, the rule line), without playing or telling anything; None when it would
        be accepted. A preview on a board says it before the second tap (a wall drawn red)."""
        match = self._require_match()
        try:
            match.rules.apply(match.state, line)
        except IllegalInput as error:
            return self.words.refusal(error)
        return None

    def seat_looks(self) -> list[SeatLook]:
        from companion.table.seats import default_colours, seat_looks

        match = self._require_match()
        colours = self.setup.colours if self.setup else default_colours(match.players)
        return seat_looks(match.names, colours)

    # the board's words (:class:`BoardHost`): the rest of the screens' words are :attr:`words`'

    def tr(self, text: str) -> str:
        return self.words.tr(text)

    def input_label(self, line: str) -> str:
        return self.words.input_label(line)

    def choice_label(self, line: str) -> str:
        return self.words.choice_label(line)

    def describe(self, events: Sequence[str]) -> list[str]:
        """What to change on the physical board after ``events``."""
        return self.words.describe(events)

    # -- what to change on the table (the part: steps) ---------------------------------------------

    @property
    def steps(self) -> BoardSteps:
        """The steps behind :attr:`table_lines`, made when first needed (a game is open): a
        face copies them (cheap: the steps are immutable) to make the lines elsewhere (the
        phones, in each phone's language) or shows the board changes no person made here."""
        if self._made_steps is None:
            from companion.table.steps import BoardSteps

            self._made_steps = BoardSteps()
        return self._made_steps

    @property
    def table_lines(self) -> tuple[str, ...]:
        """What a person must change on the physical board now, in the session's language:
        the consequences of a person's last input, the companion's round after it (one line
        per action, its rolls named), or what an undo or redo takes back or puts back."""
        return tuple(line.text for line in self.table_todo())

    def table_todo(self) -> list[TableLine]:
        """:attr:`table_lines` with the board things each line accounts for."""
        match = self.match
        if match is None:
            return []
        return self._lines(self.steps, match)

    # -- private helpers ---------------------------------------------------------------------------

    def _open(self, match: Match, stored_id: int | None) -> None:
        from companion.table.companions import CompanionSeats

        self.companions = CompanionSeats(self.setup.companions if self.setup else {})
        self.match = match
        self.saving.stored_id = stored_id
        self.last_events = tuple(match.last_events)
        self.last_roll = None
        self.last_roller = None
        self.steps.clear()
        for lang in LANGUAGES:  # the inputs' news are said in every language: the catalogues
            # are read now (Crash by Crash's ~8 ms), not in the game's first input
            translator("app", lang)
            translator(match.game_id, lang)
        self._tell(Change("opened"))

    def _snapshot(self) -> dict[str, Any]:
        """``match.snapshot()`` of the position now, made once per position
        (:class:`~companion.table.snapshots.Snapshots`)."""
        return self._snapshots.of(self._require_match())

    def _require_match(self) -> Match:
        if self.match is None:
            raise RuntimeError("no game is open")
        return self.match

    def _note_step(self, kind: str, seat: int | None, line: str, board_before: dict[str, Any],
                   events: Sequence[str]) -> None:
        """Keep what the table must change after this step (:class:`BoardSteps`)."""
        self.steps.note(self._made_step(kind, self._require_match(), seat, line, board_before,
                                        self._snapshot(), tuple(events), self.last_roller))

    def _made_step(self, kind: str, match: Match, seat: int | None, line: str,
                   board_before: dict[str, Any], after: dict[str, Any],
                   events: tuple[str, ...], roller: int | None) -> Step:
        from companion.table.steps import made_step

        is_companion = kind == "played" and self.companions.plays(seat)
        return made_step(match, seat, line, board_before, after, events,
                         is_companion=is_companion,
                         is_person_input=kind == "played" and not is_companion, roller=roller,
                         lang=self._lang)

    def _lines(self, steps: BoardSteps, match: Match) -> list[TableLine]:
        colours = self.setup.colours if self.setup else None
        return steps.lines(match.game_id, match.names, self._lang, colours)

    def _tell(self, change: Change) -> None:
        self._foresight.forget()  # what was foreseen was for the position before
        self.seq += 1
        change = Change(change.kind, change.events, change.message, change.detail,
                        change.reason, self.seq)
        for listener in list(self.listeners):
            listener(change)
