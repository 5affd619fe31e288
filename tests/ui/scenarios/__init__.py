"""The scripted scenarios the UI tests play in a real window, one per app process: what a player
taps and what the screen says, written like the table. Each scenario drives a
:class:`driver.Driver` and yields the pauses between its taps, in seconds.

``SCENARIOS``, every scenario ``driver.py`` runs by name (``run_scenario`` in ``conftest.py``),
is gathered from the modules below when it is first asked for, so that a game's own script
that borrows a sibling's helpers does not load every scenario. The games' own scripts run on
their own (``run_scenario_script``)::

    python tests/ui/scenarios/crash/game.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]

(``builder``, ``clovece``, ``coords``, ``crash.game``, ``crash.layout``, ``labels``, ``pacman``,
``patamat``, ``steady``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any

GATHERED = ("play", "dice_lists", "store", "companions", "table_die", "sound", "stats", "words",
            "names", "rules", "table_lines", "layout", "phones", "boards", "home_frame")
"""The modules whose scenarios the driver runs by name."""


def gathered() -> dict[str, Callable[[Any], Iterator[float]]]:
    """Every scenario of :data:`GATHERED` by its name; a name two modules use is an error."""
    scenarios: dict[str, Callable[[Any], Iterator[float]]] = {}
    for name in GATHERED:
        module = importlib.import_module(f"{__name__}.{name}")
        twice = scenarios.keys() & module.SCENARIOS.keys()
        if twice:
            raise ValueError(f"scenarios named twice (in {name}.py and before): {sorted(twice)}")
        scenarios.update(module.SCENARIOS)
    return scenarios


def __getattr__(name: str) -> Any:
    """``SCENARIOS``, gathered on first use (PEP 562)."""
    if name != "SCENARIOS":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    scenarios = gathered()
    globals()["SCENARIOS"] = scenarios
    return scenarios
