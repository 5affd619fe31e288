"""Copies that outlive the card: a backup taken while another process writes, restore that
checks first and keeps the old store, the daily copies, and the USB stick."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path

import jsonschema
import pytest
from records_store import SEAT0_IN_ONE, eva_beats_jan, play_quoridor, v1_store

from companion.cli import main
from companion.records.backup import (
    BackupError,
    backup_store,
    copy_to_usb,
    daily_backup,
    restore_store,
    usb_sticks,
)
from companion.records.store import Store

ROOT = Path(__file__).resolve().parents[1]

WRITER = """
import sys, time
from pathlib import Path
from companion.engine import open_game
from companion.records.store import Store
store = Store(sys.argv[1])
stop = Path(sys.argv[2])
count = 0
while not stop.exists():
    match = open_game("quoridor", names=["Eva", f"Jan {count % 5}"],
                      position="quoridor 2 | turn e9 | e9 e3 10 | e1 e7 10 | walls -")
    game_id = store.start(match)
    for line in ("e2", "e8", "e1"):
        match.play(line)
        store.record(game_id, match)
    count += 1
    print(count, flush=True)
print("stopped", flush=True)
"""


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def integrity(path: Path) -> str:
    connection = sqlite3.connect(path)
    try:
        return str(connection.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        connection.close()


def test_a_backup_taken_while_another_process_writes_holds_every_committed_game(
    tmp_path: Path,
) -> None:
    path, stop = tmp_path / "games.sqlite3", tmp_path / "stop"
    Store(path).close()
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), str(stop)], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert writer.stdout is not None
    try:
        while int(writer.stdout.readline() or 0) < 30:  # the writer is well under way
            assert writer.poll() is None, writer.stderr.read() if writer.stderr else ""
        copies = []
        for number in range(3):  # three copies, each while the writer goes on
            reader = sqlite3.connect(path)
            committed = reader.execute(
                "SELECT id FROM games WHERE status = 'finished' ORDER BY id").fetchall()
            reader.close()
            copy = tmp_path / f"copy-{number}.sqlite3"
            assert main(["backup", str(copy), "--store", str(path)]) == 0
            copies.append((copy, [row[0] for row in committed]))
        during = int(writer.stdout.readline())
    finally:
        stop.touch()
        writer.wait(timeout=60)
    assert writer.returncode == 0
    assert during > 30  # it kept writing while the copies were taken
    for copy, committed in copies:
        assert integrity(copy) == "ok"
        backup = Store(copy)
        held = {game.id for game in backup.finished_games(limit=100_000)}
        assert set(committed) <= held
        for game_id in committed:  # each whole: every input, every seat, every result
            game = backup.load(game_id)
            assert game.timeline == ("e2", "e8", "e1") and game.winners == ["Eva"]
            assert len(backup.seat_player_ids(game_id)) == 2
        results = backup.connection.execute(
            "SELECT COUNT(*) FROM seat_results").fetchone()[0]
        assert results == 2 * len(held)
        backup.close()
        assert not Path(str(copy) + "-wal").exists()  # a single file, ready to carry away


def test_restore_refuses_a_corrupt_file_and_leaves_the_store_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "games.sqlite3"
    store = eva_beats_jan(path)
    store.close()
    good = backup_store(path, tmp_path / "good.sqlite3")
    corrupt = tmp_path / "corrupt.sqlite3"
    data = bytearray(good.read_bytes())
    page = 4096
    for offset in range(page, len(data), page):  # every page after the first: garbage
        data[offset + 8 : offset + 200] = bytes(range(192))
    corrupt.write_bytes(bytes(data))
    (tmp_path / "text.sqlite3").write_text("not a database " * 400, encoding="utf-8")
    newer = backup_store(path, tmp_path / "newer.sqlite3")
    with sqlite3.connect(newer) as db:
        db.execute("UPDATE meta SET value = '999' WHERE key = 'schema_version'")
    db.close()
    plain = tmp_path / "plain.sqlite3"
    with sqlite3.connect(plain) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    db.close()

    before = digest(path)
    for name, said in [("corrupt.sqlite3", "is not an intact games file"),
                       ("text.sqlite3", "is not an intact games file"),
                       ("newer.sqlite3", "schema version 999"),
                       ("plain.sqlite3", "not a companion games file"),
                       ("missing.sqlite3", "there is no file")]:
        assert main(["restore", str(tmp_path / name), "--store", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err and "Traceback" not in err, err
        assert digest(path) == before
    assert not list(tmp_path.glob("*before-restore*"))
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no leftovers
    with pytest.raises(BackupError, match="is not an intact"):
        restore_store(corrupt, path)


def test_restore_puts_the_copy_in_place_and_keeps_the_previous_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "games.sqlite3"
    store = eva_beats_jan(path)
    copy = backup_store(path, tmp_path / "monday.sqlite3")
    play_quoridor(store, ["Ota", "Iva"], SEAT0_IN_ONE, "2024-01-02")  # after the copy
    assert main(["restore", str(copy), "--store", str(path)]) == 0
    assert "the previous one is kept in" in capsys.readouterr().out
    assert [g.names for g in store.finished_games()] == [("Eva", "Jan")]  # seen by the open store
    store.close()
    [aside] = tmp_path.glob("games.before-restore-*.sqlite3")
    kept = Store(aside)
    assert [g.names for g in kept.finished_games()] == [("Ota", "Iva"), ("Eva", "Jan")]
    kept.close()
    assert integrity(path) == "ok"


def test_restore_brings_a_schema_1_backup_up_to_date(tmp_path: Path) -> None:
    old = v1_store(tmp_path / "old.sqlite3")
    path = tmp_path / "games.sqlite3"
    assert restore_store(old, path) is None  # there was no store before
    store = Store(path)
    assert store.warnings == []
    assert sorted(p.name for p in store.players())[:2] == ["Companion (strong)", "Eva"]
    assert len(store.finished_games()) == 4
    assert not list(tmp_path.glob("*v1-backup*"))  # the file restored from is the old copy


def test_the_daily_backup_makes_one_copy_a_day_and_keeps_seven(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    assert daily_backup(path) is None  # no store yet: nothing to copy
    store = eva_beats_jan(path)  # open, as while the app runs
    folder = tmp_path / "backups"
    folder.mkdir()
    today = date.today()
    for days in range(1, 10):  # nine older daily copies
        backup_store(path, folder / f"games-{(today - timedelta(days=days)).isoformat()}.sqlite3")
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    made = daily_backup(path)
    assert made == folder / f"games-{today.isoformat()}.sqlite3"
    assert integrity(made) == "ok" and len(Store(made).finished_games()) == 1
    assert daily_backup(path) is None  # once a day, however often the app starts
    kept = sorted(p.name for p in folder.glob("games-*.sqlite3"))
    assert kept == [f"games-{(today - timedelta(days=d)).isoformat()}.sqlite3"
                    for d in range(6, -1, -1)]
    assert (folder / "notes.txt").exists()
    store.close()


def test_usb_sticks_are_the_writable_media_mounted_for_a_user(tmp_path: Path) -> None:
    mounts = tmp_path / "mounts"
    media, run_media = tmp_path / "media", tmp_path / "run" / "media"
    mounts.write_text(
        "/dev/mmcblk0p2 / ext4 rw,noatime 0 0\n"
        f"/dev/sda1 {media}/pi/STICK vfat rw,nosuid,nodev,relatime 0 0\n"
        f"/dev/sdb1 {media}/pi/MY\\040FILES exfat rw,nosuid 0 0\n"
        f"/dev/sdc1 {run_media}/eva/KEY vfat rw 0 0\n"
        f"/dev/sdd1 {media}/pi/LOCKED vfat ro,nosuid 0 0\n"
        f"/dev/sde1 {media}/usb0 vfat rw 0 0\n"
        "/dev/sdf1 /mnt/backup ext4 rw 0 0\n"
        "tmpfs /run tmpfs rw 0 0\n",
        encoding="utf-8",
    )
    assert usb_sticks(mounts, roots=(media, run_media)) == [
        media / "pi" / "MY FILES", media / "pi" / "STICK", run_media / "eva" / "KEY"]
    assert usb_sticks(tmp_path / "no-such-file", roots=(media,)) == []


def test_copy_to_usb_writes_a_backup_and_both_exports(tmp_path: Path) -> None:
    store = eva_beats_jan(tmp_path / "games.sqlite3")
    stick = tmp_path / "stick"
    stick.mkdir()
    folder = copy_to_usb(store, stick)
    assert folder == stick / "companion-records"
    files = {p.suffix: p for p in folder.iterdir()}
    assert set(files) == {".sqlite3", ".csv", ".json"}
    assert integrity(files[".sqlite3"]) == "ok"
    records = json.loads(files[".json"].read_text(encoding="utf-8"))
    jsonschema.validate(records, json.loads(
        (ROOT / "docs" / "records.schema.json").read_text(encoding="utf-8")))
    assert [s["player"] for s in records["games"][0]["seats"]] == ["Eva", "Jan"]
    assert files[".csv"].read_text(encoding="utf-8-sig").count("\n") == 3
    time.sleep(1.1)  # a second copy the next second sits beside the first
    copy_to_usb(store.path, stick)
    assert len(list(folder.glob("*.sqlite3"))) == 2
    with pytest.raises(BackupError, match="cannot be written"):
        copy_to_usb(store, tmp_path / "games.sqlite3")  # a file, not a stick


def test_backup_refuses_to_overwrite_the_store_and_a_missing_store_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "games.sqlite3"
    Store(path).close()
    for argv, said in [
        (["backup", str(path), "--store", str(path)], "would overwrite the games file"),
        (["backup", str(tmp_path / "c.sqlite3"), "--store", str(tmp_path / "none.sqlite3")],
         "there is no games file"),
    ]:
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err, err
