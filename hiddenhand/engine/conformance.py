"""The one shape every game has, checked: how a game departs from it, named check by check.

Every game speaks the same dialect of the engine contract, so a reader who knows one game can
read the next, and a fourth game is held to what the first three are:

- `phases`: a state's phase is a `StrEnum` (its value is what views send);
- `views`: `typed_view(seat)` is a msgspec Struct, declared once, and `view(seat)` is exactly its
  builtins (so the JSON Schema is derived from the Struct and no dict builder is kept in step);
- `action-kinds`: every kind in the action space is a named constant of the game's package (a
  module-level name or a member of a string enum), and the code never compares an action's
  kind with, or looks an action up by, a bare string;
- `events`: events go out through `emit` alone: `_apply` returns nothing, no field keeps
  events, and the engine's event path (`act`, `act_legal`, `emit`, `collecting`) is its own;
- `result`: the engine keeps the result: the state declares no `result` of its own, overrides
  neither `outcome`, `finish` nor `pending`, and a finished game's outcome is what `finish` set;
- `space`: `Game.action_space(players, options)` is the space the state plays with;
- `texts`: a summary, and a `texts` module beside the rules with `GOAL`, `turn(options)` and
  `card_texts(options)` (what the lobby, the browser's reference and the terminal's `?` show).

`departures(game)` plays a few seeded random games and returns every departure it finds;
`[]` means the game has the one shape.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
import random
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum, StrEnum
from types import ModuleType
from typing import Any

import msgspec

from hiddenhand.engine.actions import Action
from hiddenhand.engine.checks import fields_of
from hiddenhand.engine.cloning import class_annotations, declared_fields
from hiddenhand.engine.events import Event
from hiddenhand.engine.game import Game
from hiddenhand.engine.state import State

CHECKS = ("phases", "views", "action-kinds", "events", "result", "space", "texts")
"""The checks, in the order `departures` reports them."""

EVENT_PATH = ("act", "act_legal", "emit", "collecting")
RESULT_PATH = ("outcome", "finish", "pending")


@dataclass(frozen=True, slots=True)
class Departure:
    """One way a game departs from the shape: which check, and what was found."""

    check: str
    detail: str

    def __str__(self) -> str:
        return f"{self.check}: {self.detail}"


def departures(
    game: Game[Any], players: int | None = None, seeds: int = 3, view_every: int = 7
) -> list[Departure]:
    """Every way `game` departs from the one shape, found in its classes, its source and
    `seeds` random games of `players` seats (its usual count by default); views are compared
    every `view_every` steps, for every seat and the spectator."""
    n = players or game.usual_players
    options = game.options(None)
    found: list[Departure] = []
    cls = type(game.start(n, options, 0))
    found += _declared_phases(cls)
    found += _overrides(cls, EVENT_PATH, "events", "the engine's event path")
    found += _event_fields(cls)
    found += _declared_result(cls)
    found += _overrides(cls, RESULT_PATH, "result", "the engine's result and game-over guard")
    found += _kinds(game, n, options)
    found += _texts(game, options)
    for seed in range(seeds):
        found += _play(game, n, options, seed, view_every)
    unique = list(dict.fromkeys(found))
    return sorted(unique, key=lambda d: CHECKS.index(d.check))


def departed_checks(game: Game[Any], players: int | None = None) -> set[str]:
    """The names of the checks `game` fails."""
    return {d.check for d in departures(game, players)}


# -- what the classes declare --------------------------------------------------------------------


def _game_classes(cls: type) -> Iterator[type]:
    """The game's own classes in the state's ancestry (the engine's are not the game's)."""
    for klass in cls.__mro__:
        if klass is State or not issubclass(klass, State):
            continue
        yield klass


def _declared_phases(cls: type) -> list[Departure]:
    out = []
    for name, tp in declared_fields(cls):
        phases = isinstance(tp, type) and issubclass(tp, Enum) and "phase" in name.lower()
        if phases and not issubclass(tp, StrEnum):
            what = f"{tp.__qualname__} is a {tp.__mro__[1].__name__}, not a StrEnum"
            out.append(Departure("phases", f"the field {name!r}: {what}"))
    return out


def _overrides(cls: type, names: tuple[str, ...], check: str, what: str) -> list[Departure]:
    out = []
    for klass in _game_classes(cls):
        for name in names:
            if name in vars(klass):
                out.append(
                    Departure(check, f"{klass.__qualname__} overrides {name}, part of {what}")
                )
    return out


def _event_fields(cls: type) -> list[Departure]:
    out = []
    for klass in _game_classes(cls):
        for name, annotation in class_annotations(klass).items():
            if "Event" in str(annotation):
                out.append(
                    Departure("events", f"{klass.__qualname__}.{name} keeps events ({annotation})")
                )
    return out


def _declared_result(cls: type) -> list[Departure]:
    out = []
    for klass in _game_classes(cls):
        if "result" in class_annotations(klass):
            out.append(Departure("result", f"{klass.__qualname__} declares a result of its own"))
    return out


# -- action kinds --------------------------------------------------------------------------------


def _package_modules(game: Game[Any]) -> list[ModuleType]:
    """Every module of the game's package (its bots and texts too), imported."""
    name = game.new_state.__module__.rpartition(".")[0] or game.new_state.__module__
    package = importlib.import_module(name)
    modules = [package]
    for info in pkgutil.walk_packages(getattr(package, "__path__", []), f"{name}."):
        modules.append(importlib.import_module(info.name))
    return modules


