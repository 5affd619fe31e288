"""The single writer: every call into the table session runs on the thread that owns it.

The table session is not thread-safe. Beside the touchscreen its owner is the Kivy thread,
reached through an injected ``post(fn)``; in ``companion serve`` the owner is the asyncio
loop's own thread (``post`` None: a handler calls the session directly, between two awaits).
A handler awaits :meth:`TableOwner.call`; the phones' actions (input, undo, roll, hint) check
the token's seat and the ``seq`` the phone saw and play in one go on the owner thread, so a
phone's input and a touch at the same moment cannot both play: the second finds ``seq`` moved.

After every change (beside the touchscreen: after the frame that shows it) the owner takes a
:class:`TableView` (cheap, on the owner thread) and hands it to ``publish`` (any thread may be
there; the web side moves it to its loop). The tokens' seat passes follow the open game there
too, and ``seq`` is kept from going backwards across a restart: the store holds a ceiling
reserved ahead (one write per :data:`SEQ_BLOCK` changes).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from companion.engine import IllegalInput, Match
from companion.engine.game import canonical_line
from companion.i18n import translator
from companion.table.session import Change, TableSession
from companion.table.words.refusals import refusal
from companion.web.state import (
    TableView,
    can_hint,
    is_table_only,
    take_view,
    undoes_own_input,
)
from companion.web.tokens import Pass, Tokens

log = logging.getLogger(__name__)

T = TypeVar("T")
Post = Callable[[Callable[[], None]], None]
Publish = Callable[[TableView], None]

SEQ_SETTING = "web.seq"
"""The store setting with the ceiling of ``seq`` reserved ahead."""
SEQ_BLOCK = 1000
"""How far ahead ``seq`` is reserved: one store write per this many changes."""
OWNER_TIMEOUT = 10.0
"""Seconds a phone's request waits for the owner thread (a stopped app never answers)."""
MAX_INPUT = 200
"""The longest input line a phone may send (the games' longest are a few dozen)."""


class OwnerBusy(Exception):
    """The owner thread did not answer in time (the app is stopping or stuck)."""


@dataclass(frozen=True)
class Answer:
    """What a phone's action came to: ``status`` 200 (played), 403 (not this token's to do),
    409 (the game moved on), 422 (refused by the rules), 503 (cannot be saved now), with the
    words to show, and the table as it is after it."""

    status: int
    view: TableView
    error: str = ""
    rule: str = ""
    reason: str = ""
    hint: tuple[Match, str] | None = None
    """/api/hint: a copy of the match to choose the hint in, and the language."""


