"""The companion's time scale (issue 24): the Pi's model, the config file, the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import parse_config
from companion.engine import open_game
from companion.engine.strategy import choose_input, make_turn
from companion.table.pi_clock import cpu_scale, factor_for_model, read_model


@pytest.mark.parametrize(("model", "factor"), [
    ("Raspberry Pi 4 Model B Rev 1.4", 6.0),
    ("Raspberry Pi 5 Model B Rev 1.0", 3.0),
    ("Raspberry Pi 3 Model B Plus Rev 1.3", 12.0),
    ("Raspberry Pi Zero 2 W Rev 1.0", 6.0),
    ("Pine64 RockPro64 v2.1", 1.0),
    (None, 1.0),
])
def test_the_factor_comes_from_the_device_tree_model(model: str | None, factor: float) -> None:
    assert factor_for_model(model) == factor


def model_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "model"
    path.write_bytes(text.encode() + b"\x00")  # the device tree ends the string with a NUL
    return path


def test_a_pi_4_is_read_from_its_model_file(tmp_path: Path) -> None:
    path = model_file(tmp_path, "Raspberry Pi 4 Model B Rev 1.4")
    assert read_model(path) == "Raspberry Pi 4 Model B Rev 1.4"
    scale = cpu_scale(environ={}, model_path=path)
    assert (scale.factor, scale.source) == (6.0, "model")
    assert "Raspberry Pi 4 Model B Rev 1.4" in scale.reason


def test_no_model_file_is_not_a_pi(tmp_path: Path) -> None:
    scale = cpu_scale(environ={}, model_path=tmp_path / "missing")
    assert (scale.factor, scale.source) == (1.0, "default")


def test_the_config_file_overrides_the_model(tmp_path: Path) -> None:
    config = parse_config({"companion": {"cpu_scale": 2.5}})
    assert config.companion.cpu_scale == 2.5 and not config.warnings
    path = model_file(tmp_path, "Raspberry Pi 4 Model B Rev 1.4")
    scale = cpu_scale(config.companion.cpu_scale, environ={}, model_path=path)
    assert (scale.factor, scale.source) == (2.5, "config")


def test_a_bad_config_factor_is_named_and_the_model_applies(tmp_path: Path) -> None:
    config = parse_config({"companion": {"cpu_scale": 0.5, "speed": 1}})
    assert config.companion.cpu_scale is None
    assert config.warnings == (
        "companion.cpu_scale: must be a number from 1 to 100, got 0.5; ignored",
        "companion.speed: unknown key, ignored",
    )


def test_the_environment_overrides_both_and_a_bad_one_is_passed_over(tmp_path: Path) -> None:
    path = model_file(tmp_path, "Raspberry Pi 5 Model B Rev 1.0")
    assert cpu_scale(4.0, {"COMPANION_CPU_SCALE": "6"}, path).factor == 6.0
    passed_over = cpu_scale(4.0, {"COMPANION_CPU_SCALE": "six"}, path)
    assert (passed_over.factor, passed_over.source, passed_over.ignored) == (4.0, "config", "six")


def test_the_scale_divides_the_levels_time_budget() -> None:
    match = open_game("quoridor", players=2)
    assert make_turn(match, "strong", time_scale=1.0).budget.seconds == pytest.approx(0.8)
    assert make_turn(match, "strong", time_scale=6.0).budget.seconds == pytest.approx(0.8 / 6)
    assert make_turn(match, "easy", time_budget=0.3, time_scale=3).budget.seconds == \
        pytest.approx(0.1)
    with pytest.raises(ValueError, match="time_scale must be a positive number"):
        choose_input(match, "easy", time_scale=0)
