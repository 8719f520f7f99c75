"""Which modules run as native code, and the switch that forces the pure-Python ones.

`pip install .` compiles the hot modules below with mypyc (see setup.py) into extension modules
that sit beside their `.py` sources and are imported in their place. Where no compiler was
found, or the build failed, the `.py` modules are used: the same code, slower. Setting
`HIDDENHAND_PURE=1` makes an installed build use the `.py` modules all the same (`install_pure`,
called from `hiddenhand/__init__.py` before any of them is imported), so one install can be
measured and tested both ways.

This module imports nothing of the package: the build reads `NATIVE_MODULES` from it.
"""

from __future__ import annotations

import abc
import importlib.abc
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from types import ModuleType

PURE_VARIABLE = "HIDDENHAND_PURE"

NATIVE_MODULES: tuple[str, ...] = (
    "hiddenhand.engine.actions",
    "hiddenhand.engine.audience",
    "hiddenhand.engine.text",
    "hiddenhand.engine.state",
    "hiddenhand.engine.window",
    "hiddenhand.engine.seeding",
    "hiddenhand.engine.playout",
    "hiddenhand.engine.truth",
    "hiddenhand.games.noir.board",
    "hiddenhand.games.noir.rules",
    "hiddenhand.games.noir.clones",
    "hiddenhand.games.noir.moves",
    "hiddenhand.games.noir.knowledge",
    "hiddenhand.games.noir.suspects",
    "hiddenhand.games.noir.bots",
    "hiddenhand.bots.ismcts",
    "hiddenhand.games.goodcop.state",
    "hiddenhand.games.goodcop.rules",
    "hiddenhand.games.goodcop.clones",
    "hiddenhand.games.goodcop.phases",
    "hiddenhand.games.goodcop.equipment",
    "hiddenhand.games.goodcop.zombie_rules",
    "hiddenhand.games.goodcop.determinize",
    "hiddenhand.games.goodcop.bots",
    "hiddenhand.games.goodcop.evaluate",
    "hiddenhand.games.infected.rules",
    "hiddenhand.games.infected.handles",
    "hiddenhand.games.infected.cards",
    "hiddenhand.games.infected.preparation",
    "hiddenhand.games.infected.clones",
    "hiddenhand.games.infected.action_phase",
    "hiddenhand.games.infected.flow",
    "hiddenhand.games.infected.steps",
    "hiddenhand.games.infected.threat",
    "hiddenhand.games.infected.threat_resolve",
    "hiddenhand.games.infected.rounds",
    "hiddenhand.games.infected.votes",
    "hiddenhand.games.infected.sampling",
    "hiddenhand.games.infected.whereabouts",
    "hiddenhand.games.infected.mechanics",
    "hiddenhand.games.infected.draft",
    "hiddenhand.games.infected.exhaustion",
    "hiddenhand.games.infected.use_item",
    "hiddenhand.games.infected.effects",
    "hiddenhand.games.infected.effect_rules",
    "hiddenhand.games.infected.evidence",
    "hiddenhand.games.infected.reading",
    "hiddenhand.games.infected.bots",
    "hiddenhand.games.infected.evaluate",
    "hiddenhand.games.noir.views",
    "hiddenhand.games.goodcop.views",
    "hiddenhand.games.infected.views",
    "hiddenhand.rl.encoder",
    "hiddenhand.rl.encoders.noir",
    "hiddenhand.rl.encoders.goodcop",
    "hiddenhand.rl.encoders.infected",
    "hiddenhand.rl.observer",
    "hiddenhand.rl.episode",
)
"""The modules `pip install .` compiles: the engine kernel, the search, and each game's rules,
determinizer and heuristic bot (what a random playout and an ISMCTS iteration run), and the
truth checks (`engine.truth`), which flatten views of dozens of worlds at every checked step."""

