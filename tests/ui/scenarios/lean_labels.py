"""The app's labels and buttons in a real window: each option that may change re-renders as
Kivy's own label does, the options held by the class are never set, and a label costs less.

    python tests/ui/scenarios/lean_labels.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import ast
import gc
import hashlib
import inspect
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, run_from_command_line  # noqa: E402  (configures Kivy before it is imported)

from companion.app.labels.lean import BOUND_OPTIONS, FIXED_OPTIONS, LeanLabel  # noqa: E402
from companion.app.labels.remembered import RememberedLabel  # noqa: E402
from companion.app.widgets.common import BigButton, BodyLabel  # noqa: E402

Scenario = Callable[[Driver], Iterator[float]]
FRAME = 0.15
ROOT = Path(__file__).resolve().parents[3]

TEXT = "Eva plays the red car"
CHANGES: dict[str, tuple[dict[str, Any], Any]] = {
    "text": ({}, "Pat passes"),
    "font_size": ({}, 30),
    "font_name": ({}, "RobotoMono-Regular"),
    "bold": ({}, True),
    "color": ({}, (1, 0.3, 0.3, 1)),
    "disabled": ({}, True),
    "disabled_color": ({"disabled": True}, (0.2, 0.9, 0.2, 1)),
    "halign": ({"text_size": (220, None), "halign": "left"}, "right"),
    "valign": ({"text_size": (220, 80), "valign": "bottom"}, "top"),
    "padding": ({}, (6, 4, 6, 4)),
    "text_size": ({"text_size": (None, None)}, (70, None)),
    "shorten": ({"text_size": (70, None)}, True),
    "shorten_from": ({"text_size": (70, None), "shorten": True}, "right"),
    "line_height": ({"text_size": (70, None)}, 1.6),
    "max_lines": ({"text_size": (70, None)}, 1),
    "markup": ({"text": "[b]Eva[/b] plays"}, True),
}
"""Each option a label may change: what it is set to first (with the text), and its change."""
CLASSES: dict[str, type] = {"LeanLabel": LeanLabel, "RememberedLabel": RememberedLabel,
                            "BigButton": BigButton, "BodyLabel": BodyLabel}


def pixels_of(label: Any) -> tuple[tuple[int, int], bytes] | None:
    texture = label.texture
    return None if texture is None else (tuple(texture.size), bytes(texture.pixels))


def options_of(label: Any) -> dict[str, Any]:
    """Every option the label may change, as a Kivy label is made with it."""
    return {name: (list(value) if isinstance(value, list) else value)
            for name, value in ((name, getattr(label, name)) for name in BOUND_OPTIONS)}


def kept_options_re_render(d: Driver) -> Iterator[float]:
    """Each of the app's label classes, each option that may change: set after the label is
    shown, its texture is rendered anew, with the pixels of Kivy's own label, shown and
    changed alike, before and after."""
    from kivy.uix.label import Label

    screen = d.app.root.current_screen
    labels: dict[str, tuple[Any, Any]] = {}
    for class_name, cls in CLASSES.items():
        for option, (first, _) in CHANGES.items():
            pair = (cls(size_hint=(None, None), size=(240, 100), pos=(10, 10)),
                    Label(size_hint=(None, None), size=(240, 100), pos=(300, 10)))
            for label in pair:
                screen.add_widget(label)
            ours, kivys = pair
            for name, value in options_of(ours).items():  # (as ours is after its kv rules)
                setattr(kivys, name, value)
            for label in pair:
                label.text = TEXT
                for name, value in first.items():
                    setattr(label, name, value)
            labels[f"{class_name}.{option}"] = pair
    yield FRAME
    before = {key: [pixels_of(label) for label in pair] for key, pair in labels.items()}
    for key, pair in labels.items():
        option = key.split(".")[1]
        for label in pair:
            setattr(label, option, CHANGES[option][1])
    yield FRAME
    after = {key: [pixels_of(label) for label in pair] for key, pair in labels.items()}
    d.results["not_changed"] = [key for key in labels if after[key][0] == before[key][0]]
    d.results["not_as_kivys"] = [key for key in labels
                                 if before[key][0] is None or before[key][0] != before[key][1]
                                 or after[key][0] is None or after[key][0] != after[key][1]]
    d.results["checked"] = len(labels)
    for pair in labels.values():
        for label in pair:
            screen.remove_widget(label)


def fixed_options_read_as_kivys(d: Driver) -> Iterator[float]:
    """The options a class holds are Kivy's defaults; setting one says which and why."""
    from kivy.lang import Builder
    from kivy.uix.label import Label

    kivys = Label()
    lean = BigButton()
    d.results["not_kivys_default"] = [
        name for name, value in FIXED_OPTIONS.items()
        if (list(value) if isinstance(value, tuple) else dict(value) if name ==
            "ellipsis_options" else value) != getattr(kivys, name)
        or getattr(lean, name) != value]
    refusals: dict[str, str] = {}
    try:
        lean.italic = True
    except AttributeError as error:
        refusals["set"] = str(error)
    try:
        BodyLabel(outline_width=2)
    except TypeError as error:
        refusals["keyword"] = str(error)
    try:
        Builder.load_string("BigButton:\n    font_kerning: False\n")
    except Exception as error:  # noqa: BLE001  (Kivy's BuilderException around ours)
        refusals["kv"] = str(error)
    d.results["refusals"] = refusals
    d.results["bigbutton_order"] = [cls.__name__ for cls in BigButton.__mro__][:6]
    d.results["kivys_label_init"] = hashlib.sha256(
        inspect.getsource(Label.__init__).encode()).hexdigest()[:16]
    yield FRAME


