"""The configuration file: good values load, bad ones are named and replaced by defaults."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from companion import config as config_module
from companion.config import (
    ButtonConfig,
    Config,
    DieConfig,
    DisplayConfig,
    find_config,
    load_config,
)
from hardware.buttons import DEFAULT_BOUNCE_TIME, DEFAULT_HOLD_TIME, DEFAULT_PINS

EXAMPLE = Path(__file__).parents[2] / "hardware" / "config.example.toml"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
        language = "cs"
        fullscreen = false
        [buttons]
        roll = 5
        undo = 6
        ok = 13
        menu = 19
        bounce_time = 0.05
        hold_time = 2
        [die]
        source = "serial"
        port = "socket://pi.local:7000"
        """,
    )
    config = load_config(path)
    assert config == Config(
        language="cs",
        fullscreen=False,
        buttons=ButtonConfig(roll=5, undo=6, ok=13, menu=19, bounce_time=0.05, hold_time=2.0),
        die=DieConfig(source="serial", port="socket://pi.local:7000"),
        path=path,
    )
    assert config.warnings == ()
    assert config.die.spec == "serial:socket://pi.local:7000"
    assert config.buttons.pins == {"roll": 5, "undo": 6, "ok": 13, "menu": 19}


def test_the_shipped_example_is_all_defaults() -> None:
    config = load_config(EXAMPLE)
    assert config.warnings == ()
    assert dataclasses.replace(config, path=None) == Config()


def test_defaults_agree_with_the_button_adapter() -> None:
    defaults = ButtonConfig()
    assert defaults.pins == dict(DEFAULT_PINS)
    assert (defaults.bounce_time, defaults.hold_time) == (DEFAULT_BOUNCE_TIME, DEFAULT_HOLD_TIME)
    assert DieConfig().spec == "software"


def test_bad_values_are_named_and_keep_their_defaults(tmp_path: Path) -> None:
    config = load_config(
        write(
            tmp_path,
            """
            language = "de"
            fullscreen = "yes"
            colour = "blue"
            [buttons]
            roll = 40
            ok = true
            bounce_time = -1
            [die]
            source = "dice"
            port = ""
            """,
        )
    )
    assert config.language == "en" and config.fullscreen is True
    assert config.buttons == ButtonConfig()
    assert config.die == DieConfig()
    keys = [warning.split(":")[0] for warning in config.warnings]
    assert keys == [
        "language",
        "fullscreen",
        "colour",
        "buttons.roll",
        "buttons.ok",
        "buttons.bounce_time",
        "die.source",
        "die.port",
    ]
    assert "language: must be one of en, cs, got 'de'; using the default 'en'" in config.warnings
    assert "colour: unknown key, ignored" in config.warnings


def test_good_values_survive_next_to_bad_ones(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, 'language = "cs"\n[buttons]\nmenu = 99\nroll = 4\n'))
    assert config.language == "cs"
    assert config.buttons.roll == 4 and config.buttons.menu == 23
    assert len(config.warnings) == 1 and config.warnings[0].startswith("buttons.menu:")


def test_two_buttons_on_one_pin_fall_back_to_the_default_pins(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, "[buttons]\nroll = 5\nok = 5\nhold_time = 0.5\n"))
    assert config.buttons == ButtonConfig(hold_time=0.5)
    assert config.warnings == (
        "buttons.ok: GPIO 5 is already used by buttons.roll; "
        "using the default pins for all buttons",
    )


def test_a_section_that_is_not_a_table(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, 'die = "serial"\n'))
    assert config.die == DieConfig()
    assert config.warnings[0].startswith("die: must be a table")


@pytest.mark.parametrize(
    "content", [b"language = \n", b"[buttons\nroll = 1", b"\xff\xfe\x00garbage", b"a = 1\na = 2\n"]
)
def test_a_garbled_file_gives_all_defaults_and_a_warning(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(content)
    config = load_config(path)
    assert dataclasses.replace(config, path=None) == Config()
    assert len(config.warnings) == 1 and str(path) in config.warnings[0]


def test_a_missing_file_given_by_path_is_a_warning(tmp_path: Path) -> None:
    config = load_config(tmp_path / "nope.toml")
    assert config.language == "en" and "nope.toml" in config.warnings[0]


def test_where_the_file_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    user = tmp_path / "user.toml"
    system = tmp_path / "system.toml"
    monkeypatch.setattr(config_module, "default_paths", lambda: (user, system))
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    assert find_config({}) is None
    assert load_config() == Config()  # no file anywhere: defaults, no warning
    system.write_text('language = "cs"\n')
    assert find_config({}) == system
    assert load_config().language == "cs"
    user.write_text("")
    assert find_config({}) == user
    assert find_config({"COMPANION_CONFIG": str(tmp_path / "x.toml")}) == tmp_path / "x.toml"


def test_the_config_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Config().language = "cs"  # type: ignore[misc]


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_display_rotation(tmp_path: Path, rotation: int) -> None:
    config = load_config(write(tmp_path, f"[display]\nrotation = {rotation}\n"))
    assert config.display == DisplayConfig(rotation=rotation)
    assert config.warnings == ()


def test_display_rotation_defaults_to_zero() -> None:
    assert Config().display.rotation == 0
    assert load_config(EXAMPLE).display == DisplayConfig()


@pytest.mark.parametrize("bad", ["45", '"180"', "180.0", "true", "-90", "360"])
def test_a_bad_display_rotation_is_named_and_gives_zero(tmp_path: Path, bad: str) -> None:
    config = load_config(write(tmp_path, f"[display]\nrotation = {bad}\n"))
    assert config.display.rotation == 0
    (warning,) = config.warnings
    assert warning.startswith("display.rotation: must be one of 0, 90, 180, 270 (degrees)")
    assert warning.endswith("using the default 0")


def test_unknown_display_keys_and_a_display_that_is_not_a_table(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, "[display]\nrotation = 180\nflip = true\n"))
    assert config.display.rotation == 180
    assert config.warnings == ("display.flip: unknown key, ignored",)
    config = load_config(write(tmp_path, "display = 180\n"))
    assert config.display == DisplayConfig()
    assert config.warnings[0].startswith("display: must be a table")
