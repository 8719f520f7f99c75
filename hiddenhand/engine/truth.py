"""Checks that hold a game's samples to the truth, not to the game's own idea of it.

The secrecy check compares a seat's view with its view of `determinize(seat)`: a `_resample`
that does nothing passes it, and so does one that forgets what an event showed the seat (the
view need not repeat it). These checks look at the worlds themselves, as every seat's view
draws them (the views of the other seats show what the seat under test may not see):

- `check_told`: what an action's events told a seat stays true in its samples. The worlds the
  seat could be in after the events are found by rejection: samples drawn before the action,
  played on with the same action (or another of the actor's, which the seat may not see), kept
  where the seat is told exactly the same. A part of the
  world that all of them agree on is known to the seat, and `determinize` must keep it.
- `check_samples_vary`: from positions the seat cannot tell apart (deals with the same view),
  the samples must not always return the true world where those positions differ.
- `check_audiences`: every event's audience is a set of seats of the table.

Both sampling checks are statistical but seeded (deterministic for a seed), with thresholds
that a correct `_resample` trips with a chance below one in a million per comparison.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from hiddenhand.engine.actions import Action
from hiddenhand.engine.errors import IllegalAction
from hiddenhand.engine.events import Event

if TYPE_CHECKING:
    from hiddenhand.engine.game import Game
    from hiddenhand.engine.options import Options
    from hiddenhand.engine.state import State


@mypyc_attr(native_class=False)  # compiled, a builtin exception's subclass stays a Python class
class PropertyFailure(AssertionError):
    """A property did not hold; the message names game, seed and step."""


MISSING = "<absent>"
"""The value of a field a world does not have (a list shorter than in another world)."""
WORLDS_TOLD = 16
"""Worlds consistent with what a seat was told that `check_told` finds before it compares."""
TRIES_TOLD = 64
"""Samples drawn before an action, at most, to find them."""
SAMPLES_TOLD = 16
"""Samples of `determinize` held against them: a field every such world agrees on must keep
its value in more than a quarter of them."""
STARTS = 64
"""Deals (seeds 0..63) searched for positions a seat cannot tell apart."""
SAMPLES_VARY = 16
"""Samples drawn from each of two such positions."""


def leaves(value: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every scalar of JSON-ready data with the path that reaches it (`hands[1][0]`)."""
    found: list[tuple[str, Any]] = []
    _gather(value, path, found)
    return found


def _gather(value: Any, path: str, found: list[tuple[str, Any]]) -> None:
    """`leaves` into `found`: the checks flatten every seat's view of dozens of worlds a step,
    so plain dicts and lists take the quick way (no generators, no ABC checks), and a scalar
    is added by its container, without a call of its own (most leaves are scalars)."""
    if isinstance(value, dict):
        prefix = f"{path}." if path else ""
        for key, item in value.items():
            if type(item) in _SCALARS:
                found.append((f"{prefix}{key}", item))
            else:
                _gather(item, f"{prefix}{key}", found)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if type(item) in _SCALARS:
                found.append((f"{path}[{i}]", item))
            else:
                _gather(item, f"{path}[{i}]", found)
    elif type(value) in _SCALARS:
        found.append((path, value))
    elif isinstance(value, Mapping):
        _gather(dict(value.items()), path, found)
    elif isinstance(value, tuple):
        _gather(list(value), path, found)
    else:
        found.append((path, value))


_SCALARS = frozenset({int, str, bool, float, type(None)})


def differences(expected: Any, got: Any, limit: int = 3) -> str:
    """The fields where two JSON-ready values differ, named by path, with both values."""
    a, b = dict(leaves(expected)), dict(leaves(got))
    changed = [
        f"{path or 'the value'} was {a.get(path, MISSING)!r}, is {b.get(path, MISSING)!r}"
        for path in sorted(a.keys() | b.keys())
        if a.get(path, MISSING) != b.get(path, MISSING)
    ]
    more = f" (and {len(changed) - limit} more)" if len(changed) > limit else ""
    return "; ".join(changed[:limit]) + more if changed else "no field differs"


def world(state: State, seat: int) -> dict[str, Any]:
    """What the other seats see, field by field: the part of the world `seat` is not shown."""
    found: dict[str, Any] = {}
    for other in range(len(state.players)):
        if other != seat:
            found.update(leaves(state.view(other), f"view({other})"))
    return found


