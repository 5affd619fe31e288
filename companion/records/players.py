"""Players: a person at the table is a record (name, colour, initial), not a string per game.

Names are unique regardless of case, in every alphabet: "Šárka", "šárka" and "ŠÁRKA" are one
player (Unicode case folding, :func:`name_key`; SQLite's NOCASE folds only A–Z). A store from
before that may hold two players whose names differ only in case: they stay two until the
players merge them (:func:`named_alike` finds them for the screen that offers it).

A new player gets the palette colour fewest players have and the first letter of the name.
Renaming keeps the history (games point at the player, not at the name); merging moves every
seat of one record to the other and leaves the old name as a pointer, so typing it again finds
the kept player. The companion's seats are players of their own, one per level
("Companion (easy)" …, with :attr:`Player.companion_level` set).

The functions here work on a connection inside a transaction the store opened; the
:class:`companion.store.Store` methods of the same names are what callers use.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

COLOURS = {
    "red": "#db2929",
    "blue": "#266bf2",
    "green": "#1aa640",
    "yellow": "#f2c70d",
    "purple": "#9e4cd9",
    "orange": "#fa8014",
}
"""The players' colours by name: one set for the pieces at the table (``companion.table.seats``
draws them from here) and the players' records (the statistics), so a player has one colour."""
PALETTE = tuple(COLOURS.values())
COMPANION_LEVELS = ("easy", "normal", "strong")
COMPANION_NAME = "Companion ({level})"
MAX_NAME_LENGTH = 40

_COLUMNS = "id, name, colour, initial, companion_level"


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    colour: str
    initial: str
    companion_level: str | None = None

    @property
    def is_companion(self) -> bool:
        return self.companion_level is not None


def clean_name(name: str) -> str:
    """The name as stored: spaces trimmed and collapsed. ValueError for an empty or long one."""
    text = " ".join(str(name).split())
    if not text:
        raise ValueError("a player's name cannot be empty")
    if len(text) > MAX_NAME_LENGTH:
        raise ValueError(
            f"the name {text!r} is longer than {MAX_NAME_LENGTH} characters"
        )
    return text


def name_key(name: str) -> str:
    """What two names must share to be one player's: the cleaned name, case-folded."""
    return clean_name(name).casefold()


def initial_of(name: str) -> str:
    """The first letter or digit of the name, upper case ("?" when it has none)."""
    for character in name:
        if character.isalnum():
            return character.upper()
    return "?"


def companion_name(level: str) -> str:
    if level not in COMPANION_LEVELS:
        raise ValueError(
            f"the companion's level {level!r} is not one of {', '.join(COMPANION_LEVELS)}"
        )
    return COMPANION_NAME.format(level=level)


# -- on a connection (inside the store's transaction for writes) ----------------------------------


def player_row(db: sqlite3.Connection, player_id: int) -> Player:
    """The player with this id, following a merge to the kept record. KeyError if none."""
    for _ in range(100):  # a merge chain is short; the bound only guards against a loop
        row = db.execute(
            f"SELECT {_COLUMNS}, merged_into FROM players WHERE id = ?", (player_id,)
        ).fetchone()
        if row is None:
            raise KeyError(f"there is no player {player_id}")
        if row[5] is None:
            return Player(*row[:5])
        player_id = row[5]
    raise KeyError(f"player {player_id}: its merges go round in a loop")


def find_named(db: sqlite3.Connection, name: str) -> Player | None:
    """The player called ``name`` in any case (a merged name gives the kept player). Of two
    players whose names differ only in case (an older store), the one written exactly so,
    else the older one."""
    holders = _holders(db, clean_name(name))
    return player_row(db, holders[0][0]) if holders else None


def named_alike(db: sqlite3.Connection, player_id: int) -> list[Player]:
    """The other players (not merged, not the companion) whose name differs from this
    player's only in case: what the players may want to merge."""
    player = player_row(db, player_id)
    key = name_key(player.name)
    rows = db.execute(
        f"SELECT {_COLUMNS} FROM players WHERE merged_into IS NULL"
        " AND companion_level IS NULL AND id != ? ORDER BY id", (player.id,))
    return [Player(*row) for row in rows if name_key(row[1]) == key]


def all_players(
    db: sqlite3.Connection, recent_first: bool = True, include_companions: bool = True
) -> list[Player]:
    order = (
        "last_played IS NULL, last_played DESC, name COLLATE NOCASE"
        if recent_first else "name COLLATE NOCASE"
    )
    where = "merged_into IS NULL"
    if not include_companions:
        where += " AND companion_level IS NULL"
    rows = db.execute(f"SELECT {_COLUMNS} FROM players WHERE {where} ORDER BY {order}")
    return [Player(*row) for row in rows]


def create_player(
    db: sqlite3.Connection, name: str, when: str, companion_level: str | None = None,
    colour: str | None = None,
) -> Player:
    """A new player; ValueError in plain words when the name is taken."""
    text = clean_name(name)
    taken = find_named(db, text)
    if taken is not None:
        raise ValueError(f"there is already a player called {taken.name!r}")
    colour = colour if colour is not None else _free_colour(db)
    cursor = db.execute(
        "INSERT INTO players (name, colour, initial, companion_level, created)"
        " VALUES (?, ?, ?, ?, ?)",
        (text, colour, initial_of(text), companion_level, when),
    )
    return Player(int(cursor.lastrowid or 0), text, colour, initial_of(text), companion_level)


def named_or_new(db: sqlite3.Connection, name: str, when: str) -> Player:
    return find_named(db, name) or create_player(db, name, when)


