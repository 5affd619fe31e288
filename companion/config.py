"""The configuration file: pins, die, language, fullscreen, display rotation, the phones.

One TOML file (keys documented in ``hardware/README.md``, example in
``hardware/config.example.toml``)::

    language = "cs"
    fullscreen = true

    [buttons]
    roll = 17
    undo = 27
    ok = 22
    menu = 23
    bounce_time = 0.03
    hold_time = 1.0

    [die]
    source = "serial"            # "software" | "gpio" | "serial" | "table"
    port = "/dev/companion-die"  # for "serial": a device path or pyserial URL

    [display]
    rotation = 0                 # 0 | 90 | 180 | 270 degrees (a screen mounted upside down: 180)

    [web]
    enabled = false              # the phones' server at start (Settings → Phones at the table)
    host = "0.0.0.0"             # all the machine's networks
    port = 8080
    [companion]
    cpu_scale = 6                # how many times slower than a desktop (default: from the model)

:func:`load_config` never raises on a bad file: a bad value keeps its default and adds a
warning naming the key; an unreadable or garbled file gives all defaults and a warning.
Pure: no Kivy, no gpiozero.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

APP_NAME = "companion"
SYSTEM_CONFIG = Path("/etc/companion/config.toml")
ENV_VAR = "COMPANION_CONFIG"
LANGUAGES = ("en", "cs")
DIE_SOURCES = ("software", "gpio", "serial", "table")
BUTTON_KEYS = ("roll", "undo", "ok", "menu")
GPIO_RANGE = range(2, 28)
"""BCM GPIO numbers usable on the 40-pin header."""
CPU_SCALE_RANGE = (1.0, 100.0)
"""``companion.cpu_scale``: the factor dividing the companion's time budgets."""
ROTATIONS = (0, 90, 180, 270)
"""``display.rotation``: degrees the picture is turned (Kivy's ``graphics.rotation``)."""


class ButtonConfig(NamedTuple):
    """BCM pin numbers of the four buttons and their timing (seconds).

    The sections are named tuples (immutable, compared by value) rather than frozen
    dataclasses: the config is read before the app's first frame, where making a frozen
    dataclass costs ~0.5 ms (its methods compiled one by one) and a named tuple ~0.1 ms."""

    roll: int = 17
    undo: int = 27
    ok: int = 22
    menu: int = 23
    bounce_time: float = 0.03
    hold_time: float = 1.0

    @property
    def pins(self) -> dict[str, int]:
        """For ``hardware.buttons.Buttons(pins=...)``."""
        return {name: getattr(self, name) for name in BUTTON_KEYS}


class DieConfig(NamedTuple):
    source: str = "software"
    port: str = "/dev/companion-die"

    @property
    def spec(self) -> str:
        """For ``hardware.dice.make_die``: ``"software"``, ``"gpio"``, ``"serial:PORT"``."""
        return f"serial:{self.port}" if self.source == "serial" else self.source


class DisplayConfig(NamedTuple):
    rotation: int = 0
    """Degrees, one of :data:`ROTATIONS`; Kivy turns the picture and every touch with it."""


class WebConfig(NamedTuple):
    """The phones' server (``companion.web``): off unless enabled here or in Settings."""

    enabled: bool = False
    host: str = "0.0.0.0"
    port: int = 8080


class CompanionConfig(NamedTuple):
    cpu_scale: float | None = None
    """How many times slower than a desktop this machine runs the companion's search (its time
    budgets are divided by it); None: worked out from the device's model
    (``companion.table.pi_clock``)."""


@dataclass(frozen=True)
class Config:
    language: str = "en"
    fullscreen: bool = True
    buttons: ButtonConfig = ButtonConfig()
    die: DieConfig = DieConfig()
    display: DisplayConfig = DisplayConfig()
    web: WebConfig = WebConfig()
    companion: CompanionConfig = CompanionConfig()
    path: Path | None = None
    """The file the values came from; None if only defaults apply."""
    warnings: tuple[str, ...] = field(default=(), compare=False)
    """One sentence per problem, each naming its key, for the log and the settings screen."""


def default_paths() -> tuple[Path, ...]:
    """Where :func:`load_config` looks when no path is given, first match wins."""
    import platformdirs  # here: the app's start needs it only when no path is given

    return (platformdirs.user_config_path(APP_NAME) / "config.toml", SYSTEM_CONFIG)


def find_config(environ: Mapping[str, str] | None = None) -> Path | None:
    """``$COMPANION_CONFIG`` if set, else the first of :func:`default_paths` that exists."""
    env = os.environ if environ is None else environ
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR])
    return next((path for path in default_paths() if path.is_file()), None)


def load_config(path: str | os.PathLike[str] | None = None) -> Config:
    """The configuration from ``path`` (or :func:`find_config`); never raises."""
    chosen = Path(path) if path is not None else find_config()
    if chosen is None:
        return Config()
    import tomllib  # here: no file, no parser to load (the app's start)

    try:
        with open(chosen, "rb") as file:
            data = tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        return Config(path=chosen, warnings=(f"{chosen}: {error}; using the defaults",))
    return parse_config(data, path=chosen)


