"""The C heap gives freed memory back: pieces freed between pieces still in use stop counting
as the app's memory once :func:`companion.heap.give_back` ran. Each case in a process of its
own, so that the test's own heap (pytest's) is not measured with it."""

from __future__ import annotations

import json
import platform
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's malloc only")

PROBE = """
import ctypes, json, os, sys
from companion import heap

def resident_mb():
    return int(open("/proc/self/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
limited = heap.limit_arenas()
blocks = [libc.malloc(4000) for _ in range(20000)]  # ~80 MB in the heap, each page touched
for block in blocks:
    ctypes.memset(block, 1, 4000)
for number, block in enumerate(blocks):
    if number % 64:  # a piece in use every 256 kB keeps the freed ones from the heap's top
        libc.free(block)
before = resident_mb()
given = heap.give_back() if sys.argv[1] == "give back" else False
print(json.dumps({"limited": limited, "given": given, "before": before, "after": resident_mb()}))
"""


def _probe(what: str) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", PROBE, what], capture_output=True, text=True,
                          check=True)
    seen: dict[str, float] = json.loads(done.stdout)
    return seen


def test_freed_pieces_between_pieces_in_use_go_back_to_the_system() -> None:
    seen = _probe("give back")
    assert seen["limited"] and seen["given"]
    assert seen["before"] - seen["after"] > 50  # of the ~79 MB freed


def test_without_giving_back_they_stay_resident() -> None:
    seen = _probe("keep")
    assert not seen["given"]
    assert seen["before"] - seen["after"] < 5
