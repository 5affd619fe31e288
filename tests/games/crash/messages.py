"""Collect every English message of the crash package: rejection templates and texts (AST)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "companion" / "games" / "crash"

# call name -> index of the template argument
TEMPLATE_CALLS = {"reject": 2, "IllegalInput": 1, "_target": 1, "_": 0}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def collect() -> dict[str, set[str]]:
    """{'templates': rejection templates, 'texts': texts of text.py}."""
    templates: set[str] = set()
    texts: set[str] = set()
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name not in TEMPLATE_CALLS:
                continue
            index = TEMPLATE_CALLS[name]
            if len(node.args) <= index:
                continue
            arg = node.args[index]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                (texts if name == "_" else templates).add(arg.value)
        if path.name == "text.py":
            for node in ast.walk(tree):
                if isinstance(node, ast.Dict):
                    for value in node.values:
                        if isinstance(value, ast.Constant) and isinstance(value.value, str):
                            texts.add(value.value)
    return {"templates": templates, "texts": texts}
