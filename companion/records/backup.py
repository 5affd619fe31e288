"""Copies of the store that outlive the memory card: backup, restore, daily copies, USB stick.

Every copy is taken with SQLite's online backup API from a read transaction, so it is
consistent even while the app (or another process) is writing: it holds every game committed
before the copy began. A copy is written to a temporary file, checked (``integrity_check``),
flushed to the medium and only then renamed into place, so a half-written copy never looks
like a good one.

Restoring checks the file first (SQLite, intact, a companion store of a schema this build
reads: an older schema is migrated on the way in) and keeps the store it replaces beside it
(``<name>.before-restore-<stamp>.sqlite3``). A file that fails a check changes nothing.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from companion.records.schema import (
    READABLE_VERSIONS,
    SCHEMA_VERSION,
    create_tables,
    migrate,
    schema_version,
)

if TYPE_CHECKING:
    from companion.records.store import Store

log = logging.getLogger(__name__)

BACKUP_FOLDER = "backups"
USB_FOLDER = "companion-records"
MOUNTS = Path("/proc/mounts")
MEDIA_ROOTS = (Path("/media"), Path("/run/media"))
KEEP_DAILY = 7


class BackupError(ValueError):
    """A copy could not be made or a file cannot be restored; the message says why in plain
    words."""


def backup_store(source: Path | str, target: Path | str) -> Path:
    """A consistent, checked copy of the store ``source`` at ``target`` (replaced whole)."""
    source, target = _checked_paths(
        source, target,
        missing="there is no games file at {source}",
        itself="the backup {target} would overwrite the games file itself",
    )
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        reader = _open_for_reading(source)
        try:
            _copy(reader, temporary)
        finally:
            reader.close()
        problem = _integrity_problem(temporary)
        if problem:
            raise BackupError(f"the copy of {source} is not sound: {problem}")
        _sync(temporary)
        os.replace(temporary, target)
        _sync_folder(target.parent)
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{source} could not be copied: {error}") from None
    finally:
        _remove(temporary)
    return target


def restore_store(source: Path | str, store_path: Path | str) -> Path | None:
    """Put the store in ``source`` in place of ``store_path``, after checking it.

    Returns where the previous store was kept (None when there was none). Raises BackupError
    (nothing changed) for a file that is not an intact companion store of a schema this build
    reads.
    """
    source, store_path = _checked_paths(
        source, store_path,
        missing="there is no file {source}", itself="{source} is the games file itself",
    )
    checked = store_path.with_name(f".{store_path.name}.restore-{os.getpid()}.tmp")
    try:
        _prepare_restore(source, checked)
        aside = _keep_aside(store_path)
        _put_in_place(checked, store_path)
    finally:
        _remove(checked)
    return aside


def daily_backup(store_path: Path | str, keep: int = KEEP_DAILY) -> Path | None:
    """Today's copy in ``backups/`` beside the store; the newest ``keep`` days are kept.

    Safe to call at every start: None when today's copy exists already, when there is no
    store yet, or when the copy could not be made (logged, never raised).
    """
    store_path = Path(store_path)
    folder = store_path.parent / BACKUP_FOLDER
    target = folder / f"{store_path.stem}-{date.today().isoformat()}{store_path.suffix}"
    if not store_path.is_file() or target.exists():
        return None
    try:
        backup_store(store_path, target)
    except (BackupError, OSError, sqlite3.Error) as error:
        log.warning("the daily backup of %s could not be made: %s", store_path, error)
        return None
    pattern = re.compile(
        re.escape(store_path.stem) + r"-\d{4}-\d{2}-\d{2}" + re.escape(store_path.suffix) + "$"
    )
    dailies = sorted(path for path in folder.iterdir() if pattern.match(path.name))
    for old in dailies[: max(0, len(dailies) - keep)]:
        _remove(old)
    return target


def usb_sticks(
    mounts: Path = MOUNTS, roots: Sequence[Path] = MEDIA_ROOTS
) -> list[Path]:
    """Writable removable media mounted where the desktop mounts them (``/media/USER/LABEL``,
    ``/run/media/USER/LABEL``), read from ``mounts`` (``/proc/mounts``)."""
    try:
        text = mounts.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    found = []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        mountpoint = Path(_unescape(fields[1]))
        options = fields[3].split(",")
        if "ro" in options:
            continue
        if any(mountpoint.parent.parent == Path(root) for root in roots):
            found.append(mountpoint)
    return sorted(set(found))


def copy_to_usb(store: Store | Path | str, stick: Path | str) -> Path:
    """The records onto the stick: a backup of the store and its CSV and JSON export, in
    ``companion-records/`` there (file names carry the date and time). Returns that folder."""
    from companion.records.export import export_records

    store_path = Path(store) if isinstance(store, (str, Path)) else store.path
    folder = Path(stick) / USB_FOLDER
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BackupError(f"the USB stick {stick} cannot be written: {error.strerror}") from None
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    copy = backup_store(store_path, folder / f"games-{stamp}.sqlite3")
    snapshot = _Snapshot(_open_for_reading(copy))
    try:
        export_records(snapshot, "csv", folder / f"games-{stamp}.csv")
        export_records(snapshot, "json", folder / f"games-{stamp}.json")
    finally:
        snapshot.connection.close()
    _sync_folder(folder)
    return folder


# -- private helpers ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Snapshot:
    connection: sqlite3.Connection


def _checked_paths(
    source: Path | str, target: Path | str, *, missing: str, itself: str
) -> tuple[Path, Path]:
    """``source`` and ``target`` as paths, and the target's folder made, once ``source`` is a
    file and ``target`` is not that file; else BackupError with the message ``missing`` or
    ``itself`` (formatted with ``source`` and ``target``)."""
    source, target = Path(source), Path(target)
    if not source.is_file():
        raise BackupError(missing.format(source=source, target=target))
    if target.exists() and target.resolve() == source.resolve():
        raise BackupError(itself.format(source=source, target=target))
    target.parent.mkdir(parents=True, exist_ok=True)
    return source, target


def _open_for_reading(path: Path) -> sqlite3.Connection:
    """A connection that never changes the file (read-only when the folder allows it)."""
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return connection
    except sqlite3.OperationalError:
        return sqlite3.connect(path)


def _copy(reader: sqlite3.Connection, target: Path) -> None:
    """One backup step of every page: one read transaction, so one consistent snapshot."""
    _remove(target)
    writer = sqlite3.connect(target)
    try:
        reader.backup(writer, pages=-1)
        writer.execute("PRAGMA journal_mode=DELETE")
    finally:
        writer.close()


def _integrity_problem(path: Path) -> str:
    """'' for an intact SQLite file, else what is wrong."""
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            rows = connection.execute("PRAGMA integrity_check").fetchall()
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        return str(error)
    messages = [str(row[0]) for row in rows]
    return "" if messages == ["ok"] else "; ".join(messages[:3])


def _prepare_restore(source: Path, checked: Path) -> None:
    """A checked copy of ``source`` at ``checked``, migrated to this build's schema."""
    problem = _integrity_problem(source)
    if problem:
        raise BackupError(f"{source} is not an intact games file: {problem}")
    try:
        reader = _open_for_reading(source)
        try:
            version = schema_version(reader)
            has_games = reader.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'"
            ).fetchone()
            if version is None or not has_games:
                raise BackupError(f"{source} is an SQLite file but not a companion games file")
            if version not in READABLE_VERSIONS:
                raise BackupError(
                    f"{source} has schema version {version}; this companion reads versions "
                    f"{', '.join(READABLE_VERSIONS[:-1])} and {SCHEMA_VERSION}"
                )
            _copy(reader, checked)
        finally:
            reader.close()
        connection = sqlite3.connect(checked, isolation_level=None)
        try:
            connection.execute("BEGIN IMMEDIATE")
            if version != str(SCHEMA_VERSION):
                migrate(connection, version)
            else:
                create_tables(connection)
            connection.execute("COMMIT")
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{source} could not be read: {error}") from None
    problem = _integrity_problem(checked)
    if problem:
        raise BackupError(f"{source} did not come through the check: {problem}")


