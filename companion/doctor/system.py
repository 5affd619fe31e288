"""The doctor's look at the machine: display, GL libraries, touchscreen, GPIO, die, service.

Every check is a small function returning :class:`Check` (or a list of them). Nothing here
imports Kivy; the system paths (``/sys``, ``/dev``, ``/run``), the environment and the few
probes that touch the real machine live in :class:`Machine`, so tests pass a fake tree.
Texts are English, translated through ``t`` (domain ``doctor``).
"""

from __future__ import annotations

import configparser
import ctypes
import ctypes.util
import errno
import grp
import importlib.util
import os
import pwd
import subprocess
import tempfile
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from companion.display import connectors, pick_drm_card, wants_kmsdrm
from companion.i18n import Translate

Status = Literal["ok", "warn", "fail"]
SERVICE = "companion"
ABS_MT_POSITION_X = 0x35
"""The evdev axis a multitouch screen reports (linux/input-event-codes.h)."""
LIBRARIES = (
    ("libEGL.so.1", "libegl1"),
    ("libGLESv2.so.2", "libgles2"),
    ("libgbm.so.1", "libgbm1"),
    ("libdrm.so.2", "libdrm2"),
    ("libGL.so.1", "libgl1"),
)
"""The GL libraries SDL2 and Kivy load at run time, each with its Debian package."""
KIOSK_LIBRARIES = frozenset({"libEGL.so.1", "libGLESv2.so.2", "libgbm.so.1", "libdrm.so.2"})
"""Needed to draw straight on the display (KMS/DRM, the Pi's service)."""
DESKTOP_LIBRARIES = frozenset({"libGL.so.1"})
"""Needed to draw in an X11 window (a laptop)."""
TOUCH_PROVIDERS = frozenset({"probesysfs", "hidinput", "mtdev", "linuxwacom"})
"""Kivy input providers that read a Linux touchscreen (``mouse`` is not one of them)."""
TOUCHSCREEN_INPUT = "probesysfs,provider=hidinput"
"""The app's touchscreen line when config.ini has none: ``companion.app.TOUCHSCREEN_INPUT``
(not imported: that would type-check the Kivy app with the doctor; a test keeps them equal)."""
DIE_ANSWER_SECONDS = 2.0


@dataclass(frozen=True)
class Check:
    """One line of the doctor's report: ``name`` is a stable id, the texts are for people."""

    name: str
    status: Status
    detail: str
    fix: str = ""


def probe_library(soname: str) -> str | None:
    """None if the shared library loads, else why not."""
    try:
        ctypes.CDLL(soname)
    except OSError as error:
        stem = soname.removeprefix("lib").split(".so")[0]
        return str(error) if ctypes.util.find_library(stem) else "not found"
    return None


def run_command(command: Sequence[str]) -> tuple[int, str]:
    """Exit status and standard output of a short command; (-1, reason) if it cannot run."""
    try:
        done = subprocess.run(
            list(command), capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError) as error:
        return -1, str(error)
    return done.returncode, done.stdout.strip()


def kernel_word_bits() -> int:
    """Bits per word in sysfs capability masks: the kernel's, which may differ from Python's."""
    machine = os.uname().machine
    return 64 if machine.endswith("64") or machine in ("aarch64", "s390x") else 32


@dataclass(frozen=True)
class Machine:
    """Where the doctor looks. Tests point the roots at a fake tree and swap the probes."""

    sys_root: Path = Path("/sys")
    dev_root: Path = Path("/dev")
    run_root: Path = Path("/run")
    service_home: Path = Path("/var/lib/companion")
    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    word_bits: int = field(default_factory=kernel_word_bits)
    load_library: Callable[[str], str | None] = probe_library
    run: Callable[[Sequence[str]], tuple[int, str]] = run_command
    device_tree_model: Path = Path("/proc/device-tree/model")
    """Where a Raspberry Pi names its model (the companion's time scale comes from it)."""
    pin_factory: Any = None
    """gpiozero pin factory for the button check; None: gpiozero's default (lgpio on a Pi)."""

    @property
    def desktop(self) -> str:
        """The desktop session's display (``":0"``, ``"wayland-0"``), or "" without one."""
        return self.environ.get("WAYLAND_DISPLAY") or self.environ.get("DISPLAY") or ""

    @property
    def is_kiosk(self) -> bool:
        """SDL draws straight on the display (no desktop): only touch reaches the app."""
        return wants_kmsdrm(self.environ)


