"""The boot files: the unit verifies, the Kivy config has one input, install.sh parses."""

from __future__ import annotations

import configparser
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
UNIT = ROOT / "systemd" / "companion.service"
KIVY_CONFIG = ROOT / "systemd" / "kivy-config.ini"
INSTALL = ROOT / "systemd" / "install.sh"
UDEV_RULE = ROOT / "hardware" / "udev" / "99-companion-die.rules"


def unit_entries() -> list[tuple[str, str, str]]:
    """(section, key, value) for every assignment; systemd allows repeated keys."""
    entries, section = [], ""
    for line in UNIT.read_text().splitlines():
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        entries.append((section, key, value))
    return entries


def service(key: str) -> list[str]:
    return [value for section, name, value in unit_entries() if (section, name) == ("Service", key)]


def test_the_unit_runs_the_app_as_a_watched_unprivileged_service() -> None:
    assert service("Type") == ["notify"]
    assert service("Restart") == ["always"]
    assert service("User") == ["companion"]
    groups = service("SupplementaryGroups")[0].split()
    assert groups == ["gpio", "dialout", "video", "render", "input"]
    (watchdog,) = service("WatchdogSec")
    assert int(watchdog) > 0
    assert service("ExecStart")[0].startswith("/opt/companion/venv/bin/companion")
    assert "KIVY_HOME=/var/lib/companion/kivy" in service("Environment")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_the_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    # The venv only exists on an installed Pi: point ExecStart at this Python instead.
    text = re.sub(r"(?m)^ExecStart=\S+", f"ExecStart={sys.executable}", UNIT.read_text())
    unit = tmp_path / "companion.service"
    unit.write_text(text)
    result = subprocess.run(
        ["systemd-analyze", "verify", str(unit)],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    ours = [line for line in result.stderr.splitlines() if "companion.service" in line]
    assert result.returncode == 0 and ours == [], result.stderr


def test_kivy_config_has_one_input_provider_and_no_cursor() -> None:
    config = configparser.ConfigParser(interpolation=None)
    config.read(KIVY_CONFIG)
    assert dict(config["input"]) == {"touchscreen": "probesysfs,provider=hidinput"}
    assert config["graphics"]["show_cursor"] == "0"
    assert config["graphics"]["fullscreen"] == "auto"
    assert config["postproc"]["double_tap_time"] == "0"
    assert config["postproc"]["triple_tap_time"] == "0"
    assert config["kivy"]["exit_on_escape"] == "0"


def test_kivy_config_version_is_current_so_kivy_adds_no_inputs() -> None:
    spec = importlib.util.find_spec("kivy")
    if spec is None or spec.origin is None:
        pytest.skip("kivy not installed")
    source = (Path(spec.origin).parent / "config.py").read_text()
    current = re.search(r"^KIVY_CONFIG_VERSION = (\d+)", source, re.M)
    assert current is not None
    config = configparser.ConfigParser(interpolation=None)
    config.read(KIVY_CONFIG)
    assert config["kivy"]["config_version"] == current.group(1)


def test_install_script_is_valid_shell() -> None:
    subprocess.run(["sh", "-n", str(INSTALL)], check=True, timeout=10)
    text = INSTALL.read_text()
    for needed in ("useradd", "99-companion-die.rules", "config.example.toml",
                   "kivy-config.ini", "companion.service", "systemctl enable"):
        assert needed in text


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck not installed")
def test_install_script_passes_shellcheck() -> None:
    subprocess.run(["shellcheck", str(INSTALL)], check=True, timeout=30)


def test_udev_rule_names_the_pico() -> None:
    rule = UDEV_RULE.read_text()
    assert 'ATTRS{idVendor}=="2e8a"' in rule
    assert 'SYMLINK+="companion-die"' in rule
