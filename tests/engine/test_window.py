"""The reaction window (`engine.window`): who is asked, who answered, passes that keep the
others asked as they were, asking again, closing, and the order answers are carried out in."""

from __future__ import annotations

import pytest

from hiddenhand.engine import Options
from hiddenhand.engine.window import seat_set
from tests.engine.reactions import RaiseOrPass


def start(players: int = 3) -> RaiseOrPass:
    return RaiseOrPass([f"P{i}" for i in range(players)], Options(), 1)


def test_a_window_asks_its_seats_until_each_answers():
    g = start(4)
    g.ask(seat_set([0, 2, 3]))
    assert g.seats_asked() == [0, 2, 3] and g.asked == 0b1101
    assert g.asks(2) and not g.asks(1)
    g.answers(2)
    assert g.seats_asked() == [0, 3] and g.seats_answered() == [2]
    g.answers(0)
    g.answers(3)
    assert not g.asked and g.seats_answered() == [0, 2, 3]


def test_answering_when_not_asked_is_a_bug():
    g = start()
    g.ask(seat_set([1]))
    with pytest.raises(ValueError, match="seat 0 is not asked"):
        g.answers(0)
    g.answers(1)
    with pytest.raises(ValueError, match="seat 1 is not asked"):
        g.answers(1)
    with pytest.raises(ValueError, match="seat 1 is not asked"):
        g.passes(1)


def test_asking_again_forgets_the_answers():
    g = start()
    g.answers(0)
    g.answers(1)
    g.ask_again()
    assert g.seats_asked() == [0, 1, 2] and g.seats_answered() == []
    g.answers(0)
    g.ask_again(but=1)
    assert g.seats_asked() == [0, 2] and g.seats_answered() == []


def test_opening_a_window_forgets_the_last_ones_answers():
    g = start()
    g.answers(2)
    g.ask(seat_set([0]))
    assert g.seats_asked() == [0] and g.seats_answered() == []


def test_answers_are_carried_out_clockwise_from_a_seat():
    g = start(5)
    for seat in (4, 1, 3):
        g.answers(seat)
    assert g.clockwise_from(3) == [3, 4, 1]
    assert g.clockwise_from(0) == [1, 3, 4]


def test_answers_the_order_leaves_out_come_last_lowest_first():
    g = start(5)
    for seat in (4, 1, 3, 0):
        g.answers(seat)
    assert g.answer_order([3, 2, 1]) == [3, 1, 0, 4]


def test_asking_nobody_closes_the_window():
    g = start()
    g.ask(0)
    assert not g.asked and g.seats_asked() == [] and g.seats_answered() == []
    assert seat_set([0, 2]) == 0b101 and seat_set([]) == 0


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
    assert g.seats_answered() == []


def test_the_window_closes_when_the_last_seat_passes_and_the_game_finishes():
    g = start()
    g.act(2, g.space.get("raise"))
    g.act(0, g.space.get("pass"))
    g.act(1, g.space.get("pass"))
    assert g.pending() == {}
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == frozenset({2})


def test_copies_keep_the_window_apart():
    g = start()
    g.act(0, g.space.get("pass"))
    copy = g.clone()
    copy.act(1, copy.space.get("pass"))
    assert g.seats_asked() == [1, 2] and copy.seats_asked() == [2]
    assert g.seats_answered() == [0] and copy.seats_answered() == [0, 1]
