"""The engine keeps the result: `finish` sets it once, after which nobody is asked and the
game's own `_legal` is not consulted; finishing twice raises."""

from __future__ import annotations

import random

import pytest

from hiddenhand.engine import Action, IllegalAction, Options, Outcome
from tests.engine.reactions import RaiseOrPass


def finished() -> RaiseOrPass:
    g = RaiseOrPass(["A", "B"], Options(), 3)
    g.act(0, g.space.get("raise"))
    g.act(1, g.space.get("pass"))
    return g


def test_a_finished_game_asks_nobody_and_reports_its_outcome():
    g = finished()
    calls = g.legal_calls
    assert g.pending() == {} and g.over
    assert g.legal_calls == calls, "the game's rules were asked after the end"
    assert g.outcome() is g.result
    assert g.result is not None and g.result.winners == frozenset({0})
    with pytest.raises(IllegalAction, match="over"):
        g.act(1, g.space.get("pass"))


def test_finishing_twice_is_a_bug_that_raises():
    g = finished()
    with pytest.raises(RuntimeError, match="finished already.*the last raise stood.*again"):
        g.finish(Outcome(frozenset(), "nobody", "again"))
    assert g.result is not None and g.result.reason == "the last raise stood"


class EndsOnThePass(RaiseOrPass):
    """A pass keeps the others asked, and then the game ends in the same step."""

    def _apply(self, seat: int, action: Action) -> None:
        super()._apply(seat, action)
        self.finish(Outcome(frozenset(), "nobody", "ended on the pass"))


def test_finishing_after_keeping_the_others_asked_asks_nobody():
    g = EndsOnThePass(["A", "B", "C"], Options(), 3)
    g.act(0, g.space.get("pass"))
    assert g.pending() == {} and g.outcome() is not None


def test_copies_and_samples_keep_the_result():
    g = finished()
    assert g.clone().outcome() == g.outcome()
    assert g.determinize(1, random.Random(0)).outcome() == g.outcome()


def test_a_game_in_play_has_no_result():
    g = RaiseOrPass(["A", "B"], Options(), 3)
    assert g.outcome() is None and g.result is None and sorted(g.pending()) == [0, 1]
