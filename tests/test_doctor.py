"""``companion doctor``: every check on this machine, on a fake sysfs/dev tree, and as a command."""

from __future__ import annotations

import ast
import dataclasses
import errno
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.doctor.files import check_disk, check_store_directory
from companion.doctor.report import DoctorOptions, Report, format_report, run_doctor
from companion.doctor.system import Check, Machine, check_die, has_abs_bit
from companion.i18n import load_catalogue, translator

ROOT = Path(__file__).resolve().parents[1]
DOCTOR_MODULES = ("doctor/report.py", "doctor/files.py", "doctor/system.py", "doctor/phones.py")
EN = translator("doctor", "en")
MT_ABS_64 = "260800000000003"
"""ABS_X, ABS_Y and the multitouch axes (0x2f, 0x35, 0x36, 0x39) as a 64-bit kernel prints it."""
MT_ABS_32 = "2608000 3"
"""The same on a 32-bit kernel: two words."""


def by_name(report: Report, name: str) -> Check:
    return next(check for check in report.checks if check.name == name)


def empty_machine(root: Path, **changes: object) -> Machine:
    """A machine with nothing at all: no DRM, no input devices, no GPIO, no systemd."""
    for part in ("sys", "dev", "run", "service"):
        (root / part).mkdir(parents=True, exist_ok=True)
    settings: dict[str, object] = dict(
        sys_root=root / "sys", dev_root=root / "dev", run_root=root / "run",
        service_home=root / "service", environ={"KIVY_HOME": str(root / "kivy")}, word_bits=64,
        load_library=lambda soname: None, device_tree_model=root / "device-tree" / "model",
    )
    settings.update(changes)
    return Machine(**settings)  # type: ignore[arg-type]


def pi_machine(root: Path, *, kivy_input: str | None = None, **changes: object) -> Machine:
    """A Pi 5 as the service sees it: DSI-1 connected on card1, a touchscreen, two GPIO chips."""
    from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

    sysfs, dev = root / "sys", root / "dev"
    for card, connector, status in (("card0", "HDMI-A-1", "disconnected"),
                                    ("card1", "DSI-1", "connected"),
                                    ("card1", "HDMI-A-2", "disconnected")):
        _write(sysfs / "class" / "drm" / f"{card}-{connector}" / "status", status + "\n")
    for event, name, abs_mask in (("event0", "pwr_button", "0"),
                                  ("event1", "raspberrypi-ts", MT_ABS_64)):
        _write(sysfs / "class" / "input" / event / "device" / "name", name + "\n")
        _write(sysfs / "class" / "input" / event / "device" / "capabilities" / "abs",
               abs_mask + "\n")
        _write(dev / "input" / event, "")
    for node in ("dri/card0", "dri/card1", "gpiochip0", "gpiochip4"):
        _write(dev / node, "")
    kivy = root / "kivy"
    text = (ROOT / "systemd" / "kivy-config.ini").read_text(encoding="utf-8")
    if kivy_input is not None:
        text = re.sub(r"\[input\][^\[]*", f"[input]\n{kivy_input}\n\n", text)
    _write(kivy / "config.ini", text)
    (root / "run" / "systemd" / "system").mkdir(parents=True)
    _write(root / "device-tree" / "model", "Raspberry Pi 5 Model B Rev 1.0\x00")
    states = {"is-active": "active", "is-enabled": "enabled"}
    settings: dict[str, object] = dict(
        environ={"KIVY_HOME": str(kivy), "SDL_VIDEODRIVER": "kmsdrm"},
        pin_factory=MockFactory(),
        run=lambda command: (0, states[command[1]]),
    )
    settings.update(changes)
    return empty_machine(root, **settings)


# -- this machine ----------------------------------------------------------------------------


