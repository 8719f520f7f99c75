"""Determinizing hides what a seat cannot know and keeps what it can."""

import random

from hiddenhand.games.infected import mechanics
from tests.games.infected.helpers import (
    act,
    bare,
    kind,
    pass_all,
    set_equipped,
    set_hand,
    set_pile,
    stack,
    start,
    told,
)


def test_unrevealed_choices_are_resampled_and_own_kept() -> None:
    state = start(3, 1)
    bare(state)
    set_hand(state, 0, ["Chainsaw", "Rope"])
    act(state, 0, "play", kind("Chainsaw"))
    act(state, 1, "draw")
    rng = random.Random(1)
    guesses = [state.determinize(2, rng).window[0].intents for _ in range(20)]
    assert all(g != [("play", kind("Chainsaw"))] for g in guesses)
    assert all(state.determinize(2, rng).window[0].done for _ in range(5))
    mine = state.determinize(0, rng)
    assert mine.window[0].intents == state.window[0].intents


def test_face_down_items_hands_and_piles_are_resampled() -> None:
    state = start(2, 2)
    bare(state)
    set_equipped(state, 0, [("Chainsaw", False), ("Medkit", True)])
    set_pile(state, 0, ["Car Keys"])
    rng = random.Random(2)
    samples = [state.determinize(1, rng) for _ in range(30)]
    assert any(s.item_name(s.equipped[0][0][0]) != "Chainsaw" for s in samples)
    assert all(s.item_name(s.equipped[0][1][0]) == "Medkit" for s in samples)
    assert any(s.item_name(s.piles[0][0]) != "Car Keys" for s in samples)
    assert any(sorted(s.hands[0]) != sorted(state.hands[0]) for s in samples)
    own = state.determinize(0, rng)
    assert own.equipped[0][0][0] == state.equipped[0][0][0]
    assert own.hands[0] == state.hands[0]


def test_unseen_fails_stay_unseen() -> None:
    state = start(2, 3)
    bare(state)
    stack(state, ["Walker", "Crawler"])
    set_pile(state, 0, ["Chainsaw"])
    pass_all(state)
    pass_all(state)
    act(state, 0, "claim", "fail")
    assert "Chainsaw" not in str(state.view(1))
    rng = random.Random(3)
    hidden = {state.determinize(1, rng).hidden_discard[0] for _ in range(20)}
    assert len(hidden) > 1


def test_blood_samples_are_resampled_by_the_tests_seen() -> None:
    state = start(4, 4)
    bad = next(s for s in range(4) if state.is_infected(s))
    me = next(s for s in range(4) if s != bad)
    rng = random.Random(4)
    plain = sum(state.determinize(me, rng).is_infected(bad) for _ in range(600))
    state.tests += [(me, bad, "virus")] * 3
    tested = sum(state.determinize(me, rng).is_infected(bad) for _ in range(600))
    assert 120 < plain < 280  # one of three others
    assert tested > 450  # 8 times as likely: 8/10
    assert all(state.determinize(bad, rng).is_infected(bad) for _ in range(20))
    assert all(not state.determinize(bad, rng).is_infected(s) for s in range(4) if s != bad), (
        "the infected knows the others are clean"
    )


def test_blood_samples_are_resampled_by_shown_fails_and_fail_claims() -> None:
    state = start(4, 4)
    bad = next(s for s in range(4) if state.is_infected(s))
    me = next(s for s in range(4) if s != bad)
    rng = random.Random(5)
    state.shown_fails[bad] = 1
    shown = sum(state.determinize(me, rng).is_infected(bad) for _ in range(600))
    assert shown > 390  # 6 times as likely: 6/8
    state.shown_fails[bad] = 0
    state.fail_claims[bad] = 4
    claimed = sum(state.determinize(me, rng).is_infected(bad) for _ in range(600))
    assert 280 < claimed < 460  # 1.35**4 = 3.3 times as likely: 3.3/5.3


def test_the_deck_top_a_seat_looked_at_is_kept() -> None:
    state = start(2, 5)
    with told(state):
        mechanics.scout(state, 0, 2)
    top = state.zdeck[-2:]
    rng = random.Random(5)
    assert all(state.determinize(0, rng).zdeck[-2:] == top for _ in range(10))
    assert any(state.determinize(1, rng).zdeck[-2:] != top for _ in range(10))
