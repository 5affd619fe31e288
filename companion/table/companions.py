"""Seats played by the companion: who they are, their answers, and undo back to a person.

The strategies (``companion.engine.strategy``) are imported where first needed, not with this
module: the app's first frame has no use for them (the app imports them just after it).

Kivy-free; the terminal player and the screen share it. The companion's inputs go through
``match.play`` like anyone's (chosen by :func:`companion.engine.choose_input`); its rolls come
from the die the table uses, or wait for a person to roll for it when there is none.

Undo goes back to the last decision of a person: the companion's replies after it go with it;
redo brings the person's input back with the companion's replies that followed it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.engine import Match

DEFAULT_LEVEL = "normal"
MAX_REPLIES = 500
"""A bound on the answers to one person's input (a game where only companions sit ends far
sooner; the bound only keeps a bug from hanging the table)."""

RollDie = Callable[[], int]


@dataclass(frozen=True)
class CompanionSeats:
    """Which seats the companion plays, and at which level (``easy``/``normal``/``strong``)."""

    levels: Mapping[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.levels:
            return  # no seat to check: the strategies stay unloaded (the table's session at start)
        from companion.engine.strategy import LEVELS

        for seat, level in self.levels.items():
            if level not in LEVELS:
                raise ValueError(f"seat {seat}: level {level!r} is not one of {', '.join(LEVELS)}")

    def __bool__(self) -> bool:
        return bool(self.levels)

    def plays(self, seat: int | None) -> bool:
        return seat is not None and seat in self.levels

    def level(self, seat: int) -> str:
        return self.levels[seat]

    def to_json(self) -> dict[str, str]:
        return {str(seat): level for seat, level in sorted(self.levels.items())}

    @classmethod
    def from_json(cls, data: Any) -> CompanionSeats:
        if not isinstance(data, dict):
            return cls()
        return cls({int(seat): str(level) for seat, level in data.items()})

    def check(self, players: int) -> None:
        """A plain ValueError for a seat that is not at this table."""
        for seat in self.levels:
            if not 0 <= seat < players:
                raise ValueError(
                    f"--companion {seat}: seats are numbered 0 to {players - 1} for {players} "
                    "players")


def parse_companion(text: str) -> tuple[int, str]:
    """``SEAT[:LEVEL]`` (``1``, ``2:strong``) as given to ``--companion``."""
    from companion.engine.strategy import LEVELS

    seat_text, _, level = text.partition(":")
    level = level.strip().lower() or DEFAULT_LEVEL
    if not seat_text.strip().isdigit():
        raise ValueError(f"--companion {text!r}: write the seat number, e.g. 1 or 1:strong")
    if level not in LEVELS:
        raise ValueError(f"--companion {text!r}: the level is one of {', '.join(LEVELS)}")
    return int(seat_text), level


@dataclass
class Reply:
    """What the companion seats played in answer: their inputs and the events they caused."""

    lines: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Decision:
    """An input chosen for the seat to move at timeline ``cursor`` (``roll`` for the die)."""

    cursor: int
    seat: int
    line: str


def companion_is_due(match: Match, seats: CompanionSeats, can_roll: bool = True) -> bool:
    """A companion seat is to move (decide, or roll when ``can_roll``); not when the table's
    cards are to be entered or a person rolls the table's own die for it."""
    from companion.engine.strategy import awaits_the_table

    return (not match.is_over and seats.plays(match.to_move) and not awaits_the_table(match)
            and (can_roll or match.awaiting != "roll"))


def companion_decision(match: Match, seats: CompanionSeats, can_roll: bool = True,
                       seed: int | None = None, time_scale: float = 1.0) -> Decision | None:
    """What the companion seat to move plays now: its input, or ``roll`` when the die is
    awaited and the companion may roll it; None when a person is to act. ``time_scale``
    divides the level's time budget (the Pi's clock, :mod:`companion.table.pi_clock`)."""
    if not companion_is_due(match, seats, can_roll):
        return None
    seat = match.to_move
    assert seat is not None
    if match.awaiting == "roll":
        return Decision(match.cursor, seat, "roll")
    from companion.engine.strategy import choose_input

    return Decision(match.cursor, seat, choose_input(match, seats.level(seat), seed=seed,
                                                     time_scale=time_scale))


def companion_moves(match: Match, seats: CompanionSeats, roll: RollDie | None = None,
                    seed: int | None = None) -> Reply:
    """Play the companion seats' inputs until a person is to decide or roll (or the game is
    over). A roll for a companion seat comes from ``roll`` (the table's software or electronic
    die); without one it is left to a person, as is every other roll. (No store: the table
    session records each input as it plays them, :meth:`TableSession.answer_now`.)"""
    reply = Reply()
    for _ in range(MAX_REPLIES):
        decision = companion_decision(match, seats, can_roll=roll is not None, seed=seed)
        if decision is None:
            break
        line = f"roll {roll()}" if decision.line == "roll" and roll is not None else decision.line
        reply.events.extend(match.play(line))
        reply.lines.append(line)
    return reply


def undo_to_person(match: Match, seats: CompanionSeats) -> bool:
    """Undo back to (and including) the last input of a person; False if there is none."""
    if not seats:
        return match.undo()
    before = match.mark()
    while match.undo():
        if not seats.plays(match.to_move):  # the input just taken back was a person's
            return True
    match.rewind(before)  # only the companion played: nothing of a person's to take back
    return False


def redo_with_companions(match: Match, seats: CompanionSeats) -> bool:
    """Redo a person's input and the companion's replies that followed it."""
    if not match.redo():
        return False
    while match.can_redo and seats.plays(match.to_move):
        match.redo()
    return True