def test_this_machine_reports_what_it_has_and_lacks_with_what_to_do(tmp_path: Path) -> None:
    report = run_doctor(DoctorOptions(store=tmp_path / "games.sqlite3", lang="en"))
    names = [check.name for check in report.checks]
    for name in ("python", "package:kivy", "package:pyserial", "display", "touchscreen", "gpio",
                 "die", "store-directory", "store", "disk", "config", "service"):
        assert name in names
    assert by_name(report, "python").status == "ok"
    assert by_name(report, "package:companion").status == "ok"
    drm = Path("/sys/class/drm")
    has_screen = any(
        (status := entry / "status").exists() and status.read_text().strip() == "connected"
        for entry in (drm.glob("card*-*") if drm.exists() else [])
    )
    display = by_name(report, "display")
    if not has_screen and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        assert display.status == "fail" and "dtoverlay=vc4-kms-v3d" in display.fix
    if not list(Path("/dev").glob("gpiochip*")):
        gpio = by_name(report, "gpio")
        assert gpio.status == "warn"
        assert gpio.detail == "no GPIO: the keyboard stands in (R roll, U undo, O ok, M menu)"
        assert "raspberry pi os" in gpio.fix.lower()
    touch = by_name(report, "touchscreen")
    if touch.status != "ok":
        assert "/proc/bus/input/devices" in touch.fix
    if not Path("/run/systemd/system").is_dir():
        assert "systemd is not running here" in by_name(report, "service").detail
    for check in report.checks:
        assert check.status in ("ok", "warn", "fail")
        if check.status == "fail":
            assert check.fix, check
    assert report.is_ok == all(check.status != "fail" for check in report.checks)


def test_a_machine_without_display_touch_or_gpio_fails_the_display_and_touch_only(
    tmp_path: Path,
) -> None:
    report = run_doctor(DoctorOptions(store=tmp_path / "games.sqlite3", lang="en"),
                        empty_machine(tmp_path))
    failed = {check.name for check in report.checks if check.status == "fail"}
    assert failed == {"display", "touchscreen"}
    assert by_name(report, "kivy-input").status == "warn"  # no config.ini yet
    assert "no DRM graphics card" in by_name(report, "display").detail
    assert by_name(report, "gpio").status == "warn"
    assert by_name(report, "service").status == "warn"
    assert report.exit_status == 1
    text = format_report(report)
    assert "✘ no display" in text and "! no GPIO: the keyboard stands in" in text
    assert "    → On the Pi: turn on the KMS driver" in text


# -- a Pi on a fake tree ---------------------------------------------------------------------


def test_a_pi_with_dsi_touchscreen_gpio_and_service_is_all_ok(tmp_path: Path) -> None:
    report = run_doctor(DoctorOptions(store=tmp_path / "store" / "games.sqlite3", lang="en"),
                        pi_machine(tmp_path))
    assert by_name(report, "display").detail == "screen DSI-1 connected (card1)"
    touch = by_name(report, "touchscreen")
    assert touch.status == "ok" and "'raspberrypi-ts'" in touch.detail
    assert str(tmp_path / "dev" / "input" / "event1") in touch.detail
    assert by_name(report, "kivy-input").detail.startswith(
        "Kivy reads touches through one provider: touchscreen = probesysfs,provider=hidinput")
    assert by_name(report, "gpio").status == "ok"
    for button, pin in (("roll", 17), ("undo", 27), ("ok", 22), ("menu", 23)):
        line = by_name(report, f"button:{button}")
        assert line.status == "ok" and f"GPIO {pin}" in line.detail
    assert by_name(report, "service").detail == "service companion: active, enabled"
    not_ok = [c for c in report.checks if c.status != "ok" and c.name != "config"]
    assert not_ok == [], not_ok
    assert report.is_ok and report.exit_status == 0


def test_a_card_without_a_connected_screen_names_its_connectors(tmp_path: Path) -> None:
    machine = pi_machine(tmp_path)
    _write(tmp_path / "sys" / "class" / "drm" / "card1-DSI-1" / "status", "disconnected\n")
    report = run_doctor(DoctorOptions(store=tmp_path / "s.sqlite3", lang="en"), machine)
    display = by_name(report, "display")
    assert display.status == "fail" and report.exit_status == 1
    assert display.detail == "no screen connected to card0-HDMI-A-1, card1-DSI-1, card1-HDMI-A-2"
    assert "ribbon in the DSI port" in display.fix


@pytest.mark.parametrize(("mask", "bits", "expected"), [
    (MT_ABS_64, 64, True), (MT_ABS_32, 32, True), ("3", 64, False), ("0", 32, False),
    ("2608000 3", 64, False),  # read with the wrong word size the bit lands elsewhere
])
def test_the_multitouch_bit_is_read_with_the_kernel_word_size(
    mask: str, bits: int, expected: bool
) -> None:
    assert has_abs_bit(mask, 0x35, bits) is expected


