"""Writing a file whole or not at all: the store's exports, the players' board files and the
boards carried from a USB stick all write this way, so a pulled plug or a full card never
leaves half a file behind."""

from __future__ import annotations

import os
from pathlib import Path


def write_whole(path: Path | str, text: str, encoding: str = "utf-8",
                newline: str = "\n") -> None:
    """Write ``text`` to ``path`` whole or nothing: a temporary file beside it, flushed to the
    card, then renamed over ``path``. The folder must be there (an export to a mistyped folder
    is refused, not made)."""
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding=encoding, newline=newline) as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()


__all__ = ["write_whole"]
