"""Players as records: names, colours, renames, merges, the companion's seats, and the
migration of a schema-1 store (its names become players, its finished games get results)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from records_store import (
    SEAT0_IN_ONE,
    SEAT0_IN_TWO,
    SEAT1_IN_ONE,
    dated_store,
    play_quoridor,
    v1_store,
)
from ui.card import remount

from companion.engine import open_game
from companion.records import stats
from companion.records.export import finished_games
from companion.records.faults import READ_ONLY, StoreUnwritable
from companion.records.players import PALETTE
from companion.records.store import SCHEMA_VERSION, Store


def seat_names(store: Store, game_id: int) -> list[str]:
    return [store.player(pid).name for pid in store.seat_player_ids(game_id)]


def test_a_new_name_is_a_new_player_with_the_next_colour_and_its_initial(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    names = ["eva", "Jan", "Ota", "Iva", "Šárka", "Petr", "Lucie", "Tomáš", "Zora"]
    players = [store.player_named(name) for name in names]
    assert [p.colour for p in players[:6]] == list(PALETTE)  # six players, six colours
    assert players[6].colour == PALETTE[0]  # then the palette starts again
    assert [p.initial for p in players] == ["E", "J", "O", "I", "Š", "P", "L", "T", "Z"]
    assert store.player_named("  EVA ") == players[0]  # any case, spaces trimmed
    assert store.player(players[4].id).name == "Šárka"
    with pytest.raises(KeyError, match="no player called 'Karel'"):
        store.player_named("Karel", create=False)
    with pytest.raises(ValueError, match="cannot be empty"):
        store.player_named("   ")
    assert len(store.players()) == 9


def test_start_finds_or_creates_the_players_by_name_and_the_companion_by_level(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.sqlite3")
    eva = store.player_named("Eva")
    first = store.start(open_game("quoridor", names=["eva", "Companion"]),
                        {"companions": {"1": "strong"}})
    second = store.start(open_game("quoridor", names=["Jan", "Eva"]))
    assert store.seat_player_ids(first) == [eva.id, store.companion_player("strong").id]
    assert seat_names(store, second) == ["Jan", "Eva"]
    strong = store.companion_player("strong")
    assert strong.name == "Companion (strong)" and strong.companion_level == "strong"
    assert store.companion_player("strong") == strong  # one player per level
    with pytest.raises(ValueError, match="level 'hard'"):
        store.companion_player("hard")
    people = store.players(include_companions=False)
    assert sorted(p.name for p in people) == ["Eva", "Jan"]


def test_start_with_player_ids_uses_them_and_refuses_a_wrong_count_storing_nothing(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.sqlite3")
    anna, ben = store.player_named("Anna"), store.player_named("Ben")
    game_id = store.start(open_game("quoridor", names=["A", "B"]), player_ids=[ben.id, anna.id])
    assert store.seat_player_ids(game_id) == [ben.id, anna.id]
    assert store.load(game_id).names == ("A", "B")  # what the table saw stays in the game
    with pytest.raises(ValueError, match="1 players given for the 2 seats"):
        store.start(open_game("quoridor"), player_ids=[anna.id])
    with pytest.raises(KeyError, match="no player 99"):
        store.start(open_game("quoridor"), player_ids=[anna.id, 99])
    count = store.connection.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert count == 1


def test_a_card_that_refuses_writes_stores_neither_the_game_nor_its_players(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.sqlite3")
    store.connection.execute("PRAGMA query_only = 1")
    with pytest.raises(StoreUnwritable) as refused:
        store.start(open_game("quoridor", names=["Eva", "Jan"]))
    assert refused.value.kind == READ_ONLY
    with pytest.raises(StoreUnwritable):
        store.player_named("Ota")
    store.connection.execute("PRAGMA query_only = 0")
    assert store.players() == []


def test_players_come_most_recently_played_first(tmp_path: Path) -> None:
    store = dated_store(tmp_path / "games.sqlite3")
    play_quoridor(store, ["Ben", "Cyril"], SEAT0_IN_ONE, "2024-01-01")
    play_quoridor(store, ["Anna", "Ben"], SEAT0_IN_ONE, "2024-02-01")
    store.player_named("Dana")  # never played
    assert [p.name for p in store.players()] == ["Anna", "Ben", "Cyril", "Dana"]
    play_quoridor(store, ["Dana", "Cyril"], SEAT0_IN_ONE, "2024-03-01")
    assert [p.name for p in store.players()] == ["Cyril", "Dana", "Anna", "Ben"]
    assert [p.name for p in store.players(recent_first=False)] == ["Anna", "Ben", "Cyril", "Dana"]


def test_a_rename_keeps_the_history_and_a_taken_name_is_refused_in_plain_words(
    tmp_path: Path,
) -> None:
    store = dated_store(tmp_path / "games.sqlite3")
    game_id = play_quoridor(store, ["Ben", "Anna"], SEAT0_IN_ONE, "2024-01-01")
    ben = store.player_named("Ben")
    renamed = store.rename_player(ben.id, "Benjamin")
    assert renamed.name == "Benjamin" and renamed.initial == "B" and renamed.id == ben.id
    assert seat_names(store, game_id) == ["Benjamin", "Anna"]
    [line, _] = stats.player_lines(store)
    assert line.player.name == "Benjamin" and line.wins == 1
    with pytest.raises(ValueError, match="there is already a player called 'Anna'"):
        store.rename_player(ben.id, "anna")
    assert store.rename_player(ben.id, "BENJAMIN").name == "BENJAMIN"  # its own name, new case


def test_a_merge_moves_every_seat_and_the_old_name_finds_the_kept_player(
    tmp_path: Path,
) -> None:
    store = dated_store(tmp_path / "games.sqlite3")
    play_quoridor(store, ["Eva", "Jan"], SEAT0_IN_ONE, "2024-01-01")
    play_quoridor(store, ["Evička", "Jan"], SEAT0_IN_TWO, "2024-01-02")
    play_quoridor(store, ["Jan", "Evička"], SEAT1_IN_ONE, "2024-01-03")
    eva, evicka = store.player_named("Eva"), store.player_named("Evička")
    kept = store.merge_players(eva.id, evicka.id)
    assert kept == eva
    assert [p.name for p in store.players(recent_first=False)] == ["Eva", "Jan"]
    assert store.player_named("evička") == eva and store.player(evicka.id) == eva
    eva_line = next(line for line in stats.player_lines(store) if line.player == eva)
    assert (eva_line.games, eva_line.wins, eva_line.best_streak) == (3, 3, 3)
    # the old name can be given to someone new: the pointer goes, the merge stays
    assert store.rename_player(store.player_named("Jan").id, "Evička").name == "Evička"
    assert store.player_named("Evička").id != eva.id
    with pytest.raises(ValueError, match="already one player"):
        store.merge_players(eva.id, eva.id)
    companion = store.companion_player("easy")
    with pytest.raises(ValueError, match="one of them is the companion"):
        store.merge_players(eva.id, companion.id)


# -- the migration from schema 1 -----------------------------------------------------------------


def test_a_schema_1_store_is_migrated_in_place_after_a_copy_is_kept(tmp_path: Path) -> None:
    path = v1_store(tmp_path / "games.sqlite3")
    store = Store(path)
    assert store.warnings == []
    (version,) = store.connection.execute(
        "SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    assert version == str(SCHEMA_VERSION) == "4"
    [copy] = tmp_path.glob("games.v1-backup-*.sqlite3")
    with sqlite3.connect(copy) as old:
        assert old.execute("SELECT value FROM meta").fetchone() == ("1",)
        assert old.execute("SELECT COUNT(*) FROM games").fetchone() == (6,)

    # the names became players: case variants are one player, the companion its own
    names = sorted(p.name for p in store.players())
    assert names == ["Companion (strong)", "Eva", "Iva", "Jan", "Ota"]
    assert seat_names(store, 2) == ["Jan", "Eva"]
    assert seat_names(store, 3) == ["Ota", "Companion (strong)"]
    assert seat_names(store, 4) == ["Eva", "Ota", "Iva"]  # unfinished games get seats too
    assert store.player_named("Companion (strong)").companion_level == "strong"

    results = {
        (game_id, seat): (rank, won, turns, json.loads(counters))
        for game_id, seat, rank, won, turns, counters in store.connection.execute(
            "SELECT game_id, seat, rank, won, turns, counters FROM seat_results")
    }
    assert sorted({game_id for game_id, _ in results}) == [1, 2, 3, 6]  # the finished games
    assert results[(2, 0)][:3] == (1, 1, 2) and results[(2, 1)][:3] == (2, 0, 1)
    assert results[(2, 0)][3] == {"walls": 10, "steps": 0}
    assert results[(3, 1)][:3] == (1, 1, 1)
    # game 6 no longer replays: its ranks come from the stored result, without counters
    assert results[(6, 0)] == (1, 1, None, {}) and results[(6, 1)] == (2, 0, None, {})

    # each finished game got its key, the one an export of it carries
    keys = dict(store.connection.execute("SELECT id, key FROM games WHERE key IS NOT NULL"))
    assert sorted(keys) == [1, 2, 3, 6]
    assert {game.id: game.key for game in finished_games(store)} == keys

    lines = {line.player.name: (line.games, line.wins) for line in stats.player_lines(store)}
    assert lines == {"Jan": (3, 2), "Eva": (2, 1), "Companion (strong)": (1, 1),
                     "Ota": (1, 0), "Iva": (1, 0)}
    # the old games still load and resume as before
    unfinished = store.unfinished("patamat")
    assert unfinished is not None and store.resume(unfinished).players == 3
    store.close()
    Store(path).close()  # opened again: nothing left to migrate, no second copy
    assert len(list(tmp_path.glob("games.v1-backup-*"))) == 1


def test_a_schema_1_store_that_cannot_be_migrated_is_set_aside_never_a_crash(
    tmp_path: Path,
) -> None:
    path = v1_store(tmp_path / "games.sqlite3")
    db = sqlite3.connect(path)
    db.execute("DROP TABLE inputs")  # damaged: its games cannot be read whole
    db.commit()
    db.close()
    store = Store(path)
    assert len(store.warnings) == 1 and "could not be read" in store.warnings[0]
    assert store.players() == [] and store.finished_games() == []  # a fresh store
    [aside] = tmp_path.glob("games.unreadable-*.sqlite3")
    [copy] = tmp_path.glob("games.v1-backup-*.sqlite3")
    for kept in (aside, copy):  # the old file, untouched, twice over
        old = sqlite3.connect(kept)
        assert old.execute("SELECT value FROM meta").fetchone() == ("1",)
        assert old.execute("SELECT COUNT(*) FROM games").fetchone() == (6,)
        old.close()


def test_a_migrated_store_goes_on_recording_games_with_results(tmp_path: Path) -> None:
    store = dated_store(v1_store(tmp_path / "games.sqlite3"))
    game_id = play_quoridor(store, ["Iva", "eva"], SEAT0_IN_TWO, "2030-05-01")  # the latest
    assert seat_names(store, game_id) == ["Iva", "Eva"]
    iva = next(line for line in stats.player_lines(store) if line.player.name == "Iva")
    assert (iva.games, iva.wins, iva.current_streak) == (2, 1, 1)


def test_a_schema_1_store_on_a_read_only_card_is_read_migrated_in_memory(card: Path) -> None:
    path = v1_store(card / "games.sqlite3")
    before = path.read_bytes()
    assert remount(card, "-o", "remount,ro")
    store = Store(path)
    assert store.problem is not None and store.problem.kind == READ_ONLY
    assert sorted(p.name for p in store.players())[:2] == ["Companion (strong)", "Eva"]
    assert len(store.finished_games()) == 4
    store.close()
    assert path.read_bytes() == before


def test_the_terminal_player_names_the_seats_with_name(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    done = subprocess.run(
        [sys.executable, "-m", "companion", "play", "quoridor", "--name", "Eva", "--name",
         "Jan", "--store", str(path)],
        input="e8\nquit\n", capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    store = Store(path)
    stored = store.unfinished("quoridor")
    assert stored is not None and stored.names == ("Eva", "Jan")
    assert seat_names(store, stored.id) == ["Eva", "Jan"]
    assert "Eva" in done.stdout  # the status line names the player to move


def test_the_terminal_player_refuses_names_that_do_not_fit_the_players_in_one_line(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "play", "quoridor", "--players", "4", "--name",
         "Eva", "--store", str(tmp_path / "games.sqlite3")],
        input="quit\n", capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "1 names given for 4 players" in done.stderr


QUORIDOR_WIN = ["e8", "d1", "e7", "c1", "e6", "b1", "e5h", "b2", "d6", "b3", "d5", "b4", "d4",
                "b5", "d3", "b6", "d2", "b7", "d1"]
"""A whole game of Quoridor from the terminal: Player 1 reaches row 1 and wins."""


def test_the_terminal_player_without_names_saves_no_placeholder_as_a_player(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite3"
    done = subprocess.run(
        [sys.executable, "-m", "companion", "play", "quoridor", "--store", str(path)],
        input="\n".join([*QUORIDOR_WIN, "quit"]) + "\n", capture_output=True, text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Player 1 wins!" in done.stdout  # the table still calls the seats so
    stats_run = subprocess.run(
        [sys.executable, "-m", "companion", "stats", "--store", str(path)],
        capture_output=True, text=True, timeout=120,
    )
    assert stats_run.returncode == 0, stats_run.stderr
    # a game of nobody named is nobody's statistics
    assert "Player 1" not in stats_run.stdout and "Player 2" not in stats_run.stdout
    assert "No finished games yet." in stats_run.stdout
    store = Store(path)
    assert store.players() == []              # nobody was named: nobody is a player
    (game,) = store.finished_games()
    assert game.names == ("Player 1", "Player 2")  # the game keeps what the table saw
    assert store.seat_player_ids(game.id) == [None, None]
    assert list(finished_games(store)) == []   # nobody's record: not exported either
    assert [entry.seats for entry in stats.timeline(store, stats.StatsFilter())] == [()]
    store.close()


def test_the_terminal_player_without_names_saves_only_the_companion_and_named_players(
    tmp_path: Path,
) -> None:
    path = tmp_path / "games.sqlite3"
    done = subprocess.run(
        [sys.executable, "-m", "companion", "play", "quoridor", "--companion", "1:easy",
         "--store", str(path)],
        input="e8\nquit\n", capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    store = Store(path)
    assert [p.name for p in store.players()] == ["Companion (easy)"]
    stored = store.unfinished("quoridor")
    assert stored is not None and stored.names == ("Player 1", "Player 2")
    assert store.seat_player_ids(stored.id) == [None, store.companion_player("easy").id]
    store.close()
    # the app continues it: the unnamed seat stays nobody's, also in a game played again
    from companion.table.session import TableSession

    store = Store(path)
    table = TableSession(store, lang="en")
    assert table.continue_game() and table.setup is not None
    assert table.setup.unnamed == frozenset({0}) and table.setup.player_ids == {}
    table.play_again()
    stored_id = table.saving.stored_id
    assert stored_id is not None
    assert store.seat_player_ids(stored_id) == [None, store.companion_player("easy").id]
    assert [p.name for p in store.players()] == ["Companion (easy)"]
    store.close()
