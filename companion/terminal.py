"""The terminal player: one game from the keyboard (or a script), line by line.

Each line read is an input in the game's notation or one of the commands ``legal``, ``undo``,
``redo``, ``position``, ``board``, ``hint``, ``quit`` (``roll`` alone asks the configured die).
Every accepted input is stored durably before it is acknowledged, so a killed player resumes
exactly.

Seats played by the companion (``--companion SEAT[:LEVEL]``) answer at once: the reply to a
person's input holds their inputs' events too, up to the next person's decision or roll (their
rolls come from the configured die; without one a person types ``roll N`` for them). ``undo``
goes back to the last input of a person, ``redo`` brings it back with the answers after it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, NamedTuple, TextIO

from companion.engine import Match, open_game
from companion.records.faults import StoreUnwritable
from companion.records.store import Store
from companion.table.companions import CompanionSeats
from companion.table.session import Change, TableSession
from companion.table.words.texts import game_texts

COMMANDS = ("legal", "undo", "redo", "position", "board", "hint", "quit")
DieRoll = Callable[[], int]


class TerminalPlayer:
    """A face of the table session: it reads lines, sends them, and writes what it hears."""

    def __init__(
        self,
        match: Match,
        store: Store,
        game_id: int | None,
        output: TextIO,
        as_json: bool = False,
        die: DieRoll | None = None,
        lang: str = "en",
        companions: CompanionSeats | None = None,
        asks_face: bool = False,
        unnamed_seats: Collection[int] = (),
        time_scale: float = 1.0,
    ) -> None:
        self.table = TableSession(store, lang=lang, remembers_lang=False, time_scale=time_scale)
        self.table.open_match(match, game_id, companions, unnamed_seats)
        self.table.listeners.append(self._hear)
        self.store = store
        self.output = output
        self.as_json = as_json
        self.die = die
        self.lang = lang
        self.asks_face = asks_face
        """The table's own die (``--die table``): ``roll`` alone asks which face it shows."""
        self._is_asking_face = False
        self._heard: list[Change] = []

    @property
    def match(self) -> Match:
        match = self.table.match
        assert match is not None
        return match

    def run(self, lines: Iterable[str]) -> int:
        if self.table.companion_is_due():  # a companion seat moves first
            for event in self._companions_answer() or []:
                if not self.as_json:
                    self._say(event)
        if not self.as_json:
            self._say(self._status())
        for raw in lines:
            line = raw.strip()
            if not line:
                continue
            if line.lower() == "quit":
                self._report(ok=True, events=[])
                break
            self.handle(line)
        return 0

    def handle(self, line: str) -> None:
        if self._is_asking_face:
            self._is_asking_face = False
            if line.isdigit():
                if not 1 <= int(line) <= 6:
                    self._ask_face(f"a die shows 1 to 6, not {line}")
                    return
                line = f"roll {line}"
        command = line.lower()
        if command == "legal":
            self._report(ok=True, events=[], text=" ".join(self.match.legal()))
        elif command == "position":
            self._report(ok=True, events=[], text=self.match.position())
        elif command == "board":
            self._report(ok=True, events=[], text=self._picture())
        elif command == "hint":
            self._hint()
        elif command in ("undo", "redo"):
            self._heard.clear()
            moved = self.table.undo() if command == "undo" else self.table.redo()
            if moved:
                self._report(ok=True, events=[], text=f"{command} done",
                             table=self.table.table_lines)
            elif not self._told_unsaveable():
                self._report(ok=False, events=[], error=f"nothing to {command}")
        else:
            if command == "roll" and self.die is None and self.asks_face:
                self._ask_face()
                return
            if command == "roll" and self.die is not None:
                try:
                    line = f"roll {self.die()}"
                except (OSError, TimeoutError) as trouble:
                    self._report(ok=False, events=[], error=f"die: {trouble}")
                    return
            self._heard.clear()
            if not self.table.send(line):
                refused = next((c for c in self._heard if c.kind == "rejected"), None)
                if refused is not None:
                    self._report(ok=False, events=[], error=refused.reason)
                else:
                    self._told_unsaveable()
                return
            events = list(self.table.last_events)
            answers = self._companions_answer()
            if answers is not None:
                self._report(ok=True, events=events + answers, table=self.table.table_lines)

    # -- private helpers -----------------------------------------------------------------------

    def _hear(self, change: Change) -> None:
        self._heard.append(change)

    def _told_unsaveable(self) -> bool:
        """Say why an input could not be saved, if that is what was just heard."""
        if not any(change.kind == "unsaveable" for change in self._heard):
            return False
        problem = self.store.problem
        self._report(ok=False, events=[], error=problem.message if problem else "not saved")
        return True

    def _companions_answer(self) -> list[str] | None:
        """The companion seats play up to a person's turn, each input saved. Their events, or
        None when one could not be saved (then it does not stand, and the reason is said)."""
        self._heard.clear()
        try:
            events = self.table.answer_now(roll=self.die)
        except (OSError, TimeoutError) as trouble:  # the die failed: a person rolls instead
            self._report(ok=False, events=[], error=f"die: {trouble}")
            return []
        if events is None:
            self._told_unsaveable()
        return events

    def _ask_face(self, error: str | None = None) -> None:
        """Ask which face the table's die shows; the next line that is a number answers."""
        if self.match.awaiting != "roll":
            self._report(ok=False, events=[], error="no roll is awaited now")
            return
        self._is_asking_face = True
        question = "Which face does the die show? Type 1 to 6."
        self._report(ok=error is None, events=[], error=error, text=question, ask="face")

    def _hint(self) -> None:
        """What the companion would play for the person to move (nothing is played)."""
        if self.match.is_over or self.match.awaiting == "roll":
            reason = "the game is over" if self.match.is_over else "roll the die first"
            self._report(ok=False, events=[], error=f"no hint: {reason}")
            return
        suggestion = self.table.suggestion()
        if self.as_json:
            self._report(ok=True, events=[], hint=suggestion)
        else:
            self._report(ok=True, events=[], text=f"hint: {suggestion}")

    def _report(
        self, ok: bool, events: list[str], error: str | None = None, text: str | None = None,
        hint: str | None = None, ask: str | None = None, table: Sequence[str] | None = None,
    ) -> None:
        outcome = self.match.outcome
        if self.as_json:
            record: dict[str, Any] = {
                "ok": ok,
                "events": events,
                "error": error,
                "history": len(self.match.history),
                "to_move": self.match.to_move,
                "legal": self.match.legal(),
                "outcome": outcome.to_json() if outcome else None,
            }
            if text is not None:
                record["text"] = text
            if hint is not None:
                record["hint"] = hint
            if ask is not None:
                record["ask"] = ask
            if table is not None:
                record["table"] = list(table)
            self._say(json.dumps(record, ensure_ascii=False))
            return
        if error is not None:
            self._say(f"rejected: {error}")
        if text is not None:
            self._say(text)
        for event in events:
            self._say(event)
        if events:
            for sentence in game_texts(self.match.game_id).describe(events, self.match, self.lang):
                self._say(f"  → {sentence}")
        self._say(self._status())

    def _status(self) -> str:
        return str(game_texts(self.match.game_id).status_line(self.match, self.lang))

    def _picture(self) -> str:
        texts = game_texts(self.match.game_id)
        if hasattr(texts, "picture"):
            return str(texts.picture(self.match))
        return self.match.position()

    def _say(self, text: str) -> None:
        self.output.write(text + "\n")
        self.output.flush()


