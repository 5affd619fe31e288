"""What to change on a PAC-MAN board between two snapshots (see ``companion.games.table_lines``).

Board things: ``pacman`` → his square, ``ghost:<name>`` → its square or ``off`` (eaten),
``dot:<square>`` → ``on board`` (not eaten yet) and ``wall:<wall>`` → ``on board`` (the layout's
walls; only a correction could change them). PAC-MAN is seat 0's figure; a ghost is named with
its owner. Lives and dots eaten are counters, not board things.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.quoridor.text import wall_words
from companion.games.table_lines import TableLine, seat_name
from companion.i18n import translator

DOMAIN = "pacman"
ON_BOARD = "on board"
OFF = "off"
PACMAN_SEAT = 0

MOVE_PACMAN = "Move {name}'s PAC-MAN from {origin} to {square}"
MOVE_GHOST = "Move {name}'s ghost {ghost} from {origin} to {square}"
GHOST_OFF = "Take {name}'s ghost {ghost} off the board at {square}"
GHOST_ON = "Put {name}'s ghost {ghost} back on {square}"
DOT_OFF = "Take the dot off {square}"
DOT_ON = "Put the dot back on {square}"
WALL_ON = "Place a wall {where}"
WALL_OFF = "Take the wall {where} off the board"

MESSAGES: tuple[str, ...] = (
    MOVE_PACMAN, MOVE_GHOST, GHOST_OFF, GHOST_ON, DOT_OFF, DOT_ON, WALL_ON, WALL_OFF,
)


def board_things(snapshot: Mapping[str, Any]) -> dict[str, str]:
    state = snapshot["state"]
    things = {"pacman": str(state["pacman_square"])}
    for ghost, data in state["ghosts"].items():
        square = data["square"]
        things[f"ghost:{ghost}"] = OFF if square is None else str(square)
    things.update({f"dot:{square}": ON_BOARD for square in state["dots_remaining"]})
    things.update({f"wall:{wall}": ON_BOARD for wall in state["walls"]})
    return things


def table_lines(before: Mapping[str, Any], after: Mapping[str, Any], events: Sequence[str],
                names: Sequence[str], lang: str, *,
                colours: Sequence[str] | None = None) -> list[TableLine]:
    """``colours`` (the seats' colours) name nothing here: the figures have their own."""
    _ = translator(DOMAIN, lang)
    old, new = board_things(before), board_things(after)
    lines: list[TableLine] = []

    def add(text: str, key: str) -> None:
        lines.append(TableLine(text, frozenset({key})))

    if old["pacman"] != new["pacman"]:
        add(_(MOVE_PACMAN).format(name=seat_name(names, PACMAN_SEAT), origin=old["pacman"],
                                  square=new["pacman"]), "pacman")
    for key in sorted(old.keys() - new.keys()):
        if key.startswith("dot:"):
            add(_(DOT_OFF).format(square=key.removeprefix("dot:")), key)
    owners = {ghost: int(data["owner"]) for ghost, data in after["state"]["ghosts"].items()}
    for ghost in after["state"]["ghosts"]:
        key = f"ghost:{ghost}"
        origin, square = old.get(key, OFF), new.get(key, OFF)
        if origin == square:
            continue
        name = seat_name(names, owners[ghost])
        if square == OFF:
            add(_(GHOST_OFF).format(name=name, ghost=ghost, square=origin), key)
        elif origin == OFF:
            add(_(GHOST_ON).format(name=name, ghost=ghost, square=square), key)
        else:
            add(_(MOVE_GHOST).format(name=name, ghost=ghost, origin=origin, square=square), key)
    for key in sorted(new.keys() - old.keys()):
        if key.startswith("dot:"):
            add(_(DOT_ON).format(square=key.removeprefix("dot:")), key)
    for key in sorted(old.keys() ^ new.keys()):
        if key.startswith("wall:"):
            template = WALL_ON if key in new else WALL_OFF
            add(_(template).format(where=wall_words(key.removeprefix("wall:"), lang)), key)
    return lines
