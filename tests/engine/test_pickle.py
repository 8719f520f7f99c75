"""States pickle, so vectorised and multi-process training can ship them between processes."""

import pickle
import random

import pytest

from hiddenhand.engine import Action, IllegalAction, State, get_game

TABLES = [
    ("noir", 2, ["mode=citizens-arrest"]),
    ("goodcop", 6, []),
    ("goodcop", 5, ["zombies=dice"]),
]
TABLES += [("infected", 4, []), ("infected", 3, ["variant=infection-spreads"])]


def _step(state: State, rng: random.Random) -> None:
    seat = min(state.pending())
    state.act(seat, rng.choice(list(state.pending()[seat])))


def test_an_action_pickles_to_an_equal_action_with_the_same_fields():
    action = get_game("noir").start(2).space[7]
    copy = pickle.loads(pickle.dumps(action))
    assert isinstance(copy, Action)
    assert (copy.id, copy.kind, copy.args, copy.text) == (
        action.id,
        action.kind,
        action.args,
        action.text,
    )
    assert copy == action and hash(copy) == hash(action)


def test_an_unpickled_legal_action_is_accepted_and_an_unpickled_illegal_one_refused():
    state = get_game("noir").start(2, None, 3)
    seat = min(state.pending())
    legal = state.pending()[seat][0]
    illegal = next(a for a in state.space if a not in state.pending()[seat])
    with pytest.raises(IllegalAction):
        state.act(seat, pickle.loads(pickle.dumps(illegal)))
    assert state.history == []
    state.act(seat, pickle.loads(pickle.dumps(legal)))
    assert state.history == [(seat, legal.id)]


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES)
@pytest.mark.parametrize("seed", [1, 2])
def test_an_unpickled_state_plays_on_identically(game_id, players, options, seed):
    state = get_game(game_id).start(players, options, seed=seed)
    walk = random.Random(seed)
    for _ in range(30 * seed):
        if state.over:
            break
        _step(state, walk)
    copy = pickle.loads(pickle.dumps(state))
    walk_a, walk_b = random.Random(seed + 100), random.Random(seed + 100)
    while True:
        assert copy.pending().keys() == state.pending().keys()
        for seat in range(players):
            assert copy.view(seat) == state.view(seat)
            assert [a.id for a in copy.legal(seat)] == [a.id for a in state.legal(seat)]
        if state.over:
            break
        _step(state, walk_a)
        _step(copy, walk_b)
    assert copy.outcome() == state.outcome()
    assert copy.record().actions == state.record().actions


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES)
def test_a_finished_game_pickles_with_its_outcome(game_id, players, options):
    state = get_game(game_id).start(players, options, seed=5)
    walk = random.Random(5)
    while not state.over:
        _step(state, walk)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.over
    assert copy.outcome() == state.outcome()
    assert copy.view(0) == state.view(0)
