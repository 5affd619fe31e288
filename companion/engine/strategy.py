"""The companion as a player: what is common to every game's strategy.

``choose_input(match, level, seed)`` asks the strategy of the match's game
(``companion/games/<id>/strategy.py``, a function ``choose(turn: Turn) -> str``) for the input
the companion plays for the seat to move. Each strategy uses its game's own rules and queries on
immutable states; nothing here, nor there, changes the match.

Determinism: a strategy's randomness comes only from :class:`SeededRandom`, seeded by the
match's history, the level and the caller's seed; its search is bounded by work (nodes,
playouts), deterministic too. The time budget (:data:`TIME_BUDGET`, a setting per level) is a
hard cap on top: on a slow machine (the Pi) the search stops early rather than keep the table
waiting, and only then may the same history give another answer.

The Pi's clock: ``choose_input(..., time_scale=F)`` divides the level's budget by ``F`` (6 on a
Raspberry Pi 4), so that a search here does the work it would do in the budget on a machine ``F``
times slower. The engine knows no device: the table works ``F`` out (the device tree's model, the
config file, ``COMPANION_CPU_SCALE``; ``companion.table.pi_clock``) and passes it in.

Pure Python: no ``random`` module (the engine never draws a die), no Kivy.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from companion.digests import sha256_digest
from companion.engine.errors import IllegalInput

if TYPE_CHECKING:
    from companion.engine.game import Rules
    from companion.engine.match import Match

LEVELS = ("easy", "normal", "strong")

#: Seconds one decision may take on this machine, per level (a setting: the app may lower it on
#: a slow Pi). The strategies stop searching when it runs out and play the best found so far.
TIME_BUDGET: dict[str, float] = {"easy": 0.04, "normal": 0.16, "strong": 0.8}

T = TypeVar("T")


class SeededRandom:
    """A small deterministic generator (splitmix64): the strategies' only source of chance."""

    def __init__(self, seed: int) -> None:
        self._state = seed & 0xFFFFFFFFFFFFFFFF

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def below(self, n: int) -> int:
        """An integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.next_u64() % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        result = list(items)
        for index in range(len(result) - 1, 0, -1):
            other = self.below(index + 1)
            result[index], result[other] = result[other], result[index]
        return result


Clock = Callable[[], float]


@dataclass
class Budget:
    """The time a decision may take; ``expired()`` is cheap enough to call in a search loop.

    ``clock`` is the wall clock (what the table waits for); a benchmark on a loaded machine may
    pass ``time.process_time``, the CPU time that other processes do not inflate."""

    seconds: float
    clock: Clock = time.perf_counter
    started: float = -1.0

    def __post_init__(self) -> None:
        if self.started < 0:
            self.started = self.clock()

    def expired(self) -> bool:
        return self.clock() - self.started >= self.seconds

    def remaining(self) -> float:
        return max(0.0, self.seconds - (self.clock() - self.started))


@dataclass
class Turn:
    """Everything a game's strategy gets: the position, who moves, the level, chance and time."""

    rules: Rules[Any]
    state: Any
    players: int
    seat: int
    level: str
    rng: SeededRandom
    budget: Budget
    options: dict[str, Any]
    time_scale: float = 1.0
    """How many times slower than this machine the one simulated is (the Pi's clock): a
    strategy divides its work limits by it, so that the same work fits the budget there and the
    same history gives the same answer on any machine whose speed the factor states."""
    past: Sequence[tuple[Any, str]] = ()
    """Every input accepted so far with the state it was played in, in order (what the other
    seats have done in this game: a strategy may learn from it how they play)."""

    def work(self, limit: int) -> int:
        """A work limit (positions, plans) for this machine: ``limit`` divided by the Pi's
        clock factor, at least 1."""
        return max(1, int(limit / self.time_scale))

    def legal(self, state: Any | None = None) -> list[str]:
        return self.rules.legal(self.state if state is None else state)

    def after(self, line: str, state: Any | None = None) -> Any:
        """The state after ``line`` (the match is not touched)."""
        return self.rules.apply(self.state if state is None else state, line)[0]

    def best(self, lines: Sequence[str], score: Callable[[str], float]) -> str:
        """The line with the highest score; ties broken by the seeded generator."""
        return best_of(lines, score, self.rng)


class Strategy(Protocol):
    def __call__(self, turn: Turn) -> str: ...


def best_of(lines: Sequence[str], score: Callable[[str], float], rng: SeededRandom) -> str:
    """The highest-scoring line; equal scores are broken at random (seeded)."""
    if not lines:
        raise ValueError("there is nothing to choose from")
    best_score = float("-inf")
    best: list[str] = []
    for line in lines:
        value = score(line)
        if value > best_score:
            best_score, best = value, [line]
        elif value == best_score:
            best.append(line)
    return rng.choice(best)


def seed_for(history: Sequence[str], level: str, seed: int | None, game_id: str) -> int:
    """One 64-bit seed from everything a decision may depend on."""
    text = "\n".join([game_id, level, str(seed), *history])
    return int.from_bytes(sha256_digest(text)[:8], "big")


def strategy_for(game_id: str) -> Strategy:
    module = importlib.import_module(f"companion.games.{game_id}.strategy")
    choose: Strategy = module.choose
    return choose


