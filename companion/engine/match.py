"""The match: one game in progress behind the facade every caller uses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.errors import IllegalInput
from companion.engine.game import Awaiting, Outcome, Rules, Step, canonical_line

FIX_PREFIX = "fix "


@dataclass(frozen=True)
class TimelineMark:
    """A match's timeline at one moment (see :meth:`Match.mark`)."""

    steps: tuple[Step[Any], ...]
    cursor: int


class Match:
    """A game with its whole timeline: accepted inputs, an undo cursor and the redo line.

    Every caller (screen, terminal player, store, tests) goes through :meth:`play`. A rejected
    input raises :class:`IllegalInput` and changes nothing.
    """

    def __init__(
        self,
        rules: Rules[Any],
        players: int,
        names: Sequence[str],
        options: Mapping[str, Any],
        initial_state: Any,
        start_position: str | None = None,
    ) -> None:
        self.rules = rules
        self.game_id = rules.description.id
        self.players = players
        self.names = tuple(names)
        self.options = dict(options)
        self.start_position = start_position
        self._initial_state = initial_state
        self._steps: list[Step[Any]] = []
        self._cursor = 0
        self._legal_of: tuple[Any, tuple[str, ...]] | None = None
        """The last position asked about and its legal inputs (see :meth:`legal`)."""

    # -- the current state -------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self._steps[self._cursor - 1].state if self._cursor else self._initial_state

    @property
    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    @property
    def awaiting(self) -> Awaiting:
        return self.rules.awaiting(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal(self) -> list[str]:
        """The legal inputs now: worked out once per position (a state is immutable; the
        board, the status line and the action area each ask), a new list each call."""
        state = self.state
        known = self._legal_of
        if known is None or known[0] is not state:
            known = self._legal_of = (state, tuple(self.rules.legal(state)))
        return list(known[1])

    def position(self) -> str:
        return self.rules.format_position(self.state)

    def counters(self) -> dict[int, dict[str, int]]:
        return self.rules.counters(self.state)

    def snapshot(self) -> dict[str, Any]:
        outcome = self.outcome
        return {
            "game": self.game_id,
            "players": self.players,
            "names": list(self.names),
            "options": {key: _json_safe(value) for key, value in self.options.items()},
            "to_move": self.to_move,
            "awaiting": self.awaiting,
            "outcome": outcome.to_json() if outcome else None,
            "history": len(self.history),
            "position": self.position(),
            "counters": {str(seat): values for seat, values in self.counters().items()},
            "state": self.rules.snapshot(self.state),
        }

    # -- the timeline ------------------------------------------------------------------------

    @property
    def history(self) -> list[str]:
        """The accepted inputs up to the undo cursor, in order."""
        return [step.line for step in self._steps[: self._cursor]]

    @property
    def timeline(self) -> list[str]:
        """Every accepted input including the redo line past the cursor."""
        return [step.line for step in self._steps]

    def inputs_with_states(self) -> list[tuple[Any, str]]:
        """Each accepted input up to the cursor with the state it was played in, in order."""
        states = [self._initial_state, *(step.state for step in self._steps[: self._cursor])]
        lines = [step.line for step in self._steps[: self._cursor]]
        return list(zip(states, lines))

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def last_events(self) -> list[str]:
        return list(self._steps[self._cursor - 1].events) if self._cursor else []

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._steps)

    def play(self, line: str) -> list[str]:
        """Apply one input line; return its events. Raises IllegalInput and changes nothing."""
        text = canonical_line(line)
        if not text:
            raise IllegalInput("input", "an empty line is not an input")
        if text.lower().startswith(FIX_PREFIX):
            new_state, events = self.rules.apply_fix(
                self.state, text[len(FIX_PREFIX) :], self.players, self.options
            )
        else:
            new_state, events = self.rules.apply(self.state, text)
        del self._steps[self._cursor :]
        self._steps.append(Step(text, new_state, tuple(events)))
        self._cursor += 1
        return list(events)

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self._cursor -= 1
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self._cursor += 1
        return True

    def mark(self) -> TimelineMark:
        """The timeline as it is now, to :meth:`rewind` to (e.g. when an input accepted by the
        rules could not be saved and must be refused after all)."""
        return TimelineMark(tuple(self._steps), self._cursor)

    def rewind(self, mark: TimelineMark) -> None:
        """Put the timeline back exactly as :meth:`mark` saw it, redo line included."""
        self._steps = list(mark.steps)
        self._cursor = mark.cursor

    def copy(self) -> Match:
        """An independent match at the same place (its steps are immutable and shared): cheap
        to take on the thread that plays, for reading elsewhere (the phones' texts, a hint)."""
        twin = Match(self.rules, self.players, self.names, self.options, self._initial_state,
                     self.start_position)
        twin._steps = list(self._steps)
        twin._cursor = self._cursor
        return twin

    def restore(self, timeline: Sequence[str], cursor: int) -> None:
        """Replay a saved timeline (history plus redo line) and set the undo cursor."""
        if not 0 <= cursor <= len(timeline):
            raise ValueError(f"cursor {cursor} is outside a timeline of {len(timeline)} inputs")
        for line in timeline:
            self.play(line)
        self._cursor = cursor


def _json_safe(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_json_safe(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _json_safe(item) for key, item in value.items()}
    return str(value)
