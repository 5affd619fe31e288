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
    """The folder ``name``, filled by ``make`` once in this run. A ``make`` that failed fails
    the test that ran it; every later test that asks fails with the same words, without
    making it again."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder, made, failed = shared / name, shared / f"{name}.made", shared / f"{name}.failed"
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if failed.exists():
            pytest.fail(f"{name}, made once for the whole run, failed in an earlier test:\n"
                        + failed.read_text(encoding="utf-8"), pytrace=False)
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            try:
                make(folder)
            except Exception as problem:  # not a skip or an interrupt: those say nothing
                failed.write_text(f"{type(problem).__name__}: {problem}"[-5000:],
                                  encoding="utf-8")
                raise
            made.touch()
    return folder
