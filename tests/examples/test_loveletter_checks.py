"""The example game passes every check, and the checks that hold a game to the truth fail it
when its `_resample` returns the truth, forgets what a Priest showed, or when an event tells
everyone what only one seat may know."""

from __future__ import annotations

import random

import pytest
from hiddenhand_loveletter import GAME
from hiddenhand_loveletter.cards import name
from hiddenhand_loveletter.rules import UNKNOWN, LoveLetterState

from hiddenhand.engine import Event, private
from hiddenhand.engine.checks import PropertyFailure, run_checks

SHORT = GAME.options({"tokens": 2})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_example_passes_every_check(players):
    for seed in range(8):
        end = run_checks(GAME, players, SHORT, seed, told_every=1)
        assert end.outcome() is not None


def first_failure(players: int = 4, seeds: int = 40) -> str:
    for seed in range(seeds):
        try:
            run_checks(GAME, players, SHORT, seed)
        except PropertyFailure as exc:
            return str(exc)
    raise AssertionError("run_checks passed every seed")


def test_a_resample_that_returns_the_truth_fails(monkeypatch):
    def keeps_everything(self, sample, seat, rng):
        """Redraws nothing: a bot planning on it sees every hand."""

    monkeypatch.setattr(LoveLetterState, "_resample", keeps_everything)
    message = first_failure()
    assert "returns the true hidden state" in message
    assert "view(1).hand[0]" in message  # the field the deals differ in


def test_a_resample_that_forgets_what_a_priest_showed_fails(monkeypatch):
    honest = LoveLetterState._resample

    def forgets(self, sample, seat, rng):
        """Deals as if the seat had seen no other hand."""
        blind = self.clone()
        blind.known = [[UNKNOWN] * len(self.players) for _ in self.players]
        honest(blind, sample, seat, rng)

    monkeypatch.setattr(LoveLetterState, "_resample", forgets)
    message = first_failure()
    assert "was told look.card" in message  # the Priest's event and its field
    assert ".hand[0]" in message


def test_an_event_that_tells_everyone_every_hand_fails(monkeypatch):
    honest = LoveLetterState._apply

    def tells_all(self, seat, action):
        honest(self, seat, action)
        hands = [[name(c) for c in hand] for hand in self.hands]
        self.emit(Event("gossip", "everyone hears every hand", None, {"hands": hands}))

    monkeypatch.setattr(LoveLetterState, "_apply", tells_all)
    message = first_failure()
    assert "was told gossip.hands" in message


def test_an_event_with_an_audience_outside_the_table_fails(monkeypatch):
    honest = LoveLetterState._apply

    def tells_a_stranger(self, seat, action):
        honest(self, seat, action)
        self.emit(Event("note", "a note for seat 9", private(9)))

    monkeypatch.setattr(LoveLetterState, "_apply", tells_a_stranger)
    with pytest.raises(PropertyFailure, match="audience"):
        run_checks(GAME, 2, SHORT, 0)


def test_a_changed_view_is_named_by_its_field(monkeypatch):
    honest = LoveLetterState._resample

    def shows_a_new_hand(self, sample, seat, rng):
        honest(self, sample, seat, rng)
        sample.hands[seat] = [card % 8 + 1 for card in sample.hands[seat]]

    monkeypatch.setattr(LoveLetterState, "_resample", shows_a_new_hand)
    with pytest.raises(PropertyFailure, match=r"changed what seat 0 sees: hand\[0\] was"):
        run_checks(GAME, 2, SHORT, 0)


def test_samples_keep_a_guards_miss():
    """A Guard that named a card and missed rules it out of that hand in every sample."""
    state = GAME.start(3, SHORT, 11)
    rng = random.Random(0)
    while state.pending():
        seat, legal = next(iter(state.pending().items()))
        misses = [
            a for a in legal if a.kind == "guard" and state.hands[int(a.args[0])][0] != a.args[1]
        ]
        if misses:
            target, guess = int(misses[0].args[0]), int(misses[0].args[1])
            state.act(seat, misses[0])
            if state.over or state.out[target] or target == state.turn:
                return
            for _ in range(50):
                assert guess not in state.determinize(seat, rng).hands[target]
            return
        state.act(seat, legal[0])
    raise AssertionError("no Guard missed")
