"""The properties every game must pass, as reusable checks over seeded random games.

1. Liveness: every game ends with a valid outcome, every pending action is legal when applied,
   and no exception escapes.
2. Secrecy: for any reachable state and seat, `view(seat)` of the state equals `view(seat)` of
   `determinize(seat, rng)`, and determinizing leaves the original untouched.

Plus the contract around them: illegal actions change nothing, clones are independent, records
replay exactly and everything a client receives is JSON-ready.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hiddenhand.engine.errors import IllegalAction
from hiddenhand.engine.game import Game
from hiddenhand.engine.options import Options
from hiddenhand.engine.record import Record
from hiddenhand.engine.state import State


class PropertyFailure(AssertionError):
    """A property did not hold; the message names game, seed and step."""


def _views(state: State) -> list[Any]:
    return [state.view(s) for s in range(len(state.players))] + [state.view(None)]


def check_secrecy(state: State, rng: random.Random, where: str = "") -> None:
    """view(seat) is unchanged by determinize(seat) for every seat and the spectator."""
    before = _views(state)
    for seat in range(len(state.players)):
        sample = state.determinize(seat, rng)
        if sample.view(seat) != before[seat]:
            raise PropertyFailure(f"{where}: determinize({seat}) changed what seat {seat} sees")
        if sample.view(None) != before[-1]:
            raise PropertyFailure(f"{where}: determinize({seat}) changed the public view")
        if set(sample.pending()) != set(state.pending()):
            raise PropertyFailure(f"{where}: determinize({seat}) changed who is to move")
        if sample.legal(seat) != state.legal(seat):
            raise PropertyFailure(f"{where}: determinize({seat}) changed seat {seat}'s choices")
    if _views(state) != before:
        raise PropertyFailure(f"{where}: determinize changed the original state")


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
    max_steps: int = 100_000,
) -> State:
    """Play one seeded random game and check every property on the way; returns the end state.

    Secrecy, JSON-readiness, clone independence and the illegal-action check run on every
    `secrecy_every`-th step; legality and event JSON-readiness are checked on every step, and
    the finished game's record must replay to the same views and outcome.
    """
    state = game.start(players, options, seed)
    rng = random.Random(seed * 7919 + players)
    where = f"{game.id} players={players} options={options.changed()} seed={seed}"
    step = 0
    while True:
        pending = state.pending()
        if not pending:
            break
        if step >= max_steps:
            raise PropertyFailure(f"{where}: no outcome after {max_steps} steps")
        at = f"{where} step={step}"
        if secrecy_every and step % secrecy_every == 0:
            check_secrecy(state, rng, at)
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
        events = state.act(seat, action)
        for event in events:
            json.dumps(event.to_json(state.players))
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