def check_display(machine: Machine, t: Translate) -> Check:
    """A connected screen on a DRM card (:mod:`companion.display` picks it), or a desktop."""
    sysfs = machine.sys_root / "class" / "drm"
    screen = pick_drm_card(sysfs)
    if screen is not None:
        card = f"card{screen.card}"
        device = machine.dev_root / "dri" / card
        is_blocked = device.exists() and not os.access(device, os.R_OK | os.W_OK)
        if is_blocked and machine.is_kiosk:  # a desktop draws through its own server
            return Check("display", "fail", t(
                "screen {connector} is connected ({card}), but {device} is not usable by {user}"
            ).format(connector=screen.name, card=card, device=device, user=user_name()),
                t("Add yourself to the groups video and render: sudo usermod -aG video,render "
                  "{user}, then log in again.").format(user=user_name()))
        return Check("display", "ok", t("screen {connector} connected ({card})").format(
            connector=screen.name, card=card))
    if machine.desktop and not machine.is_kiosk:
        return Check("display", "ok", t("desktop display {display}").format(
            display=machine.desktop))
    found = connectors(sysfs)
    if found:
        return Check("display", "fail", t("no screen connected to {connectors}").format(
            connectors=", ".join(f"card{c.card}-{c.name}" for c in found)),
            t("Check the screen's cable and power (the official touchscreen: the ribbon in the "
              "DSI port, contacts the right way round), then reboot. /boot/firmware/config.txt "
              "should keep display_auto_detect=1 and dtoverlay=vc4-kms-v3d."))
    return Check("display", "fail", t(
        "no display: no DRM graphics card in {path} and no desktop session "
        "($DISPLAY, $WAYLAND_DISPLAY)").format(path=sysfs),
        t("On the Pi: turn on the KMS driver (dtoverlay=vc4-kms-v3d in "
          "/boot/firmware/config.txt) and reboot. On a laptop: start the app from a desktop "
          "session."))


def check_libraries(machine: Machine, t: Translate) -> list[Check]:
    needed = KIOSK_LIBRARIES if machine.is_kiosk else DESKTOP_LIBRARIES
    checks = []
    for soname, package in LIBRARIES:
        problem = machine.load_library(soname)
        name = f"gl:{soname}"
        if problem is None:
            checks.append(Check(name, "ok", t("{library} loads").format(library=soname)))
            continue
        status: Status = "fail" if soname in needed else "warn"
        why = (t("needed to draw on the display without a desktop") if machine.is_kiosk
               else t("needed to draw in a desktop window"))
        detail = t("{library} is missing ({problem})").format(library=soname, problem=problem)
        if soname in needed:
            detail += "; " + why
        checks.append(Check(name, status, detail, t("Install it: sudo apt install {package}")
                            .format(package=package)))
    return checks


@dataclass(frozen=True)
class InputDevice:
    event: str
    name: str
    device: Path
    is_multitouch: bool


def has_abs_bit(mask: str, bit: int, word_bits: int) -> bool:
    """Whether ``bit`` is set in a sysfs capability mask (hex words, most significant first)."""
    value = 0
    for word in mask.split():
        value = (value << word_bits) | int(word, 16)
    return bool(value >> bit & 1)


def input_devices(machine: Machine) -> list[InputDevice]:
    devices = []
    for path in sorted((machine.sys_root / "class" / "input").glob("event*"),
                       key=lambda p: (len(p.name), p.name)):
        mask = _read(path / "device" / "capabilities" / "abs") or "0"
        devices.append(InputDevice(
            event=path.name,
            name=_read(path / "device" / "name") or "?",
            device=machine.dev_root / "input" / path.name,
            is_multitouch=has_abs_bit(mask, ABS_MT_POSITION_X, machine.word_bits),
        ))
    return devices


