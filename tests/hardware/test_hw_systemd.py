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
    assert groups == ["gpio", "dialout", "video", "render", "input", "audio"]
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


def test_kivy_config_has_every_key_kivy_reads(tmp_path: Path) -> None:
    # config_version = current stops Kivy from filling in missing keys: one it reads and the
    # file lacks (kivy_clock, ...) kills the app at start.
    if importlib.util.find_spec("kivy") is None:
        pytest.skip("kivy not installed")
    home = tmp_path / "kivy"
    subprocess.run(
        [sys.executable, "-c", "import kivy.config"],
        env={"KIVY_HOME": str(home), "KIVY_NO_CONSOLELOG": "1", "PATH": "/usr/bin:/bin"},
        capture_output=True, timeout=60, check=True,
    )
    default = configparser.ConfigParser(interpolation=None)
    default.read(home / "config.ini")
    ours = configparser.ConfigParser(interpolation=None)
    ours.read(KIVY_CONFIG)
    missing = [
        f"{section}.{key}"
        for section in default.sections()
        if section != "input"
        for key in default[section]
        if not ours.has_option(section, key)
    ]
    assert missing == []


def test_kivy_starts_with_the_shipped_config(tmp_path: Path) -> None:
    if importlib.util.find_spec("kivy") is None:
        pytest.skip("kivy not installed")
    home = tmp_path / "kivy"
    home.mkdir()
    (home / "config.ini").write_text(KIVY_CONFIG.read_text())
    done = subprocess.run(
        [sys.executable, "-c", "import kivy.clock, kivy.base; from kivy.config import Config; "
         "print(dict(Config.items('input')))"],
        env={"KIVY_HOME": str(home), "KIVY_NO_CONSOLELOG": "1", "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "{'touchscreen': 'probesysfs,provider=hidinput'}"


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


def test_kivy_config_waits_for_vsync() -> None:
    config = configparser.ConfigParser(interpolation=None)
    config.read(KIVY_CONFIG)
    assert config["graphics"]["vsync"] == "1"


def test_the_working_directory_is_the_writable_state_directory() -> None:
    # lgpio writes its notify pipes into the working directory; ProtectSystem=strict leaves
    # only the StateDirectory writable.
    (state,) = service("StateDirectory")
    assert service("WorkingDirectory") == [f"/var/lib/{state}"]
    assert "HOME=/var/lib/companion" in service("Environment")
    assert "SDL_VIDEODRIVER=kmsdrm" in service("Environment")


def test_install_script_installs_what_kivys_wheel_loads_and_nothing_for_x() -> None:
    text = INSTALL.read_text()
    for package in ("libegl1", "libgles2", "libgbm1", "libdrm2", "libgl1", "libgl1-mesa-dri",
                    "libmtdev1", "python3-venv"):
        assert re.search(rf"\b{re.escape(package)}\b", text), package
    assert "libsdl2" not in text  # the wheel bundles SDL2
    assert "xvfb" not in text.lower()  # a Pi has a real display


def test_install_script_goes_on_without_systemd_or_lgpio() -> None:
    text = INSTALL.read_text()
    assert "[ -d /run/systemd/system ]" in text
    assert "starts at the next boot" in text
    assert "multi-user.target.wants/companion.service" in text
    assert "available python3-lgpio" in text
    # daemon-reload and restart only where systemd runs
    body = text.split("if systemd_running; then", 1)[1].split("else", 1)[0]
    assert "systemctl daemon-reload" in body and "systemctl restart" in body
    assert text.count("systemctl restart") == 1 and text.count("daemon-reload") == 1


def install_function(name: str) -> str:
    lines = INSTALL.read_text().splitlines()
    start = lines.index(f"{name}() {{")
    end = lines.index("}", start)
    return "\n".join(lines[start : end + 1])


@pytest.mark.parametrize(
    ("policy", "found"),
    [
        ("python3-lgpio:\n  Installed: (none)\n  Candidate: 0.2.2-1~rpt1\n", True),
        ("python3-lgpio:\n  Installed: (none)\n  Candidate: (none)\n", False),
        ("", False),  # apt-cache knows nothing of it (plain Debian)
    ],
)
def test_available_reads_apt_cache_policy(tmp_path: Path, policy: str, found: bool) -> None:
    stub = tmp_path / "apt-cache"
    stub.write_text(f"#!/bin/sh\nprintf '%s' '{policy}'\n")
    stub.chmod(0o755)
    script = install_function("available") + "\navailable python3-lgpio\n"
    done = subprocess.run(["sh", "-c", script], env={"PATH": f"{tmp_path}:/usr/bin:/bin"},
                          timeout=10, check=False)
    assert (done.returncode == 0) is found
