"""The clone of a state, derived once per class from the fields it declares.

A game declares its fields once, as class annotations; this module reads them and writes the
copy function a careful person would write by hand (as `dataclasses` writes `__init__`), so a
field added to the class is copied without anyone remembering to. How a field is copied
follows from its type:

- shared: `int`, `str`, `bool`, `float`, `None`, `Literal[...]`, enums, frozen dataclasses,
  named tuples, `frozenset`, `FrozenDict`, actions, tuples of those, and the fields named in the
  class's `shared_fields` (replaced, never changed in place);
- copied: `list[X]`, `set[X]` and `dict[K, X]`, each element copied by its own type
  (`list[list[int]]` is copied two deep); objects with a `copy()` method; generators;
- `X | None` is copied as X unless it is None.

A field whose type says nothing about how to copy it (`Any`, a bare `list`, a class without
`copy()`) is refused with a TypeError naming it, at the first clone.

Code made here runs interpreted, even for a compiled class. The game states a search clones on
every iteration have the same assignments (`clone_assignments`) written out into modules the
native build compiles: `python -m hiddenhand.engine.clone_source --write` (see there).
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib.machinery
import inspect
import os
import random
import sys
import types
from collections.abc import Callable, Iterator
from enum import Enum
from typing import Any, ClassVar, Literal, Union, get_args, get_origin

from hiddenhand.engine.actions import Action
from hiddenhand.engine.frozen import FrozenDict
from hiddenhand.engine.seeding import copy_generator

Copier = Callable[[str, int], str] | None
"""Given an expression and a nesting depth, the expression that copies it; None: share it."""

_ATOMS: tuple[type, ...] = (int, float, complex, str, bytes, bool, type(None), range)
_SHARED_TYPES: tuple[type, ...] = (Enum, tuple, frozenset, FrozenDict, Action)

RESET_FIELDS: dict[str, str] = {
    "_sink": "None",
    "_rng": "None",
    "_rng_state": "self._generator_state()",
}
"""Fields a clone sets from an expression instead of copying: the event sink of an action in
progress starts empty; the generator is shared as a snapshot (`State.rng`)."""


def frozen_record(tp: type) -> bool:
    """Whether instances of `tp` cannot be changed once made: a frozen dataclass or a frozen
    msgspec Struct (what they hold is another matter, which `engine.checks` looks into)."""
    params = getattr(tp, "__dataclass_params__", None)
    if params is not None and dataclasses.is_dataclass(tp):
        return bool(params.frozen)
    config = getattr(tp, "__struct_config__", None)
    return config is not None and bool(config.frozen)


def _is_frozen_value(tp: type) -> bool:
    return issubclass(tp, _ATOMS + _SHARED_TYPES) or frozen_record(tp)


def copier(tp: Any, where: str) -> Copier:
    """How a value of type `tp` is copied (None: it is shared). `where` names it in errors."""
    origin, args = get_origin(tp), get_args(tp)
    if origin is Literal:
        return None
    if origin is Union or origin is types.UnionType:
        parts = [copier(a, where) for a in args if a is not type(None)]
        mutable = [p for p in parts if p is not None]
        if not mutable:
            return None
        if len(mutable) > 1 or len(parts) > 1:
            raise TypeError(f"{where}: cannot tell how to copy a value of {tp}")
        only = mutable[0]
        return lambda e, d: f"(None if {e} is None else {only(e, d)})"
    if origin is tuple or origin is frozenset:
        for a in args:
            if a is not Ellipsis and copier(a, where) is not None:
                raise TypeError(f"{where}: {tp} holds mutable values; copies would share them")
        return None
    if origin is list or origin is set:
        if len(args) != 1:
            raise TypeError(f"{where}: say what the {origin.__name__} holds, as in list[int]")
        item = copier(args[0], where)
        if item is None:
            return lambda e, d: f"{e}.copy()"
        kind = "[]" if origin is list else "{}"
        return lambda e, d: f"{kind[0]}{item(f'x{d}', d + 1)} for x{d} in {e}{kind[1]}"
    if origin is dict:
        if len(args) != 2:
            raise TypeError(f"{where}: say what the dict holds, as in dict[int, str]")
        value = copier(args[1], where)
        if value is None:
            return lambda e, d: f"{e}.copy()"
        return lambda e, d: f"{{k{d}: {value(f'x{d}', d + 1)} for k{d}, x{d} in {e}.items()}}"
    if tp in (list, set, dict):
        raise TypeError(f"{where}: say what the {tp.__name__} holds, as in {tp.__name__}[int]")
    if isinstance(tp, type) and origin is None:
        if _is_frozen_value(tp):
            return None
        if issubclass(tp, random.Random):
            return lambda e, d: f"copy_generator({e})"
        if callable(getattr(tp, "copy", None)):
            return lambda e, d: f"{e}.copy()"
    raise TypeError(
        f"{where}: cannot tell how to copy a value of {tp}: give its type a copy() method, "
        "spell out what it holds, or name the field in shared_fields"
    )


def class_annotations(klass: type) -> dict[str, Any]:
    """The annotations `klass` declares itself, as written (strings, under `from __future__
    import annotations`).

    A class compiled to native code (see `hiddenhand.native`) keeps none of its annotations, or
    only their bare classes (`list` for `list[int]`), too little to copy by; its module's
    source, which is installed beside the compiled module, is read for them instead.
    """
    own = inspect.get_annotations(klass)
    module = sys.modules[klass.__module__]
    path = getattr(module, "__file__", None) or ""
    if not path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        return own
    return _source_annotations(klass.__module__, klass.__qualname__, path)


@functools.cache
def _source_annotations(module: str, qualname: str, path: str) -> dict[str, Any]:
    source = os.path.join(os.path.dirname(path), module.rpartition(".")[2] + ".py")
    with open(source, encoding="utf-8") as file:
        tree = ast.parse(file.read(), source)
    body: list[ast.stmt] = tree.body
    for part in qualname.split("."):
        found = [n for n in body if isinstance(n, ast.ClassDef) and n.name == part]
        if not found:
            raise TypeError(f"{module}.{qualname}: its class is not in {source}")
        body = found[0].body
    return {
        node.target.id: ast.unparse(node.annotation)
        for node in body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }


def declared_fields(cls: type) -> Iterator[tuple[str, Any]]:
    """Every instance field `cls` and its bases declare, base fields first, with its type.

    Annotations are strings (`from __future__ import annotations`); each is evaluated in its
    own module. Class variables are skipped; shared fields are yielded with the type None,
    unevaluated, since they are never copied.
    """
    shared: frozenset[str] = getattr(cls, "shared_fields", frozenset())
    seen: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        own = class_annotations(klass)
        namespace = vars(sys.modules[klass.__module__])
        for name, annotation in own.items():
            if isinstance(annotation, str) and annotation.startswith(("ClassVar", "typing.Class")):
                continue
            if get_origin(annotation) is ClassVar:
                continue
            if name in shared or name in RESET_FIELDS:
                seen[name] = None
                continue
            if isinstance(annotation, str):
                try:
                    annotation = eval(annotation, namespace, dict(vars(klass)))
                except Exception as exc:
                    where = f"{klass.__qualname__}.{name}"
                    raise TypeError(f"{where}: cannot read its type {annotation!r}") from exc
            if get_origin(annotation) is ClassVar:
                continue
            seen[name] = annotation
    yield from seen.items()


def clone_assignments(cls: type) -> list[tuple[str, str]]:
    """Each declared field of `cls` and the expression, in `self`, its clone is given: what
    `compile_clone` runs and `engine.clone_source` writes out as native code."""
    shared: frozenset[str] = getattr(cls, "shared_fields", frozenset())
    assignments = []
    for name, tp in declared_fields(cls):
        if name in RESET_FIELDS:
            assignments.append((name, RESET_FIELDS[name]))
            continue
        how = None if name in shared else copier(tp, f"{cls.__qualname__}.{name}")
        assignments.append((name, f"self.{name}" if how is None else how(f"self.{name}", 0)))
    return assignments


def compile_clone(cls: type) -> Callable[[Any], Any]:
    """The clone function of `cls`: one assignment per declared field, nothing looked up."""
    lines = [
        "def clone(self):",
        "    if type(self) is not _cls:",
        "        return _fallback(self)",
        "    other = _new(_cls)",
    ]
    lines += [f"    other.{name} = {value}" for name, value in clone_assignments(cls)]
    lines.append("    return other")
    namespace: dict[str, Any] = {
        "_cls": cls,
        "_new": cls.__new__,  # State.__new__: blank, also for a compiled (native) class
        "_fallback": declarative_clone,
        "copy_generator": copy_generator,
    }
    exec("\n".join(lines), namespace)
    function: Callable[[Any], Any] = namespace["clone"]
    function.__qualname__ = f"{cls.__qualname__}.clone"
    function.__doc__ = "A copy of every declared field (generated from the annotations)."
    function._declarative_for = cls  # type: ignore[attr-defined]
    return function


_compiled: dict[type, Callable[[Any], Any]] = {}
_kernel_clones: list[object] = []


def kernel_clone(function: object) -> None:
    """Mark a `clone` a subclass inherits without writing its own: the kernel's `State.clone`,
    and a game state's, which runs its written-out native clone (`engine.clone_source`) and
    hands a subclass to `declarative_clone` (a mark kept here, not on the function: a compiled
    function takes no attributes)."""
    _kernel_clones.append(function)


def _inherits_declarative_clone(cls: type) -> bool:
    """Whether no class between `cls` and the kernel writes its own clone. A marked clone is
    written by `cls` itself only where it runs a native clone of `cls`: kept, not replaced."""
    for klass in cls.__mro__:
        own = klass.__dict__.get("clone")
        if own is None:
            continue
        marked = klass is not cls and any(own is k for k in _kernel_clones)
        return hasattr(own, "_declarative_for") or marked
    return False


def declarative_clone(state: Any) -> Any:
    """Clone `state` from its class's declared fields, compiling the function the first time.

    The compiled function replaces the class's inherited `clone`, so later clones of that class
    call it directly; a class that writes its own clone keeps it.
    """
    cls = type(state)
    function = _compiled.get(cls)
    if function is None:
        function = _compiled[cls] = compile_clone(cls)
        if _inherits_declarative_clone(cls):
            cls.clone = function
    return function(state)
