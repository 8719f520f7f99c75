"""Actions: small immutable values, each with a stable integer id in a finite action space.

An action space is built once per game configuration (game, seat count, options) and every
action in it is a single shared object, so legal-move lists cost no allocation and membership
tests are identity checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from hiddenhand.engine.errors import IllegalAction
from hiddenhand.engine.text import render

ActionArg = int | str


class Action:
    """One choice a seat can make: `kind` with `args`, and a text that reads like the rules.

    `text` is a template in which `{pN}` names seat N, so `describe(names)` reads
    "investigate Bea's middle card". Two actions are equal when their ids are equal.
    """

    __slots__ = ("args", "id", "kind", "text")

    id: int
    kind: str
    args: tuple[ActionArg, ...]
    text: str

    def __init__(self, id: int, kind: str, args: tuple[ActionArg, ...], text: str) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "text", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Action], tuple[int, str, tuple[ActionArg, ...], str]]:
        """Pickle through the constructor: the default slot restore would hit `__setattr__`."""
        return (Action, (self.id, self.kind, self.args, self.text))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.id == self.id

    def __hash__(self) -> int:
        return self.id

    def __repr__(self) -> str:
        return f"<Action {self.id} {self.kind}{list(self.args)}>"

    def __str__(self) -> str:
        return render(self.text)

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The action as a sentence, with player names filled in."""
        return render(self.text, names)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form: the id is authoritative, kind and args make it readable."""
        return {"id": self.id, "kind": self.kind, "args": list(self.args)}


class ActionSpace:
    """Every action a game configuration can ever offer, numbered 0..size-1."""

    __slots__ = ("_actions", "_by_key")

    def __init__(self, actions: Iterable[tuple[str, tuple[ActionArg, ...], str]]) -> None:
        self._actions: tuple[Action, ...] = tuple(
            Action(i, kind, args, text) for i, (kind, args, text) in enumerate(actions)
        )
        self._by_key: dict[tuple[str, tuple[ActionArg, ...]], Action] = {
            (a.kind, a.args): a for a in self._actions
        }
        if len(self._by_key) != len(self._actions):
            raise ValueError("two actions in one space share a kind and arguments")

    def __reduce__(self) -> tuple[Any, tuple[tuple[Action, ...]]]:
        """Pickled as its actions (compiled, the class has no pickling of its own): the
        actions a state holds stay the very objects of its space."""
        return (_space_of, (self._actions,))

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __getitem__(self, action_id: int) -> Action:
        return self._actions[action_id]

    def get(self, kind: str, *args: ActionArg) -> Action:
        """The action of this kind with these arguments (KeyError if the space has none)."""
        return self._by_key[(kind, args)]

    def find(self, kind: str, *args: ActionArg) -> Action | None:
        return self._by_key.get((kind, args))

    def parse(self, data: object) -> Action:
        """Read an action from its JSON form (or a bare id). Raises IllegalAction if malformed."""
        if isinstance(data, bool):
            raise IllegalAction("an action is an id or an object with an id")
        if isinstance(data, int):
            action_id = data
        elif isinstance(data, dict) and isinstance(data.get("id"), int):
            action_id = data["id"]
        elif isinstance(data, dict) and isinstance(data.get("kind"), str):
            args = data.get("args", [])
            if not isinstance(args, list):
                raise IllegalAction("action args must be a list")
            found = self._by_key.get((data["kind"], tuple(args)))
            if found is None:
                raise IllegalAction(f"no such action: {data['kind']} {args}")
            return found
        else:
            raise IllegalAction("an action is an id or an object with an id")
        if not 0 <= action_id < len(self._actions):
            raise IllegalAction(f"no action has id {action_id}")
        action = self._actions[action_id]
        if isinstance(data, dict):
            if "kind" in data and data["kind"] != action.kind:
                raise IllegalAction(f"action {action_id} is {action.kind}, not {data['kind']}")
            if "args" in data and list(data["args"]) != list(action.args):
                raise IllegalAction(f"action {action_id} has other arguments")
        return action

    def mask(self, legal: Iterable[Action]) -> list[bool]:
        """A boolean mask over the whole space (for reinforcement learning)."""
        out = [False] * len(self._actions)
        for a in legal:
            out[a.id] = True
        return out


def one_answer(legal: Sequence[Action]) -> Action | None:
    """The answer to a prompt that has only one (several passes count as one), else None.

    Nobody is made to answer such a question: the server and the terminal answer it for them,
    while the game still asks, so that being asked reveals nothing."""
    if not legal:
        return None
    if len(legal) == 1 or all(a.kind == "pass" for a in legal):
        return legal[0]
    return None


def by_kind(legal: Iterable[Action]) -> dict[str, list[Action]]:
    """The actions by kind, each kind's in their order: what a bot reads a legal list by. The
    rules list a kind's actions together, so the dict is looked up once a run, not once an
    action (compiled, this loop is several times cheaper than `groupby` on an `attrgetter`)."""
    out: dict[str, list[Action]] = {}
    last, run = "", []
    for action in legal:
        kind = action.kind
        if kind != last:
            last = kind
            found = out.get(kind)  # not `setdefault`: compiled, it builds a list every run
            if found is None:
                found = out[kind] = []
            run = found
        run.append(action)
    return out


def _space_of(actions: tuple[Action, ...]) -> ActionSpace:
    """An unpickled action space, around the actions that were pickled with it."""
    space = ActionSpace(())
    space._actions = actions
    space._by_key = {(a.kind, a.args): a for a in actions}
    return space
