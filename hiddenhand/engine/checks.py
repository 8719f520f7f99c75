"""The properties every game must pass, as reusable checks over seeded random games.

1. Liveness: every game ends with a valid outcome, every pending action is legal when applied,
   and no exception escapes.
2. Secrecy: for any reachable state and seat, `view(seat)` of the state equals `view(seat)` of
   `determinize(seat, rng)`, and determinizing leaves the original untouched. The sample carries
   nothing else of the truth: no seed, no record, no past, no generator and no mutable object
   shared with the true state.

Plus the contract around them: illegal actions change nothing, clones are independent (every
field, none shared), records replay exactly and everything a client receives is JSON-ready.

Secrecy alone holds a game only to itself (its views against its own `_resample`), so two
checks hold it to the truth (`engine.truth`): what each seat was told in events stays true in
its samples (`check_told`), and from positions a seat cannot tell apart the samples vary where
the seat cannot know (`check_samples_vary`).
"""

from __future__ import annotations

import json
import random
from enum import Enum
from typing import Any

from hiddenhand.engine.actions import Action
from hiddenhand.engine.cloning import frozen_record
from hiddenhand.engine.errors import IllegalAction, RecordError
from hiddenhand.engine.frozen import FrozenDict
from hiddenhand.engine.game import Game
from hiddenhand.engine.options import Options
from hiddenhand.engine.record import Record
from hiddenhand.engine.state import State
from hiddenhand.engine.truth import (
    PropertyFailure,
    check_audiences,
    check_samples_vary,
    check_told,
    differences,
)


def _views(state: State) -> list[Any]:
    return [state.view(s) for s in range(len(state.players))] + [state.view(None)]


_IMMUTABLE = (int, float, complex, str, bytes, bool, type(None), frozenset, range, Enum, Action)


def mutable_parts(state: State) -> dict[int, str]:
    """Every mutable object reachable from a state, by id, with the path that reaches it.

    The fields a State declares in `shared_fields` (the action space, the options, caches that
    are replaced, never changed) are left out: they are shared between copies by design.
    """
    found: dict[int, str] = {}
    stack: list[tuple[Any, str]] = [
        (value, name) for name, value in fields_of(state).items() if name not in state.shared_fields
    ]
    while stack:
        obj, path = stack.pop()
        if isinstance(obj, _IMMUTABLE) or (callable(obj) and not hasattr(obj, "__dict__")):
            continue
        if isinstance(obj, tuple | FrozenDict):
            if isinstance(obj, FrozenDict):
                obj = tuple(obj.values())
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(obj))
            continue
        if frozen_record(type(obj)):
            stack.extend((v, f"{path}.{k}") for k, v in fields_of(obj).items())
            continue
        if id(obj) in found:
            continue
        found[id(obj)] = path
        if isinstance(obj, dict):
            stack.extend((v, f"{path}[{k!r}]") for k, v in obj.items())
        elif isinstance(obj, list | set):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(obj))
        else:
            stack.extend((v, f"{path}.{k}") for k, v in fields_of(obj).items())
    return found


def fields_of(obj: Any) -> dict[str, Any]:
    """An object's attributes, from its `__dict__`, its slots and, compiled to a native class
    (which has no `__dict__`), the attributes mypyc lists (`__mypyc_attrs__`); one not set is
    left out."""
    fields = dict(getattr(obj, "__dict__", {}))
    for klass in type(obj).__mro__:
        names = (*getattr(klass, "__slots__", ()), *getattr(klass, "__mypyc_attrs__", ()))
        for name in names:
            if name not in fields and name != "__dict__" and hasattr(obj, name):
                fields[name] = getattr(obj, name)
    return fields