def companion_row(db: sqlite3.Connection, level: str, when: str) -> Player:
    """The player who stands for the companion at ``level`` (created on first use)."""
    name = companion_name(level)
    row = db.execute(
        f"SELECT {_COLUMNS} FROM players WHERE companion_level = ? AND merged_into IS NULL"
        " ORDER BY id LIMIT 1",
        (level,),
    ).fetchone()
    if row is not None:
        return Player(*row)
    taken = find_named(db, name)
    if taken is not None:  # a person chose that name: the companion takes another
        number = 2
        while find_named(db, f"{name} {number}") is not None:
            number += 1
        name = f"{name} {number}"
    return create_player(db, name, when, companion_level=level)


def seat_players(
    db: sqlite3.Connection,
    names: Sequence[str],
    companions: Mapping[str, str] | None,
    when: str,
    unnamed: Collection[int] = (),
) -> list[int | None]:
    """A player id for every seat: the companion's seats by level, the others by name; None
    for the ``unnamed`` seats (nobody gave them a name: their placeholder is no player)."""
    levels = {str(seat): str(level) for seat, level in (companions or {}).items()}
    ids: list[int | None] = []
    for seat, name in enumerate(names):
        level = levels.get(str(seat))
        if level in COMPANION_LEVELS:
            ids.append(companion_row(db, str(level), when).id)
        elif seat in unnamed:
            ids.append(None)
        else:
            text = " ".join(str(name).split()) or f"Player {seat + 1}"
            ids.append(named_or_new(db, text[:MAX_NAME_LENGTH], when).id)
    return ids


def rename(db: sqlite3.Connection, player_id: int, new_name: str) -> Player:
    player = player_row(db, player_id)
    text = clean_name(new_name)
    for holder_id, merged_into, holder_name in _holders(db, text):
        if holder_id == player.id:
            continue
        if merged_into is None:
            raise ValueError(f"there is already a player called {holder_name!r}")
        _drop_pointer(db, holder_id, merged_into)
    db.execute(
        "UPDATE players SET name = ?, initial = ? WHERE id = ?",
        (text, initial_of(text), player.id),
    )
    return player_row(db, player.id)


def merge(db: sqlite3.Connection, keep_id: int, drop_id: int) -> Player:
    keep, drop = player_row(db, keep_id), player_row(db, drop_id)
    if keep.id == drop.id:
        raise ValueError(f"{keep.name!r} and {drop.name!r} are already one player")
    if keep.is_companion != drop.is_companion:
        raise ValueError(
            f"{keep.name!r} and {drop.name!r} cannot be merged: one of them is the companion"
        )
    for table in ("game_seats", "seat_results"):
        db.execute(f"UPDATE {table} SET player_id = ? WHERE player_id = ?", (keep.id, drop.id))
    db.execute(
        "UPDATE players SET merged_into = ? WHERE id = ? OR merged_into = ?",
        (keep.id, drop.id, drop.id),
    )
    db.execute(
        "UPDATE players SET last_played = (SELECT MAX(last_played) FROM players"
        " WHERE id = ?1 OR merged_into = ?1) WHERE id = ?1",
        (keep.id,),
    )
    return keep


def take_colours(db: sqlite3.Connection, player_ids: Sequence[int],
                 colours: Sequence[object]) -> None:
    """Each player keeps the colour of the seat just taken (a colour name of :data:`COLOURS`),
    so the statistics draw a player as the table saw them last."""
    db.executemany(
        "UPDATE players SET colour = ? WHERE id = ?",
        [(COLOURS[str(colour)], player_id) for player_id, colour in zip(player_ids, colours)
         if str(colour) in COLOURS],
    )


def touch(db: sqlite3.Connection, player_ids: Sequence[int], when: str) -> None:
    """Remember that these players sat at a game started ``when``."""
    db.executemany(
        "UPDATE players SET last_played = ? WHERE id = ?"
        " AND (last_played IS NULL OR last_played < ?)",
        [(when, player_id, when) for player_id in set(player_ids)],
    )


def _free_colour(db: sqlite3.Connection) -> str:
    """The palette colour fewest players have (the first such in palette order)."""
    counts = dict.fromkeys(PALETTE, 0)
    for colour, count in db.execute(
        "SELECT colour, COUNT(*) FROM players WHERE merged_into IS NULL GROUP BY colour"
    ):
        if colour in counts:
            counts[colour] = count
    return min(PALETTE, key=lambda colour: counts[colour])


def _holders(db: sqlite3.Connection, text: str) -> list[tuple[int, int | None, str]]:
    """(id, merged_into, name) of every record whose name is ``text`` in any case: the one
    written exactly so first, then the kept players before merged names, the older first.
    Compared in Python: the players are few, and SQLite cannot fold "Š"."""
    key = text.casefold()
    rows = [(int(row[0]), row[1], str(row[2])) for row in db.execute(
        "SELECT id, merged_into, name FROM players")]
    alike = [row for row in rows if row[2].casefold() == key]
    return sorted(alike, key=lambda row: (row[2] != text, row[1] is not None, row[0]))


def _drop_pointer(db: sqlite3.Connection, pointer_id: int, target_id: int) -> None:
    """Free a merged record's name: whatever pointed at it points at its target."""
    db.execute(
        "UPDATE players SET merged_into = ? WHERE merged_into = ?", (target_id, pointer_id)
    )
    db.execute("DELETE FROM players WHERE id = ?", (pointer_id,))
