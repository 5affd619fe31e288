"""Collect every English message of the PAC-MAN package from its source (for the .po checks)."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.games.pacman as package
from companion.games.pacman.text import RANK_TEXTS

PACKAGE_DIR = Path(package.__file__).parent
# function name -> index of the message argument
MESSAGE_ARGUMENT = {"reject": 2, "IllegalInput": 1, "_bad": 0, "_square": 1, "_": 0}
PREFIXES = {"layout.py": "layout: ", "notation.py": "position: "}


def _strings(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def collect_messages() -> dict[str, str]:
    """Every message (template) → the module it comes from."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in MESSAGE_ARGUMENT or len(node.args) <= MESSAGE_ARGUMENT[name]:
                continue
            prefix = PREFIXES.get(path.name, "") if name in ("_bad", "_square") else ""
            for text in _strings(node.args[MESSAGE_ARGUMENT[name]]):
                found[prefix + text] = path.name
    for title, message in RANK_TEXTS.values():
        found[title] = "text.py"
        found[message] = "text.py"
    return found


if __name__ == "__main__":
    for message, module in collect_messages().items():
        print(f"{module}\t{message}")
