"""What a determinized sample carries: nothing of the truth beyond what the seat knows.

`run_checks` must catch a determinizer that keeps the true history, the seed, the generator,
or shares a mutable part with the true state; each leaky variant below is one such mistake.
"""

from __future__ import annotations

import random
from typing import Any, Self

import pytest

from hiddenhand.engine import RecordError, get_game
from hiddenhand.engine.checks import PropertyFailure, check_nothing_shared, run_checks
from tests.bots.fixtures import SHOWDOWN, Showdown
from tests.engine.toy import HIGH_CARD, HighCard


class KeepsHistory(Showdown):
    def determinize(self, seat: int, rng: random.Random) -> Self:
        sample = super().determinize(seat, rng)
        sample.history = list(self.history)  # holds the other seat's secret choice
        return sample


class KeepsSeed(HighCard):
    def determinize(self, seat: int, rng: random.Random) -> Self:
        sample = super().determinize(seat, rng)
        sample.seed = self.seed
        return sample


class KeepsGenerator(HighCard):
    def determinize(self, seat: int, rng: random.Random) -> Self:
        sample = super().determinize(seat, rng)
        sample.rng = self.rng.copy()  # type: ignore[attr-defined]
        return sample


class SharesSeen(HighCard):
    def clone(self) -> Self:
        other = super().clone()
        other.seen = self.seen  # the sets of what each seat has seen, shared
        return other


def _run(base: Any, cls: type, players: int) -> None:
    game = base.__class__(**{**base.__dict__, "new_state": cls})
    cls.game = game
    try:
        for seed in range(30):
            run_checks(game, players, game.options(None), seed, deep_every=1)
    finally:
        cls.game = base


@pytest.mark.parametrize(
    ("base", "cls", "players", "message"),
    [
        (SHOWDOWN, KeepsHistory, 2, "kept the true history"),
        (HIGH_CARD, KeepsSeed, 3, "kept the seed"),
        (HIGH_CARD, KeepsGenerator, 3, "kept the game's generator"),
        (HIGH_CARD, SharesSeen, 3, "shares seen"),
    ],
)
def test_run_checks_catches_a_sample_that_carries_the_truth(base, cls, players, message):
    with pytest.raises(PropertyFailure, match=message):
        _run(base, cls, players)


def test_the_honest_fixtures_pass():
    for seed in range(30):
        run_checks(SHOWDOWN, 2, SHOWDOWN.options(None), seed, deep_every=1)
        run_checks(HIGH_CARD, 3, HIGH_CARD.options(None), seed, deep_every=1)


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    [("goodcop", 6, {"zombies": "infect"}), ("noir", 2, {"mode": "standard"}), ("infected", 4, {})],
)
@pytest.mark.parametrize("seed", range(4))  # one test per game: parallel runs share them
def test_every_game_passes_the_deep_checks(game_id, players, options, seed):
    game = get_game(game_id)
    told = 0 if game_id == "infected" else 8  # see TOLD_EVERY in its property tests
    run_checks(game, players, game.options(options), seed, deep_every=1, told_every=told)


def test_noir_sample_does_not_know_the_inspectors_identity_from_its_past():
    """NOIR's history holds the Inspector's identity choice; the Killer's sample must not."""
    game = get_game("noir")
    state = game.start(2, ["roles=killer-seat-0"], seed=4)
    rng = random.Random(0)
    while state.pending() and len(state.history) < 6:
        seat, choices = next(iter(state.pending().items()))
        state.act(seat, choices[0])
    inspectors = set()
    for _ in range(200):
        sample = state.determinize(0, rng)
        assert sample.history == [] and sample.seed is None
        with pytest.raises(RecordError):
            sample.record()
        inspectors.add(sample.inspector)  # type: ignore[attr-defined]
        check_nothing_shared(state, sample, "the Killer's sample")
    assert len(inspectors) > 1  # the identity really is redrawn