def _kv_settings() -> list[tuple[str, str, str]]:
    """(kv file and line, the rule's class name, option) of every option set in a kv rule."""
    from kivy.lang.parser import Parser

    settings: list[tuple[str, str, str]] = []

    def walk(rule: Any, name: str, where: str) -> None:
        for key, prop in rule.properties.items():
            settings.append((f"{where}:{prop.line + 1}", name, key))
        for child in rule.children:
            walk(child, child.name, where)

    for path in sorted((ROOT / "kv").glob("*.kv")):
        parser = Parser(content=path.read_text(encoding="utf-8"), filename=str(path))
        for selector, rule in parser.rules:
            walk(rule, selector.key, path.name)
    return settings


def _python_settings() -> list[tuple[str, str]]:
    """(file and line, option) of every attribute set and keyword named as a fixed option in
    the app's Python code."""
    found: list[tuple[str, str]] = []
    for path in sorted((ROOT / "companion" / "app").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                if node.attr in FIXED_OPTIONS:
                    found.append((f"{where}:{node.lineno}", node.attr))
            elif isinstance(node, ast.keyword) and node.arg in FIXED_OPTIONS:
                found.append((f"{where}:{node.value.lineno}", node.arg))
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id == "setattr"):
                found.append((f"{where}:{node.lineno}", "setattr"))
    return found


def fixed_options_never_set(d: Driver) -> Iterator[float]:
    """No kv rule of a lean label sets an option its class holds; the Python code names none
    where it sets attributes or passes keywords (each site it does is listed)."""
    from kivy.factory import Factory

    from companion.app.kvlang.loading import load_kv

    for path in sorted((ROOT / "kv").glob("*.kv")):
        load_kv(path.stem)  # every kv file: its dynamic classes known to the Factory
    names = {name.lower(): name for name in Factory.classes}
    lean: list[str] = []
    offending: list[str] = []
    for where, rule_name, option in _kv_settings():
        name = names.get(rule_name.lower())
        cls = Factory.get(name) if name else None
        if isinstance(cls, type) and issubclass(cls, LeanLabel):
            lean.append(rule_name)
            if option in FIXED_OPTIONS:
                offending.append(f"{where} {rule_name}.{option}")
    d.results["kv_rules_of_lean_labels"] = len(lean)
    d.results["kv_offending"] = offending
    d.results["python_sites"] = _python_settings()
    yield FRAME


def _bytes_per_label(make: Callable[[], Any], count: int = 60) -> float:
    made = [make() for _ in range(3)]
    gc.collect()
    tracemalloc.start()
    first = tracemalloc.get_traced_memory()[0]
    made = [make() for _ in range(count)]
    gc.collect()
    traced = tracemalloc.get_traced_memory()[0] - first
    tracemalloc.stop()
    del made
    return traced / count


def cost_per_label(d: Driver) -> Iterator[float]:
    """Python bytes traced per label made: the app's classes beside Kivy's own."""
    from kivy.uix.button import Button
    from kivy.uix.label import Label

    d.results["bytes"] = {
        cls.__name__: _bytes_per_label(lambda cls=cls: cls(text="Eva"))  # type: ignore[misc]
        for cls in (Label, LeanLabel, BodyLabel, RememberedLabel, Button, BigButton)}
    yield FRAME


SCENARIOS: dict[str, Scenario] = {"kept_options_re_render": kept_options_re_render,
                                  "fixed_options_read_as_kivys": fixed_options_read_as_kivys,
                                  "fixed_options_never_set": fixed_options_never_set,
                                  "cost_per_label": cost_per_label}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
