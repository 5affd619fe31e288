"""What to change on the physical table after one step, in words a person can copy.

The board and the screen must agree. Each game's ``companion.games.<id>.table`` module has

- ``board_things(snapshot) -> dict[str, str]``: the physical board part of a ``match.snapshot()``
  as machine key → where it stands or what stands there (``"pawn:0": "e2"``,
  ``"wall:c3h": "on board"``, ``"field:22": "Y"``). Scores, whose turn and dice are left out:
  they are not things a person moves on the board.
- ``table_lines(before, after, events, names, lang, *, colours=None) -> list[TableLine]``: the
  sentences that take the table from ``before`` to ``after`` (two snapshots), each with the keys
  of ``board_things`` it accounts for.

Beside it, ``companion.games.<id>.hand`` has ``hand_board(before, line, events)``: the snapshot
``before`` with only what a person's own input changes on the board **themselves** (their
pawn's move, the wall they placed, the piece they moved, the car they put down). Everything else
a person's input brings (a capture sending a piece home, a push, a bell, an eaten dot, a removed
tile) is a consequence: the lines that say it are those from the board as the person's hand left
it to the board after the input (``table_lines(hand_board(…), after, …)``), from where the hand
left things (a ghost moved onto PAC-MAN goes from there back to its start square).
``BOARD_EVENTS`` there are the kinds of events whose sentences (the game's ``describe``) the
table lines say instead.

A step is anything between two snapshots: one input, one undo or redo (of one input or of a
person's input with the companion's replies), or a correction (``fix …``). The lines come from
the board difference alone, so the same function serves every kind of step; ``events`` (those
the step's inputs returned, empty for an undo) only help to tell a capture apart from a move
where the board alone cannot (a piece taken off a field another piece of its colour lands on).

The wording does not depend on the kind of step: an undo's lines say what to do on the table
("Move Eva's red pawn from e2 to e1"), exactly like a play's. A caller that wants "Take back:"
above them adds the heading itself; nothing is prefixed here.

``names`` are the players' names in seat order (``match.names``); ``colours`` are the seats'
colours from the app's palette (``red``, ``blue``, ``green``, ``yellow``, ``purple``,
``orange``), when the caller knows them, so a line can say "Eva's blue pawn".

Pure Python: no Kivy, no store, no app.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

GAME_IDS = ("quoridor", "pacman", "clovece", "patamat", "crash")

PALETTE_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
"""The seat colours a line can name (the app's palette); any other colour is left unsaid."""


@dataclass(frozen=True)
class TableLine:
    """One sentence for a person to act on, and the board things (keys of ``board_things``)
    it accounts for."""

    text: str
    covers: frozenset[str]


class _HandModule(Protocol):
    BOARD_EVENTS: frozenset[str]

    def hand_board(self, before: Mapping[str, Any], line: str,
                   events: Sequence[str]) -> dict[str, Any]: ...


class _TableModule(Protocol):
    def board_things(self, snapshot: Mapping[str, Any]) -> dict[str, str]: ...

    def table_lines(self, before: Mapping[str, Any], after: Mapping[str, Any],
                    events: Sequence[str], names: Sequence[str], lang: str, *,
                    colours: Sequence[str] | None = None) -> list[TableLine]: ...


def _module(game_id: str) -> _TableModule:
    if game_id not in GAME_IDS:
        raise ValueError(f"no table lines for the game {game_id!r}")
    return cast(_TableModule, importlib.import_module(f"companion.games.{game_id}.table"))


def _hand(game_id: str) -> _HandModule:
    if game_id not in GAME_IDS:
        raise ValueError(f"no table lines for the game {game_id!r}")
    return cast(_HandModule, importlib.import_module(f"companion.games.{game_id}.hand"))


def load_game_modules(game_id: str) -> None:
    """Load the game's table-lines and hand modules now (they load on first use): called
    while the table is idle after a game opens, so its first input does not load them."""
    _module(game_id)
    _hand(game_id)


def board_things(game_id: str, snapshot: Mapping[str, Any]) -> dict[str, str]:
    """The physical board part of ``snapshot`` (see the module's docstring)."""
    return _module(game_id).board_things(snapshot)


def board_difference(game_id: str, before: Mapping[str, Any],
                     after: Mapping[str, Any]) -> frozenset[str]:
    """The keys of the board things that stand differently in ``after`` than in ``before``
    (present in one of them only, or with another value)."""
    return changed_keys(board_things(game_id, before), board_things(game_id, after))


def lines_for(game_id: str, before: Mapping[str, Any], after: Mapping[str, Any],
              events: Sequence[str], names: Sequence[str], lang: str, *,
              colours: Sequence[str] | None = None) -> list[TableLine]:
    """What to change on the table to go from ``before`` to ``after`` (``match.snapshot()``
    of each), in ``lang`` (``cs`` or ``en``)."""
    return _module(game_id).table_lines(before, after, events, names, lang, colours=colours)


def hand_board(game_id: str, before: Mapping[str, Any], line: str,
               events: Sequence[str]) -> dict[str, Any]:
    """``before`` (a ``match.snapshot()``) as the hand of the person who played ``line`` (the
    seat to move in ``before``) leaves the board: with what they did themselves on the table
    and none of its consequences (see the module's docstring)."""
    return _hand(game_id).hand_board(before, line, events)


def own_hand(game_id: str, before: Mapping[str, Any], line: str,
             events: Sequence[str]) -> dict[str, str | None]:
    """The board things the person's own hand changed (:func:`hand_board`), with what it left
    there (None: nothing)."""
    then = board_things(game_id, before)
    hand = board_things(game_id, hand_board(game_id, before, line, events))
    return {key: hand.get(key) for key in changed_keys(then, hand)}


def own_part(game_id: str, before: Mapping[str, Any], after: Mapping[str, Any], line: str,
             events: Sequence[str]) -> frozenset[str]:
    """The board things a person's own input changed themselves and nothing changed further:
    what their hand left there is what stands there ``after``. The rest of the board
    difference is the input's consequences, which the table must be told."""
    now = board_things(game_id, after)
    return frozenset(key for key, value in own_hand(game_id, before, line, events).items()
                     if value == now.get(key))


def news_events(game_id: str, events: Sequence[str]) -> tuple[list[str], list[str]]:
    """A person's input's events that are news, not board changes (a roll lost, whose turn, a
    score, a win): those before the first board change and those after it, so that the
    game's sentences for them can stand before and after the lines of what to change."""
    board = _hand(game_id).BOARD_EVENTS
    first = next((index for index, event in enumerate(events)
                  if event.split(" ", 1)[0] in board), len(events))
    return ([event for event in events[:first]],
            [event for event in events[first:] if event.split(" ", 1)[0] not in board])


# -- helpers the games share ----------------------------------------------------------------------


def changed_keys(before: Mapping[str, str], after: Mapping[str, str]) -> frozenset[str]:
    return frozenset(key for key in before.keys() | after.keys()
                     if before.get(key) != after.get(key))


def seat_colour(colours: Sequence[str] | None, seat: int) -> str | None:
    """The palette colour of ``seat``, or None when it is unknown."""
    if colours is None or not 0 <= seat < len(colours):
        return None
    colour = colours[seat]
    return colour if colour in PALETTE_COLOURS else None


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"{seat + 1}"


@dataclass(frozen=True)
class Shift:
    """One interchangeable item (a colour of piece, a kind of car) going from one place to
    another; ``None`` is off the board (a supply, a box)."""

    item: str
    source: str | None
    target: str | None


def shifts(before: Mapping[str, Iterable[str]], after: Mapping[str, Iterable[str]],
           cost: Callable[[str, str, str], float] | None = None) -> list[Shift]:
    """The least set of shifts that turns the multisets ``before`` (place → items standing
    there) into ``after``: per item, every place that lost one is paired with a place that
    gained one, cheapest pairs first (``cost(item, source, target)``; ties in a stable order).
    What is left unpaired comes from or goes off the board."""
    lost: dict[str, list[str]] = {}
    gained: dict[str, list[str]] = {}
    for place in sorted(before.keys() | after.keys()):
        old_items, new_items = sorted(before.get(place, ())), sorted(after.get(place, ()))
        if old_items == new_items:
            continue  # nothing changed there (most places, at most steps)
        old, new = Counter(old_items), Counter(new_items)
        for item in sorted(old.keys() | new.keys()):
            difference = new[item] - old[item]
            if difference < 0:
                lost.setdefault(item, []).extend([place] * -difference)
            elif difference > 0:
                gained.setdefault(item, []).extend([place] * difference)
    moves: list[Shift] = []
    for item in sorted(lost.keys() | gained.keys()):
        sources, targets = lost.get(item, []), gained.get(item, [])
        pairs = sorted(
            ((cost(item, s, t) if cost else 0.0, i, j)
             for i, s in enumerate(sources) for j, t in enumerate(targets)),
        )
        used_sources: set[int] = set()
        used_targets: set[int] = set()
        for _cost, i, j in pairs:
            if i in used_sources or j in used_targets:
                continue
            used_sources.add(i)
            used_targets.add(j)
            moves.append(Shift(item, sources[i], targets[j]))
        moves.extend(Shift(item, s, None) for i, s in enumerate(sources) if i not in used_sources)
        moves.extend(Shift(item, None, t) for j, t in enumerate(targets) if j not in used_targets)
    return moves


def multiset_value(items: Iterable[str]) -> str:
    """Several interchangeable items on one place, as a ``board_things`` value."""
    return ",".join(sorted(items))

