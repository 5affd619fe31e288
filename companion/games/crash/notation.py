"""Input notation (§16 N1–N3): parsing lines into typed actions, and writing them back."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.errors import IllegalInput
from companion.games.crash.board import (
    DIRECTION_INDEX,
    DIRECTIONS,
    FIELD_NAMES,
    field_index,
    hole_name,
    parse_hole,
)
from companion.games.crash.cards import parse_kind
from companion.games.crash.state import SEATS_4, SIDES


def reject(rule: str, code: str, template: str, **params: object) -> IllegalInput:
    """An IllegalInput naming the rule and the code (C15): ``R41/E_NOT_EMPTY: e5 holds a car``.

    C15 writes ``R41 E_NOT_EMPTY: …``; the shared conformance test wants the rule as one token
    before the colon, so the two are joined with a slash. ``code`` is also kept on the error.
    """
    error = IllegalInput(f"{rule}/{code}", template, **params)
    error.code = code  # type: ignore[attr-defined]
    return error


@dataclass(frozen=True)
class Place:
    field: int
    directions: tuple[int, ...]
    batteries: int


@dataclass(frozen=True)
class MagnetPlace:
    field: int


@dataclass(frozen=True)
class OpStep:
    """One operator step: a field (with an optional push direction) or a hole (tile index)."""

    field: int = -1
    hole: int = -1
    direction: int = -1
    shorthand: int = -1


@dataclass(frozen=True)
class OperatorMove:
    steps: tuple[OpStep, ...]


@dataclass(frozen=True)
class CardPlay:
    kind: str
    fields: tuple[int, ...]


@dataclass(frozen=True)
class Swap:
    discards: tuple[str, str]
    takes: tuple[str | None, ...]


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class Draw:
    sources: tuple[str | None, ...]


@dataclass(frozen=True)
class Refill:
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class Draw4:
    discards: tuple[str | None, ...]


@dataclass(frozen=True)
class First:
    seat: int


@dataclass(frozen=True)
class OperatorStart:
    field: int


@dataclass(frozen=True)
class Display:
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class Init:
    field: int


Action = (
    Place | MagnetPlace | OperatorMove | CardPlay | Swap | Pass | Draw | Refill | Draw4 | First
    | OperatorStart | Display | Init
)

CARD_ARITY = {
    "fluct": 2, "lambada": 2, "ticket": 2, "saboteur": 1, "flying": 1,
}


def _syntax(line: str) -> IllegalInput:
    return reject("N2", "E_SYNTAX", "{line} is not an input of this game", line=repr(line))


def _field(token: str, line: str) -> int:
    index = field_index(token)
    if index is None:
        raise reject("R6", "E_SYNTAX", "{token} is not a field in {line}",
                     token=repr(token), line=repr(line))
    return index


def _kind(token: str, line: str) -> str:
    kind = parse_kind(token)
    if kind is None:
        raise reject("R4", "E_SYNTAX", "{token} is not a card in {line}",
                     token=repr(token), line=repr(line))
    return kind


def _source(token: str, line: str) -> str | None:
    lowered = token.lower()
    if lowered == "blind":
        return None
    if lowered.startswith("d:"):
        return _kind(lowered[2:], line)
    raise _syntax(line)


def parse_seat(token: str, players: int) -> int | None:
    upper = token.upper()
    labels = SEATS_4 if players == 4 else SIDES
    return labels.index(upper) if upper in labels else None


def parse_action(line: str, players: int) -> Action:
    tokens = line.split()
    if not tokens:
        raise _syntax(line)
    head = tokens[0].lower()
    rest = tokens[1:]
    if head == "place" and rest:
        return _parse_place(rest, line)
    if head == "magnet" and len(rest) == 1:
        return MagnetPlace(_field(rest[0], line))
    if head == "operator" and rest:
        return OperatorMove(tuple(parse_step(token, line) for token in rest))
    if head == "card" and rest:
        kind = _kind(rest[0], line)
        args = rest[1:]
        if len(args) != CARD_ARITY.get(kind, 0):
            raise _syntax(line)
        return CardPlay(kind, tuple(_field(token, line) for token in args))
    if head == "swap" and len(rest) == 3 and rest[2].lower().startswith("take="):
        discards = (_kind(rest[0], line), _kind(rest[1], line))
        sources = rest[2][len("take="):].split(",")
        return Swap(discards, tuple(_source(token, line) for token in sources))
    if head == "pass" and not rest:
        return Pass()
    if head == "draw" and len(rest) == 1:
        return Draw(tuple(_source(token, line) for token in rest[0].split(",")))
    if head == "refill" and len(rest) == 1:
        return Refill(tuple(_kind(token, line) for token in rest[0].split(",")))
    if head == "draw4" and len(rest) == 1 and rest[0].lower().startswith("discard="):
        entries = rest[0][len("discard="):].split(",")
        return Draw4(tuple(None if token == "-" else _kind(token, line) for token in entries))
    if head == "first" and len(rest) == 1:
        seat = parse_seat(rest[0], players)
        if seat is None:
            raise reject("R16", "E_SYNTAX", "{token} is not a seat of this game",
                         token=repr(rest[0]))
        return First(seat)
    if head == "operator-start" and len(rest) == 1:
        return OperatorStart(_field(rest[0], line))
    if head == "display" and rest:
        return Display(tuple(_kind(token, line) for token in rest))
    if head == "init" and len(rest) == 1:
        return Init(_field(rest[0], line))
    raise _syntax(line)


def _parse_place(rest: list[str], line: str) -> Place:
    field = _field(rest[0], line)
    directions: tuple[int, ...] = ()
    batteries = 0
    seen: set[str] = set()
    for token in rest[1:]:
        key, _, value = token.partition("=")
        key = key.lower()
        if key in seen or not value:
            raise _syntax(line)
        seen.add(key)
        if key == "push":
            names = value.upper().split(",")
            if any(name not in DIRECTION_INDEX for name in names) or len(names) > 2:
                raise _syntax(line)
            directions = tuple(DIRECTION_INDEX[name] for name in names)
        elif key == "bat":
            if value not in ("0", "1", "2"):
                raise reject("R43", "E_SYNTAX", "bat= takes 0, 1 or 2, not {value}",
                             value=repr(value))
            batteries = int(value)
        else:
            raise _syntax(line)
    if batteries and not directions:
        raise _syntax(line)
    return Place(field, directions, batteries)


def parse_step(token: str, line: str) -> OpStep:
    upper = token.upper()
    if upper in DIRECTION_INDEX:
        return OpStep(shorthand=DIRECTION_INDEX[upper])
    hole = parse_hole(token)
    if hole is not None:
        return OpStep(hole=hole)
    name, slash, direction = token.partition("/")
    field = _field(name, line)
    if slash:
        if direction.upper() not in DIRECTION_INDEX:
            raise _syntax(line)
        return OpStep(field=field, direction=DIRECTION_INDEX[direction.upper()])
    return OpStep(field=field)


# -- writing canonical lines -----------------------------------------------------------------


def format_place(field: int, directions: tuple[int, ...], batteries: int) -> str:
    text = f"place {FIELD_NAMES[field]}"
    if directions:
        text += " push=" + ",".join(DIRECTIONS[d] for d in directions)
    if batteries:
        text += f" bat={batteries}"
    return text


def format_step(step: OpStep) -> str:
    if step.hole >= 0:
        return hole_name(step.hole)
    text = FIELD_NAMES[step.field]
    if step.direction >= 0:
        text += "/" + DIRECTIONS[step.direction]
    return text


def format_source(source: str | None) -> str:
    return "blind" if source is None else f"d:{source}"
