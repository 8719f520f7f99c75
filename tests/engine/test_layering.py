"""The kernel depends on nothing above it: no module under hiddenhand/engine imports the bots,
the terminal, the server or a game, not even for type checking only."""

import ast
from pathlib import Path

import pytest

import hiddenhand

PACKAGE = Path(hiddenhand.__file__).parent
ABOVE_THE_KERNEL = ("hiddenhand.bots", "hiddenhand.tui", "hiddenhand.server", "hiddenhand.cli")
OWN_MODULE_LIMIT = 600


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", sorted((PACKAGE / "engine").glob("*.py")), ids=lambda p: p.name)
def test_the_engine_imports_nothing_above_it(path: Path):
    for name in _imports(path):
        assert not name.startswith(ABOVE_THE_KERNEL), f"{path.name} imports {name}"
        # the registry imports the games' namespace package to find them, never a game
        assert not name.startswith("hiddenhand.games."), f"{path.name} imports {name}"


def test_the_check_above_sees_an_import_under_type_checking(tmp_path: Path):
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import hiddenhand.bots.base\n"
    )
    assert "hiddenhand.bots.base" in _imports(module)


@pytest.mark.parametrize(
    "package", ["engine", "bots", "tui", "cli", "games/noir"], ids=lambda p: p.replace("/", ".")
)
def test_modules_stay_small(package: str):
    for path in sorted((PACKAGE / package).glob("*.py")):
        lines = len(path.read_text().splitlines())
        assert lines <= OWN_MODULE_LIMIT, f"{package}/{path.name} has {lines} lines"
