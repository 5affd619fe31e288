"""Names as people type them (issue #25), in the store: one player whatever the case in any
alphabet, the players two names that differ only in case became in an older store kept apart
until merged on purpose."""

from __future__ import annotations

from pathlib import Path

import pytest
from records_store import SEAT0_IN_ONE, SEAT1_IN_ONE, dated_store, play_quoridor

from companion.records import stats
from companion.records.players import COLOURS
from companion.records.store import Store
from companion.table.seats import PALETTE


def test_names_are_one_player_in_any_case_in_every_alphabet(tmp_path: Path) -> None:
    store = dated_store(tmp_path / "games.sqlite3")
    sarka = store.player_named("Šárka")
    assert store.player_named("šárka") == sarka
    assert store.player_named("ŠÁRKA") == sarka
    assert store.player_named(" šÁrKa ", create=False) == sarka
    game = play_quoridor(store, ["šárka", "Jan"], SEAT0_IN_ONE, "2024-01-01")
    assert store.seat_player_ids(game)[0] == sarka.id
    assert [p.name for p in store.players(recent_first=False)] == ["Jan", "Šárka"]
    jan = store.player_named("Jan")
    with pytest.raises(ValueError, match="there is already a player called 'Šárka'"):
        store.rename_player(jan.id, "ŠÁRKA")
    assert store.rename_player(sarka.id, "ŠÁRKA").name == "ŠÁRKA"  # its own name, new case
    assert store.player_named("Straße") == store.player_named("STRASSE")  # full case folding


def older_store_with_twins(path: Path) -> tuple[Store, int, int]:
    """A store as an older build left it: "Šárka" and "šárka" are two players (SQLite's
    NOCASE folds only A–Z), each with a game won."""
    store = dated_store(path)
    play_quoridor(store, ["Šárka", "Jan"], SEAT0_IN_ONE, "2024-01-01")
    cursor = store.connection.execute(
        "INSERT INTO players (name, colour, initial, created) VALUES"
        " ('šárka', '#43a047', 'Š', '2024-01-02')")
    twin = int(cursor.lastrowid or 0)
    play_quoridor(store, ["Jan", "šárka"], SEAT1_IN_ONE, "2024-01-03")
    last = store.connection.execute("SELECT MAX(id) FROM games").fetchone()[0]
    store.connection.execute(
        "UPDATE game_seats SET player_id = ? WHERE game_id = ? AND seat = 1", (twin, last))
    store.connection.execute(
        "UPDATE seat_results SET player_id = ? WHERE game_id = ? AND seat = 1", (twin, last))
    return store, store.player_named("Šárka").id, twin


def test_players_differing_only_in_case_stay_apart_until_merged(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store, first, twin = older_store_with_twins(path)
    store.close()
    store = Store(path)                            # opened again: nothing merged on its own
    names = sorted(p.name for p in store.players(include_companions=False))
    assert names == ["Jan", "Šárka", "šárka"]
    assert store.player_named("Šárka").id == first  # written exactly so
    assert store.player_named("šárka").id == twin
    assert store.player_named("ŠÁRKA").id == first  # else the older one
    assert [p.id for p in store.players_named_alike(first)] == [twin]
    assert [p.id for p in store.players_named_alike(twin)] == [first]
    assert store.players_named_alike(store.player_named("Jan").id) == []
    wins = {line.player.id: line.wins for line in stats.player_lines(store)}
    assert wins[first] == 1 and wins[twin] == 1

    kept = store.merge_players(first, twin)         # the players tapped Merge
    assert kept.id == first
    lines = {line.player.id: line for line in stats.player_lines(store)}
    assert (lines[first].games, lines[first].wins) == (2, 2) and twin not in lines
    assert store.players_named_alike(first) == []
    assert store.player_named("šárka").id == first  # the merged name finds the kept player
    assert sorted(p.name for p in store.players(include_companions=False)) == ["Jan", "Šárka"]


def test_a_player_has_the_same_colour_at_the_table_and_in_the_statistics(
        tmp_path: Path) -> None:
    from companion.app.stats.view import look_of
    from companion.table.session import TableSession
    from companion.table.setups import Setup

    store = dated_store(tmp_path / "games.sqlite3")
    eva = store.player_named("Eva")
    assert eva.colour == COLOURS["red"]                    # her first colour
    table = TableSession(store, lang="en")
    table.new_game(Setup("quoridor", ["Eva", "Jan"], ["purple", "orange"]))
    table = [look.colour for look in table.seat_looks()]
    records = [look_of(store.player_named(name)).colour for name in ("Eva", "Jan")]
    assert records == table                                # the same RGBA, from one palette
    assert table == [PALETTE["purple"], PALETTE["orange"]]
    play_quoridor(store, ["Eva", "Jan"], SEAT0_IN_ONE, "2024-02-01")  # no colours given
    lines = {line.player.name: line.player.colour for line in stats.player_lines(store)}
    assert lines == {"Eva": COLOURS["purple"], "Jan": COLOURS["orange"]}


def test_the_seats_looks_are_worked_out_once_per_players_and_colours() -> None:
    from companion.table.seats import seat_looks

    first = seat_looks(["Eva", "Jan"], ["red", "blue"])
    again = seat_looks(("Eva", "Jan"), ("red", "blue"))
    assert again == first and all(a is b for a, b in zip(again, first, strict=True))
    again.append(again[0])  # a caller's list is its own
    assert len(seat_looks(["Eva", "Jan"], ["red", "blue"])) == 2
    other = seat_looks(["Eva", "Eda"], ["red", "green"])
    assert [look.letter for look in other] == ["1", "2"] and other[1].colour != first[1].colour
