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
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO

from companion.engine import IllegalInput, Match, choose_input, open_game
from companion.engine.match import TimelineMark
from companion.records.faults import StoreUnwritable
from companion.records.store import Store
from companion.table.companions import (
    CompanionSeats,
    companion_moves,
    redo_with_companions,
    undo_to_person,
)
from companion.table.texts import game_texts

COMMANDS = ("legal", "undo", "redo", "position", "board", "hint", "quit")
HINT_LEVEL = "normal"
DieRoll = Callable[[], int]


class TerminalPlayer:
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
    ) -> None:
        self.match = match
        self.store = store
        self.stored_id = game_id
        self.output = output
        self.as_json = as_json
        self.die = die
        self.lang = lang
        self.companions = companions or CompanionSeats()
        self.asks_face = asks_face
        """The table's own die (``--die table``): ``roll`` alone asks which face it shows."""
        self._is_asking_face = False

    def run(self, lines: Iterable[str]) -> int:
        if self.companions.plays(self.match.to_move):  # a companion seat moves first
            for event in self._companions_answer(self.match.mark()) or []:
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
            before = self.match.mark()
            if command == "undo":
                moved = undo_to_person(self.match, self.companions)
            else:
                moved = redo_with_companions(self.match, self.companions)
            if not moved:
                self._report(ok=False, events=[], error=f"nothing to {command}")
            elif self._saved(before):
                self._report(ok=True, events=[], text=f"{command} done")
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
            before = self.match.mark()
            try:
                events = self.match.play(line)
            except IllegalInput as rejection:
                self._report(ok=False, events=[], error=rejection.reason)
                return
            answers = self._companions_answer(before)
            if answers is not None:
                self._report(ok=True, events=events + answers)

    # -- private helpers -----------------------------------------------------------------------

    def _companions_answer(self, before: TimelineMark) -> list[str] | None:
        """The companion seats play up to a person's turn; then all since ``before`` is saved.
        Their events, or None when it could not be saved (then nothing of it stands)."""
        try:
            events = companion_moves(self.match, self.companions, roll=self.die).events
        except (OSError, TimeoutError) as trouble:  # the die failed: a person rolls instead
            self._report(ok=False, events=[], error=f"die: {trouble}")
            events = []
        return events if self._saved(before) else None

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
        suggestion = choose_input(self.match, HINT_LEVEL)
        if self.as_json:
            self._report(ok=True, events=[], hint=suggestion)
        else:
            self._report(ok=True, events=[], text=f"hint: {suggestion}")

    def _saved(self, before: TimelineMark) -> bool:
        """Store the input just played; if the card refuses it, refuse the input after all
        (the match goes back to ``before``) and say why. True when saved."""
        try:
            if self.stored_id is None:
                extra = {"companions": self.companions.to_json()} if self.companions else None
                self.stored_id = self.store.start(self.match, extra)
            else:
                self.store.record(self.stored_id, self.match)
        except StoreUnwritable as problem:
            self.match.rewind(before)
            self._report(ok=False, events=[], error=problem.message)
            return False
        return True

    def _report(
        self, ok: bool, events: list[str], error: str | None = None, text: str | None = None,
        hint: str | None = None, ask: str | None = None,
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


def start_terminal_game(
    store: Store,
    game: str,
    players: int | None,
    position: str | None,
    options: dict[str, Any],
    companions: CompanionSeats | None = None,
    names: Sequence[str] | None = None,
) -> tuple[Match, int | None, bool]:
    """Resume the unfinished game of that kind, or open a new one. Returns (match, id, resumed).

    ``names`` names the players in seat order (their number is the number of players, unless
    ``players`` says otherwise; then a mismatch is a ValueError); a game is resumed only when
    it was played by the same names. The id is None when the store cannot be written now: the
    game is stored with its first input that can be saved.
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
                return match, stored.id, True
    match = open_game(game, players=players, names=names, position=position, **options)
    seats = companions or CompanionSeats()
    seats.check(match.players)
    extra = {"companions": seats.to_json()} if seats else None
    try:
        return match, store.start(match, extra), False
    except StoreUnwritable:
        return match, None, False