def _named_strings(modules: list[ModuleType]) -> set[str]:
    """The strings the package names: module-level constants (UPPER_CASE names) and the
    members of its string enums of kinds (an enum whose name says `Kind`)."""
    named: set[str] = set()
    for module in modules:
        for attr, value in vars(module).items():
            if isinstance(value, str) and attr.isupper():
                named.add(value)
            elif isinstance(value, type) and issubclass(value, Enum) and "Kind" in attr:
                named.update(m.value for m in value if isinstance(m.value, str))
    return named


def _kinds(game: Game[Any], n: int, options: Any) -> list[Departure]:
    kinds = {a.kind for a in game.action_space(n, options)}
    modules = _package_modules(game)
    out = [
        Departure("action-kinds", f"the kind {kind!r} is no named constant of the game")
        for kind in sorted(kinds - _named_strings(modules))
    ]
    for module in modules:
        for line, literal in _bare_kinds(module, kinds):
            out.append(
                Departure(
                    "action-kinds",
                    f"{module.__name__} line {line} uses the kind {literal!r} as a bare string",
                )
            )
    return out


def _bare_kinds(module: ModuleType, kinds: set[str]) -> Iterator[tuple[int, str]]:
    """Where the module compares an action's `kind` with a string literal, or looks an action
    up in an action space by a literal kind (`space.get("pass")`)."""
    try:
        source = inspect.getsource(module)
    except (OSError, TypeError):
        return
    for node in ast.walk(ast.parse(textwrap.dedent(source))):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_action_kind(s) for s in sides):
                for s in sides:
                    for literal in _literals(s):
                        if literal in kinds:
                            yield node.lineno, literal
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("get", "find")
            and "space" in ast.unparse(node.func.value).lower()
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value in kinds
        ):
            yield node.lineno, str(node.args[0].value)


def _action_kind(node: ast.expr) -> bool:
    """`x.kind` where x is not an event: an event's kind is data, named as the log shows it
    (`event.kind`, `e.kind`), and may share a word with an action's."""
    if not (isinstance(node, ast.Attribute) and node.attr == "kind"):
        return False
    owner = ast.unparse(node.value).lower()
    return not (owner in ("e", "ev") or owner.endswith("event"))


