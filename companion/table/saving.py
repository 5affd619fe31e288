"""The open game in the store: its id there, and what the table does when the card refuses
writes.

Every input is written before anyone hears of it (:meth:`Saving.saved`). When the card refuses
writes (full, read-only), an input that cannot be saved is refused like an illegal one and kept
(:attr:`Saving.refused`) to be played once it can be; the players may choose to play on unsaved
(:attr:`Saving.is_unsaved`): inputs count in memory, and every later input and
:meth:`Saving.retry` try the card again and write the whole game as soon as it takes writes.
The table session plays the kept input and tells the faces; this part keeps the store's side.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.records.faults import StoreUnwritable

if TYPE_CHECKING:
    from companion.engine import Match
    from companion.records.store import Store
    from companion.table.setups import Setup

DieFace = tuple[str, int]
"""A roll from a die: (source, face), counted for the fairness figures."""
RefusedInput = tuple[str, DieFace | None]
"""An input refused for want of saving: (line, die face)."""

log = logging.getLogger(__name__)


class Saving:
    """Where the open game is stored, whether the players play on unsaved, and the input the
    card refused. ``on_change`` is called when unsaved play ends or a retry fails (the session
    tells the faces "saving"); ``tr`` says the card's problem in the table's language."""

    def __init__(self, store: Store, tr: Callable[[str], str],
                 on_change: Callable[[], None]) -> None:
        self.store = store
        self.stored_id: int | None = None
        """The open game's id in the store (None while it is not stored yet)."""
        self.is_unsaved = False
        """The players chose to play on while the card refuses writes: inputs count in memory."""
        self.refused: RefusedInput | None = None
        """The last input refused because it could not be saved, to play when it can be."""
        self._tr = tr
        self._on_change = on_change

    def problem(self) -> str:
        """Why games cannot be saved now, in the players' words ("" while they can)."""
        problem = self.store.problem
        return self._tr(problem.message) if problem is not None else ""

    def start(self, match: Match, setup: Setup) -> int | None:
        """Store a new game from ``setup``; its id, or None while the players play unsaved
        (then it is stored with its first input that can be). Raises :class:`StoreUnwritable`
        when the card refuses the write and the players have not chosen to play unsaved."""
        try:
            return self.store.start(match, _extra(setup), player_ids=self._player_ids(setup))
        except StoreUnwritable:
            if not self.is_unsaved:
                raise
            return None

    def saved(self, match: Match, setup: Setup | None, die_face: DieFace | None = None) -> bool:
        """Save the input just played. False when the card refuses it and the players have not
        chosen to play unsaved; while unsaved, True (it counts in memory)."""
        try:
            self.record(match, setup, die_face)
        except StoreUnwritable:
            if not self.is_unsaved:
                return False
            if die_face is not None:
                self.store.count_face(*die_face)  # waits in memory with the moves
            return True
        if self.is_unsaved:
            self.is_unsaved = False  # the card takes writes again: everything is written
            self._on_change()
        return True

    def record(self, match: Match, setup: Setup | None,
               die_face: DieFace | None = None) -> None:
        """Write the open game up to now (started in the store first if it is not yet there).
        Raises StoreUnwritable."""
        if self.stored_id is None:
            from companion.table.seats import default_colours
            from companion.table.setups import Setup

            setup = setup or Setup(match.game_id, list(match.names),
                                   default_colours(match.players))
            self.stored_id = self.store.start(match, _extra(setup),
                                              player_ids=self._player_ids(setup),
                                              unnamed_seats=setup.unnamed)
            if die_face is not None:
                self.store.count_face(*die_face)
        else:
            self.store.record(self.stored_id, match, die_face)

    def play_unsaved(self) -> RefusedInput | None:
        """The players' choice: play on with inputs counted in memory. Returns the input just
        refused for want of saving, for the session to play now."""
        self.is_unsaved = True
        refused, self.refused = self.refused, None
        self._on_change()
        return refused

    def retry(self, match: Match | None, setup: Setup | None) -> bool:
        """Try the card again: True when it takes writes and the open game is written whole
        (then :meth:`take_refused` gives the input to play)."""
        if not self.store.retry():
            self._on_change()
            return False
        was_unsaved = self.is_unsaved
        try:
            if match is not None:
                self.record(match, setup)
        except StoreUnwritable:
            self._on_change()
            return False
        self.is_unsaved = False
        if was_unsaved:
            log.info("every input played unsaved is saved now")
        return True

    def take_refused(self) -> RefusedInput | None:
        """The input refused for want of saving (forgotten here: it is played now)."""
        refused, self.refused = self.refused, None
        return refused

    def abandon(self, match: Match | None) -> None:
        """The running game ends unfinished: it stays in the store, marked abandoned."""
        if self.stored_id is not None and match is not None and not match.is_over:
            self.store.abandon(self.stored_id)
        self.stored_id = None

    def _player_ids(self, setup: Setup) -> list[int | None] | None:
        """The player of every seat: the companion's of that level, the known player a chip
        seated, none for a seat nobody gave a name, else the player of that name (new on a
        first game). None when the store cannot tell now (then it finds the players by name
        itself)."""
        ids: list[int | None] = []
        try:
            for seat, name in enumerate(setup.names):
                level = setup.companions.get(seat)
                if level is not None:
                    ids.append(self.store.companion_player(level).id)
                elif seat in setup.unnamed:
                    ids.append(None)
                elif seat in setup.player_ids:
                    ids.append(self.store.player(setup.player_ids[seat]).id)
                else:
                    ids.append(self.store.player_named(name).id)
        except (StoreUnwritable, KeyError, ValueError):
            return None
        return ids


def _extra(setup: Setup) -> dict[str, Any]:
    """What the store keeps of a game besides the match: colours, the companion's seats."""
    extra: dict[str, Any] = {"colours": setup.colours}
    if setup.companions:
        from companion.table.companions import CompanionSeats

        extra["companions"] = CompanionSeats(setup.companions).to_json()
    return extra
