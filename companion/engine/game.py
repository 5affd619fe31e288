"""What every game module provides: a description and a rules object over immutable states.

The records here are named tuples (immutable, compared by value) rather than frozen
dataclasses: the app's home screen lists the games' descriptions before its first frame, and a
named tuple is made ~5 times faster (a frozen dataclass compiles each of its methods anew).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypeVar

Awaiting = Literal["setup", "roll", "move", "choice", "over"]
JsonValue = Any


class OptionSpec(NamedTuple):
    """One option a game's rules name, with its default and a plain description.

    ``description`` is the label players read (a short question, no rule numbers); ``choices``
    lists the allowed values where they are few (a screen offers exactly those); ``players``
    the player counts for which the option can matter at all (empty: every count), so a screen
    hides it for the others.
    """

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    players: tuple[int, ...] = ()

    def applies_to(self, players: int) -> bool:
        """Whether the option can matter in a game of ``players`` players."""
        return not self.players or players in self.players


class GameDescription(NamedTuple):
    """What the registry tells about a game before any match exists."""

    id: str
    name: str
    name_cs: str
    player_counts: tuple[int, ...]
    uses_die: bool
    options: tuple[OptionSpec, ...] = ()
    asks_choices: bool = True
    """Whether a position can await a choice among inputs (``awaiting == "choice"``): a face
    makes its choice list ahead only for a game that asks for one."""

    def option_defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}


class Outcome(NamedTuple):
    """The end of a game: seats ranked best first (ties grouped) and why it ended."""

    ranking: tuple[tuple[int, ...], ...]
    reason: str

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0] if self.ranking else ()

    def to_json(self) -> dict[str, JsonValue]:
        return {"ranking": [list(group) for group in self.ranking], "reason": self.reason}


S = TypeVar("S")


class Rules(Protocol[S]):
    """The contract of one game. States are immutable values; nothing here mutates.

    ``apply`` raises :class:`companion.engine.IllegalInput` for anything it does not accept and
    returns the new state with the events it caused. ``fix`` inputs are routed by the match to
    :meth:`apply_fix`.
    """

    description: GameDescription

    def new_state(self, players: int, options: Mapping[str, Any]) -> S: ...

    def parse_position(self, text: str, players: int, options: Mapping[str, Any]) -> S: ...

    def format_position(self, state: S) -> str: ...

    def legal(self, state: S) -> list[str]: ...

    def apply(self, state: S, line: str) -> tuple[S, list[str]]: ...

    def apply_fix(
        self, state: S, text: str, players: int, options: Mapping[str, Any]
    ) -> tuple[S, list[str]]: ...

    def to_move(self, state: S) -> int | None: ...

    def awaiting(self, state: S) -> Awaiting: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def counters(self, state: S) -> dict[int, dict[str, int]]: ...

    def snapshot(self, state: S) -> dict[str, JsonValue]: ...


class Step(NamedTuple, Generic[S]):
    """One accepted input with the state it led to and the events it caused."""

    line: str
    state: S
    events: tuple[str, ...] = ()


def canonical_line(line: str) -> str:
    """Inputs are compared and stored with single spaces and no surrounding blanks."""
    return " ".join(line.split())


def require_players(description: GameDescription, players: int) -> None:
    if players not in description.player_counts:
        counts = ", ".join(str(count) for count in description.player_counts)
        raise ValueError(
            f"{description.name} is played by {counts} players, not {players}"
        )


def check_options(description: GameDescription, options: Mapping[str, Any]) -> dict[str, Any]:
    """Fill in defaults and refuse options the game does not know, naming them."""
    known = description.option_defaults()
    unknown = sorted(set(options) - set(known))
    if unknown:
        names = ", ".join(repr(name) for name in unknown)
        choices = ", ".join(sorted(known)) or "none"
        raise ValueError(f"{description.name} has no option {names} (its options: {choices})")
    return {**known, **dict(options)}


__all__ = [
    "Awaiting",
    "GameDescription",
    "OptionSpec",
    "Outcome",
    "Rules",
    "Step",
    "canonical_line",
    "check_options",
    "require_players",
]
