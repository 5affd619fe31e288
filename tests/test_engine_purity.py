"""The engine and the games import nothing from Kivy, gpiozero or pyserial, nor random."""

from __future__ import annotations

import ast
from pathlib import Path

import companion

FORBIDDEN = {"kivy", "gpiozero", "serial", "random", "secrets"}
ROOT = Path(companion.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_and_games_are_pure_python() -> None:
    files = list((ROOT / "engine").rglob("*.py")) + list((ROOT / "games").rglob("*.py"))
    assert len(files) > 5
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_modules(path) & FORBIDDEN)
        for path in files
        if imported_modules(path) & FORBIDDEN
    }
    assert offenders == {}


def test_the_purity_check_can_fail(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("import kivy.app\nfrom serial import Serial\n", encoding="utf-8")
    assert imported_modules(module) == {"kivy", "serial"}