def check_audiences(events: Sequence[Event], players: int, where: str = "") -> None:
    """Every event goes to everyone or to a set of seats of this table, and its data is
    JSON-ready."""
    for event in events:
        audience = event.audience
        if audience is not None and (
            not isinstance(audience, frozenset)
            or not all(isinstance(s, int) and 0 <= s < players for s in audience)
        ):
            raise PropertyFailure(
                f"{where}: event {event.kind!r} has audience {audience!r}, not seats of the table"
            )
        try:
            json.dumps(dict(event.data))
        except (TypeError, ValueError) as exc:
            raise PropertyFailure(
                f"{where}: event {event.kind!r} carries data that is not JSON-ready: {exc}"
            ) from None


def _told(events: Sequence[Event], seat: int, names: Sequence[str]) -> list[Any]:
    return [
        [e.kind, e.describe(names), e.public, dict(e.data)] for e in events if e.visible_to(seat)
    ]


def _conditions(told: list[Any]) -> dict[str, Any]:
    """What a seat was told, as conditions a world's events may meet: all of it, and all of it
    but one event, of which one field of its data must match (a world rarely repeats a message
    that carries much exactly, but it often repeats one field of it: the card a Priest showed,
    one hand of many)."""
    found: dict[str, Any] = {"": told}
    for i, (kind, _, _, data) in enumerate(told):
        for path, value in leaves(data):
            found.setdefault(f"{kind}.{path}" if path else kind, (i, kind, path, value))
    return found


def _meets(condition: Any, told: list[Any], said: list[Any]) -> bool:
    """Whether a world's events (`said`) meet a condition on what the seat was `told`."""
    if isinstance(condition, list):
        return condition == said
    i, kind, path, value = condition
    if len(said) != len(told) or said[i][0] != kind:
        return False
    if any(said[j] != told[j] for j in range(len(told)) if j != i):
        return False
    return dict(leaves(said[i][3])).get(path, MISSING) == value


def check_told(
    before: State,
    actor: int,
    action: Action,
    after: State,
    events: Sequence[Event],
    seat: int,
    rng: random.Random,
    where: str = "",
) -> None:
    """What `events` (the action's, from `before` to `after`) told `seat` stays true in
    `after.determinize(seat)`.

    Worlds the seat could be in after the events: samples of `before` for the seat, played on
    with the same action (or, every other time, with any action of the actor's: another seat's
    choice may be hidden from this one), kept where the seat is told what it was told (all of
    it, or one field of one event: that gives more worlds, each consistent with that field). A
    field of the world (another seat's view) on which all of them agree is known to the seat;
    if fewer than a quarter of `determinize`'s samples keep it, the samples forget what the
    seat was told (or an event told it what its audience may not know)."""
    if after.over or before.over:
        return
    told = _told(events, seat, before.players)
    if not told:
        return
    conditions = _conditions(told)
    worlds: list[State] = []
    met_in: dict[str, list[int]] = {key: [] for key in conditions}
    for attempt in range(TRIES_TOLD):
        trial = before.determinize(seat, rng)
        choice = action
        if actor != seat and attempt % 2:  # the seat may not see which action was taken
            choice = rng.choice(list(trial.legal(actor)))
        try:
            seen = trial.act(actor, choice.id)
        except IllegalAction:
            continue
        if trial.over:
            continue
        said = _told(seen, seat, before.players)
        met = [key for key, c in conditions.items() if _meets(c, told, said)]
        for key in met:
            met_in[key].append(len(worlds))
        if met:
            worlds.append(trial)
    truth = world(after, seat)
    known: dict[str, tuple[list[str], Any]] = {}
    for key, fields in _agreed(worlds, met_in, seat).items():
        for path, value in fields.items():
            if truth.get(path, MISSING) == value:
                known.setdefault(path, ([], value))[0].append(key)
    if not known:
        return
    kept = dict.fromkeys(known, 0)
    example: dict[str, Any] = {}
    for _ in range(SAMPLES_TOLD):
        fields = world(after.determinize(seat, rng), seat)
        for path, (_, value) in known.items():
            got = fields.get(path, MISSING)
            if got == value:
                kept[path] += 1
            else:
                example.setdefault(path, got)
    for path, count in kept.items():
        if count * 4 <= SAMPLES_TOLD:
            keys, value = known[path]
            what = _telling(keys, conditions, told, value)
            raise PropertyFailure(
                f"{where}: seat {seat} was told {what}, so in every world it could be in "
                f"{path} = {value!r}; determinize({seat}) kept it in {count} of "
                f"{SAMPLES_TOLD} samples (another had {example[path]!r})"
            )


