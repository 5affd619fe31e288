"""Every rejection template of every game, read from the games' source with ``ast``.

A template is the English sentence a game passes to :class:`IllegalInput` (directly, or through
its helpers: ``reject``, ``PatamatInput``, ``_bad``, ``_square``, ``_target``), with the prefix a
helper adds ("position: ", "layout: "). A helper that forwards its own ``template`` parameter
is followed to its callers. An error that is caught and passed on as a refusal
(``except PositionError as error: raise _bad(error.template, …)``, Crash's corrections) is read
where it is raised, with the prefix it gets on the way (``ERROR_PREFIXES``). Any other template
the scan cannot read is reported, so a new way of raising cannot slip past the plain-words check
unnoticed.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES_DIR = ROOT / "companion" / "games"
ENGINE_DIR = ROOT / "companion" / "engine"

CRASH_FIX = "fix {text!r} is not possible: "
"""What Crash's corrections put before every template (``fixes.py``)."""
TEMPLATE_ARGUMENT = {
    "IllegalInput": 1, "reject": 2, "PatamatInput": 2, "_target": 1, "_bad": 0, "_square": 1,
    "PositionError": 0,
}
"""Call name → index of its template argument."""
PREFIXES = {
    ("quoridor", "notation.py"): "position: ",
    ("pacman", "notation.py"): "position: ",
    ("pacman", "layout.py"): "layout: ",
    ("crash", "fixes.py"): CRASH_FIX,
    ("crash", "position.py"): CRASH_FIX + "position: ",
}
"""Files whose ``_bad`` / ``_square`` helpers put a prefix before the template (Crash's
position errors reach the players only as a refused correction, so with its prefix too)."""
ERROR_PREFIXES = {("crash", "PositionError"): CRASH_FIX}
"""Errors that reach the players only inside a refusal, with the prefix they get there."""
NOT_TEMPLATES: set[tuple[str, str, str]] = set()
"""(game, file, helper) whose argument is not a template."""


@dataclass
class Scan:
    templates: dict[str, set[str]] = field(default_factory=dict)
    """Game id → its templates."""
    unreadable: list[str] = field(default_factory=list)
    """``file:line`` of template arguments the scan could not read."""


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _strings(node: ast.expr | None, assigned: dict[str, ast.expr]) -> list[str] | None:
    """The strings ``node`` can be: a literal, either side of ``a if c else b``, a local name
    assigned one of those, the values of a module dict indexed; None when unknown."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _strings(node.body, assigned), _strings(node.orelse, assigned)
        return None if body is None or orelse is None else body + orelse
    if isinstance(node, ast.Name) and node.id in assigned:
        return _strings(assigned[node.id], assigned)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        table = assigned.get(node.value.id)
        if isinstance(table, ast.Dict):
            found = [_strings(value, assigned) for value in table.values]
            return None if any(f is None for f in found) else [s for f in found if f for s in f]
    return None


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}


def _function_of(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.FunctionDef | None:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.FunctionDef):
            return node
    return None


def _assignments(scope: ast.AST) -> dict[str, ast.expr]:
    found: dict[str, ast.expr] = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                found[target.id] = node.value
    return found


def _is_forwarded(node: ast.expr, function: ast.FunctionDef | None) -> bool:
    """The helper's own parameter passed on (``"position: " + template`` included), or the
    template of an error the function caught (``error.template``: read where it is raised)."""
    if function is None:
        return False
    if isinstance(node, ast.Attribute) and node.attr == "template" and isinstance(
            node.value, ast.Name):
        caught = {handler.name for handler in ast.walk(function)
                  if isinstance(handler, ast.ExceptHandler)}
        return node.value.id in caught
    if function.name not in TEMPLATE_ARGUMENT:
        return False
    parameters = {arg.arg for arg in function.args.args}
    if isinstance(node, ast.BinOp) and isinstance(node.left, ast.Constant):
        node = node.right
    return isinstance(node, ast.Name) and node.id in parameters


def scan_file(path: Path, game: str, scan: Scan) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = _parents(tree)
    module_names = {
        target.id: node.value
        for node in tree.body if isinstance(node, ast.Assign)
        for target in node.targets if isinstance(target, ast.Name)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name not in TEMPLATE_ARGUMENT or (game, path.name, name) in NOT_TEMPLATES:
            continue
        index = TEMPLATE_ARGUMENT[name]
        if len(node.args) <= index:
            continue
        argument = node.args[index]
        function = _function_of(node, parents)
        if _is_forwarded(argument, function):
            continue
        assigned = {**module_names, **(_assignments(function) if function else {})}
        strings = _strings(argument, assigned)
        if strings is None:
            scan.unreadable.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            continue
        if name in ("_bad", "_square"):
            prefix = PREFIXES.get((game, path.name), "")
        else:
            prefix = ERROR_PREFIXES.get((game, name), "")
        found.update(prefix + text for text in strings)
    return found


def scan_games() -> Scan:
    """Every game's templates (and the engine's own, under ``"engine"``)."""
    scan = Scan()
    for package in sorted(p for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists()):
        scan.templates[package.name] = set()
        for path in sorted(package.glob("*.py")):
            scan.templates[package.name] |= scan_file(path, package.name, scan)
    scan.templates["engine"] = set()
    for path in sorted(ENGINE_DIR.glob("*.py")):
        scan.templates["engine"] |= scan_file(path, "engine", scan)
    return scan


if __name__ == "__main__":
    result = scan_games()
    for game, templates in result.templates.items():
        for template in sorted(templates):
            print(f"{game}\t{template}")
    for place in result.unreadable:
        print(f"UNREADABLE\t{place}")
