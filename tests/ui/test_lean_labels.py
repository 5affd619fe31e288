"""LeanLabel (app/labels/lean.py): the app's labels and buttons hold the rendering options no label
changes as class constants. Every option that may change still re-renders as Kivy's own label
does; a fixed option is never set (kv, code) and says so when it is; a label costs less."""

from __future__ import annotations

from pathlib import Path

from conftest import run_scenario_script

SCRIPT = Path(__file__).parent / "scenarios" / "lean_labels.py"

SITES_NOT_SETTING_AN_OPTION = {"companion/app/boards/crash/controls.py": {"strip"},
                               "companion/app/labels/remembered.py": {"mipmap"}}
"""Sites that name a fixed option and set no label's: Crash's action strip (an attribute of its
controls), a remembered look's texture made as the label's (``mipmap=self.mipmap``)."""
SETATTR_SITES = {"companion/app/labels/lean.py", "companion/app/screens/play/panels.py",
                 "companion/app/screens/play/texts_ahead.py", "companion/app/screens/stats.py",
                 "companion/app/kvlang/bindings.py"}
"""Files whose ``setattr`` calls were read: none sets a fixed option (the fixed options
themselves, a choice button's data, the status probe's changing options, the statistics' head
rows; the kv rules' bindings set what the kv rules say, which the kv walk reads). A new one: read
it, and add it here if it sets none."""


def test_each_option_that_may_change_re_renders_as_kivys_label(display: str,
                                                               tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "kept_options_re_render", display, tmp_path, "en")
    assert seen["checked"] == 4 * 16
    assert seen["not_changed"] == []
    assert seen["not_as_kivys"] == []


def test_the_fixed_options_are_kivys_defaults_and_setting_one_is_refused(
        display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "fixed_options_read_as_kivys", display, tmp_path, "en")
    assert seen["not_kivys_default"] == []
    refusals = seen["refusals"]
    assert "BigButton.italic is fixed at False" in refusals["set"]
    assert "outline_width" in refusals["keyword"] and "fixed" in refusals["keyword"]
    assert "font_kerning is fixed at True" in refusals["kv"]
    # LeanLabel.__init__ is Kivy 2.3.1's Label.__init__ binding fewer options: Kivy's unchanged
    assert seen["kivys_label_init"] == "eb9dc96eb604b28c"
    # Kivy's Button first, then this label's __init__ in place of Label's
    assert seen["bigbutton_order"] == ["BigButton", "Button", "ButtonBehavior", "LeanLabel",
                                       "Label", "Widget"]


def test_no_kv_rule_or_code_sets_a_fixed_option(display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "fixed_options_never_set", display, tmp_path, "en")
    assert seen["kv_rules_of_lean_labels"] > 100  # (the walk found the app's labels' rules)
    assert seen["kv_offending"] == []
    for where, option in seen["python_sites"]:
        path = where.split(":")[0]
        if option == "setattr":
            assert path in SETATTR_SITES, where
        else:
            assert option in SITES_NOT_SETTING_AN_OPTION.get(path, set()), f"{where} sets {option}"


def test_a_label_costs_less_than_kivys(display: str, tmp_path: Path) -> None:
    seen = run_scenario_script(SCRIPT, "cost_per_label", display, tmp_path, "en")
    kb = {name: size / 1000 for name, size in seen["bytes"].items()}
    # Python bytes traced per label made (~35 kB a Kivy Label, ~50 a Button; the options'
    # storage and bindings were ~12 kB of them, a Button's bordered image's bindings ~8 more):
    # generous bounds, not the figures (53 kB a BigButton before, 34 after)
    for lean, kivys in (("LeanLabel", "Label"), ("BodyLabel", "Label"),
                        ("RememberedLabel", "Label")):
        assert kb[lean] < kb[kivys] - 8, kb
    assert kb["BigButton"] < kb["Button"] - 12, kb