def _agreed(
    worlds: list[State], met_in: dict[str, list[int]], seat: int
) -> dict[str, dict[str, Any]]:
    """For each condition met in at least `WORLDS_TOLD` of the worlds (a value the truth does
    not hold was merely likely in fewer), the fields of the world all those worlds agree on, in
    the order the conditions were first met. Conditions met in the same worlds share one
    comparison, and a world is flattened only when some condition needs it."""
    fields: dict[int, dict[str, Any]] = {}
    shared: dict[tuple[int, ...], dict[str, Any]] = {}
    agreed: dict[str, dict[str, Any]] = {}
    for key in sorted(met_in, key=lambda k: met_in[k][0] if met_in[k] else len(worlds)):
        where = tuple(met_in[key])
        if len(where) < WORLDS_TOLD:
            continue
        if where not in shared:
            for i in where:
                if i not in fields:
                    fields[i] = world(worlds[i], seat)
            common = fields[where[0]]
            for i in where[1:]:
                other = fields[i]
                common = {p: v for p, v in common.items() if other.get(p, MISSING) == v}
            shared[where] = common
        agreed[key] = shared[where]
    return agreed


def _telling(keys: list[str], conditions: dict[str, Any], told: list[Any], value: Any) -> str:
    """The event field that told a seat `value` (one equal to it if any), else the events."""
    fields = [key for key in keys if key]
    for key in sorted(fields, key=lambda k: conditions[k][3] != value):
        return f"{key} = {conditions[key][3]!r}"
    return "by " + ", ".join(repr(kind) for kind, *_ in told)


def check_samples_vary(game: Game[Any], players: int, options: Options) -> None:
    """From deals a seat cannot tell apart (the same view and choices), `determinize` must not
    always give back the true world where those deals differ: that is a `_resample` that
    returns the truth (a bot planning on it cheats). Checked once per state class, resampler,
    seat count and options."""
    state_class = game.start(players, options, 0).__class__
    _check_samples_vary(game, state_class, state_class._resample, players, options)


@cache
def _check_samples_vary(
    game: Game[Any], state_class: type, resample: object, players: int, options: Options
) -> None:
    starts = [game.start(players, options, seed) for seed in range(STARTS)]
    rng = random.Random(players)
    for seat in range(players):
        groups: dict[str, list[State]] = {}
        for state in starts:
            key = json.dumps(
                [state.view(seat), [a.id for a in state.legal(seat)], sorted(state.pending())],
                sort_keys=True,
                default=str,
            )
            groups.setdefault(key, []).append(state)
        for group in groups.values():
            first = group[0]
            truth = world(first, seat)
            other = next((s for s in group[1:] if world(s, seat) != truth), None)
            if other is None:
                continue
            theirs = world(other, seat)
            unknown = sorted(
                p for p in truth.keys() | theirs.keys() if truth.get(p, MISSING) != theirs.get(p)
            )
            if all(_always_true(s, seat, unknown, rng) for s in (first, other)):
                a, b = starts.index(first), starts.index(other)
                path = unknown[0]
                raise PropertyFailure(
                    f"{game.id} players={players} options={options.changed()}: "
                    f"determinize({seat}) returns the true hidden state: the deals of seeds {a} "
                    f"and {b} look the same to seat {seat} but differ in {path} "
                    f"({truth.get(path, MISSING)!r} and {theirs.get(path, MISSING)!r}), and "
                    f"{SAMPLES_VARY} samples of each always kept its own"
                )
            break


def _always_true(state: State, seat: int, paths: list[str], rng: random.Random) -> bool:
    truth = world(state, seat)
    for _ in range(SAMPLES_VARY):
        sample = world(state.determinize(seat, rng), seat)
        if any(sample.get(p, MISSING) != truth.get(p, MISSING) for p in paths):
            return False
    return True
