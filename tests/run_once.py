"""Something costly made once for the whole test run, however many test workers need it.

pytest-xdist's workers (tools/test.sh) each run their own module and session fixtures: a fixture
that several tests read (a wheel, one scenario's observations) would be made again by every
worker that draws one of those tests, and again whenever a worker's next test is from another
module. The workers share the parent of their temporary folders (as pytest-xdist documents), so
the first worker that asks makes the thing there under a lock while the others wait, then all
read the same one.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def once_a_run(tmp_path_factory: pytest.TempPathFactory, name: str,
               make: Callable[[Path], None]) -> Path:
    """The folder ``name``, filled by ``make`` once in this run (a ``make`` that failed leaves
    no mark: the next test that asks tries again and fails in its own words)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder, made = shared / name, shared / f"{name}.made"
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            made.touch()
    return folder