def random_point(game: Game[Any], players: int, options: Any, seed: int, steps: int = 20) -> State:
    """A state `steps` seeded random actions into a seeded game (fewer if it ends first): a game
    in progress, the same on every run, for checks and benchmarks that need one."""
    state = game.start(players, options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        pending = state.pending()
        if not pending:
            break
        seat = rng.choice(sorted(pending))
        state.act(seat, rng.choice(pending[seat]))
    return state


def check_nothing_shared(original: State, copy: State, what: str, where: str = "") -> None:
    """A copy (a clone or a sample) shares no mutable object with the state it was made from:
    playing on one must never change the other, and a sample must hold none of the truth."""
    theirs = mutable_parts(original)
    for key, path in mutable_parts(copy).items():
        if key in theirs:
            raise PropertyFailure(f"{where}: {what} shares {path} with the original state")


def check_same_fields(original: State, copy: State, what: str, where: str = "") -> None:
    """A copy has every field of the state it was made from, and no other: a field set but
    never declared would be missing from a clone derived from the declarations."""
    mine, theirs = set(fields_of(original)), set(fields_of(copy))
    if mine != theirs:
        missing = ", ".join(sorted(mine - theirs)) or "none"
        extra = ", ".join(sorted(theirs - mine)) or "none"
        raise PropertyFailure(f"{where}: {what} lacks fields {missing} and adds {extra}")


def check_sample_has_no_past(state: State, sample: State, seat: int, where: str = "") -> None:
    """A sample is not the true game replayed: it has no seed, no record and an empty history,
    and its generator is not the true one (the true history holds choices the seat never saw,
    and the seed or the generator would deal the true game again)."""
    if sample.seed is not None:
        raise PropertyFailure(f"{where}: determinize({seat}) kept the seed")
    if sample.history:
        raise PropertyFailure(f"{where}: determinize({seat}) kept the true history")
    try:
        sample.record()
    except RecordError:
        pass
    else:
        raise PropertyFailure(f"{where}: determinize({seat}) still makes a record")
    if sample.rng.getstate() == state.rng.getstate():
        raise PropertyFailure(f"{where}: determinize({seat}) kept the game's generator")


def check_secrecy(state: State, rng: random.Random, where: str = "", *, deep: bool = False) -> None:
    """view(seat) is unchanged by determinize(seat) for every seat and the spectator, and the
    sample carries no past; with `deep`, it also shares no mutable object with the truth."""
    before = _views(state)
    for seat in range(len(state.players)):
        sample = state.determinize(seat, rng)
        check_sample_has_no_past(state, sample, seat, where)
        if deep:
            check_same_fields(state, sample, f"determinize({seat})", where)
            check_nothing_shared(state, sample, f"determinize({seat})", where)
        if sample.view(seat) != before[seat]:
            raise PropertyFailure(
                f"{where}: determinize({seat}) changed what seat {seat} sees: "
                f"{differences(before[seat], sample.view(seat))}"
            )
        if sample.view(None) != before[-1]:
            raise PropertyFailure(
                f"{where}: determinize({seat}) changed the public view: "
                f"{differences(before[-1], sample.view(None))}"
            )
        if set(sample.pending()) != set(state.pending()):
            raise PropertyFailure(f"{where}: determinize({seat}) changed who is to move")
        if sample.legal(seat) != state.legal(seat):
            raise PropertyFailure(f"{where}: determinize({seat}) changed seat {seat}'s choices")
    if _views(state) != before:
        raise PropertyFailure(f"{where}: determinize changed the original state")


def check_follow_ups(
    state: State,
    rng: random.Random,
    where: str = "",
    *,
    worlds: int = 2,
    depth: int = 3,
    branch: int = 3,
) -> tuple[int, int]:
    """What a seat would be asked next within its move (`followups.follow_ups`) is the same in
    the true state as in `worlds` determinized worlds of that seat: a client may ask for it
    and change its mind, so it must tell the seat nothing it does not know. Asking changes
    nothing.

    Every seat asked, every legal action; then up to `branch` of each follow-up's choices, to
    `depth` actions in a row. Returns how many sequences were compared, and how many of them
    had follow-ups."""
    from hiddenhand.engine.followups import follow_ups

    def asked(s: State, seat: int, actions: list[int]) -> tuple[int, ...] | str:
        try:
            return tuple(a.id for a in follow_ups(s, seat, actions))
        except IllegalAction as exc:
            return f"refused: {exc}"

    before, history = _views(state), len(state.history)
    compared = continued = 0
    for seat, legal in state.pending().items():
        samples = [state.determinize(seat, rng) for _ in range(worlds)]
        frontier = [[a.id] for a in legal]
        while frontier:
            actions = frontier.pop()
            truth = asked(state, seat, actions)
            for sample in samples:
                seen = asked(sample, seat, actions)
                if seen != truth:
                    names = ", ".join(str(state.space[a]) for a in actions)
                    raise PropertyFailure(
                        f"{where}: seat {seat}'s follow-ups of [{names}] differ in a world "
                        f"determinize could draw: {truth!r} against {seen!r}"
                    )
            compared += 1
            if isinstance(truth, tuple) and truth:
                continued += 1
                if len(actions) < depth:
                    picked = rng.sample(truth, min(branch, len(truth)))
                    frontier += [[*actions, a] for a in picked]
    if _views(state) != before or len(state.history) != history:
        raise PropertyFailure(f"{where}: working out follow-ups changed the state")
    return compared, continued


def run_follow_up_checks(
    game: Game,
    players: int,
    options: Options,
    seed: int,
    *,
    every: int = 1,
    worlds: int = 2,
    max_steps: int = 100_000,
) -> tuple[int, int]:
    """Play one seeded random game and `check_follow_ups` at every `every`-th step; returns
    the sequences compared and how many of them had follow-ups."""
    state = game.start(players, options, seed)
    rng = random.Random(seed * 7919 + players)
    where = f"{game.id} players={players} options={options.changed()} seed={seed}"
    compared = continued = 0
    for step in range(max_steps):
        pending = state.pending()
        if not pending:
            break
        if step % every == 0:
            c, f = check_follow_ups(state, rng, f"{where} step={step}", worlds=worlds)
            compared, continued = compared + c, continued + f
        seat = rng.choice(list(pending))
        state.act(seat, rng.choice(list(pending[seat])))
    return compared, continued


def check_illegal_changes_nothing(state: State, rng: random.Random, where: str = "") -> None:
    """An action that is not legal (or from a seat not asked) raises and changes nothing."""
    pending = state.pending()
    before = _views(state)
    history = len(state.history)
    idle = [s for s in range(len(state.players)) if s not in pending]
    tries: list[tuple[int, Any]] = []
    if idle and pending:
        tries.append((rng.choice(idle), rng.choice(next(iter(pending.values())))))
    if pending:
        seat = rng.choice(list(pending))
        legal_ids = {a.id for a in pending[seat]}
        illegal = [i for i in range(len(state.space)) if i not in legal_ids]
        if illegal:
            tries.append((seat, rng.choice(illegal)))
        tries.append((seat, len(state.space) + 5))
    tries.append((len(state.players) + 3, 0))
    for seat, action in tries:
        try:
            state.act(seat, action)
        except IllegalAction:
            pass
        else:
            raise PropertyFailure(f"{where}: illegal action {action!r} by seat {seat} accepted")
    if _views(state) != before or len(state.history) != history:
        raise PropertyFailure(f"{where}: a rejected action changed the state")


def run_checks(
    game: Game,
    players: int,
    options: Options,
    seed: int,
    *,
    secrecy_every: int = 1,
    deep_every: int = 16,
    told_every: int = 8,
    max_steps: int = 100_000,
) -> State:
    """Play one seeded random game and check every property on the way; returns the end state.

    Secrecy, JSON-readiness, clone independence and the illegal-action check run on every
    `secrecy_every`-th step, and the search for mutable objects a clone or a sample shares with
    the original on every `deep_every`-th of those; what one seat (in turn) was told by the
    step's events is held against its samples (`check_told`) on every `told_every`-th of
    them (0: never); legality, every event's audience and its JSON-readiness are checked on
    every step, and the finished game's record must replay to the same views and outcome.
    Once per game class, seat count and options, samples must vary where a seat cannot know
    (`check_samples_vary`).
    """
    state = game.start(players, options, seed)
    rng = random.Random(seed * 7919 + players)
    where = f"{game.id} players={players} options={options.changed()} seed={seed}"
    if secrecy_every:
        check_samples_vary(game, players, options)
    step = 0
    while True:
        pending = state.pending()
        if not pending:
            break
        if step >= max_steps:
            raise PropertyFailure(f"{where}: no outcome after {max_steps} steps")
        at = f"{where} step={step}"
        if secrecy_every and step % secrecy_every == 0:
            deep = step % (secrecy_every * deep_every) == 0
            check_secrecy(state, rng, at, deep=deep)
            check_illegal_changes_nothing(state, rng, at)
            for v in _views(state):
                json.dumps(v)
        for seat, choices in pending.items():
            if not choices:
                raise PropertyFailure(f"{at}: seat {seat} is asked to decide with no choices")
        seat = rng.choice(list(pending))
        action = rng.choice(list(pending[seat]))
        sampled = bool(secrecy_every) and step % secrecy_every == 0
        trial = state.clone() if sampled else None
        if trial is not None and step % (secrecy_every * deep_every) == 0:
            check_same_fields(state, trial, "a clone", at)
            check_nothing_shared(state, trial, "a clone", at)
        told = sampled and told_every and step % (secrecy_every * told_every) == 0
        before = state.clone() if told else None
        events = state.act(seat, action)
        check_audiences(events, players, at)
        for event in events:
            json.dumps(event.to_json(state.players))
        if before is not None:
            listener = (step // (secrecy_every * told_every)) % players
            check_told(before, seat, action, state, events, listener, rng, at)
        if trial is not None:
            trial.act(seat, action)
            if _views(state) != _views(trial):
                raise PropertyFailure(f"{at}: a clone played the same action differently")
        step += 1
    outcome = state.outcome()
    if outcome is None:
        raise PropertyFailure(f"{where}: no seat pending but no outcome")
    if not outcome.winners <= set(range(players)) or not outcome.side:
        raise PropertyFailure(f"{where}: invalid outcome {outcome}")
    json.dumps(outcome.to_json())
    record = Record.from_json(state.record().to_json())
    replayed = record.replay()
    if replayed.outcome() != outcome or _views(replayed) != _views(state):
        raise PropertyFailure(f"{where}: the record does not replay the same game")
    return state
