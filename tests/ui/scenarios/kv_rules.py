"""Kv rules in the running app: each evaluated as a bound property changes, no trace formatted.

    python tests/ui/scenarios/kv_rules.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, run_from_command_line  # noqa: E402  (configures Kivy before it is imported)
from kivy.lang import Builder  # noqa: E402
from kivy.properties import ListProperty  # noqa: E402
from kivy.uix.widget import Widget  # noqa: E402

Scenario = Callable[[Driver], Iterator[float]]


class Watched(Widget):
    """A widget with a kv rule, which counts how often its ``repr`` is asked for."""

    text_box = ListProperty([0, 0])
    reprs = 0

    def __repr__(self) -> str:
        type(self).reprs += 1
        return "<Watched>"


Builder.load_string("""
<Watched>:
    text_box: self.width - 12, self.height
""")


def rules_without_traces(d: Driver) -> Iterator[float]:
    """A rule's widget resized ten times once the app runs: the rule follows every size, and
    nothing is formatted for a log line the logger drops."""
    yield 0.2
    watched = Watched(size=(100, 40))
    Watched.reprs = 0
    seen = []
    for width in range(101, 111):
        watched.width = width
        seen.append(list(watched.text_box))
    d.results["boxes"] = seen
    d.results["reprs"] = Watched.reprs
    yield 0.1


SCENARIOS: dict[str, Scenario] = {"rules_without_traces": rules_without_traces}

if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
