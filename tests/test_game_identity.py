"""A game's identity is unique: every game gets a random uid when it starts, kept, exported and
used as the import key; stores and exports from before uids still work (issue 22, item 6)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import uuid
from pathlib import Path

import jsonschema
import pytest
from records_store import DATA, WALK, Clock, v1_store, v2_store

from companion.engine import open_game
from companion.records import stats
from companion.records.backup import restore_store
from companion.records.bgstats import bgstats_json
from companion.records.export import export_records, finished_games, import_json
from companion.records.store import SCHEMA_VERSION, Store

DOCS = Path(__file__).resolve().parents[1] / "docs"
SAME_SECOND = "2026-11-20T19:00:00+00:00"


def three_quick_games(path: Path) -> Store:
    """Eva–Pat, Eva–Pat, Pat–Eva: the same walk to the goal, all started in the same second
    (seat 0 wins each: Eva twice, then Pat)."""
    clock = Clock()
    store = Store(path, clock=clock)
    for names in (["Eva", "Pat"], ["Eva", "Pat"], ["Pat", "Eva"]):
        clock.now = SAME_SECOND
        match = open_game("quoridor", players=2, names=names)
        game_id = store.start(match)
        for line in WALK:
            match.play(line)
            store.record(game_id, match)
        clock.now = "2026-11-20T19:00:40+00:00"
        store.record(game_id, match)
    return store


def wins(store: Store) -> dict[str, tuple[int, int]]:
    return {line.player.name: (line.games, line.wins) for line in stats.player_lines(store)}


def uids(store: Store) -> list[str]:
    return [uid for (uid,) in store.connection.execute("SELECT uid FROM games ORDER BY id")]


def test_three_quick_games_exported_and_imported_into_a_fresh_store_stay_three(
    tmp_path: Path,
) -> None:
    store = three_quick_games(tmp_path / "games.sqlite3")
    exported = tmp_path / "records.json"
    assert export_records(store, "json", exported) == 3
    fresh = Store(tmp_path / "fresh.sqlite3")
    report = import_json(fresh, exported)
    assert (report.added, report.already_there) == (3, 0)
    assert len(list(finished_games(fresh))) == 3
    assert wins(fresh) == {"Eva": (3, 2), "Pat": (3, 1)} == wins(store)  # Pat's win is there
    # each game came back as the game it was: its players and its uid
    assert [(g.uid, [s.player for s in g.seats]) for g in finished_games(fresh)] == \
        [(g.uid, [s.player for s in g.seats]) for g in finished_games(store)]


def test_every_game_gets_a_random_uid_when_it_starts_and_keeps_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    match = open_game("quoridor", players=2, names=["Eva", "Pat"])
    game_id = store.start(match)
    uid = store.load(game_id).uid
    assert uuid.UUID(uid).version == 4 and str(uuid.UUID(uid)) == uid
    for line in WALK:
        match.play(line)
        store.record(game_id, match)
    assert match.is_over and store.load(game_id).uid == uid  # finishing keeps it
    other = store.start(open_game("quoridor", players=2, names=["Eva", "Pat"]))
    assert store.load(other).uid not in ("", uid)
    store.close()
    assert Store(tmp_path / "games.sqlite3").load(game_id).uid == uid  # and it is stored
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    try:  # the store itself refuses a second game of the same uid
        with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
            db.execute("UPDATE games SET uid = ? WHERE id = ?", (uid, other))
    finally:
        db.close()


def test_the_uid_is_in_every_export(tmp_path: Path) -> None:
    store = three_quick_games(tmp_path / "games.sqlite3")
    expected = uids(store)
    assert len(set(expected)) == 3

    export_records(store, "json", tmp_path / "records.json")
    data = json.loads((tmp_path / "records.json").read_text(encoding="utf-8"))
    schema = json.loads((DOCS / "records.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, schema)
    assert data["version"] == 2
    assert [game["uid"] for game in data["games"]] == expected
    assert len({game["key"] for game in data["games"]}) == 1  # the content key cannot tell

    export_records(store, "csv", tmp_path / "records.csv")
    rows = list(csv.DictReader(io.StringIO(
        (tmp_path / "records.csv").read_text(encoding="utf-8-sig"))))
    assert [row["game_uid"] for row in rows] == [uid for uid in expected for _ in range(2)]

    plays = bgstats_json(store)["plays"]
    assert [play["uuid"] for play in plays] == [uid.upper() for uid in expected]


def test_importing_again_adds_nothing_in_either_direction(tmp_path: Path) -> None:
    store = three_quick_games(tmp_path / "games.sqlite3")
    exported = tmp_path / "records.json"
    export_records(store, "json", exported)
    again = import_json(store, exported)  # into the store it came from
    assert (again.added, again.already_there, again.players_added) == (0, 3, 0)
    fresh = Store(tmp_path / "fresh.sqlite3")
    assert import_json(fresh, exported).added == 3
    assert import_json(fresh, exported).added == 0
    export_records(fresh, "json", tmp_path / "back.json")  # and back: the same games
    assert import_json(store, tmp_path / "back.json").added == 0
    assert uids(fresh) == uids(store)


def test_a_schema_2_store_is_migrated_each_game_gets_a_uid_its_key_kept(
    tmp_path: Path,
) -> None:
    path = v2_store(tmp_path / "games.sqlite3")
    store = Store(path)
    assert store.warnings == []
    (version,) = store.connection.execute(
        "SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    assert version == str(SCHEMA_VERSION) == "4"
    [copy] = tmp_path.glob("games.v2-backup-*.sqlite3")  # the file as it was, kept beside
    with sqlite3.connect(copy) as old:
        assert old.execute("SELECT value FROM meta").fetchone() == ("2",)
    rows = store.connection.execute("SELECT id, status, key, uid FROM games ORDER BY id")
    games = {game_id: (status, key, uid) for game_id, status, key, uid in rows}
    content_key = games[1][1]
    assert [games[i][1] for i in (1, 2, 3)] == [content_key] * 3  # the old keys, untouched
    # the first keeps its content key as its uid; the others (same key) and the unfinished
    # game get new random ones
    assert games[1][2] == content_key
    for game_id in (2, 3, 4):
        assert uuid.UUID(games[game_id][2]).version == 4
    assert len({uid for _, _, uid in games.values()}) == 4
    # the records read as before, and the game still being played goes on and finishes
    assert wins(store) == {"Eva": (3, 2), "Pat": (3, 1)}
    stored = store.unfinished("quoridor")
    assert stored is not None and stored.uid == games[4][2]
    match = store.resume(stored)
    for line in WALK[1:]:
        match.play(line)
    store.record(stored.id, match)
    assert store.load(stored.id).uid == games[4][2]
    store.close()
    Store(path).close()  # opened again: nothing left to migrate, no second copy
    assert len(list(tmp_path.glob("games.v2-backup-*"))) == 1


def test_an_old_export_without_uids_still_imports_and_is_known_by_its_content_key(
    tmp_path: Path,
) -> None:
    old_export = DATA / "records-v1.json"
    data = json.loads(old_export.read_text(encoding="utf-8"))
    assert data["version"] == 1 and all("uid" not in game for game in data["games"])
    # into the store it came from (migrated meanwhile): every game is already there
    store = Store(v2_store(tmp_path / "games.sqlite3"))
    assert import_json(store, old_export).already_there == 3
    # into a fresh store: its games come in; the file cannot tell its three games apart (one
    # content key), so they come in as one, as that build knew them
    fresh = Store(tmp_path / "fresh.sqlite3")
    report = import_json(fresh, old_export)
    assert (report.added, report.already_there, report.players_added) == (1, 2, 2)
    [game] = finished_games(fresh)
    assert game.uid == game.key == data["games"][0]["key"]
    assert import_json(fresh, old_export).added == 0  # idempotent
    # the fresh store's export (with uids) is known to the migrated store: the same game
    export_records(fresh, "json", tmp_path / "again.json")
    assert import_json(store, tmp_path / "again.json").added == 0


def test_a_bad_uid_in_a_file_is_refused_in_plain_words(tmp_path: Path) -> None:
    store = three_quick_games(tmp_path / "games.sqlite3")
    exported = tmp_path / "records.json"
    export_records(store, "json", exported)
    data = json.loads(exported.read_text(encoding="utf-8"))
    for number, bad in enumerate((17, "", " x", "x" * 65)):
        data["games"][1]["uid"] = bad
        broken = tmp_path / "broken.json"
        broken.write_text(json.dumps(data), encoding="utf-8")
        fresh = Store(tmp_path / f"fresh-{number}.sqlite3")
        with pytest.raises(ValueError, match="game 2: 'uid' must be the game's identity"):
            import_json(fresh, broken)
        assert list(finished_games(fresh)) == []  # nothing imported


def test_a_reader_beside_the_app_never_changes_the_file(tmp_path: Path) -> None:
    path = v2_store(tmp_path / "games.sqlite3")
    before = path.read_bytes()
    reader = Store(path, read_only=True)  # the older schema is read migrated in memory
    assert [game.uid for game in reader.past_games()][-1] == "430a793bd27b57d5b4021e15"
    assert wins(reader) == {"Eva": (3, 2), "Pat": (3, 1)}
    reader.close()
    assert path.read_bytes() == before and list(tmp_path.iterdir()) == [path]
    missing = Store(tmp_path / "none.sqlite3", read_only=True)
    assert missing.past_games() == [] and not (tmp_path / "none.sqlite3").exists()
    missing.close()


def test_a_schema_1_store_comes_up_to_schema_3_with_a_uid_for_every_game(
    tmp_path: Path,
) -> None:
    store = Store(v1_store(tmp_path / "games.sqlite3"))
    rows = store.connection.execute("SELECT status, key, uid FROM games ORDER BY id").fetchall()
    assert len(rows) == 6 and all(uid for _, _, uid in rows)
    for status, key, uid in rows:
        if status == "finished":
            assert uid == key  # known by the key earlier exports gave it
        else:
            assert uuid.UUID(uid).version == 4


def test_a_schema_2_backup_is_restored_up_to_date(tmp_path: Path) -> None:
    old = v2_store(tmp_path / "old-backup.sqlite3")
    current = tmp_path / "games.sqlite3"
    three_quick_games(current).close()
    aside = restore_store(old, current)
    assert aside is not None and aside.exists()
    store = Store(current)
    assert store.warnings == [] and len(set(uids(store))) == 4
    assert uids(store)[0] == "430a793bd27b57d5b4021e15"
    assert wins(store) == {"Eva": (3, 2), "Pat": (3, 1)}