def _keep_aside(store_path: Path) -> Path | None:
    if not store_path.exists():
        return None
    aside = store_path.with_name(
        f"{store_path.stem}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}{store_path.suffix}"
    )
    try:
        return backup_store(store_path, aside)
    except BackupError:
        # The store itself is damaged (often the reason to restore): keep its files as they are.
        for suffix in ("", "-wal", "-shm"):
            part = Path(str(store_path) + suffix)
            if part.exists():
                part.replace(Path(str(aside) + suffix))
        return aside


def _put_in_place(checked: Path, store_path: Path) -> None:
    """The checked copy becomes the store: through SQLite when a store is there (another
    process that has it open sees the new content), else by renaming the file."""
    if not store_path.exists():
        _sync(checked)
        os.replace(checked, store_path)
        return
    source = sqlite3.connect(checked)
    target = sqlite3.connect(store_path)
    try:
        source.backup(target, pages=-1)
    finally:
        target.close()
        source.close()


def _unescape(field: str) -> str:
    """``/proc/mounts`` writes space, tab, newline and backslash as octal escapes."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def _sync(path: Path) -> None:
    with open(path, "rb") as file:
        os.fsync(file.fileno())


def _sync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _remove(path: Path) -> None:
    for suffix in ("", "-journal", "-wal", "-shm"):
        try:
            Path(str(path) + suffix).unlink()
        except FileNotFoundError:
            pass
