"""``companion doctor``: what is in place and what is not, one line each, and what to do.

Run it on the Pi when something is off. Each check is a small function returning a
:class:`Check` (``ok``, ``warn`` or ``fail``); :func:`run_doctor` runs them all, turning any
unexpected exception into a failed line (never a traceback), and :func:`doctor_command` prints
them (``✔``, ``!``, ``✘``) or, with ``--json``, one JSON object for scripts.

Required (a ``fail`` makes the exit status 1):

* Python 3.11+ and the packages companion, kivy, gpiozero, pyserial, platformdirs;
* the store: its directory writable (if only its owner may write, e.g. the service's user,
  a warning), the file intact, its schema readable; free disk ≥ 5 MB;
* the config file readable and valid TOML (a bad value is only a warning: it keeps its default);
* a display: a connected DRM screen or a desktop session; and the GL libraries for it
  (without a desktop: libEGL, libGLESv2, libgbm, libdrm; in a desktop: libGL);
* on the console (SDL's KMS/DRM, no desktop) a readable multitouch device and a touchscreen
  line in Kivy's config that reads touches (the app keeps only that one input), since nothing
  else can tap the screens; with a desktop a missing touchscreen is a warning;
* the die's port and its answer to ``HELLO``, when the die is a serial one;
* the service, when systemd runs and it is installed, must not have failed.

Warnings only: GPIO and the buttons (the keyboard stands in), libraries the current display
does not need, a missing Kivy config, free disk under 50 MB, config values that fell back to
their defaults or unknown keys, a service that is stopped or not installed, espeak-ng missing
(the spoken prompts stay silent; the sound cues still play), the phones' server's port taken by
another program (the line says whether the server is on, its URL, and whether its port is free).
"""

from __future__ import annotations

import importlib.metadata
import json
import platform
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import TextIO

from companion.config import Config, WebConfig
from companion.doctor.files import (
    WriteProbe,
    check_config,
    check_disk,
    check_store_directory,
    check_store_file,
    choose_store,
    probe_write,
    read_store_setting,
)
from companion.doctor.phones import check_phones
from companion.doctor.system import (
    DIE_ANSWER_SECONDS,
    Check,
    Machine,
    check_die,
    check_display,
    check_gpio,
    check_kivy_input,
    check_libraries,
    check_service,
    check_touchscreen,
)
from companion.i18n import LANGUAGES, Translate, translator
from companion.table.pi_clock import ENV_VAR, cpu_scale

DOMAIN = "doctor"
MINIMUM_PYTHON = (3, 11)
PACKAGES = ("companion", "kivy", "gpiozero", "pyserial", "platformdirs")
MARKS = {"ok": "✔", "warn": "!", "fail": "✘"}


@dataclass(frozen=True)
class DoctorOptions:
    store: Path | None = None
    config: Path | None = None
    die: str | None = None
    """A die spec (``serial:URL``, ``software``, ``gpio``) to check instead of the app's."""
    lang: str | None = None
    """``cs`` or ``en``; None: the config file's ``language``."""


@dataclass(frozen=True)
class Report:
    lang: str
    checks: tuple[Check, ...] = field(default=())

    @property
    def is_ok(self) -> bool:
        """True when no required check failed (warnings allowed)."""
        return all(check.status != "fail" for check in self.checks)

    @property
    def exit_status(self) -> int:
        return 0 if self.is_ok else 1

    def to_json(self) -> dict[str, object]:
        return {"ok": self.is_ok, "checks": [asdict(check) for check in self.checks]}


