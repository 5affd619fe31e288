"""Kv rules (app/kvlang/bindings.py): evaluated at every change of what they read, as Kivy's own
bindings do, without formatting the trace lines Kivy's logger drops."""

from __future__ import annotations

from pathlib import Path

from conftest import run_scenario_script

SCRIPT = Path(__file__).parent / "scenarios" / "kv_rules.py"


def test_a_rule_follows_every_change_and_formats_no_trace_line(display: str,
                                                               tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "rules_without_traces", display, tmp_path, "en")
    assert seen["boxes"] == [[width - 12, 40] for width in range(101, 111)]
    assert seen["reprs"] == 0  # Kivy's own binding formats the widget's repr for each change
