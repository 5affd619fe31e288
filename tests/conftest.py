"""Fixtures shared by the test folders."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ui.card import mount_card, unmount_card


@pytest.fixture
def card(tmp_path: Path) -> Iterator[Path]:
    """A 300 kB tmpfs: a memory card that fills up quickly (skipped without root and mount)."""
    folder = tmp_path / "card"
    folder.mkdir()
    if not mount_card(folder):
        pytest.skip("needs root and mount for a small tmpfs")
    try:
        yield folder
    finally:
        unmount_card(folder)