def awaits_the_table(match: Match) -> bool:
    """The next input records what only the table knows (a card that came up), like a roll:
    at the table a person enters it for a companion seat. A game's strategy module says so with
    an ``awaits_the_table(state)`` of its own; games without one have no such inputs."""
    if match.is_over:
        return False
    check = getattr(importlib.import_module(f"companion.games.{match.game_id}.strategy"),
                    "awaits_the_table", None)
    return bool(check(match.state)) if callable(check) else False


def choose_input(
    match: Match,
    level: str = "normal",
    seed: int | None = None,
    time_budget: float | None = None,
    time_scale: float = 1.0,
    clock: Clock | None = None,
) -> str:
    """The input the companion plays for ``match.to_move``: one ``match.play`` accepts now.

    ``time_budget`` (seconds; default the level's :data:`TIME_BUDGET`) is divided by
    ``time_scale``, how many times slower than this machine the one to simulate is (the Pi's
    clock); ``clock`` measures it (default the wall clock, see :class:`Budget`).
    Raises ``ValueError`` when the die is awaited, the game is over, ``level`` is unknown or
    ``time_scale`` is not a positive number.
    """
    if level not in LEVELS:
        raise ValueError(f"level {level!r} is not one of {', '.join(LEVELS)}")
    if not time_scale > 0 or time_scale == float("inf"):
        raise ValueError(f"time_scale must be a positive number, got {time_scale!r}")
    awaiting = match.awaiting
    if awaiting == "over" or match.to_move is None:
        raise ValueError("the game is over: there is nothing to play")
    if awaiting == "roll":
        raise ValueError("the die is awaited: the next input is a roll, not a decision")
    turn = make_turn(match, level, seed, time_budget, time_scale, clock)
    line = strategy_for(match.game_id)(turn)
    try:
        match.rules.apply(match.state, line)
    except IllegalInput as error:  # a strategy bug: say so plainly rather than play it
        raise RuntimeError(f"the {match.game_id} strategy chose {line!r}: {error}") from error
    return line


def make_turn(
    match: Match,
    level: str,
    seed: int | None = None,
    time_budget: float | None = None,
    time_scale: float = 1.0,
    clock: Clock | None = None,
) -> Turn:
    """The :class:`Turn` :func:`choose_input` gives the strategy (tests and benchmarks may
    call a strategy's search with it to see its work)."""
    assert match.to_move is not None
    return Turn(
        rules=match.rules,
        state=match.state,
        players=match.players,
        seat=match.to_move,
        level=level,
        rng=SeededRandom(seed_for(match.history, level, seed, match.game_id)),
        budget=Budget(
            (TIME_BUDGET[level] if time_budget is None else time_budget) / time_scale,
            clock or time.perf_counter,
        ),
        options=dict(match.options),
        time_scale=time_scale,
        past=tuple(match.inputs_with_states()),
    )


# -- helpers for the dice games (appended; the names above stay as they are) ---------------------


def roll_lines(rules: Rules[Any], state: Any) -> list[str]:
    """The die faces a state awaiting a roll accepts (``roll 1`` … ``roll 6``)."""
    return [line for line in rules.legal(state) if line.startswith("roll ")]


def expected_over_roll(rules: Rules[Any], state: Any, value: Callable[[Any], float]) -> float:
    """The mean of ``value`` over the states after each face of a fair die; ``value(state)``
    itself when the state does not await a roll."""
    if rules.awaiting(state) != "roll":
        return value(state)
    lines = roll_lines(rules, state)
    return sum(value(rules.apply(state, line)[0]) for line in lines) / len(lines)


@dataclass(frozen=True)
class Plan:
    """Inputs one seat gives in a row, and the state they lead to."""

    lines: tuple[str, ...]
    state: Any


def own_plans(
    rules: Rules[Any],
    state: Any,
    seat: int,
    limit: int,
    moves: Callable[[Any], Sequence[str]] | None = None,
    budget: Budget | None = None,
) -> list[Plan]:
    """Every sequence of inputs ``seat`` gives in a row from ``state``, until the die, another
    seat or the end of the game is due, with the state it leads to.

    ``moves(state)`` lists the inputs to try (default ``rules.legal``). The search is bounded
    by work, not time: at most about ``limit`` plans, shared evenly among the first inputs so
    that each of them is followed to at least one end; a state reached twice is followed once.
    A state where ``seat`` has nothing to decide gives the one empty plan. When ``budget``
    runs out, every first input not yet followed gets one plan (its first complete line).
    """
    listed = rules.legal if moves is None else moves

    def is_done(current: Any) -> bool:
        return rules.to_move(current) != seat or rules.awaiting(current) in ("roll", "over")

    if is_done(state):
        return [Plan((), state)]
    plans: list[Plan] = []
    seen: set[Any] = set()
    firsts = list(listed(state))
    quota = max(1, limit // max(1, len(firsts)))

    def walk(current: Any, lines: tuple[str, ...], found: list[Plan]) -> None:
        if is_done(current):
            found.append(Plan(lines, current))
            return
        for line in listed(current):
            if len(found) >= quota or (found and budget is not None and budget.expired()):
                return
            following = rules.apply(current, line)[0]
            if following in seen:
                continue
            seen.add(following)
            walk(following, (*lines, line), found)

    for line in firsts:
        following = rules.apply(state, line)[0]
        if following in seen:
            continue
        seen.add(following)
        found: list[Plan] = []
        walk(following, (line,), found)
        plans.extend(found)
    return plans