def check_touchscreen(machine: Machine, t: Translate) -> Check:
    status: Status = "fail" if machine.is_kiosk else "warn"
    screens = [d for d in input_devices(machine) if d.is_multitouch]
    readable = [d for d in screens if os.access(d.device, os.R_OK)]
    if readable:
        screen = readable[0]
        return Check("touchscreen", "ok", t("touchscreen {name!r} at {device} (multitouch, "
                                            "readable)").format(name=screen.name,
                                                                device=screen.device))
    if screens:
        screen = screens[0]
        return Check("touchscreen", status, t(
            "touchscreen {name!r} at {device} is not readable by {user}").format(
            name=screen.name, device=screen.device, user=user_name()),
            t("Add yourself to the group input: sudo usermod -aG input {user}, then log in "
              "again (the service has this group already).").format(user=user_name()))
    return Check("touchscreen", status, t("no touchscreen: no multitouch input device in {path}")
                 .format(path=machine.sys_root / "class" / "input"),
                 t("Check the touchscreen's cable and power, then reboot; "
                   "cat /proc/bus/input/devices lists what the kernel found. On a desktop the "
                   "mouse stands in."))


def kivy_config_path(machine: Machine) -> Path:
    """$KIVY_HOME/config.ini; else the service's; else the one the app uses when started by hand."""
    if machine.environ.get("KIVY_HOME"):
        return Path(machine.environ["KIVY_HOME"]) / "config.ini"
    service = machine.service_home / "kivy" / "config.ini"
    if service.is_file():
        return service
    return Path(tempfile.gettempdir()) / "companion-kivy" / "config.ini"


def check_kivy_input(machine: Machine, t: Translate) -> Check:
    """The one input the app gives Kivy: on the console the ``touchscreen`` line of Kivy's
    config.ini (or the app's default), in a window the mouse (see ``configure_kivy``)."""
    if not machine.is_kiosk:
        return Check("kivy-input", "ok", t("in a window the app reads the mouse (one input "
                                           "provider)"))
    path = kivy_config_path(machine)
    if not path.is_file():
        return Check("kivy-input", "warn", t(
            "Kivy's configuration {path} does not exist yet: Kivy writes its defaults at the "
            "first start").format(path=path),
            t("On the Pi copy systemd/kivy-config.ini there (systemd/install.sh does)."))
    parser = configparser.RawConfigParser(strict=False)
    parser.read(path, encoding="utf-8")
    line = parser.get("input", "touchscreen", fallback="").strip()
    origin = str(path) if line else t("the app's default")
    line = line or TOUCHSCREEN_INPUT
    provider = line.split(",")[0].strip()
    if provider not in TOUCH_PROVIDERS:
        return Check("kivy-input", "fail", t(
            "the touchscreen line of {path} names {provider!r}, which does not read touches")
            .format(path=path, provider=provider),
            t("Write touchscreen = {line} in [input] (as in systemd/kivy-config.ini).").format(
                line=TOUCHSCREEN_INPUT))
    return Check("kivy-input", "ok", t("Kivy reads touches through one provider: "
                                       "touchscreen = {line} ({origin})").format(
        line=line, origin=origin))


def check_gpio(
    machine: Machine, pins: Mapping[str, int], t: Translate, service_active: bool
) -> list[Check]:
    chips = sorted(machine.dev_root.glob("gpiochip*"))
    if not chips:
        return [Check("gpio", "warn", t(
            "no GPIO: the keyboard stands in (R roll, U undo, O ok, M menu)"),
            t("Nothing to do on a laptop. On the Pi /dev/gpiochip* is missing: update Raspberry "
              "Pi OS (sudo apt full-upgrade) and reboot."))]
    names = ", ".join(str(chip) for chip in chips)
    blocked = [chip for chip in chips if not os.access(chip, os.R_OK | os.W_OK)]
    if blocked:
        checks = [Check("gpio", "warn", t("GPIO {chips} not readable and writable by {user} "
                                          "(group gpio: {group})").format(
            chips=", ".join(str(chip) for chip in blocked), user=user_name(),
            group=_gpio_group(t)),
            t("Add yourself to the group gpio: sudo usermod -aG gpio {user}, then log in again "
              "(the service has this group already).").format(user=user_name()))]
    else:
        checks = [Check("gpio", "ok", t("GPIO {chips} (read and write; group gpio: {group})")
                        .format(chips=names, group=_gpio_group(t)))]
    if machine.pin_factory is None and importlib.util.find_spec("lgpio") is None:
        checks.append(Check("gpio-driver", "warn", t(
            "the Python module lgpio is missing: gpiozero may not reach the pins (a Pi 5 needs "
            "it)"), t("sudo apt install python3-lgpio; the venv needs --system-site-packages "
                      "(systemd/install.sh sets it up).")))
    checks += [check_button(name, pin, machine.pin_factory, t, service_active)
               for name, pin in pins.items()]
    return checks


