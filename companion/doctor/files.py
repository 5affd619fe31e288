"""The doctor's look at the files: the game store, the free disk under it, the config file.

The store is only ever opened read-only (a ``file:…?mode=ro`` URI, ``immutable`` when no WAL
files exist, so not even ``-wal``/``-shm`` files are left behind): the doctor never changes,
moves or replaces a store. :class:`companion.store.Store` is not used here, because it sets
unreadable files aside.
"""

from __future__ import annotations

import errno
import json
import os
import pwd
import shutil
import sqlite3
import sys
import tempfile
import tomllib
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.config import ENV_VAR, SYSTEM_CONFIG, Config, default_paths, parse_config
from companion.doctor.system import Check, Machine, Status, user_name
from companion.i18n import Translate
from companion.records.schema import READABLE_VERSIONS
from companion.records.store import SCHEMA_VERSION, default_store_path

WARN_FREE_BYTES = 50 * 1024 * 1024
FAIL_FREE_BYTES = 5 * 1024 * 1024
SERVICE_STORE_NAME = "companion.sqlite3"
"""The store the service keeps in its state directory (``--store`` in companion.service)."""

WriteProbe = Callable[[Path], None]
DiskUsage = Callable[[Path], Any]


@dataclass(frozen=True)
class StoreChoice:
    path: Path
    origin: str
    """Why this file: ``--store``, the service's, the app's default (translated)."""


def choose_store(given: Path | None, machine: Machine, t: Translate) -> StoreChoice:
    if given is not None:
        return StoreChoice(given, "--store")
    service = machine.service_home / SERVICE_STORE_NAME
    if service.exists():
        return StoreChoice(service, t("the service's store"))
    return StoreChoice(default_store_path(), t("the app's default store"))


def probe_write(directory: Path) -> None:
    """Create, fill, sync and remove a small file in ``directory``; OSError if any step fails."""
    handle, name = tempfile.mkstemp(prefix=".companion-doctor-", dir=directory)
    try:
        os.write(handle, b"\0" * 4096)
        os.fsync(handle)
    finally:
        os.close(handle)
        os.unlink(name)


def check_store_directory(path: Path, t: Translate, probe: WriteProbe = probe_write) -> Check:
    directory = path.parent
    existing = nearest_existing(directory)
    try:
        probe(existing)
    except OSError as error:
        return _not_writable(directory, existing, error, t)
    if existing == directory:
        return Check("store-directory", "ok", t("store directory {directory} is writable").format(
            directory=directory))
    return Check("store-directory", "ok", t(
        "store directory {directory} does not exist yet; the app creates it in {parent}, which "
        "is writable")
        .format(directory=directory, parent=existing))


def check_store_file(choice: StoreChoice, t: Translate) -> list[Check]:
    """Exists? Intact (``PRAGMA integrity_check``)? Its size and games."""
    path = choice.path
    if not path.exists():
        return [Check("store", "ok", t(
            "store {path} ({origin}) does not exist yet: the app starts a fresh one").format(
            path=path, origin=choice.origin))]
    if not path.is_file():
        return [Check("store", "fail", t("store {path} is not a file").format(path=path),
                      t("Move it away or start the app with --store and another file."))]
    set_aside = t("Stop the app (sudo systemctl stop companion) and keep a copy of the file; "
                  "at its next start the app moves the damaged file aside (*.unreadable-*) "
                  "and starts a fresh store.")
    try:
        with closing(open_read_only(path)) as db:
            problems = [row[0] for row in db.execute("PRAGMA integrity_check")]
            if problems != ["ok"]:
                return [Check("store-integrity", "fail", t("store {path} is damaged: {problems}")
                              .format(path=path, problems="; ".join(problems[:3])), set_aside)]
            version = _schema_version(db)
            counts = _game_counts(db)
    except sqlite3.DatabaseError as error:
        if "unable to open" in str(error):
            return [Check("store", "fail", t("store {path} cannot be opened for reading: {error}")
                          .format(path=path, error=error),
                          t("Make it readable for {user}, or run the doctor as its owner.")
                          .format(user=user_name()))]
        return [Check("store-integrity", "fail", t("store {path} is damaged: {problems}").format(
            path=path, problems=error), set_aside)]
    summary = Check("store", "ok", t(
        "store {path} ({origin}): {size}, games: {total} ({finished} finished, {playing} "
        "playing)").format(path=path, origin=choice.origin, size=human_size(_store_bytes(path)),
                           total=sum(counts.values()), finished=counts.get("finished", 0),
                           playing=counts.get("playing", 0)))
    if version is not None and version not in READABLE_VERSIONS:  # older: migrated at start
        return [summary, Check("store-integrity", "fail", t(
            "store {path} has schema version {found}; this app reads version {expected}")
            .format(path=path, found=version, expected=SCHEMA_VERSION),
            t("Use the app version that wrote it, or let this one set it aside at its next "
              "start (the file is kept as *.unreadable-*)."))]
    return [summary, Check("store-integrity", "ok", t("store integrity: ok"))]


