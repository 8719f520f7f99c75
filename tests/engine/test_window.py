"""The reaction window (`engine.window`): who is asked, who answered, passes that keep the
others asked as they were, asking again, closing, and the order answers are carried out in."""

from __future__ import annotations

import pytest

from hiddenhand.engine import Options
from hiddenhand.engine.window import CLOSED, Window
from tests.engine.reactions import RaiseOrPass


def start(players: int = 3) -> RaiseOrPass:
    return RaiseOrPass([f"P{i}" for i in range(players)], Options(), 1)


def test_a_window_asks_its_seats_until_each_answers():
    w = Window.of([0, 2, 3])
    assert w.seats_asked() == [0, 2, 3] and not w.closed
    assert w.asks(2) and not w.asks(1)
    w = w.answer(2)
    assert w.seats_asked() == [0, 3] and w.seats_answered() == [2]
    w = w.answer(0).answer(3)
    assert w.closed and w.seats_answered() == [0, 2, 3]


def test_answering_when_not_asked_is_a_bug():
    w = Window.of([1])
    with pytest.raises(ValueError, match="seat 0 is not asked"):
        w.answer(0)
    with pytest.raises(ValueError, match="seat 1 is not asked"):
        w.answer(1).answer(1)


def test_asking_again_forgets_the_answers():
    w = Window.of([0, 1, 2]).answer(0).answer(1)
    assert w.again().seats_asked() == [0, 1, 2] and w.again().seats_answered() == []
    assert w.again([1]).seats_asked() == [1]


def test_answers_are_carried_out_clockwise_from_a_seat():
    w = Window.of(range(5)).answer(4).answer(1).answer(3)
    assert w.clockwise_from(3, 5) == [3, 4, 1]
    assert w.clockwise_from(0, 5) == [1, 3, 4]


def test_the_closed_window_asks_nobody():
    assert CLOSED.closed and CLOSED.seats_asked() == [] and Window(0b101).seats_asked() == [0, 2]


def test_a_pass_keeps_the_others_asked_with_the_same_choices():
    g = start()
    before = g.pending()
    assert g.legal_calls == 1
    g.act(1, g.space.get("pass"))
    after = g.pending()
    assert sorted(after) == [0, 2]
    assert after[0] is before[0] and after[2] is before[2], "the others' choices were rebuilt"
    assert g.legal_calls == 1, "a pass asked the rules again"


def test_a_raise_asks_everyone_else_again():
    g = start()
    g.act(0, g.space.get("pass"))
    g.act(1, g.space.get("raise"))
    assert sorted(g.pending()) == [0, 2]
    assert g.legal_calls == 2
    assert g.window.seats_answered() == []


def test_the_window_closes_when_the_last_seat_passes_and_the_game_finishes():
    g = start()
    g.act(2, g.space.get("raise"))
    g.act(0, g.space.get("pass"))
    g.act(1, g.space.get("pass"))
    assert g.pending() == {}
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == frozenset({2})


def test_copies_share_the_window():
    g = start()
    g.act(0, g.space.get("pass"))
    copy = g.clone()
    assert copy.window is g.window
    copy.act(1, copy.space.get("pass"))
    assert g.window.seats_asked() == [1, 2] and copy.window.seats_asked() == [2]