def check_button(
    name: str, pin: int, pin_factory: Any, t: Translate, service_active: bool
) -> Check:
    label = name.upper()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from gpiozero import Button  # type: ignore[import-untyped]

            Button(pin, pull_up=True, pin_factory=pin_factory).close()
    except Exception as error:  # gpiozero raises many unrelated types here
        if "busy" in str(error).lower() and service_active:
            return Check(f"button:{name}", "warn", t(
                "button {button} on GPIO {pin} is in use, most likely by the running service"
            ).format(button=label, pin=pin), _stop_service_hint(t))
        return Check(f"button:{name}", "warn", t(
            "button {button} on GPIO {pin} cannot be opened: {error}").format(
            button=label, pin=pin, error=_describe(error)),
            t("Check that nothing else uses GPIO {pin} (pinctrl get {pin}), or choose another "
              "pin in the config file (buttons.{key}).").format(pin=pin, key=name))
    return Check(f"button:{name}", "ok", t("button {button} on GPIO {pin}: opened and released")
                 .format(button=label, pin=pin))


def check_die(
    spec: str, origin: str, t: Translate, service_active: bool,
    *, answer_seconds: float = DIE_ANSWER_SECONDS, serial_factory: Any = None,
) -> Check:
    """The die named by ``spec``; for ``serial:URL`` open the port, send HELLO, await the answer."""
    kind, _, url = spec.partition(":")
    if spec in ("software", "gpio", "table"):
        return Check("die", "ok", t("die: {source} ({origin}), no port to check").format(
            source=spec, origin=origin))
    if kind != "serial" or not url:
        return Check("die", "fail", t("die source {spec!r} ({origin}) is not software, gpio, "
                                      "table or serial:PORT").format(spec=spec, origin=origin),
                     t("Set die.source and die.port in the config file, or choose the die in "
                       "Settings."))
    from hardware.serial_die import HELLO, LineBuffer, open_port

    factory = {} if serial_factory is None else {"serial_factory": serial_factory}
    try:
        port = open_port(url, timeout=0.1, **factory)
    except (OSError, ValueError) as error:  # serial.SerialException is an OSError
        return _die_not_opened(url, error, t, service_active)
    lines: list[str] = []
    try:
        port.write(HELLO)
        buffer = LineBuffer()
        deadline = time.monotonic() + answer_seconds
        while time.monotonic() < deadline:
            for line in buffer.feed(port.read(port.in_waiting or 1)):
                verdict = _hello_verdict(url, line, t)
                if verdict is not None:
                    return verdict
                lines.append(line)
    finally:
        port.close()
    firmware = t("Flash the die's firmware from hardware/firmware/ (see hardware/README.md).")
    if lines:
        return Check("die", "fail", t("the device at {url} did not answer HELLO; it sent {lines}")
                     .format(url=url, lines=", ".join(repr(line) for line in lines[:3])),
                     firmware)
    return Check("die", "fail", t("the die at {url} did not answer HELLO within {seconds} s")
                 .format(url=url, seconds=answer_seconds),
                 t("Unplug the die and plug it in again; if it stays silent: {firmware}")
                 .format(firmware=firmware))