class TerminalGame(NamedTuple):
    """The game the terminal plays: its match, its id in the store (None while not yet
    stored), whether it was resumed, and the seats nobody named (``--name`` not given: they
    play as "Player 1" …, a placeholder that is saved as nobody's player)."""

    match: Match
    game_id: int | None
    resumed: bool
    unnamed_seats: frozenset[int] = frozenset()


def start_terminal_game(
    store: Store,
    game: str,
    players: int | None,
    position: str | None,
    options: dict[str, Any],
    companions: CompanionSeats | None = None,
    names: Sequence[str] | None = None,
) -> TerminalGame:
    """Resume the unfinished game of that kind, or open a new one.

    ``names`` names the players in seat order (their number is the number of players, unless
    ``players`` says otherwise; then a mismatch is a ValueError); a game is resumed only when
    it was played by the same names. Without ``names`` the people's seats are unnamed: the
    game shows the engine's "Player 1" …, and no player of that name is saved. The id is None
    when the store cannot be written now: the game is stored with its first input that can be
    saved.
    """
    if names is not None:
        names = [" ".join(name.split()) for name in names]
        if not all(names):
            raise ValueError("--name: a player's name cannot be empty")
        if players is None:
            players = len(names)
    if position is None:
        stored = store.unfinished(game)
        if stored is not None and (players is None or players == stored.players) and (
            names is None or list(stored.names) == names
        ):
            match = store.resume_or_none(stored)
            if match is not None:
                return TerminalGame(match, stored.id, True)
    match = open_game(game, players=players, names=names, position=position, **options)
    seats = companions or CompanionSeats()
    seats.check(match.players)
    extra = {"companions": seats.to_json()} if seats else None
    unnamed = frozenset() if names is not None else frozenset(
        seat for seat in range(match.players) if not seats.plays(seat))
    try:
        return TerminalGame(match, store.start(match, extra, unnamed_seats=unnamed), False,
                            unnamed)
    except StoreUnwritable:
        return TerminalGame(match, None, False, unnamed)
