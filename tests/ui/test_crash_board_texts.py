"""Every text the Crash by Crash board shows has a Czech translation in the game's catalogue."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from companion.i18n import load_catalogue

BOARDS = Path(__file__).resolve().parents[2] / "companion" / "app" / "boards" / "crash"
DIRECTIONS = ("NE", "E", "SE", "SW", "W", "NW")
"""Translated one by one in the preview text ("push E" reads "tlačí V")."""


def board_texts() -> set[str]:
    """The English messages passed to ``_(…)`` or ``self.tr(…)`` in the board's modules."""
    texts: set[str] = set(DIRECTIONS)
    for path in sorted(BOARDS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            is_text = (isinstance(func, ast.Name) and func.id == "_") or (
                isinstance(func, ast.Attribute) and func.attr == "tr")
            arg = node.args[0]
            if is_text and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                texts.add(arg.value)
    return texts


def test_every_board_text_has_a_czech_translation_with_the_same_placeholders() -> None:
    catalogue = load_catalogue("crash", "cs")
    texts = board_texts()
    assert {"Magnet", "Operator", "Tap an arrow", "{count} bat."} <= texts
    missing = sorted(text for text in texts if not catalogue.get(text))
    assert missing == []
    for text in texts:
        assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", catalogue[text]))