def read_store_setting(path: Path, key: str) -> str | None:
    """A setting the app remembers in the store (e.g. the die chosen in Settings), read-only."""
    if not path.is_file():
        return None
    try:
        with closing(open_read_only(path)) as db:
            row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    except sqlite3.Error:
        return None
    if row is None:
        return None
    try:
        value = json.loads(row[0])
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def check_disk(
    path: Path, t: Translate, usage: DiskUsage = shutil.disk_usage,
    warn_below: int = WARN_FREE_BYTES, fail_below: int = FAIL_FREE_BYTES,
) -> Check:
    directory = nearest_existing(path.parent)
    free = int(usage(directory).free)
    detail = t("{free} free on the disk holding {directory}").format(
        free=human_size(free), directory=directory)
    if free >= warn_below:
        return Check("disk", "ok", detail)
    status: Status = "fail" if free < fail_below else "warn"
    return Check("disk", status, detail, _make_room(t))


def check_config(given: Path | None, machine: Machine, t: Translate) -> tuple[list[Check], Config]:
    """Which file, parsed or not, and each of its warnings (unknown keys included)."""
    path, origin = _find_config(given, machine, t)
    if path is None:
        looked = ", ".join(str(p) for p in default_paths())
        return [Check("config", "ok", t("config file: none found, the defaults apply (looked in "
                                        "{paths})").format(paths=looked))], Config()
    if not path.exists():
        return [Check("config", "warn", t(
            "config file {path} ({origin}) does not exist: the defaults apply").format(
            path=path, origin=origin),
            t("Create it from hardware/config.example.toml (systemd/install.sh puts one in "
              "/etc/companion/)."))], Config()
    try:
        with open(path, "rb") as file:
            data = tomllib.load(file)
    except OSError as error:
        return [Check("config", "fail", t(
            "config file {path} cannot be read: {error}; the app uses the defaults").format(
            path=path, error=error.strerror or error),
            t("Make it readable: sudo chmod 644 {path}").format(path=path))], Config()
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        return [Check("config", "fail", t(
            "config file {path} is not valid TOML: {error}; the app uses the defaults").format(
            path=path, error=error),
            t("Correct the place named; hardware/config.example.toml shows every key."))], Config()
    config = parse_config(data, path=path)
    pins = config.buttons.pins
    checks = [Check("config", "ok", t(
        "config file {path} ({origin}): language {language}, die {die}, buttons ROLL {roll}, "
        "UNDO {undo}, OK {ok}, MENU {menu}").format(
        path=path, origin=origin, language=config.language, die=config.die.spec, **pins))]
    fix = t("Edit {path}; the keys and their values are listed in hardware/README.md.").format(
        path=path)
    checks += [Check("config-warning", "warn", t("config: {warning}").format(warning=warning), fix)
               for warning in config.warnings]
    return checks, config


def nearest_existing(directory: Path) -> Path:
    """``directory`` or its closest ancestor that exists (the app creates the rest)."""
    current = directory.absolute()
    while current != current.parent:
        try:
            current.stat()
        except FileNotFoundError:
            current = current.parent
            continue
        except OSError:  # there but not ours to look into: the write probe will say so
            pass
        break
    return current