def run_doctor(
    options: DoctorOptions = DoctorOptions(),
    machine: Machine | None = None,
    *,
    write_probe: WriteProbe = probe_write,
    die_answer_seconds: float = DIE_ANSWER_SECONDS,
) -> Report:
    """Every check, in the order a person reads them."""
    machine = machine or Machine()
    config_checks, config = _config(options, machine, translator(DOMAIN, "en"))
    lang = options.lang or (config.language if config is not None else "en")
    t = translator(DOMAIN, lang if lang in LANGUAGES else "en")
    if lang != "en":  # the config's own lines again, now in the chosen language
        config_checks, _ = _config(options, machine, t)
    try:
        service, service_active = check_service(machine, t)
    except Exception as error:  # noqa: BLE001 - any bug in a check is one ✘ line
        service, service_active = _crashed("service", error, t), False
    store = choose_store(options.store, machine, t)
    pins = config.buttons.pins if config is not None else {}
    checks: list[Check] = []

    def add(name: str, check: Callable[[], Check | Sequence[Check]]) -> None:
        checks.extend(_safely(name, t, check))

    add("python", partial(check_python, t))
    for package in PACKAGES:
        add(f"package:{package}", partial(check_package, package, t))
    add("display", partial(check_display, machine, t))
    add("gl", partial(check_libraries, machine, t))
    add("touchscreen", partial(check_touchscreen, machine, t))
    add("kivy-input", partial(check_kivy_input, machine, t))
    add("gpio", partial(check_gpio, machine, pins, t, service_active))
    add("die", partial(_check_configured_die, options, config, store.path, t, service_active,
                       die_answer_seconds))
    add("store-directory", partial(check_store_directory, store.path, t, write_probe))
    add("store", partial(check_store_file, store, t))
    add("disk", partial(check_disk, store.path, t))
    add("voice", partial(check_voice, machine, t))
    add("phones", partial(check_phones, config.web if config is not None else WebConfig(), t))
    add("cpu-scale", partial(check_cpu_scale, config, machine, t))
    checks.extend(config_checks)
    checks.append(service)
    return Report(lang=lang, checks=tuple(checks))


def check_voice(machine: Machine, t: Translate) -> Check:
    """espeak-ng speaks the prompts; without it the app only plays its sound cues (a warning)."""
    from companion.sound.voice import find_espeak

    found = find_espeak(machine.environ.get("PATH"))
    if found is None:
        return Check("voice", "warn", t("espeak-ng is not installed: the spoken prompts stay "
                                        "silent (the sound cues still play)"),
                     t("Install it: sudo apt-get install espeak-ng"))
    return Check("voice", "ok", t("voice: espeak-ng ({path})").format(path=found))


def check_cpu_scale(config: Config | None, machine: Machine, t: Translate) -> Check:
    """Which factor divides the companion's thinking time here, and why (never a failure)."""
    scale = cpu_scale(config.companion.cpu_scale if config is not None else None,
                      machine.environ, machine.device_tree_model)
    factor = f"{scale.factor:g}"
    if scale.source == "environment":
        why = t("set by {variable}={value}").format(variable=ENV_VAR, value=scale.detail)
    elif scale.source == "config":
        why = t("set in the config file ([companion] cpu_scale)")
    elif scale.source == "model":
        why = t("for the model {model} ({path})").format(
            model=scale.detail, path=machine.device_tree_model)
    else:
        why = t("not a Raspberry Pi ({path} does not exist)").format(path=scale.detail)
    detail = t("companion's thinking time divided by {factor}: {why}").format(
        factor=factor, why=why)
    if scale.ignored:
        return Check("cpu-scale", "warn", detail + "; " + t(
            "{variable}={value} is not a number from 1 to 100 and is ignored").format(
            variable=ENV_VAR, value=scale.ignored),
            t("Unset {variable} or give it a number such as 6.").format(variable=ENV_VAR))
    return Check("cpu-scale", "ok", detail)


def check_python(t: Translate) -> Check:
    version = platform.python_version()
    if sys.version_info >= MINIMUM_PYTHON:
        return Check("python", "ok", t("Python {version} ({executable})").format(
            version=version, executable=sys.executable))
    return Check("python", "fail", t(
        "Python {version} is too old: the app needs {minimum} or newer").format(
        version=version, minimum=".".join(map(str, MINIMUM_PYTHON))),
        t("Use Raspberry Pi OS Bookworm (Python 3.11) and install again: sudo "
          "systemd/install.sh"))


