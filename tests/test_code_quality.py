"""The style promises: ruff is clean everywhere, the engine and games pass mypy --strict."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TYPED = [
    "companion/engine", "companion/games", "companion/records/store.py", "companion/i18n.py",
    "companion/terminal.py", "companion/table",
    "companion/config.py",
    "companion/display.py", "companion/doctor/report.py", "companion/doctor/files.py",
    "companion/doctor/system.py", "hardware", "companion/sound",
    "companion/records/players.py", "companion/records/results.py", "companion/records/schema.py",
    "companion/records/stats.py", "companion/records/export.py", "companion/records/backup.py",
    "companion/records/cli.py", "companion/geometry/quoridor.py", "companion/geometry/pacman.py",
]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_ruff_is_clean() -> None:
    done = run("ruff", "check", "companion", "hardware", "tests", "benchmarks")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_engine_games_store_and_hardware_pass_mypy_strict() -> None:
    done = run("mypy", "--strict", "--no-incremental", *TYPED)
    assert done.returncode == 0, done.stdout + done.stderr


KNOWN_CIRCLES = {
    # a package's __init__ and the module it exposes: Python resolves these by design
    frozenset({"companion.app", "companion.app.main"}),
    frozenset({"companion.games.patamat", "companion.games.patamat.rules"}),
}
"""Pairs of modules that import each other and are left so, with the reason."""


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The project modules ``path`` imports anywhere (top level or inside a function)."""
    import ast

    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found & modules


def test_no_two_modules_import_each_other_but_the_known_ones() -> None:
    files = {}
    for path in (ROOT / "companion").rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        files[name.removesuffix(".__init__")] = path
    modules = set(files)
    imports = {name: _imports(path, modules) - {name} for name, path in files.items()}
    circles = {
        frozenset({first, second})
        for first, targets in imports.items()
        for second in targets
        if first in imports.get(second, set())
    }
    assert circles - KNOWN_CIRCLES == set(), sorted(sorted(pair) for pair in circles)
    # Crash's fixes and rules, legal and turns, and Pat a Mat's board and its fix mode, were
    # untangled
    assert "companion.games.crash.rules" not in imports["companion.games.crash.fixes"]
    assert "companion.games.crash.legal" not in imports["companion.games.crash.turns"]
    patamat_fix_mode = imports["companion.app.boards.patamat.fix_mode"]
    assert "companion.app.boards.patamat.board" not in patamat_fix_mode
