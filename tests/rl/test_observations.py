"""Observation tensors: fixed size, seat-relative, built from what the seat may know only."""

import random

import numpy as np
import pytest

from hiddenhand.engine import Event, get_game
from hiddenhand.rl.encoders import encoder_for
from hiddenhand.rl.encoders.noir import RECORD
from hiddenhand.rl.episode import Episode, payoffs
from tests.rl.tables import IDS, TABLES


def _random_games(episode: Episode, games: int, seed: int):
    """Yield the episode at every step of seeded random games."""
    walk = random.Random(seed)
    for k in range(games):
        episode.reset(seed + k)
        while not episode.over:
            yield episode
            seat = episode.to_move()
            legal = episode.state.legal(seat)
            episode.act(seat, walk.choice(list(legal)).id)
        yield episode


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=IDS)
def test_the_tensor_of_a_seat_equals_the_tensor_of_its_determinized_world(
    game_id, players, options
):
    """Secrecy: resample everything the seat cannot know; its tensor must not change.

    Checked while the game is played (at the end every view reveals everything)."""
    episode = Episode(game_id, players, options)
    rng = random.Random(7)
    games = {"noir": 12, "goodcop": 3, "infected": 2}[game_id]
    checked = 0
    for t in _random_games(episode, games, seed=100):
        state = t.state
        for seat in range(players):
            if t.over or rng.random() < 0.5:
                continue
            sample = state.determinize(seat, rng)
            mine = t.observer.observe(state, seat)
            theirs = t.observer.observe(sample, seat)
            np.testing.assert_array_equal(mine, theirs)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=IDS)
def test_tensors_have_one_size_finite_non_negative_values_and_masks_of_legal_actions(
    game_id, players, options
):
    episode = Episode(game_id, players, options)
    space = get_game(game_id).action_space(players, episode.options)
    for t in _random_games(episode, 2, seed=5):
        for seat in range(players):
            tensor = t.observe(seat)
            assert tensor.shape == (t.size,) and tensor.dtype == np.float32
            assert np.isfinite(tensor).all() and (tensor >= 0).all()
            mask = t.mask(seat)
            assert mask.shape == (len(space),)
            assert set(np.flatnonzero(mask)) == {a.id for a in t.state.legal(seat)}


def test_layouts_split_a_tensor_into_named_segments_that_cover_it():
    options = get_game("goodcop").options(["zombies=dice"])
    encoder = encoder_for("goodcop", 6, options, 2)
    tensor = np.arange(encoder.size, dtype=np.float32)
    parts = encoder.layout.split(tensor)
    assert parts["cards"].shape == (6, 3, 9)
    assert sum(p.size for p in parts.values()) == encoder.size
    assert np.array_equal(np.concatenate([p.ravel() for p in parts.values()]), tensor)


def test_unknown_games_have_no_encoder():
    with pytest.raises(KeyError, match="noir"):
        encoder_for("chess", 2, get_game("noir").options(None), 0)


def test_goodcop_rows_are_relative_to_the_seat_and_remember_investigations():
    episode = Episode("goodcop", 5)
    episode.reset(3)
    state = episode.state
    while True:
        seat = episode.to_move()
        target = (seat + 2) % 5
        action = state.space.get("investigate", target, 1)
        if action in state.legal(seat):
            break
        episode.act(seat, state.legal(seat)[0].id)
    episode.act(seat, action.id)
    for viewer in range(5):
        encoder = episode.observer.encoders[viewer]
        parts = encoder.layout.split(episode.observe(viewer))
        assert parts["investigations"][encoder.relative(seat), encoder.relative(target)] > 0
        assert parts["investigations"].sum() == pytest.approx(0.2)
        assert parts["teams"][0].sum() == 1 and parts["teams"][1:].sum() == 0
    investigator = episode.observer.encoders[seat].layout.split(episode.observe(seat))
    unknown = 5  # after the five card kinds
    assert investigator["cards"][2, 1, unknown] == 0, "the investigator knows the card"
    other = episode.observer.encoders[(seat + 1) % 5].layout.split(episode.observe((seat + 1) % 5))
    assert other["cards"][1, 1, unknown] == 1, "nobody else does"


def test_noir_remembers_canvas_answers_from_the_public_record():
    episode = Episode("noir", 2, ["mode=standard", "roles=killer-seat-0"])
    walk = random.Random(4)
    for k in range(40):
        episode.reset(k)
        while not episode.over:
            seat = episode.to_move()
            events = episode.act(seat, walk.choice(list(episode.state.legal(seat))).id)
            canvas = [e for e in events if e.kind == "canvas" and "role" in e.data]
            if canvas:
                answer = canvas[0].data
                row = f"{answer['role']}_said_{'near' if answer['adjacent'] else 'not_near'}"
                for viewer in (0, 1):
                    encoder = episode.observer.encoders[viewer]
                    parts = encoder.layout.split(episode.observe(viewer))
                    assert parts["record"][RECORD.index(row), answer["suspect"]] >= 1
                return
    pytest.fail("no canvas in 40 random games")


def test_infected_remembers_the_claims_each_seat_made_from_the_events_it_saw():
    episode = Episode("infected", 4)
    episode.reset(8)
    encoder = episode.observer.encoders[1]
    claim = Event("claim", "{p3} claims fail", data={"seat": 3, "claim": "fail"})
    episode.observer.fold([claim, claim])
    parts = encoder.layout.split(episode.observe(1))
    assert parts["claims"][encoder.relative(3), 0] == pytest.approx(0.2)
    assert parts["claims"].sum() == pytest.approx(0.2)
    encoder.reset()
    assert encoder.layout.split(episode.observe(1))["claims"].sum() == 0


def test_payoffs_reward_winners_and_draws_with_nothing():
    from hiddenhand.engine import Outcome

    assert payoffs(Outcome(frozenset({1}), "killer", "x"), 2) == [-1.0, 1.0]
    assert payoffs(Outcome(frozenset(), "draw", "x"), 2) == [0.0, 0.0]
    assert payoffs(None, 3) == [0.0, 0.0, 0.0]
