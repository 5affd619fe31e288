"""Fixtures of the phone page's tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import chromium


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless chromium (a phone held upright, English) for all of a test worker's browser
    tests: a start costs ~1 s of CPU and 3-4 s here, and the test workers take these tests'
    files a test at a time, so one a file started one for nearly every test. Each test opens
    its own page."""
    with chromium() as driver:
        yield driver
