"""The style promises: ruff is clean everywhere, the engine and games pass mypy --strict, the
architecture's import contracts hold, and no module is named after another by prefix."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MYPY_CACHE = Path(tempfile.gettempdir()) / "companion-test-mypy" / str(ROOT).strip("/")
"""mypy's cache of this checkout, outside the tree: a module is checked again when it or what
it imports changed (a full check costs ~6 s of CPU, ~20–30 s of a busy test worker)."""
TYPED = [
    "companion/engine", "companion/games", "companion/records/store.py", "companion/i18n.py",
    "companion/terminal.py", "companion/table",
    "companion/config.py",
    "companion/display.py", "companion/doctor/report.py", "companion/doctor/files.py",
    "companion/doctor/system.py", "hardware", "companion/sound",
    "companion/records/players.py", "companion/records/results.py", "companion/records/schema.py",
    "companion/records/stats.py", "companion/records/export.py", "companion/records/backup.py",
    "companion/records/cli.py", "companion/records/bgstats.py", "companion/records/finished.py",
    "companion/records/views.py", "companion/records/words.py", "companion/records/database.py",
    "companion/records/games.py",
    *(f"companion/web/{name}.py" for name in (
        "__init__", "server", "owner", "tokens", "state", "stream", "serve", "hosting",
        "records_routes")),
    "companion/web/svg", "companion/geometry",
]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_ruff_is_clean() -> None:
    done = run("ruff", "check", "companion", "hardware", "tests", "benchmarks")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_engine_games_store_and_hardware_pass_mypy_strict() -> None:
    done = run("mypy", "--strict", "--cache-dir", str(MYPY_CACHE), *TYPED)
    assert done.returncode == 0, done.stdout + done.stderr


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the tree at ``root`` with the contracts of its pyproject.toml."""
    command = [sys.executable, "-c", "from importlinter.cli import lint_imports_command; "
               "lint_imports_command()", "--config", str(root / "pyproject.toml"),
               "--no-cache"]
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=300,
                          env=env)


def test_the_architecture_contracts_are_kept() -> None:
    """docs/ARCHITECTURE.md's "never" rules and no circles, as import-linter contracts."""
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


@pytest.mark.parametrize(("module", "line", "contract"), [
    ("companion/records/store.py", "import kivy.app", "know no screen"),
    ("companion/games/quoridor/rules.py", "import companion.table.session", "Layers"),
    ("companion/terminal.py", "import companion.app.main", "Layers"),
    ("hardware/dice.py", "import companion.table", "Devices post events"),
    ("companion/table/words/game.py", "import companion.table.session", "No circles"),
    ("companion/app/boards/crash/tap_state.py", "import kivy.clock", "Kivy-free parts"),
    ("companion/app/frames/laying_out.py", "import companion.app.screens.home",
     "knows no screen of the app"),
    ("companion/app/labels/widths.py", "import companion.table.session",
     "knows no screen of the app"),
])
def test_a_broken_contract_fails(tmp_path: Path, module: str, line: str, contract: str) -> None:
    """The contracts can fail: one forbidden import in a copy of the tree breaks the build."""
    for part in ("companion", "hardware"):
        shutil.copytree(ROOT / part, tmp_path / part,
                        ignore=shutil.ignore_patterns("__pycache__", "*.po", "*.json", "*.toml"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    done = lint_imports(tmp_path)
    assert done.returncode != 0
    _, _, broken = done.stdout.partition("Broken contracts")
    assert contract in " ".join(broken.split()), done.stdout[-3000:]


# -- no module named after another by prefix -------------------------------------------------------

NAMED_PARTS = ("companion", "hardware", "tests", "benchmarks", "tools")
"""The folders whose modules and packages are checked (kv/ holds the product's public kv files)."""


def named_after_another(folder: Path) -> list[str]:
    """The modules of ``folder`` named after a sibling module or package by prefix
    (``crash_layout.py`` beside ``crash.py`` or ``crash/``): a second job that wants a package
    of its own (STYLE.md: "A folder is a part"). Test modules are named after what they test
    (``test_store_faults.py`` tests ``faults.py`` of the store), not checked here."""
    names = {path.stem for path in folder.glob("*.py")} | {
        path.name for path in folder.iterdir()
        if path.is_dir() and any(path.glob("*.py")) and path.name != "__pycache__"}
    found = []
    for name in sorted(names - {name for name in names if name.startswith("test_")}):
        words = name.split("_")
        for cut in range(1, len(words)):
            prefix = "_".join(words[:cut])
            if prefix in names:
                found.append(f"{name} after {prefix}")
    return found


def test_a_module_named_after_a_sibling_is_found(tmp_path: Path) -> None:
    for name in ("crash.py", "crash_layout.py", "test_crash.py", "test_crash_layout.py",
                 "scenarios.py", "boards.py", "board_choice.py"):
        (tmp_path / name).write_text("", encoding="utf-8")
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "web_tap.py").write_text("", encoding="utf-8")
    assert named_after_another(tmp_path) == ["crash_layout after crash", "web_tap after web"]


def test_no_module_is_named_after_another_by_prefix() -> None:
    folders = [ROOT / part for part in NAMED_PARTS] + [
        path for part in NAMED_PARTS for path in (ROOT / part).rglob("*")
        if path.is_dir() and "__pycache__" not in path.parts]
    found = [f"{folder.relative_to(ROOT)}: {line}" for folder in folders
             for line in named_after_another(folder)]
    assert found == []
