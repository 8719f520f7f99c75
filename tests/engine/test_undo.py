"""Undo: the engine calls a step undoable only if nobody saw it and it showed its seat nothing.

Secret Bids (tests/engine/bids.py) holds one step of each kind the rules must tell apart; then
every game is played at random, and each step the engine calls undoable is held to what that
means.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from hiddenhand.engine import Event, Record, State, get_game
from hiddenhand.engine.undo import act_undoably
from tests.engine.bids import BidOptions, SecretBids

CASES = [
    ("goodcop", 6, {}),
    ("goodcop", 5, {"zombies": "dice"}),
    ("noir", 2, {}),
    ("infected", 4, {}),
    ("infected", 3, {"variant": "cooperative"}),
]
"""Every game, and the options that roll dice or change who plays whom."""


def _bids() -> SecretBids:
    state = SecretBids.game.start(3, None, 7)
    assert isinstance(state, SecretBids)
    return state


def _undoable(state: State, seat: int, kind: str, *args: int) -> bool:
    return act_undoably(state, seat, state.space.get(kind, *args))[1] is not None


def test_a_secret_step_is_undoable_and_its_copy_is_the_state_before() -> None:
    state = _bids()
    before_views = [state.view(s) for s in (0, 1, 2, None)]
    events, before = act_undoably(state, 0, state.space.get("bid", 2))
    assert events == [] and before is not None
    assert state.view(0)["bid"] == 2
    assert [before.view(s) for s in (0, 1, 2, None)] == before_views
    assert before.history == [] and state.history == [(0, state.space.get("bid", 2).id)]


@pytest.mark.parametrize(
    ("kind", "why"),
    [
        ("seal", "the others see the seat is no longer asked"),
        ("peek", "the seat saw the hidden prize"),
        ("roll", "a die was rolled"),
        ("shout", "everyone heard it"),
        ("whisper", "the seat was shown an event"),
    ],
)
def test_a_step_that_is_seen_shows_or_draws_is_refused(kind: str, why: str) -> None:
    assert not _undoable(_bids(), 1, kind), why


def test_the_last_seal_ending_the_game_is_refused() -> None:
    state = _bids()
    for seat in (0, 1):
        state.act(seat, state.space.get("seal"))
    assert not _undoable(state, 2, "seal")
    assert state.over


def test_a_game_may_refuse_more() -> None:
    class NoUndo(SecretBids):
        def undoable(self, seat: int, before: State, events: Sequence[Event]) -> bool:
            return False

    state = NoUndo(["Ana", "Bea"], BidOptions(), 1)
    assert not _undoable(state, 0, "bid", 1)


def _infected_draft_step() -> tuple[State, int]:
    """An Infected game at the first step of a draft that continues (a card given needs its
    receiver)."""
    game = get_game("infected")
    for seed in range(40):
        state = game.start(game.usual_players, None, seed)
        rng = random.Random(seed)
        for _ in range(400):
            pending = state.pending()
            if not pending:
                break
            for seat, legal in pending.items():
                if any(a.kind == "give" for a in legal):
                    return state, seat
            seat = rng.choice(sorted(pending))
            state.act(seat, rng.choice(list(pending[seat])))
    raise AssertionError("no draft offered a card to give")


def test_an_infected_draft_step_is_undoable_and_finishing_the_draft_is_not() -> None:
    state, seat = _infected_draft_step()
    give = next(a for a in state.legal(seat) if a.kind == "give")
    others = [s for s in range(len(state.players)) if s != seat]
    seen = [state.view(s) for s in [*others, None]]
    _, before = act_undoably(state, seat, give)
    assert before is not None, "choosing a card to give is a step of a secret choice"
    assert [state.view(s) for s in [*others, None]] == seen
    assert state.continues(seat)
    # The steps go on until the draft is finished: that step is seen (the seat is no longer
    # asked), and so is the reveal when the window closes.
    rng = random.Random(1)
    refused = None
    while seat in state.pending():
        action = rng.choice(list(state.legal(seat)))
        _, copy = act_undoably(state, seat, action)
        if seat not in state.pending() or not state.continues(seat):
            refused = copy
            break
    assert refused is None, "a finished draft is seen by everyone: it is confirmed"


def _playout(
    game_id: str, players: int, options: dict[str, str], seed: int, steps: int
) -> list[tuple[State, State, int, int]]:
    """(before, after, seat, action id) of every step of a random game the engine called
    undoable."""
    state = get_game(game_id).start(players, options, seed)
    rng = random.Random(seed)
    found = []
    for _ in range(steps):
        pending = state.pending()
        if not pending:
            break
        seat = rng.choice(sorted(pending))
        action = rng.choice(list(pending[seat]))
        _, before = act_undoably(state, seat, action)
        if before is not None:
            found.append((before, state.clone(), seat, action.id))
    return found


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_every_undoable_step_is_unseen_and_draws_nothing(
    game_id: str, players: int, options: dict[str, str]
) -> None:
    """For random games: each step called undoable leaves every other seat's view, the
    spectator's, who is asked and the generator as they were; and the record without it
    replays to the state it is taken back to."""
    undoable = 0
    for seed in range(3):
        for before, after, seat, action_id in _playout(game_id, players, options, seed, 600):
            undoable += 1
            others = [s for s in range(len(after.players)) if s != seat]
            for watcher in [*others, None]:
                assert after.view(watcher) == before.view(watcher)
            assert sorted(after.pending()) == sorted(before.pending())
            for other in others:
                assert list(after.legal(other)) == list(before.legal(other))
            assert after.rng.getstate() == before.rng.getstate()
            assert after.history[-1] == (seat, action_id)
            record = after.record()
            record.actions.pop()
            again = Record.from_json(record.to_json()).replay()
            for watcher in [*range(len(after.players)), None]:
                assert again.view(watcher) == before.view(watcher)
    if game_id == "noir":
        assert undoable == 0, "every NOIR action is public: none is undoable"
    else:
        assert undoable > 0, f"{game_id} has steps of a choice nobody sees"