def _literals(node: ast.expr) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for item in node.elts:
            yield from _literals(item)


# -- texts ---------------------------------------------------------------------------------------


def _texts(game: Game[Any], options: Any) -> list[Departure]:
    out = []
    if not game.summary.strip():
        out.append(Departure("texts", "the game has no summary"))
    package = game.new_state.__module__.rpartition(".")[0]
    try:
        texts = importlib.import_module(f"{package}.texts")
    except ModuleNotFoundError:
        return [*out, Departure("texts", f"there is no {package}.texts module")]
    goal = getattr(texts, "GOAL", None)
    if not isinstance(goal, str) or not goal.strip():
        out.append(Departure("texts", "the texts module has no GOAL"))
    turn = getattr(texts, "turn", None)
    if not callable(turn) or not list(turn(options)):
        out.append(Departure("texts", "the texts module does not say how a turn goes (turn)"))
    card_texts = getattr(texts, "card_texts", None)
    if not callable(card_texts) or not isinstance(card_texts(options), dict):
        out.append(Departure("texts", "the texts module has no card_texts(options)"))
    return out


# -- what a played game shows --------------------------------------------------------------------


def _play(game: Game[Any], n: int, options: Any, seed: int, every: int) -> list[Departure]:
    """A seeded random game, stepped as `act_legal` steps it, keeping what `_apply` returns."""
    out: list[Departure] = []
    state = game.start(n, options, seed)
    space = game.action_space(n, options)
    if state.space is not space and _entries(state.space) != _entries(space):
        out.append(Departure("space", "Game.action_space differs from the state's space"))
    rng = random.Random(seed)
    step = 0
    while True:
        out += _phase_value(state)
        if step % every == 0:
            out += _views(state, n)
        pending = state.pending()
        if not pending:
            break
        seat = rng.choice(sorted(pending))
        action = rng.choice(list(pending[seat]))
        returned = _step(state, seat, action)
        if returned is not None:
            out.append(Departure("events", f"_apply returned {type(returned).__name__}"))
        out += _kept_events(state)
        step += 1
    out += _views(state, n)
    if state.result is None or state.outcome() is not state.result:
        out.append(Departure("result", "a game over has no outcome set by finish"))
    return out


def _entries(space: Any) -> list[tuple[int, str, tuple[Any, ...], str]]:
    return [(a.id, a.kind, a.args, a.text) for a in space]


def _step(state: State[Any], seat: int, action: Action) -> object:
    """`act_legal`, keeping what `_apply` returns (a game that follows the shape returns None)."""
    pending = state._pending
    state.history.append((seat, action.id))
    state._sink = []
    try:
        returned: object = state._apply(seat, action)
    finally:
        state._sink = None
    if state._pending is pending:
        state._pending = None
    return returned


def _phase_value(state: State[Any]) -> list[Departure]:
    phase = getattr(state, "phase", None)
    if phase is None or isinstance(phase, StrEnum):
        return []
    return [Departure("phases", f"the phase is a {type(phase).__name__}, not a StrEnum")]


def _kept_events(state: State[Any]) -> list[Departure]:
    out = []
    for name, value in fields_of(state).items():
        kept = isinstance(value, list | tuple) and any(isinstance(v, Event) for v in value)
        if kept and name != "_sink":
            out.append(Departure("events", f"the field {name!r} keeps events"))
    return out


def _views(state: State[Any], n: int) -> list[Departure]:
    out = []
    for seat in [None, *range(n)]:
        typed = state.typed_view(seat)
        if not isinstance(typed, msgspec.Struct):
            out.append(
                Departure("views", f"typed_view returns a {type(typed).__name__}, not a Struct")
            )
            break
        plain = state.view(seat)
        if json.dumps(plain) != json.dumps(msgspec.to_builtins(typed)):
            out.append(Departure("views", "view(seat) is not the builtins of typed_view(seat)"))
            break
    return out