def open_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection that creates no file: ``immutable`` unless the WAL is in use."""
    in_use = all(Path(f"{path}{suffix}").exists() for suffix in ("-wal", "-shm"))
    uri = path.absolute().as_uri() + ("?mode=ro" if in_use else "?mode=ro&immutable=1")
    return sqlite3.connect(uri, uri=True, timeout=2.0)


def human_size(size: int) -> str:
    for unit, scale in (("GB", 1024**3), ("MB", 1024**2), ("kB", 1024)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} B"


def _not_writable(directory: Path, existing: Path, error: OSError, t: Translate) -> Check:
    if error.errno == errno.EROFS:
        return Check("store-directory", "fail", t(
            "store directory {directory} is on a read-only filesystem: nothing can be saved"
        ).format(directory=directory),
            t("See which: findmnt -T {directory}. If the overlay file system is on, turn it off "
              "(sudo raspi-config, Performance Options, Overlay File System) and reboot; after a "
              "power cut the kernel may have made it read-only: check dmesg, reboot (fsck runs "
              "then).").format(directory=existing))
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return Check("store-directory", "fail", t("the disk holding {directory} is full").format(
            directory=directory), _make_room(t))
    if error.errno == errno.EIO:
        return Check("store-directory", "fail", t(
            "store directory {directory}: the card could not be written (an I/O error); it may "
            "be failing").format(directory=directory),
            t("Copy the store file off the card and replace the card; dmesg shows the errors."))
    if error.errno in (errno.EACCES, errno.EPERM):
        owner = _owner(existing)
        if owner and owner != user_name() and os.stat(existing).st_mode & 0o200:
            return Check("store-directory", "warn", t(
                "store directory {directory} is writable by its owner {owner} (who runs the app), "
                "not by {user}")
                .format(directory=existing, owner=owner, user=user_name()),
                t("To check it as the app sees it: sudo -u {owner} {command} doctor").format(
                    owner=owner, command=Path(sys.executable).with_name("companion")))
        return Check("store-directory", "fail", t(
            "store directory {directory} is not writable by {user}").format(
            directory=existing, user=user_name()),
            t("Start the app as the user who owns it, or give it to this one: sudo chown -R "
              "{user} {directory}").format(user=user_name(), directory=existing))
    return Check("store-directory", "fail", t(
        "store directory {directory}: cannot write a test file: {error}").format(
        directory=existing, error=error.strerror or error),
                 t("Check the disk: dmesg | tail; fsck runs at the next reboot."))


def _make_room(t: Translate) -> str:
    return t("Make room: sudo apt clean; sudo journalctl --vacuum-size=50M; du -xh / | sort -h "
             "| tail shows what is big.")


def _find_config(given: Path | None, machine: Machine, t: Translate) -> tuple[Path | None, str]:
    if given is not None:
        return given, "--config"
    if machine.environ.get(ENV_VAR):
        return Path(machine.environ[ENV_VAR]), f"${ENV_VAR}"
    for path in default_paths():
        if path.is_file():
            origin = t("the system config") if path == SYSTEM_CONFIG else t("your config")
            return path, origin
    return None, ""


def _schema_version(db: sqlite3.Connection) -> str | None:
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    except sqlite3.OperationalError:  # no meta table: a store the app has not written yet
        return None
    return None if row is None else str(row[0])


def _game_counts(db: sqlite3.Connection) -> dict[str, int]:
    try:
        rows = db.execute("SELECT status, COUNT(*) FROM games GROUP BY status").fetchall()
    except sqlite3.OperationalError:
        return {}
    return {str(status): int(count) for status, count in rows}


def _store_bytes(path: Path) -> int:
    return sum(Path(f"{path}{suffix}").stat().st_size for suffix in ("", "-wal")
               if Path(f"{path}{suffix}").exists())


def _owner(path: Path) -> str:
    try:
        return pwd.getpwuid(path.stat().st_uid).pw_name
    except (KeyError, OSError):
        return ""
