"""How many times slower than a desktop this machine thinks: the companion's time scale.

The companion's levels have time budgets measured on a desktop machine; a Raspberry Pi does
the same search several times slower. The factor ``F`` divides every level's budget
(``choose_input(..., time_scale=F)``), so that the companion on the Pi answers as quickly as it
does here, and a benchmark here with ``F`` plays as the Pi does.

Where ``F`` comes from, first found wins:

1. the environment variable ``COMPANION_CPU_SCALE`` (benchmarks, trying a factor out);
2. the config file's ``[companion] cpu_scale``;
3. the device tree's model (``/proc/device-tree/model``): Raspberry Pi 5 → 3, Pi 4 → 6,
   Pi 3 → 12, another Pi → 6, not a Pi → 1.

The engine knows no device: this module (the table's) works the factor out, the session
passes it in. Kivy-free, never raises on a bad value (it is named in :attr:`CpuScale.ignored`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from companion.config import CPU_SCALE_RANGE

ENV_VAR = "COMPANION_CPU_SCALE"
MODEL_PATH = Path("/proc/device-tree/model")
LOWEST, HIGHEST = CPU_SCALE_RANGE
"""The factors accepted from the environment, as from the config file."""
PI_FACTORS = (("Raspberry Pi 5", 3.0), ("Raspberry Pi 4", 6.0), ("Raspberry Pi 3", 12.0))
"""Measured-ish single-core speed of each model against this desktop (the Pi 4 is about 6×
slower in the strategies' pure Python; the Pi 5 about 2–3×; the Pi 3 about twice the Pi 4)."""
UNKNOWN_PI = 6.0
NOT_A_PI = 1.0


@dataclass(frozen=True)
class CpuScale:
    """The factor and where it came from (``companion doctor`` says it in plain words)."""

    factor: float
    source: str
    """``environment``, ``config``, ``model`` (a device-tree model) or ``default`` (none)."""
    detail: str = ""
    """The environment's text, the model string, or the model file looked for."""
    ignored: str = ""
    """A ``COMPANION_CPU_SCALE`` that is not a factor we accept (it was passed over)."""

    @property
    def reason(self) -> str:
        """Where the factor came from, in English (logs, benchmarks)."""
        said = {
            "environment": f"{ENV_VAR}={self.detail}",
            "config": "the config file's [companion] cpu_scale",
            "model": f"the model {self.detail!r}",
            "default": f"not a Raspberry Pi (no {self.detail})",
        }[self.source]
        return f"{said}; {ENV_VAR}={self.ignored!r} ignored" if self.ignored else said


def factor_for_model(model: str | None) -> float:
    """The factor of a device-tree model string (``"Raspberry Pi 4 Model B Rev 1.4"``)."""
    if not model or "Raspberry Pi" not in model:
        return NOT_A_PI
    for prefix, factor in PI_FACTORS:
        if prefix in model:
            return factor
    return UNKNOWN_PI


def read_model(path: Path = MODEL_PATH) -> str | None:
    """The device tree's model, without its trailing NUL; None where there is none."""
    try:
        text = path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return None
    return text.rstrip("\x00").strip() or None


def parse_factor(value: object) -> float | None:
    """A factor from a setting (a number or its text), None when it is not one we accept."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return None
    if isinstance(value, int | float) and math.isfinite(value) and LOWEST <= value <= HIGHEST:
        return float(value)
    return None


def cpu_scale(
    setting: float | None = None,
    environ: Mapping[str, str] | None = None,
    model_path: Path = MODEL_PATH,
) -> CpuScale:
    """The factor that applies here, and why (see the module's docstring for the order)."""
    env = os.environ if environ is None else environ
    text = env.get(ENV_VAR, "").strip()
    ignored = ""
    if text:
        factor = parse_factor(text)
        if factor is not None:
            return CpuScale(factor, "environment", text)
        ignored = text
    if setting is not None:
        return CpuScale(float(setting), "config", ignored=ignored)
    model = read_model(model_path)
    if model is None:
        return CpuScale(NOT_A_PI, "default", str(model_path), ignored)
    return CpuScale(factor_for_model(model), "model", model, ignored)


__all__ = ["ENV_VAR", "MODEL_PATH", "CpuScale", "cpu_scale", "factor_for_model", "parse_factor",
           "read_model"]