NATIVE_CLONES: dict[str, tuple[str, ...]] = {
    "hiddenhand.games.noir.clones": ("hiddenhand.games.noir.rules:NoirState",),
    "hiddenhand.games.goodcop.clones": (
        "hiddenhand.games.goodcop.rules:GoodCop",
        "hiddenhand.games.goodcop.zombie_rules:ZombieGoodCop",
    ),
    "hiddenhand.games.infected.clones": ("hiddenhand.games.infected.rules:InfectedState",),
}
"""The modules of `NATIVE_MODULES` written from the fields the game states declare, each with
the classes (`module:Class`) it clones: the concrete states, which a game and a search clone (a
base such as `WindowState` is never cloned itself). `hiddenhand.engine.clone_source` writes
them; it is listed here, not in the engine, which names no game."""


def own_abc_caches(namespace: dict[str, object]) -> None:
    """Give each abstract base class a module defines its own `isinstance` caches.

    mypyc builds a compiled module's classes without `ABCMeta.__new__`, so they inherit the
    caches of `abc.ABC`: one for every such class, where `isinstance(state, ZombieGoodCop)`
    could read the answer cached for `GoodCop` after `isinstance(state, State)`. A module with
    such classes calls this at its end, with `globals()`; on the pure modules (their classes
    made by `ABCMeta`) it changes nothing.
    """
    module = namespace["__name__"]
    for value in list(namespace.values()):
        if (
            isinstance(value, abc.ABCMeta)
            and value.__module__ == module
            and "_abc_impl" not in vars(value)
        ):
            abc._abc_init(value)  # type: ignore[attr-defined]


def pure_forced() -> bool:
    """Whether `HIDDENHAND_PURE` asks for the pure-Python modules (any value but "", "0")."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def is_compiled(module: ModuleType) -> bool:
    """Whether a module was loaded from an extension module rather than from Python source."""
    loader = getattr(module.__spec__, "loader", None)
    return isinstance(loader, importlib.machinery.ExtensionFileLoader)


def compiled_modules() -> dict[str, bool]:
    """Each of `NATIVE_MODULES` (imported here) and whether it runs compiled."""
    import importlib

    return {name: is_compiled(importlib.import_module(name)) for name in NATIVE_MODULES}


def compiled() -> bool:
    """Whether the hot modules run as native code (all of them: a partial build is not)."""
    return all(compiled_modules().values())


def describe() -> str:
    """One line for a benchmark's report: how the hot modules run."""
    states = compiled_modules().values()
    if all(states):
        return "compiled (mypyc)"
    if pure_forced():
        return f"pure Python ({PURE_VARIABLE}=1)"
    if any(states):
        return f"partly compiled ({sum(states)} of {len(NATIVE_MODULES)} modules)"
    return "pure Python (no native build)"


class _PureFinder(importlib.abc.MetaPathFinder):
    """Finds the package's modules among Python sources only, so extension modules built
    beside them are passed over."""

    def __init__(self) -> None:
        self._finders: dict[str, importlib.machinery.FileFinder] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("hiddenhand.") or path is None:
            return None
        for entry in path:
            finder = self._finders.get(entry)
            if finder is None:
                finder = self._finders[entry] = importlib.machinery.FileFinder(
                    entry,
                    (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
                    (
                        importlib.machinery.SourcelessFileLoader,
                        importlib.machinery.BYTECODE_SUFFIXES,
                    ),
                )
            spec = finder.find_spec(fullname, target)
            if spec is not None and spec.loader is not None:
                return spec
        return None

    def invalidate_caches(self) -> None:
        self._finders.clear()


def install_pure() -> None:
    """Load the package's modules from their `.py` sources from now on (idempotent)."""
    if not any(isinstance(f, _PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PureFinder())


def run_pure(argv: Sequence[str], timeout: float | None = None) -> str:
    """Run `python argv...` on the pure-Python modules (HIDDENHAND_PURE=1) and return what it
    printed: how a benchmark measures both builds in one run, each in its own process."""
    import subprocess

    env = dict(os.environ, **{PURE_VARIABLE: "1"})
    done = subprocess.run(
        [sys.executable, *argv], env=env, capture_output=True, text=True, timeout=timeout
    )
    if done.returncode != 0:
        raise RuntimeError(f"the pure-Python run failed ({done.returncode}): {done.stderr[-2000:]}")
    return done.stdout