class TableOwner:
    """The table session as the phones reach it: through its owner thread only."""

    def __init__(self, session: TableSession, tokens: Tokens, post: Post | None = None) -> None:
        self.session = session
        self.tokens = tokens
        self._post = post
        self._publish: Publish | None = None
        self._reserved = 0
        self._game: tuple[Match, str] | None = None
        """The open match and its key for the tokens (a game stored only later is the same)."""
        self.view: TableView | None = None
        """The latest view (set on the owner thread)."""
        self._is_due = False
        """A change is heard and its view not yet taken (see :meth:`_hear`)."""

    # -- on the owner thread -----------------------------------------------------------------

    def attach(self, publish: Publish) -> TableView:
        """Start hearing the session (on the owner thread): ``seq`` raised to the stored
        ceiling, the seat passes of the open game, the first view published."""
        session = self.session
        stored = session.store.setting(SEQ_SETTING, 0)
        if isinstance(stored, int) and not isinstance(stored, bool) and session.seq < stored:
            session.seq = stored
        self._reserve(session.seq)
        self._publish = publish
        if self._hear not in session.listeners:
            session.listeners.append(self._hear)
        return self._changed()

    def detach(self) -> None:
        """Stop hearing the session (on the owner thread)."""
        if self._hear in self.session.listeners:
            self.session.listeners.remove(self._hear)
        self._publish = None

    def forget_phones(self) -> TableView:
        """New tokens for everything (on the owner thread)."""
        self.tokens.forget()
        return self._changed()

    def _hear(self, change: Change) -> None:
        """The session's listener: a failure here is logged, never raised into the table (the
        touchscreen must not die for the phones).

        Beside the touchscreen (``post`` given) the seat passes follow the game at once (the
        app shows a new game's codes right away), but the view is taken and published one
        turn of the owner's loop later, after the frame that shows the change is drawn: the
        phones' states are made in a thread that holds the GIL while it works, and made at
        once they slowed the very frame the tap was waiting for. Changes that come in one turn
        (a roll and the companion's move) are published once, as the table is after them."""
        try:
            if change.seq >= self._reserved:
                self._reserve(change.seq)
            if self._post is None:
                self._changed()
                return
            self._follow_game()
            if not self._is_due:
                self._is_due = True
                self._post(self._changed_later)
        except Exception:  # noqa: BLE001
            log.exception("the phones could not take the table's change %s", change.kind)

    def _changed_later(self) -> None:
        self._is_due = False
        if self._publish is None:  # detached meanwhile: the server has stopped
            return
        try:
            self._changed()
        except Exception:  # noqa: BLE001
            log.exception("the phones could not take the table's change")

    def _changed(self) -> TableView:
        self._follow_game()
        view = take_view(self.session)
        self.view = view
        if self._publish is not None:
            self._publish(view)
        return view

    def _follow_game(self) -> None:
        """The seat passes follow the open game (new ones for a new game, none once over)."""
        session = self.session
        match = session.match
        if match is None or match.is_over:
            self.tokens.end_seats()
        else:
            key = str(session.saving.stored_id) if session.saving.stored_id is not None \
                else f"unsaved:{id(match)}"
            was = self._game[1] if self._game is not None and self._game[0] is match else None
            self.tokens.open_game(key, match.players, was)
            self._game = (match, key)

    def _reserve(self, seq: int) -> None:
        self._reserved = seq + SEQ_BLOCK
        self.session.store.set_setting(SEQ_SETTING, self._reserved)

    # -- from the web's loop -----------------------------------------------------------------

    async def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` on the owner thread and return what it returned (or raise what it
        raised). Never lets an exception reach the owner's loop (the app must not die)."""
        if self._post is None:
            return fn()
        future: concurrent.futures.Future[T] = concurrent.futures.Future()

        def run() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(fn())
            except Exception as error:  # noqa: BLE001 - handed to the waiting handler
                future.set_exception(error)

        self._post(run)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), OWNER_TIMEOUT)
        except TimeoutError:
            raise OwnerBusy("the table did not answer") from None

    # -- the phones' actions (each runs whole on the owner thread) ---------------------------

    def play(self, who: Pass, seq: int, line: str, lang: str) -> Answer:
        """A seat's input, if it is this seat's to play and nothing moved since ``seq``."""
        words = translator("phones", lang)
        refused = self._refused(who, seq, words)
        if refused is not None:
            return refused
        match = self.session.match
        assert match is not None
        text = canonical_line(line)
        if is_table_only(text):
            if text.lower().startswith("roll"):
                return self._answer(403, words("Roll with the Roll button."))
            return self._answer(403, words("The position is fixed on the table's screen."))
        if match.awaiting == "roll":
            return self._answer(403, words("Roll the die first."))
        try:
            match.rules.apply(match.state, text)
        except IllegalInput as error:
            said, rule = refusal(match.game_id, lang, error, match)
            return self._answer(422, said, rule, error.reason)
        except Exception:  # noqa: BLE001 - a parser's bug on odd input refuses, never crashes
            log.exception("the rules failed on a phone's input %r", text)
            return self._answer(422, words("That is not an input of this game."))
        if not self.session.send(text):
            return self._answer(503, self._unsaved_words(words))
        return self._answer(200)

    def undo(self, who: Pass, seq: int, lang: str) -> Answer:
        """Undo back to the last input of a person, if that input is this seat's."""
        words = translator("phones", lang)
        refused = self._refused(who, seq, words, needs_turn=False)
        if refused is not None:
            return refused
        view = take_view(self.session)
        if not undoes_own_input(view, who.seat):
            return self._answer(403, words("Only your own last input can be taken back."))
        if not self.session.undo():
            return self._answer(503, self._unsaved_words(words))
        return self._answer(200)

    def roll(self, who: Pass, seq: int, face: int | None, lang: str) -> Answer:
        """The software die rolls for this seat; with the table's own die, ``face`` is the
        face it shows."""
        words = translator("phones", lang)
        refused = self._refused(who, seq, words)
        if refused is not None:
            return refused
        session = self.session
        match = session.match
        assert match is not None
        if match.awaiting != "roll":
            return self._answer(403, words("No roll is awaited now."))
        source = session.die.source
        if source == "table":
            if face is None:
                return self._answer(422, words("Say which face the table's die shows (1 to 6)."))
            played = session.table_roll(face)
        elif source == "software":
            if face is not None:
                return self._answer(403, words("The die rolls by itself here: leave out the face."))
            played = session.roll()
        else:
            return self._answer(403, words("Roll the die on the table."))
        if not played:
            return self._answer(503, self._unsaved_words(words))
        return self._answer(200)

    def hint(self, who: Pass, seq: int, lang: str) -> Answer:
        """Whether this seat may have the coach's hint now; the hint itself is chosen off
        the owner thread in the match copy handed back (:attr:`Answer.hint`)."""
        words = translator("phones", lang)
        refused = self._refused(who, seq, words)
        if refused is not None:
            return refused
        view = take_view(self.session)
        if not can_hint(view, who.seat) or view.match is None:
            return self._answer(403, words("The coach is off, or there is nothing to hint now."))
        return Answer(200, view, hint=(view.match, lang))

    # -- private helpers -----------------------------------------------------------------------

    def _refused(self, who: Pass, seq: int, words: Callable[[str], str],
                 needs_turn: bool = True) -> Answer | None:
        """Why this token may not act now (409 first: a stale phone is shown the game as it
        is), or None."""
        session = self.session
        match = session.match
        if seq != session.seq or match is None:
            return self._answer(409, words("The game moved on."))
        if who.seat is None:
            return self._answer(403, words("A spectator cannot play."))
        if who.seat in session.companions.levels:
            return self._answer(403, words("The companion plays this seat."))
        if match.is_over:
            return self._answer(403, words("The game is over."))
        if needs_turn and match.to_move != who.seat:
            name = match.names[match.to_move] if match.to_move is not None else ""
            return self._answer(403, words("It is {name}'s turn.").format(name=name))
        return None

    def _answer(self, status: int, error: str = "", rule: str = "", reason: str = "") -> Answer:
        view = self.view if self.view is not None and self.view.seq == self.session.seq \
            else take_view(self.session)
        return Answer(status, view, error, rule, reason)

    def _unsaved_words(self, words: Callable[[str], str]) -> str:
        problem = self.session.saving.problem()
        return problem or words("The table could not take it now. Try again.")


def choose_hint(match: Match, lang: str, time_scale: float = 1.0) -> dict[str, Any]:
    """The coach's hint in a copy of the match (off the owner thread: a strong choice may take
    most of a second): the input and its label in ``lang``, as its choice button says it."""
    from companion.engine import choose_input
    from companion.table.session import HINT_LEVEL
    from companion.table.words.game import choice_label

    line = choose_input(match, HINT_LEVEL, time_scale=time_scale)
    return {"hint": choice_label(line, match, lang), "input": line}


__all__ = ["Answer", "MAX_INPUT", "OwnerBusy", "TableOwner", "choose_hint"]
