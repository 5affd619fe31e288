"""A real browser for the phone page's tests: Debian's chromium, headless, driven by Selenium
through chromium-driver (both installed by tools/setup.sh). Tests skip with the reason when
either is missing on this machine."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
PHONE = (390, 844)
"""A phone held upright, in CSS pixels."""

WAIT = 20.0
"""Seconds a page is given to show what a test waits for."""

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="chromium and chromium-driver are not installed (tools/setup.sh installs them)")


@contextmanager
def chromium(size: tuple[int, int] = PHONE, lang: str = "en") -> Iterator[Any]:
    """A headless chromium with a window of ``size`` CSS pixels and ``lang`` as its language."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory(prefix="companion-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", "--hide-scrollbars",
                     f"--user-data-dir={profile}", f"--lang={lang}",
                     f"--window-size={size[0]},{size[1]}"):
            options.add_argument(flag)
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
        driver = webdriver.Chrome(service=Service(executable_path=str(DRIVER)),
                                  options=options)
        try:
            _emulate(driver, size)
            yield driver
        finally:
            driver.quit()


@contextmanager
def sized(driver: Any, size: tuple[int, int]) -> Iterator[Any]:
    """The same browser as a screen of ``size`` CSS pixels for a while (starting another
    chromium for a tablet takes seconds), then a phone held upright again."""
    _emulate(driver, size)
    try:
        yield driver
    finally:
        _emulate(driver, PHONE)


def _emulate(driver: Any, size: tuple[int, int]) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": True})


def boxes(driver: Any, selector: str) -> list[dict[str, float]]:
    """``getBoundingClientRect`` of every element matching ``selector``, in CSS pixels."""
    found: list[dict[str, float]] = driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(e => {"
        "const r = e.getBoundingClientRect();"
        "return {x: r.x, y: r.y, width: r.width, height: r.height,"
        " input: e.getAttribute('data-input') || ''}; });", selector)
    return found


def wait_for(driver: Any, script: str, *args: Any) -> Any:
    """Wait until ``script`` (JS returning a value) returns something truthy; that value."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(
        lambda d: d.execute_script(script, *args))


__all__ = ["PHONE", "WAIT", "boxes", "chromium", "needs_chromium", "sized", "wait_for"]