def test_missing_gl_libraries_name_their_package_and_fail_only_when_needed(
    tmp_path: Path,
) -> None:
    missing = {"libgbm.so.1", "libGL.so.1"}
    machine = pi_machine(
        tmp_path, load_library=lambda soname: "not found" if soname in missing else None)
    report = run_doctor(DoctorOptions(store=tmp_path / "games.sqlite3", lang="en"), machine)
    gbm, gl = by_name(report, "gl:libgbm.so.1"), by_name(report, "gl:libGL.so.1")
    assert gbm.status == "fail" and gbm.fix == "Install it: sudo apt install libgbm1"
    assert gl.status == "warn" and gl.fix == "Install it: sudo apt install libgl1"
    assert by_name(report, "gl:libEGL.so.1").status == "ok"


def test_the_touchscreen_line_of_kivys_config_is_the_one_input_on_the_console(
    tmp_path: Path,
) -> None:
    def kivy_input(root: Path, lines: str | None, **environ: str) -> Check:
        machine = pi_machine(root, kivy_input=lines)
        if environ:
            machine = dataclasses.replace(machine, environ={**machine.environ, **environ})
        report = run_doctor(DoctorOptions(store=root / "s.sqlite3", lang="en"), machine)
        return by_name(report, "kivy-input")

    custom = kivy_input(tmp_path / "a", "touchscreen = probesysfs,provider=mtdev\nmouse = mouse")
    assert custom.status == "ok"
    assert "touchscreen = probesysfs,provider=mtdev (" in custom.detail
    default = kivy_input(tmp_path / "b", "mouse = mouse")
    assert default.status == "ok" and default.detail.endswith(
        "touchscreen = probesysfs,provider=hidinput (the app's default)")
    wrong = kivy_input(tmp_path / "c", "touchscreen = mouse")
    assert wrong.status == "fail" and "'mouse', which does not read touches" in wrong.detail
    window = kivy_input(tmp_path / "d", None, SDL_VIDEODRIVER="x11", DISPLAY=":0")
    assert window.detail == "in a window the app reads the mouse (one input provider)"


def test_the_doctor_knows_the_apps_default_touchscreen_line() -> None:
    from companion.app import TOUCHSCREEN_INPUT
    from companion.doctor.system import TOUCHSCREEN_INPUT as DOCTORS

    assert DOCTORS == TOUCHSCREEN_INPUT


def test_an_unreadable_touchscreen_names_the_group_input(tmp_path: Path) -> None:
    machine = pi_machine(tmp_path)
    (tmp_path / "dev" / "input" / "event1").unlink()  # no device node: not readable
    check = by_name(run_doctor(DoctorOptions(store=tmp_path / "s.sqlite3", lang="en"), machine),
                    "touchscreen")
    assert check.status == "fail" and "usermod -aG input" in check.fix


def test_a_failed_service_fails_and_says_where_to_look(tmp_path: Path) -> None:
    states = {"is-active": "failed", "is-enabled": "enabled"}
    machine = pi_machine(tmp_path, run=lambda command: (3, states[command[1]]))
    check = by_name(run_doctor(DoctorOptions(store=tmp_path / "s.sqlite3", lang="en"), machine),
                    "service")
    assert check.status == "fail" and "journalctl -u companion" in check.fix


def test_a_check_that_crashes_is_one_failed_line_not_a_traceback(tmp_path: Path) -> None:
    def broken(soname: str) -> str | None:
        raise RuntimeError("boom")

    report = run_doctor(DoctorOptions(store=tmp_path / "s.sqlite3", lang="en"),
                        pi_machine(tmp_path, load_library=broken))
    check = by_name(report, "gl")
    assert check.status == "fail"
    assert check.detail == "the check itself failed: RuntimeError: boom"
    assert by_name(report, "store").status == "ok"  # the other checks still ran


# -- the store -------------------------------------------------------------------------------