def check_package(
    package: str, t: Translate,
    version_of: Callable[[str], str] = importlib.metadata.version,
) -> Check:
    name = f"package:{package}"
    requirement = _requirements().get(package.lower(), package)
    if package == "companion":
        fix = t("Install the project: bash tools/setup.sh on a laptop, sudo systemd/install.sh "
                "on the Pi.")
    else:
        fix = t("Install it into this Python: {python} -m pip install '{requirement}'").format(
            python=sys.executable, requirement=requirement)
    try:
        version = version_of(package)
    except importlib.metadata.PackageNotFoundError:
        return Check(name, "fail", t("{package} is not installed").format(package=package), fix)
    pinned = re.fullmatch(r"[A-Za-z0-9_.-]+==([^,;\s]+)", requirement)
    if pinned and pinned.group(1) != version:
        return Check(name, "warn", t("{package} {version} is installed; the project wants "
                                     "{requirement}").format(
            package=package, version=version, requirement=requirement), fix)
    return Check(name, "ok", f"{package} {version}")


def format_report(report: Report) -> str:
    """The lines a person reads: a mark, the detail, and for a problem what to do."""
    t = translator(DOMAIN, report.lang)
    lines = []
    for check in report.checks:
        lines.append(f"{MARKS[check.status]} {check.detail}")
        if check.status != "ok" and check.fix:
            lines.append(f"    → {check.fix}")
    failed = sum(check.status == "fail" for check in report.checks)
    warned = sum(check.status == "warn" for check in report.checks)
    lines.append("")
    if failed:
        lines.append(t("Required checks failed: {count}. Fix the lines marked ✘ first.").format(
            count=failed))
    else:
        lines.append(t("Everything required is in place."))
    if warned:
        lines.append(t("Warnings (not required): {count}.").format(count=warned))
    return "\n".join(lines)


def doctor_command(
    options: DoctorOptions, *, as_json: bool = False, out: TextIO | None = None
) -> int:
    """Run every check and print the report; the exit status (0: nothing required missing)."""
    out = out or sys.stdout
    try:
        report = run_doctor(options)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # noqa: BLE001 - the doctor must never end in a traceback
        report = Report(lang=options.lang or "en", checks=(
            Check("doctor", "fail", f"{type(error).__name__}: {error}"),))
    if hasattr(out, "reconfigure"):
        out.reconfigure(errors="replace")
    if as_json:
        out.write(json.dumps(report.to_json(), ensure_ascii=False) + "\n")
    else:
        out.write(format_report(report) + "\n")
    return report.exit_status


def _check_configured_die(
    options: DoctorOptions, config: Config | None, store: Path, t: Translate,
    service_active: bool, answer_seconds: float,
) -> Check:
    """The die the app would use: ``--die``, else the one chosen in Settings, else the config's."""
    chosen = read_store_setting(store, "die")
    if options.die:
        spec, origin = options.die, "--die"
    elif chosen:
        spec, origin = chosen, t("chosen in Settings")
    else:
        spec = config.die.spec if config is not None else "software"
        origin = t("config file")
    return check_die(spec, origin, t, service_active, answer_seconds=answer_seconds)


def _config(
    options: DoctorOptions, machine: Machine, t: Translate
) -> tuple[list[Check], Config | None]:
    try:
        return check_config(options.config, machine, t)
    except Exception as error:  # noqa: BLE001 - any bug in a check is one ✘ line
        return [_crashed("config", error, t)], None


def _safely(name: str, t: Translate, check: Callable[[], Check | Sequence[Check]]) -> list[Check]:
    """``check()`` as a list; an unexpected exception becomes one failed line, no traceback."""
    try:
        return _as_list(check())
    except Exception as error:  # noqa: BLE001 - any bug in a check is one ✘ line
        return [_crashed(name, error, t)]


def _crashed(name: str, error: Exception, t: Translate) -> Check:
    return Check(name, "fail", t("the check itself failed: {error}").format(
        error=f"{type(error).__name__}: {error}"),
        t("Please report this line together with the doctor's whole output."))


def _as_list(found: Check | Sequence[Check]) -> list[Check]:
    return [found] if isinstance(found, Check) else list(found)


def _requirements() -> dict[str, str]:
    """companion's own requirements by lower-case name: ``{"kivy": "kivy==2.3.1", …}``."""
    try:
        requires = importlib.metadata.requires("companion") or []
    except importlib.metadata.PackageNotFoundError:
        return {}
    found = {}
    for requirement in requires:
        if "extra ==" in requirement:
            continue
        match = re.match(r"[A-Za-z0-9_.-]+", requirement)
        if match:
            found[match.group(0).lower()] = requirement.replace(" ", "")
    return found
