"""The Good Cop modules import one another in one direction only: no module needs another that
needs it back, so each can be read (and imported) on its own."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import hiddenhand.games.goodcop as package

PACKAGE = "hiddenhand.games.goodcop"
ROOT = Path(package.__file__).parent
MODULES = sorted(p.stem for p in ROOT.glob("*.py") if p.stem != "__init__")


def _runtime_imports(module: str) -> set[str]:
    """The package's modules this one imports when it runs (imports for type checking only,
    under `if TYPE_CHECKING:`, are not followed)."""
    tree = ast.parse((ROOT / f"{module}.py").read_text())
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == PACKAGE:
                    found.update(a.name for a in node.names if a.name in MODULES)
                elif node.module.startswith(PACKAGE + "."):
                    found.add(node.module.removeprefix(PACKAGE + ".").split(".")[0])
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith(PACKAGE + "."):
                        found.add(alias.name.removeprefix(PACKAGE + ".").split(".")[0])
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list) and not isinstance(node, ast.FunctionDef | ast.ClassDef):
                    visit([n for n in inner if isinstance(n, ast.stmt)])
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                visit(node.body)

    visit(tree.body)
    found.discard(module)
    return found


def test_the_modules_import_one_another_without_a_cycle() -> None:
    graph = {m: _runtime_imports(m) for m in MODULES}
    done: set[str] = set()

    def walk(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            cycle = " -> ".join((*path[path.index(module) :], module))
            pytest.fail(f"import cycle: {cycle}")
        if module in done:
            return
        for dependency in sorted(graph.get(module, ())):
            walk(dependency, (*path, module))
        done.add(module)

    for module in MODULES:
        walk(module, ())


def test_the_base_rules_need_nothing_of_the_zombies_expansion() -> None:
    """The expansion is a layer over the base game: the base rules, and every module they
    import, import none of its modules (it is the expansion that imports the base)."""
    graph = {m: _runtime_imports(m) for m in MODULES}
    needed: set[str] = set()
    todo = ["rules"]
    while todo:
        module = todo.pop()
        if module not in needed:
            needed.add(module)
            todo.extend(graph.get(module, ()))
    assert not {m for m in needed if m.startswith("zombie")}, sorted(needed)


def test_each_module_imports_first_in_a_fresh_interpreter() -> None:
    for module in MODULES:
        script = f"import {PACKAGE}.{module}"
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
        assert done.returncode == 0, f"{module} does not import first:\n{done.stderr}"
