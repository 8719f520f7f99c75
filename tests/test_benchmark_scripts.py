"""Every script in benchmarks/ still imports: they reach into the library (a bot's helpers, a
game's internals), and a renamed helper would otherwise break one unseen until someone runs it."""

import importlib.util
import sys
from pathlib import Path

import pytest

from hiddenhand.bots import registry

SCRIPTS = sorted((Path(__file__).parent.parent / "benchmarks").glob("*.py"))


def test_the_scripts_are_found() -> None:
    assert len(SCRIPTS) > 20


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_a_benchmark_script_imports(script: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its module level runs (imports, registrations); `main` is not called."""
    name = f"benchmark_{script.stem}"
    spec = importlib.util.spec_from_file_location(name, script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.syspath_prepend(str(script.parent))  # scripts import their neighbours
    try:
        spec.loader.exec_module(module)
    finally:  # a bot the script registered (`heuristic-v1`) leaves with it
        for bots in registry._bots.values():
            for bot, factory in list(bots.items()):
                if getattr(factory, "__module__", None) == name:
                    del bots[bot]
    assert module.__doc__, f"{script.name} says what it measures"
