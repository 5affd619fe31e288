"""What the faces' screens say of the game at the table, in the table's language.

The table session hands this out as :attr:`TableSession.words`: the status line, the move log,
what to change after some events, an input on a label or a choice button, the result's
headline, lines and ranking, a seat's name, the games' names and the words of a start that
failed. Each reads the table's open game and language when it is asked, never before, so the
words follow a change of either at once. The sentences themselves are the games' and
:mod:`companion.table.words.game`', :mod:`companion.table.words.results`' and
:mod:`companion.table.words.refusals`'; this part only binds them to the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import companion.table.words.game as words
import companion.table.words.results as result_words
from companion.i18n import translator

if TYPE_CHECKING:
    from companion.engine import IllegalInput, Match
    from companion.table.companions import CompanionSeats
    from companion.table.setups import Setup


class Seated(Protocol):
    """What the words read of the table: its open game, its language, its companion's seats."""

    @property
    def match(self) -> Match | None: ...

    @property
    def lang(self) -> str: ...

    @property
    def companions(self) -> CompanionSeats: ...


class ScreenWords:
    """The table's words for the screens, read from ``table`` each time they are asked."""

    def __init__(self, table: Seated) -> None:
        self._table = table

    @property
    def lang(self) -> str:
        return self._table.lang

    def tr(self, text: str) -> str:
        """An English text of the ``app`` domain in the table's language."""
        return translator("app", self._table.lang)(text)

    # -- an input -------------------------------------------------------------------------------

    def input_label(self, line: str) -> str:
        """A label for one input line (``text.input_label`` of the game, else the line)."""
        match = self._table.match
        if match is None:
            return line
        label = words.game_label(line, match, self._table.lang)
        return line if label is None else label

    def choice_label(self, line: str) -> str:
        """``line`` as a choice button says it (:func:`words.choice_label`): the same words
        as on the phones."""
        match = self._table.match
        if match is None:
            return line
        return words.choice_label(line, match, self._table.lang)

    def log_label(self, line: str, match: Match) -> str:
        """A move-log row for ``line`` played in ``match`` (:func:`words.log_label`)."""
        return words.log_label(line, match, self._table.lang)

    def refusal(self, error: IllegalInput) -> tuple[str, str]:
        """A refused input as the screen shows it: what is wrong and what to do instead, in
        the players' words, and the rule it comes from ("rule R24"), both in the language of
        the screen. The engine's reason (rule first) stays for the log and the terminal."""
        from companion.table.words.refusals import refusal

        match = self._table.match
        game = match.game_id if match else "app"
        return refusal(game, self._table.lang, error, match)

    # -- the game now ---------------------------------------------------------------------------

    def status_line(self) -> str:
        """Whose turn it is and what they are to do (or who has won)."""
        return words.status_line(self._match(), self._table.lang)

    def move_log(self) -> list[str]:
        """The move log: "n. Name: input" for every accepted input up to the undo cursor."""
        return words.move_log(self._match(), self._table.lang)

    def describe(self, events: Sequence[str]) -> list[str]:
        """What to change on the physical board after ``events``."""
        return words.describe(events, self._table.match, self._table.lang)

    # -- the result -----------------------------------------------------------------------------

    def result_headline(self) -> str:
        return result_words.headline(self._match(), self.tr)

    def result_lines(self) -> list[str]:
        """Extra lines for the result screen (:func:`result_words.game_lines`)."""
        return result_words.game_lines(self._match(), self._table.lang)

    def ranking_rows(self) -> list[result_words.RankingRow]:
        """(place, seat, name, counters) rows, best first, for the result screen."""
        return result_words.ranking_rows(self._match(), self._table.companions.levels, self.tr)

    def seat_name(self, name: str, level: str | None) -> str:
        """A player's name, or the companion's one name ("Companion (strong)") for a seat it
        played, for the result and the history."""
        return result_words.seat_name(name, level, self.tr)

    def counter_name(self, key: str) -> str:
        """A counter's name ("batteries") on the scoreboard and the result."""
        return self.tr(key)

    # -- any game -------------------------------------------------------------------------------

    def game_name(self, game: str) -> str:
        return words.game_name(game, self._table.lang)

    def name_problem(self, setup: Setup) -> str | None:
        """Why these names cannot start ``setup.game`` (:func:`words.name_problem`)."""
        return words.name_problem(setup, self._table.lang)

    def start_problem(self, error: Exception, game: str = "") -> str:
        """A failed start of ``game``, in words for the banner."""
        return words.start_problem(error, game, self._table.lang)

    def _match(self) -> Match:
        match = self._table.match
        if match is None:
            raise RuntimeError("no game is open")
        return match
