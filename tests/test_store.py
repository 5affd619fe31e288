"""The SQLite store: durable inputs, exact resume, finished games, and damaged files set aside."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.engine import open_game
from companion.records.store import SCHEMA_VERSION, Store


def test_an_unfinished_game_resumes_exactly_undo_line_included(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = Store(path)
    match = open_game("quoridor", players=2, names=["Eva", "Jan"])
    game_id = store.start(match, extra={"colours": ["red", "blue"]})
    for line in ["e8", "e2", "e3h", "e3"]:
        match.play(line)
        store.record(game_id, match)
    match.undo()
    store.record(game_id, match)
    store.close()

    reopened = Store(path)
    stored = reopened.unfinished("quoridor")
    assert stored is not None and stored.id == game_id
    assert stored.names == ("Eva", "Jan") and stored.extra == {"colours": ["red", "blue"]}
    resumed = reopened.resume(stored)
    assert resumed.history == ["e8", "e2", "e3h"]
    assert resumed.position() == match.position()
    assert resumed.redo() and resumed.history == ["e8", "e2", "e3h", "e3"]
    # a new input after undo drops the redo line in the store as well
    resumed.undo()
    resumed.play("d2")
    reopened.record(game_id, resumed)
    assert reopened.load(game_id).timeline == ("e8", "e2", "e3h", "d2")
    assert reopened.warnings == []


def test_finished_games_are_kept_with_date_players_and_result(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    match = open_game(
        "quoridor", players=2, names=["Eva", "Jan"],
        position="quoridor 2 | turn e9 | e9 e2 10 | e1 e5 10 | walls -",
    )
    game_id = store.start(match)
    match.play("e1")
    store.record(game_id, match)
    assert store.unfinished() is None
    [finished] = store.finished_games()
    assert finished.id == game_id and finished.status == "finished"
    assert finished.result == {"ranking": [[0], [1]], "reason": "goal"}
    assert finished.winners == ["Eva"] and finished.finished and finished.started
    replay = store.resume(finished)
    assert replay.outcome is not None and replay.history == ["e1"]


def test_a_file_that_is_not_sqlite_is_moved_aside_and_a_fresh_store_starts(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"this is certainly not a database" * 100)
    store = Store(path)
    assert len(store.warnings) == 1 and "moved to" in store.warnings[0]
    aside = [p for p in tmp_path.iterdir() if "unreadable" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is certainly")
    game_id = store.start(open_game("quoridor"))
    assert store.load(game_id).game == "quoridor"


def test_a_store_of_another_schema_version_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '999' WHERE key = 'schema_version'")
    store = Store(path)
    assert "schema version 999" in store.warnings[0]
    assert store.setting("schema probe", "fresh") == "fresh"
    with sqlite3.connect(path) as db:
        (version,) = db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    assert version == str(SCHEMA_VERSION)


def test_a_game_that_no_longer_replays_is_set_aside_with_a_message(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    match = open_game("quoridor")
    game_id = store.start(match)
    match.play("e8")
    store.record(game_id, match)
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE inputs SET line = 'e5' WHERE game_id = ?", (game_id,))
    store._saved_lines.clear()
    stored = store.unfinished()
    assert stored is not None
    assert store.resume_or_none(stored) is None
    assert "could not be replayed" in store.warnings[0]
    assert store.unfinished() is None
    assert store.load(game_id).status == "unreadable"


def test_settings_and_die_faces_are_remembered(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = Store(path)
    store.set_setting("language", "cs")
    store.set_setting("names", ["Eva", "Jan"])
    for face in [6, 6, 1]:
        store.count_face("software", face)
    store.close()
    again = Store(path)
    assert again.setting("language") == "cs" and again.setting("names") == ["Eva", "Jan"]
    assert again.face_counts("software") == [1, 0, 0, 0, 0, 2]
    assert again.face_counts("serial") == [0] * 6


def test_the_store_is_in_wal_mode_and_its_flusher_syncs_each_commit(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    connection = store.connection
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # NORMAL: a commit does not wait for the card; the store's flusher syncs it right after
    # (tests/test_store_flusher.py)
    assert connection.execute("PRAGMA synchronous").fetchone()[0] == 1


def test_a_roll_and_its_face_count_land_in_one_commit(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    match = open_game("clovece", players=2)
    game_id = store.start(match)
    match.play("roll 5")
    store.record(game_id, match, die_face=("serial", 5))
    assert store.face_counts("serial") == [0, 0, 0, 0, 1, 0]
    assert store.load(game_id).timeline == ("roll 5",)


def test_the_history_lists_finished_games_and_games_ended_early_with_a_move(
        tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    empty = store.start(open_game("quoridor", names=["Eva", "Jan"]))
    store.abandon(empty)                                   # ended before any move: not listed
    ended = open_game("quoridor", names=["Eva", "Jan"])
    ended_id = store.start(ended)
    ended.play("e8")
    store.record(ended_id, ended)
    store.abandon(ended_id)                                # ended from the menu
    playing = open_game("quoridor", names=["Eva", "Jan"])
    playing_id = store.start(playing)
    playing.play("e8")
    store.record(playing_id, playing)                      # still being played: not listed
    listed = store.past_games()
    assert [(game.id, game.status) for game in listed] == [(ended_id, "abandoned")]
    assert listed[0].timeline == ("e8",) and listed[0].cursor == 1


def test_a_setting_is_read_from_the_file_once_and_follows_every_change(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    store.set_setting("coach.crash", False)
    statements: list[str] = []
    store.connection.set_trace_callback(statements.append)
    read = [store.setting("coach.crash", False) for _ in range(5)]
    unset = [store.setting("coach.quoridor", "none") for _ in range(3)]
    assert read == [False] * 5 and unset == ["none"] * 3
    queries = [sql for sql in statements if "FROM settings" in sql]
    assert queries == ["SELECT value FROM settings WHERE key = 'coach.quoridor'"]  # (before: 8)
    store.set_setting("coach.crash", True)
    assert store.setting("coach.crash", False) is True
    setup = {"names": ["Eva"]}
    store.set_setting("setup.crash", setup)
    first = store.setting("setup.crash")
    first["names"].append("Jan")  # a reader changing its copy changes nothing kept
    assert store.setting("setup.crash") == setup
    store.write(lambda db: db.execute(
        "UPDATE settings SET value = 'false' WHERE key = 'coach.crash'"))
    assert store.setting("coach.crash", True) is False  # a store write's work: read again
    store.connection.set_trace_callback(None)
    assert Store(tmp_path / "games.sqlite3").setting("coach.crash", True) is False