def test_a_fresh_store_with_a_game_is_ok_and_left_exactly_as_it_was(tmp_path: Path) -> None:
    from companion.engine import open_game
    from companion.records.store import Store

    path = tmp_path / "games.sqlite3"
    store = Store(path)
    store.start(open_game("quoridor", players=2))
    store.close()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    report = run_doctor(DoctorOptions(store=path, lang="en"), empty_machine(tmp_path / "m"))
    summary = by_name(report, "store")
    assert summary.status == "ok"
    assert "games: 1 (0 finished, 1 playing)" in summary.detail
    assert by_name(report, "store-integrity").status == "ok"
    assert by_name(report, "store-directory").status == "ok"
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name != "m"} == before


def test_a_store_that_does_not_exist_yet_is_fine(tmp_path: Path) -> None:
    report = run_doctor(DoctorOptions(store=tmp_path / "new" / "games.sqlite3", lang="en"),
                        empty_machine(tmp_path))
    assert by_name(report, "store").status == "ok"
    assert "does not exist yet" in by_name(report, "store-directory").detail
    assert not (tmp_path / "new").exists()


@pytest.mark.parametrize("damage", ["not sqlite", "torn page"])
def test_a_corrupt_store_fails_its_integrity_check_and_is_not_touched(
    tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "games.sqlite3"
    if damage == "not sqlite":
        path.write_bytes(b"this is not a database\n" * 300)
    else:
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE t (x TEXT)")
        db.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
        db.commit()
        db.close()
        data = bytearray(path.read_bytes())
        data[4096 + 100: 4096 * 4] = b"\xff" * (4096 * 3 - 100)
        path.write_bytes(bytes(data))
    before = path.read_bytes()
    report = run_doctor(DoctorOptions(store=path, lang="en"), empty_machine(tmp_path / "m"))
    check = by_name(report, "store-integrity")
    assert check.status == "fail" and "is damaged" in check.detail
    assert "unreadable" in check.fix
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3", "m"]
    assert report.exit_status == 1


@pytest.mark.parametrize(("code", "words"), [
    (errno.EROFS, "read-only filesystem"), (errno.ENOSPC, "is full"), (errno.EIO, "I/O error"),
])
def test_a_store_directory_that_refuses_writes_says_why(
    tmp_path: Path, code: int, words: str
) -> None:
    def refuse(directory: Path) -> None:
        raise OSError(code, os.strerror(code))

    check = check_store_directory(tmp_path / "games.sqlite3", EN, refuse)
    assert check.status == "fail" and words in check.detail and check.fix


def test_a_read_only_mount_is_reported_as_read_only(tmp_path: Path) -> None:
    mount = tmp_path / "ro"
    mount.mkdir()
    if shutil.which("mount") is None or os.geteuid() != 0:
        pytest.skip("needs root and mount(8)")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(mount)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount here: {done.stderr.strip()}")
    try:
        report = run_doctor(DoctorOptions(store=mount / "games.sqlite3", lang="en"),
                            empty_machine(tmp_path / "m"))
    finally:
        subprocess.run(["umount", str(mount)], check=True)
    check = by_name(report, "store-directory")
    assert check.status == "fail" and "read-only" in check.detail
    assert "findmnt -T" in check.fix and report.exit_status == 1


@pytest.fixture
def as_nobody() -> Iterator[None]:
    """Run the test body with the effective uid of ``nobody`` (root can write anywhere)."""
    if os.geteuid() != 0:
        pytest.skip("needs root to become another user")
    os.setegid(65534)
    os.seteuid(65534)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


@pytest.mark.parametrize(("mode", "status", "words"), [
    (0o755, "warn", "is writable by its owner root (who runs the app), not by nobody"),
    (0o555, "fail", "is not writable by nobody"),
])
def test_a_directory_this_user_may_not_write_says_whose_it_is(
    mode: int, status: str, words: str, request: pytest.FixtureRequest
) -> None:
    import tempfile

    top = Path(tempfile.mkdtemp(prefix="doctor-"))  # pytest's own tmp is private to root
    try:
        top.chmod(0o755)
        store_dir = top / "store"
        store_dir.mkdir()
        store_dir.chmod(mode)
        request.getfixturevalue("as_nobody")
        check = check_store_directory(store_dir / "games.sqlite3", EN)
    finally:
        os.seteuid(0)
        shutil.rmtree(top)
    assert check.status == status and words in check.detail
    assert ("sudo -u root" in check.fix) if status == "warn" else ("chown" in check.fix)


def test_free_disk_under_the_thresholds_warns_then_fails(tmp_path: Path) -> None:
    def usage(free: int) -> object:
        return lambda _path: SimpleNamespace(free=free)

    path = tmp_path / "games.sqlite3"
    assert check_disk(path, EN, usage(10**9)).status == "ok"  # type: ignore[arg-type]
    low = check_disk(path, EN, usage(20 * 2**20))  # type: ignore[arg-type]
    assert low.status == "warn" and "20.0 MB free" in low.detail and "apt clean" in low.fix
    assert check_disk(path, EN, usage(2**20)).status == "fail"  # type: ignore[arg-type]


# -- the config file -------------------------------------------------------------------------


def test_unknown_and_bad_config_keys_are_named(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('language = "en"\ncolour = "red"\n[buttons]\nrol = 5\nroll = 40\n',
                      encoding="utf-8")
    report = run_doctor(DoctorOptions(store=tmp_path / "s.sqlite3", config=config),
                        empty_machine(tmp_path))
    assert by_name(report, "config").status == "ok"
    warnings = [c.detail for c in report.checks if c.name == "config-warning"]
    assert "config: colour: unknown key, ignored" in warnings
    assert "config: buttons.rol: unknown key, ignored" in warnings
    assert any(w.startswith("config: buttons.roll: must be a BCM GPIO number") for w in warnings)
    assert all(c.status == "warn" for c in report.checks if c.name == "config-warning")


def test_a_config_that_is_not_toml_fails_and_the_language_comes_from_the_config(
    tmp_path: Path,
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("language = \n", encoding="utf-8")
    check = by_name(run_doctor(DoctorOptions(store=tmp_path / "s.sqlite3", config=broken),
                               empty_machine(tmp_path)), "config")
    assert check.status == "fail" and "is not valid TOML" in check.detail
    czech = tmp_path / "cs.toml"
    czech.write_text('language = "cs"\n', encoding="utf-8")
    report = run_doctor(DoctorOptions(store=tmp_path / "s.sqlite3", config=czech),
                        empty_machine(tmp_path))
    assert report.lang == "cs"
    assert by_name(report, "gpio").detail.startswith("žádné GPIO")
    assert "Nutné kontroly, které selhaly" in format_report(report)


def test_the_config_is_found_through_companion_config(tmp_path: Path) -> None:
    config = tmp_path / "etc.toml"
    config.write_text("[die]\nsource = \"gpio\"\n", encoding="utf-8")
    report = run_doctor(DoctorOptions(store=tmp_path / "s.sqlite3", lang="en"),
                        empty_machine(tmp_path, environ={"COMPANION_CONFIG": str(config)}))
    assert f"{config} ($COMPANION_CONFIG)" in by_name(report, "config").detail
    assert by_name(report, "die").detail == "die: gpio (config file), no port to check"


# -- the die ---------------------------------------------------------------------------------


@pytest.fixture
def fake_die() -> Iterator[str]:
    from hardware.fake_die import FakeDie

    with FakeDie() as die:
        yield die.port


def test_a_die_that_answers_hello_is_ok(fake_die: str) -> None:
    check = check_die(f"serial:{fake_die}", "--die", EN, False, answer_seconds=2.0)
    assert check.status == "ok"
    assert check.detail == f"die at {fake_die} answered: HELLO companion-die 1"


def test_a_port_that_only_echoes_is_not_the_die() -> None:
    check = check_die("serial:loop://", "--die", EN, False, answer_seconds=0.3)
    assert check.status == "fail" and "did not answer HELLO; it sent 'HELLO'" in check.detail
    assert "hardware/firmware/" in check.fix


def test_a_missing_die_port_names_the_udev_rule(tmp_path: Path) -> None:
    check = check_die(f"serial:{tmp_path / 'no-die'}", "config file", EN, False)
    assert check.status == "fail" and "does not exist" in check.detail
    assert "99-companion-die.rules" in check.fix


def test_a_silent_die_fails_with_what_to_try() -> None:
    class Silent:
        in_waiting = 0

        def __init__(self, *args: object, **kwargs: object) -> None:
            self.written: list[bytes] = []

        def write(self, data: bytes) -> None:
            self.written.append(data)

        def read(self, size: int) -> bytes:
            return b""

        def close(self) -> None:
            pass

    check = check_die("serial:/dev/companion-die", "--die", EN, False, answer_seconds=0.2,
                      serial_factory=Silent)
    assert check.status == "fail" and "did not answer HELLO within 0.2 s" in check.detail
    assert check.fix.startswith("Unplug the die and plug it in again")


def test_the_die_given_to_the_doctor_is_required_and_checked(tmp_path: Path) -> None:
    report = run_doctor(
        DoctorOptions(store=tmp_path / "s.sqlite3", die=f"serial:{tmp_path / 'none'}",
                      lang="en"),
        pi_machine(tmp_path))
    assert by_name(report, "die").status == "fail" and report.exit_status == 1


# -- the command -----------------------------------------------------------------------------


def companion_command() -> list[str]:
    script = Path(sys.executable).with_name("companion")
    return [str(script)] if script.exists() else [sys.executable, "-m", "companion.cli"]


def run_command(*words: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config")}
    env.pop("COMPANION_CONFIG", None)
    return subprocess.run([*companion_command(), "doctor", *words], capture_output=True,
                          text=True, timeout=120, env=env)


def test_the_command_prints_json_and_its_exit_status_matches(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("surprise = 1\n", encoding="utf-8")
    done = run_command("--json", "--store", str(tmp_path / "games.sqlite3"), "--config",
                       str(config), home=tmp_path)
    assert "Traceback" not in done.stderr
    report = json.loads(done.stdout)
    assert set(report) == {"ok", "checks"}
    for check in report["checks"]:
        assert set(check) == {"name", "status", "detail", "fix"}
        assert check["status"] in ("ok", "warn", "fail")
    assert report["ok"] == all(c["status"] != "fail" for c in report["checks"])
    assert done.returncode == (0 if report["ok"] else 1)
    assert {"name": "config-warning", "status": "warn",
            "detail": "config: surprise: unknown key, ignored",
            "fix": f"Edit {config}; the keys and their values are listed in hardware/README.md."
            } in report["checks"]


def test_the_command_speaks_czech_and_english(tmp_path: Path) -> None:
    store = str(tmp_path / "games.sqlite3")
    czech = run_command("--lang", "cs", "--store", store, home=tmp_path)
    english = run_command("--lang", "en", "--store", store, home=tmp_path)
    assert "✔ Python" in czech.stdout and "✔ Python" in english.stdout
    assert "úložiště" in czech.stdout and "store directory" in english.stdout
    assert czech.returncode == english.returncode
    assert "Traceback" not in czech.stderr + english.stderr


# -- the texts -------------------------------------------------------------------------------


def english_messages() -> list[str]:
    """Every ``t("…")`` message in the doctor's modules."""
    found: list[str] = []
    for name in DOCTOR_MODULES:
        tree = ast.parse((ROOT / "companion" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "t" and node.args):
                argument = node.args[0]
                assert isinstance(argument, ast.Constant), ast.dump(argument)
                assert isinstance(argument.value, str)
                found.append(argument.value)
    return found


def placeholders(text: str) -> Sequence[str]:
    return sorted(re.findall(r"\{[^}]*\}", text))


def test_every_doctor_message_has_its_czech_with_the_same_placeholders() -> None:
    czech = load_catalogue("doctor", "cs")
    messages = english_messages()
    assert len(messages) > 100
    missing = [message for message in messages if message not in czech]
    assert missing == []
    for message in messages:
        assert placeholders(czech[message]) == placeholders(message), message


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_without_espeak_ng_the_voice_is_a_warning_with_the_package_to_install(
    tmp_path: Path,
) -> None:
    empty_path = tmp_path / "bin"
    empty_path.mkdir()
    machine = empty_machine(tmp_path, environ={"KIVY_HOME": str(tmp_path / "kivy"),
                                               "PATH": str(empty_path)})
    report = run_doctor(DoctorOptions(store=tmp_path / "games.sqlite3", lang="cs"), machine)
    voice = by_name(report, "voice")
    assert voice.status == "warn" and "espeak-ng není nainstalovaný" in voice.detail
    assert voice.fix == "Nainstalujte ho: sudo apt-get install espeak-ng"
    espeak = empty_path / "espeak-ng"
    espeak.write_text("#!/bin/sh\n")
    espeak.chmod(0o755)
    report = run_doctor(DoctorOptions(store=tmp_path / "games.sqlite3", lang="en"), machine)
    assert by_name(report, "voice").detail == f"voice: espeak-ng ({espeak})"


def test_the_phones_server_line_says_off_the_url_and_a_free_port() -> None:
    from companion.config import WebConfig
    from companion.doctor.phones import check_phones

    with socket.socket() as spare:
        spare.bind(("127.0.0.1", 0))
        port = spare.getsockname()[1]
    line = check_phones(WebConfig(enabled=False, host="127.0.0.1", port=port), EN)
    assert line.status == "ok"
    assert line.detail == (f"phones' server: off (config; Settings can turn it on), would be "
                           f"http://127.0.0.1:{port}/; port {port} is free")
    czech = check_phones(WebConfig(enabled=True, host="127.0.0.1", port=port),
                         translator("doctor", "cs"))
    assert czech.detail.startswith("server pro telefony: zapnutý")


def test_a_port_another_program_holds_is_a_warning_with_what_to_do() -> None:
    from companion.config import WebConfig
    from companion.doctor.phones import check_phones

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = check_phones(WebConfig(enabled=True, host="127.0.0.1", port=port), EN)
    assert line.status == "warn" and f"port {port} is taken by another program" in line.detail
    assert "config.toml [web] port" in line.fix


def test_the_companions_own_server_on_the_port_is_fine(tmp_path: Path) -> None:
    from companion.config import WebConfig
    from companion.doctor.phones import check_phones

    command = [sys.executable, "-m", "companion", "serve", "quoridor", "--store",
               str(tmp_path / "games.db"), "--host", "127.0.0.1", "--port", "0", "--json"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True, env={**os.environ, "COMPANION_CONFIG": "/nonexistent"})
    try:
        assert server.stdout is not None
        port = int(json.loads(server.stdout.readline())["view"].split(":")[2].split("/")[0])
        line = check_phones(WebConfig(enabled=True, host="127.0.0.1", port=port), EN)
        assert line.status == "ok" and "the companion answers on port" in line.detail
    finally:
        server.terminate()
        server.wait(10)
        if server.stdout is not None:
            server.stdout.close()


def test_the_report_has_the_phones_line_from_the_config(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[web]\nenabled = true\nhost = "127.0.0.1"\nport = 1\n', encoding="utf-8")
    report = run_doctor(DoctorOptions(store=tmp_path / "games.db", config=config, lang="en"),
                        empty_machine(tmp_path))
    line = by_name(report, "phones")
    assert line.detail.startswith("phones' server: on (config), http://127.0.0.1:1/")
# -- the companion's time scale (issue 24) ---------------------------------------------------------


def test_doctor_says_the_pi_5_divides_the_companions_time_by_3(tmp_path: Path) -> None:
    report = run_doctor(DoctorOptions(store=tmp_path / "store.db", config=tmp_path / "none.toml",
                                      lang="en"), pi_machine(tmp_path))
    line = by_name(report, "cpu-scale")
    assert line.status == "ok"
    assert line.detail.startswith("companion's thinking time divided by 3: for the model "
                                  "Raspberry Pi 5 Model B Rev 1.0")


def test_doctor_says_the_config_file_overrides_the_model(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[companion]\ncpu_scale = 4.5\n", encoding="utf-8")
    report = run_doctor(DoctorOptions(store=tmp_path / "store.db", config=config, lang="cs"),
                        pi_machine(tmp_path))
    line = by_name(report, "cpu-scale")
    assert (line.status, line.detail) == (
        "ok", "čas společníka na přemýšlení je dělen 4.5: nastaveno v konfiguračním souboru "
              "([companion] cpu_scale)")


def test_doctor_names_a_bad_environment_factor_and_says_what_applies(tmp_path: Path) -> None:
    machine = empty_machine(tmp_path, environ={"COMPANION_CPU_SCALE": "fast"})
    report = run_doctor(DoctorOptions(store=tmp_path / "store.db", config=tmp_path / "none.toml",
                                      lang="en"), machine)
    line = by_name(report, "cpu-scale")
    assert line.status == "warn"
    assert "divided by 1: not a Raspberry Pi" in line.detail
    assert "COMPANION_CPU_SCALE=fast is not a number from 1 to 100" in line.detail
    assert "COMPANION_CPU_SCALE" in line.fix