def parse_config(data: Mapping[str, Any], *, path: Path | None = None) -> Config:
    """A :class:`Config` from parsed TOML; bad values keep their defaults, with warnings."""
    warnings: list[str] = []
    top = _Section(data, "", warnings)
    language = top.get("language", Config.language, _one_of(LANGUAGES))
    fullscreen = top.get("fullscreen", Config.fullscreen, _boolean)
    buttons_data = top.table("buttons")
    die_data = top.table("die")
    display_data = top.table("display")
    web_data = top.table("web")
    companion_data = top.table("companion")
    top.warn_unknown({"language", "fullscreen", "buttons", "die", "display", "web",
                      "companion"})
    return Config(
        language=language,
        fullscreen=fullscreen,
        buttons=_parse_buttons(_Section(buttons_data, "buttons.", warnings)),
        die=_parse_die(_Section(die_data, "die.", warnings)),
        display=_parse_display(_Section(display_data, "display.", warnings)),
        web=_parse_web(_Section(web_data, "web.", warnings)),
        companion=_parse_companion(_Section(companion_data, "companion.", warnings)),
        path=path,
        warnings=tuple(warnings),
    )


def _parse_buttons(section: _Section) -> ButtonConfig:
    default = ButtonConfig()
    pins = {name: section.get(name, getattr(default, name), _gpio_pin) for name in BUTTON_KEYS}
    taken: dict[int, str] = {}
    for name in BUTTON_KEYS:
        if pins[name] in taken:
            section.warnings.append(
                f"buttons.{name}: GPIO {pins[name]} is already used by "
                f"buttons.{taken[pins[name]]}; using the default pins for all buttons"
            )
            pins = default.pins
            break
        taken[pins[name]] = name
    bounce_time = section.get("bounce_time", default.bounce_time, _seconds(0.0, 1.0))
    hold_time = section.get("hold_time", default.hold_time, _seconds(0.1, 10.0))
    section.warn_unknown({*BUTTON_KEYS, "bounce_time", "hold_time"})
    return ButtonConfig(**pins, bounce_time=float(bounce_time), hold_time=float(hold_time))


def _parse_die(section: _Section) -> DieConfig:
    default = DieConfig()
    source = section.get("source", default.source, _one_of(DIE_SOURCES))
    port = section.get("port", default.port, _non_empty_text)
    section.warn_unknown({"source", "port"})
    return DieConfig(source=source, port=port)


def _parse_display(section: _Section) -> DisplayConfig:
    default = DisplayConfig()
    rotation = section.get("rotation", default.rotation, _rotation)
    section.warn_unknown({"rotation"})
    return DisplayConfig(rotation=rotation)


def _parse_web(section: _Section) -> WebConfig:
    default = WebConfig()
    enabled = section.get("enabled", default.enabled, _boolean)
    host = section.get("host", default.host, _host)
    port = section.get("port", default.port, _port)
    section.warn_unknown({"enabled", "host", "port"})
    return WebConfig(enabled=enabled, host=host, port=port)


def _parse_companion(section: _Section) -> CompanionConfig:
    scale = section.get("cpu_scale", None, _factor(*CPU_SCALE_RANGE))
    section.warn_unknown({"cpu_scale"})
    return CompanionConfig(cpu_scale=None if scale is None else float(scale))


class _Section(NamedTuple):
    data: Mapping[str, Any]
    prefix: str
    warnings: list[str]

    def get(self, key: str, default: Any, check: Callable[[Any], str | None]) -> Any:
        if key not in self.data:
            return default
        value = self.data[key]
        problem = check(value)
        if problem is None:
            return value
        fallback = "ignored" if default is None else f"using the default {default!r}"
        self.warnings.append(f"{self.prefix}{key}: {problem}, got {value!r}; {fallback}")
        return default

    def table(self, key: str) -> Mapping[str, Any]:
        value = self.data.get(key, {})
        if isinstance(value, Mapping):
            return value
        self.warnings.append(
            f"{self.prefix}{key}: must be a table ([{key}]), got {value!r}; using the defaults"
        )
        return {}

    def warn_unknown(self, known: set[str]) -> None:
        for key in sorted(set(self.data) - known):
            self.warnings.append(f"{self.prefix}{key}: unknown key, ignored")


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        return None if value in choices else f"must be one of {', '.join(choices)}"

    return check


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _gpio_pin(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and value in GPIO_RANGE:
        return None
    return f"must be a BCM GPIO number {GPIO_RANGE.start}..{GPIO_RANGE.stop - 1}"


def _seconds(low: float, high: float) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        is_number = isinstance(value, int | float) and not isinstance(value, bool)
        if is_number and math.isfinite(value) and low <= value <= high:
            return None
        return f"must be a number of seconds from {low} to {high}"

    return check


def _factor(low: float, high: float) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        is_number = isinstance(value, int | float) and not isinstance(value, bool)
        if is_number and math.isfinite(value) and low <= value <= high:
            return None
        return f"must be a number from {low:g} to {high:g}"

    return check


def _rotation(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and value in ROTATIONS:
        return None
    return f"must be one of {', '.join(map(str, ROTATIONS))} (degrees)"


def _port(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 65535:
        return None
    return "must be a port number from 1 to 65535"


def _host(value: Any) -> str | None:
    if isinstance(value, str) and value.strip() and " " not in value.strip():
        return None
    return 'must be an address such as "0.0.0.0" (every network) or "127.0.0.1"'


def _non_empty_text(value: Any) -> str | None:
    return None if isinstance(value, str) and value.strip() else "must be a non-empty string"


__all__ = [
    "ButtonConfig",
    "CompanionConfig",
    "Config",
    "DieConfig",
    "DisplayConfig",
    "WebConfig",
    "default_paths",
    "find_config",
    "load_config",
    "parse_config",
]
