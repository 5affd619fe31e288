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


LARGE_BLOCKS_PROBE = """
import ctypes, json, os, sys
from companion import heap

def resident_mb():
    return int(open("/proc/self/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
apart = heap.map_large_blocks_apart() if sys.argv[1] == "apart" else False
large, small = [], []
for _ in range(1500):  # ~60 MB of 40 kB blocks, as a frame's drawing buffers, each with a
    large.append(libc.malloc(40_000))  # small piece kept after it
    small.append(libc.malloc(64))
for block in large:
    ctypes.memset(block, 1, 40_000)
before = resident_mb()
for block in large:
    libc.free(block)
print(json.dumps({"apart": apart, "before": before, "after": resident_mb()}))
"""


def _probe(what: str, probe: str = PROBE) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", probe, what], capture_output=True, text=True,
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


def test_large_blocks_mapped_apart_go_back_as_soon_as_they_are_freed() -> None:
    seen = _probe("apart", LARGE_BLOCKS_PROBE)
    assert seen["apart"]
    assert seen["before"] - seen["after"] > 50  # of the ~57 MB freed, with no give-back


def test_large_blocks_in_the_heap_stay_resident_when_freed() -> None:
    seen = _probe("in the heap", LARGE_BLOCKS_PROBE)
    assert not seen["apart"]
    assert seen["before"] - seen["after"] < 5
