"""The example game in the learning environments with no encoder of its own: PettingZoo's and
OpenSpiel's checks pass, its generic observation reads the seat's view alone and loses none of
it, and its declared bounds and length hold."""

from __future__ import annotations

import dataclasses
import random

import msgspec
import numpy as np
import pyspiel
import pytest
from hiddenhand_loveletter import GAME
from hiddenhand_loveletter.views import LoveLetterView
from pettingzoo.test import api_test, parallel_api_test, seed_test
from stable_baselines3.common.env_checker import check_env

from hiddenhand.engine import game as registry
from hiddenhand.rl import openspiel
from hiddenhand.rl.encoders import encoder_for
from hiddenhand.rl.encoders.generic import GenericEncoder
from hiddenhand.rl.episode import Episode
from hiddenhand.rl.gymnasium import SeatEnv
from hiddenhand.rl.limits import max_steps
from hiddenhand.rl.pettingzoo import env, parallel_env


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_tests_pass(players):
    api_test(env("loveletter", players), num_cycles=400)
    api_test(env("loveletter", players, observation="flat", cycle=True), num_cycles=200)
    parallel_api_test(parallel_env("loveletter", players), num_cycles=400)
    seed_test(lambda: env("loveletter", players), num_cycles=50)


def test_random_games_play_to_the_end_with_one_winner():
    for seed in range(20):
        aec = env("loveletter", 3)
        aec.reset(seed=seed)
        rng = random.Random(seed)
        returns = {}
        for agent in aec.agent_iter():
            observation, reward, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                assert not truncated
                returns[agent] = reward
                aec.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            aec.step(int(rng.choice(legal)))
        assert sorted(returns.values()) == [-1.0, -1.0, 1.0]


def test_one_seat_against_bots_in_gymnasium():
    check_env(SeatEnv("loveletter", 3), warn=True)
    seat = SeatEnv("loveletter", 2, opponents="ismcts:iterations=20")
    observation, _ = seat.reset(seed=4)
    assert observation.shape == seat.observation_space.shape
    rng = random.Random(4)
    done, reward = False, 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(seat.action_masks())))
        observation, reward, terminated, truncated, _ = seat.step(action)
        assert seat.observation_space.contains(observation)
        done = terminated or truncated
    assert terminated and reward in (-1.0, 1.0)


@pytest.mark.parametrize(("players", "deals"), [(2, 100), (4, 0)])
def test_openspiel_random_simulation_test_passes(players, deals):
    game = openspiel.load("loveletter", players, deals=deals)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_the_game_declares_its_sums_and_lengths():
    game = openspiel.load("loveletter", 3)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.max_game_length() == max_steps("loveletter", 3) == 1300  # 10 x 25 x 5, rounded
    assert max_steps("loveletter", 2, ["tokens=1"]) == 200  # 10 x 12 x 1, rounded up
    assert openspiel.load("noir").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_a_game_registered_later_is_registered_with_openspiel_by_a_call(monkeypatch):
    late = dataclasses.replace(GAME, id="loveletter_late", title="Love Letter, later")
    monkeypatch.setitem(registry._registry, late.id, late)
    assert "hiddenhand_loveletter_late" not in pyspiel.registered_names()
    cls = openspiel.register(late.id)
    assert openspiel.register(late.id) is cls
    assert "hiddenhand_loveletter_late" in pyspiel.registered_names()
    game = pyspiel.load_game("hiddenhand_loveletter_late", {"players": 2})
    assert game.num_distinct_actions() == len(GAME.action_space(2, GAME.options(None)))


def states(players: int, seeds: range):
    """Every state of a few random games (the same object, moved on in place)."""
    for seed in seeds:
        state = GAME.start(players, None, seed)
        rng = random.Random(seed)
        while state.pending():
            yield state
            seat = min(state.pending())
            state.act(seat, rng.choice(list(state.legal(seat))).id)
        yield state


def tensor(encoder, state, seat: int) -> bytes:
    out = np.zeros(encoder.size, np.float32)
    encoder.encode(state.typed_view(seat), out)
    return out.tobytes()


@pytest.mark.parametrize("players", [2, 4])
def test_worlds_a_seat_cannot_tell_apart_give_it_the_same_tensor(players):
    encoders = [encoder_for("loveletter", players, GAME.options(None), s) for s in range(players)]
    assert all(isinstance(e, GenericEncoder) and not e.skipped for e in encoders)
    differed = 0
    for i, state in enumerate(states(players, range(6))):
        for seat in range(players):
            truth = tensor(encoders[seat], state, seat)
            samples = [state.determinize(seat, random.Random(i * 10 + k)) for k in range(2)]
            assert [tensor(encoders[seat], s, seat) for s in samples] == [truth, truth]
            other = (seat + 1) % players
            differed += any(
                s.typed_view(other).hand != state.typed_view(other).hand for s in samples
            )
    assert differed > 50, "the samples must differ in what the seat cannot see"


def test_each_field_of_the_view_is_kept_whole_in_its_segment():
    """Two views with different values of a field never share that field's segment."""
    encoder = encoder_for("loveletter", 3, GAME.options(None), 1)
    assert list(encoder.layout.offsets) == list(LoveLetterView.__struct_fields__)
    seen: dict[tuple[str, bytes], bytes] = {}
    for state in states(3, range(10)):
        view = state.typed_view(1)
        out = np.zeros(encoder.size, np.float32)
        encoder.encode(view, out)
        for name, segment in encoder.layout.split(out).items():
            value = msgspec.json.encode(getattr(view, name))
            assert seen.setdefault((name, segment.tobytes()), value) == value, name
    assert len({name for name, _ in seen}) == len(LoveLetterView.__struct_fields__)
    assert len(seen) > 300


def test_the_views_keep_their_declared_bounds():
    """The marks and bounds on the view Struct are true of every view (msgspec checks them)."""
    for players in (2, 3, 4):
        for state in states(players, range(10)):
            for seat in [*range(players), None]:
                msgspec.convert(state.view(seat), LoveLetterView)


def test_the_observation_is_the_seats_and_relative_to_it():
    episode = Episode("loveletter", 3)
    episode.reset(7)
    seat = episode.to_move()
    parts = episode.observer.encoders[seat].layout.split(episode.observe(seat))
    assert parts["turn"].tolist() == [1, 0, 0]  # the seat to move is the owner
    assert parts["to_move"].tolist() == [1, 0, 0]
    hand = parts["hand"].reshape(-1)
    assert hand[0] == 1 and hand[1:].reshape(2, 9)[:, 0].tolist() == [1, 1]  # two cards held
