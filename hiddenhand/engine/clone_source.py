"""The game states' clones written out as Python modules, so the native build compiles them.

`engine.cloning` derives a clone from the fields a class declares and runs it as code made at
run time, which stays interpreted even where the class is compiled. For the states a search
clones on every iteration, this module writes the same assignments into a module of plain typed
functions (`clone_noir_state(self: NoirState) -> NoirState`), which is checked in, listed in
`hiddenhand.native` and compiled with the rest; each state's `clone` calls its function.

The annotations stay the one source: after adding, removing or retyping a field of a state
listed in `hiddenhand.native.NATIVE_CLONES`, run

    python -m hiddenhand.engine.clone_source --write

(`--check`, the default, only says which modules are stale; tests/engine/test_clone_source.py
fails the same way).
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence

from hiddenhand.engine.cloning import clone_assignments
from hiddenhand.native import NATIVE_CLONES

COMMAND = "python -m hiddenhand.engine.clone_source --write"
LINE_LENGTH = 100

_HEADER = '''"""Native clones of {names}: one typed assignment per declared field.

Written by `{command}` from the fields the classes declare
(`engine.cloning` says how each is copied); not edited by hand. Compiled by the native build.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
{runtime}
if TYPE_CHECKING:
{imports}
'''


def load_class(spec: str) -> type:
    """The class a `module:Class` spec names."""
    module, _, name = spec.partition(":")
    cls: type = getattr(importlib.import_module(module), name)
    return cls


def function_name(cls: type) -> str:
    """`clone_noir_state` for `NoirState`."""
    return "clone_" + re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def function_source(cls: type) -> str:
    """The clone of `cls` as a typed function: what `cloning.compile_clone` runs, written out.

    The blank copy is made by `Blank.__new__`, every state's `__new__`, named directly: compiled,
    that is a native call, where `type(self).__new__` looks the method up on the class first
    (a sixth of a NOIR clone). The function is called for an instance of exactly `cls`.
    """
    name = cls.__name__
    lines = [
        f"def {function_name(cls)}(self: {name}) -> {name}:",
        f'    """Every field {name} declares, copied or shared as `engine.cloning` says."""',
        "    other = Blank.__new__(type(self))",
    ]
    lines += [f"    other.{field} = {value}" for field, value in clone_assignments(cls)]
    lines.append("    return other")
    for line in lines:
        if len(line) > LINE_LENGTH:
            raise ValueError(f"{name}: a line longer than {LINE_LENGTH} characters: {line}")
    return "\n".join(lines) + "\n"


def module_source(specs: Sequence[str]) -> str:
    """The whole module cloning the classes `specs` name."""
    classes = [load_class(spec) for spec in specs]
    functions = [function_source(cls) for cls in classes]
    runtime = ["from hiddenhand.engine.state import Blank"]
    if any("copy_generator(" in f for f in functions):
        runtime.insert(0, "from hiddenhand.engine.seeding import copy_generator")
    imports = "\n".join(f"    from {cls.__module__} import {cls.__name__}" for cls in classes)
    header = _HEADER.format(
        names=", ".join(cls.__name__ for cls in classes),
        command=COMMAND,
        runtime="\n" + "\n".join(runtime) + "\n",
        imports=imports,
    )
    return header + "".join("\n\n" + f for f in functions)


def module_path(module: str) -> str:
    """Where the source of `module`, one of the package's, lies."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.path.join(root, *module.split(".")) + ".py"


def stale_modules() -> list[str]:
    """The written modules whose source differs from what the declared fields make now."""
    stale = []
    for module, specs in NATIVE_CLONES.items():
        path = module_path(module)
        try:
            with open(path, encoding="utf-8") as file:
                current = file.read()
        except FileNotFoundError:
            current = ""
        if current != module_source(specs):
            stale.append(module)
    return stale


def write_modules() -> list[str]:
    """Write every stale module; the ones written."""
    stale = stale_modules()
    for module in stale:
        with open(module_path(module), "w", encoding="utf-8") as file:
            file.write(module_source(NATIVE_CLONES[module]))
    return stale


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hiddenhand.engine.clone_source",
        description="Write the game states' native clones from their declared fields.",
    )
    parser.add_argument("--write", action="store_true", help="write the stale modules")
    parser.add_argument("--check", action="store_true", help="only list them (the default)")
    args = parser.parse_args(argv)
    if args.write:
        for module in write_modules():
            print(f"wrote {module_path(module)}")
        return 0
    stale = stale_modules()
    for module in stale:
        print(f"{module} is stale: run {COMMAND}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
