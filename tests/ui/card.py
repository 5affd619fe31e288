"""A memory card that fills up or turns read-only: a small tmpfs (needs root and mount).

Used by the store fault tests and, in the app's own process, by the UI scenario that fills the
card mid-game.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

CARD_SIZE = "300k"
FILLER = "filler"


def mount_card(folder: Path) -> bool:
    """Mount a small tmpfs on ``folder``; False where this machine does not allow it."""
    if os.geteuid() != 0:
        return False
    return remount(folder, "-t", "tmpfs", "-o", f"size={CARD_SIZE}", "tmpfs")


def remount(folder: Path, *args: str) -> bool:
    """``mount ARGS… FOLDER`` (e.g. ``-o remount,ro``); True when it worked."""
    done = subprocess.run(["mount", *args, str(folder)], capture_output=True, check=False)
    return done.returncode == 0


def unmount_card(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def fill(folder: Path) -> Path:
    """Fill the card to the last byte; return the file that fills it (unlink it to free)."""
    filler = folder / FILLER
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        for size in (65536, 4096, 1):
            try:
                while True:
                    os.write(descriptor, b"x" * size)
            except OSError:
                continue
    finally:
        os.close(descriptor)
    return filler