def check_service(machine: Machine, t: Translate) -> tuple[Check, bool]:
    """The systemd service's state, and whether it is running (it then holds pins and port)."""
    if not (machine.run_root / "systemd" / "system").is_dir():
        return Check("service", "warn", t(
            "systemd is not running here (chroot or container): the service was not checked"),
            t("Run the doctor on the Pi itself to see the service.")), False
    code, active = machine.run(["systemctl", "is-active", SERVICE])
    if code == -1:
        return Check("service", "warn", t("systemctl cannot be run: {error}").format(
            error=active), t("Run the doctor on the Pi itself to see the service.")), False
    _, enabled = machine.run(["systemctl", "is-enabled", SERVICE])
    state = t("service {service}: {active}, {enabled}").format(
        service=SERVICE, active=active or "?", enabled=enabled or "?")
    if active == "active":
        if enabled == "enabled":
            return Check("service", "ok", state), True
        return Check("service", "warn", state, t(
            "It will not start at boot: sudo systemctl enable {service}").format(
            service=SERVICE)), True
    if enabled in ("", "not-found") and active in ("", "inactive", "unknown"):
        missing = t("the service {service} is not installed here").format(service=SERVICE)
        return Check("service", "warn", missing, t(
            "On the Pi: sudo systemd/install.sh (see systemd/README.md).")), False
    if active == "failed":
        return Check("service", "fail", state, t(
            "See why: journalctl -u {service} -b -n 50; when fixed: sudo systemctl restart "
            "{service}").format(service=SERVICE)), False
    if active in ("activating", "reloading", "deactivating"):
        return Check("service", "warn", state, t(
            "Kivy starts slowly on a Pi: wait a minute and run the doctor again "
            "(journalctl -u {service} -f shows the start).").format(service=SERVICE)), True
    return Check("service", "warn", state, t("Start it: sudo systemctl enable --now {service}")
                 .format(service=SERVICE)), False


def user_name() -> str:
    uid = os.geteuid()
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def _gpio_group(t: Translate) -> str:
    try:
        group = grp.getgrnam("gpio")
    except KeyError:
        return t("does not exist")
    is_member = group.gr_gid in os.getgroups() or user_name() in group.gr_mem
    return t("you are a member") if is_member else t("you are not a member")


def _hello_verdict(url: str, line: str, t: Translate) -> Check | None:
    from hardware.serial_die import (
        DEVICE_NAME,
        PROTOCOL_VERSION,
        DieProtocolError,
        Hello,
        parse_die_line,
    )

    try:
        message = parse_die_line(line)
    except DieProtocolError:
        return None
    if not isinstance(message, Hello):
        return None
    answer = f"HELLO {message.device} {message.version}"
    if message.device == DEVICE_NAME and message.version == PROTOCOL_VERSION:
        return Check("die", "ok", t("die at {url} answered: {answer}").format(
            url=url, answer=answer))
    return Check("die", "warn", t("the device at {url} answered {answer}, expected {expected}")
                 .format(url=url, answer=answer,
                         expected=f"HELLO {DEVICE_NAME} {PROTOCOL_VERSION}"),
                 t("Flash the die's firmware from hardware/firmware/ (see hardware/README.md)."))


def _die_not_opened(url: str, error: BaseException, t: Translate, service_active: bool) -> Check:
    code = getattr(error, "errno", None)
    reason = _describe(error)
    if code in (errno.EBUSY, errno.EAGAIN) or "lock" in reason.lower():
        if service_active:
            return Check("die", "warn", t("die port {url} is in use, most likely by the running "
                                          "service").format(url=url), _stop_service_hint(t))
        return Check("die", "fail", t("die port {url} is in use by another program: {error}")
                     .format(url=url, error=reason),
                     t("Find it with sudo fuser -v {url} and stop it.").format(url=url))
    if code == errno.ENOENT or "No such file" in reason:
        return Check("die", "fail", t("die port {url} does not exist").format(url=url), t(
            "Plug the die in (USB). The udev rule hardware/udev/99-companion-die.rules names it "
            "/dev/companion-die: compare ls -l /dev/serial/by-id/ with die.port in the config "
            "file."))
    if code in (errno.EACCES, errno.EPERM):
        return Check("die", "fail", t("die port {url} is not usable by {user}: {error}").format(
            url=url, user=user_name(), error=reason),
            t("Add yourself to the group dialout: sudo usermod -aG dialout {user}, then log in "
              "again (the service has this group already).").format(user=user_name()))
    return Check("die", "fail", t("die port {url} cannot be opened: {error}").format(
        url=url, error=reason), t("Check the cable and die.port in the config file."))


def _stop_service_hint(t: Translate) -> str:
    return t("To test it alone: sudo systemctl stop {service}, run the doctor again, then sudo "
             "systemctl start {service}.").format(service=SERVICE)


def _describe(error: BaseException) -> str:
    return str(error) or type(error).__name__


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return ""
