"""Libraries nobody here wrote take the environments as they are: SuperSuit's observation
wrappers, PettingZoo's aec_to_parallel, Gymnasium's FlattenObservation and SB3's check_env."""

import numpy as np
import pytest
import supersuit as ss
from gymnasium.wrappers import FlattenObservation
from pettingzoo.test import api_test, parallel_api_test
from pettingzoo.utils.conversions import aec_to_parallel
from stable_baselines3.common.env_checker import check_env

from hiddenhand.rl.gymnasium import SeatEnv
from hiddenhand.rl.pettingzoo import env, raw_env

WRAPPERS = {
    "flatten_v0": ss.flatten_v0,
    "frame_stack_v1": lambda e: ss.frame_stack_v1(e, 3),
    "dtype_v0": lambda e: ss.dtype_v0(e, np.float64),
    "normalize_obs_v0": ss.normalize_obs_v0,
}


@pytest.mark.parametrize("name", WRAPPERS)
@pytest.mark.parametrize(("game_id", "players"), [("noir", 2), ("goodcop", 6), ("infected", 4)])
def test_supersuit_observation_wrappers_take_the_flat_observation(name, game_id, players):
    wrapped = WRAPPERS[name](env(game_id, players, observation="flat"))
    api_test(wrapped, num_cycles=100)
    wrapped.reset(seed=1)
    obs = wrapped.observe(wrapped.agent_selection)
    assert wrapped.observation_space(wrapped.agent_selection).contains(obs)


@pytest.mark.parametrize("game_id", ["noir", "goodcop", "infected"])
def test_aec_to_parallel_takes_the_cycling_env(game_id):
    # PettingZoo's parallel test samples a flat observation's actions unmasked
    flat = raw_env(game_id, observation="flat", cycle=True, illegal="terminate")
    parallel_api_test(aec_to_parallel(flat), num_cycles=300)
    parallel_api_test(aec_to_parallel(raw_env(game_id, cycle=True)), num_cycles=300)
    par = aec_to_parallel(raw_env(game_id, observation="flat", cycle=True))
    obs, _ = par.reset(seed=2)
    rng = np.random.default_rng(2)
    size = par.unwrapped.episode.size
    cycles = 0
    while par.agents:
        for agent in par.agents:
            np.testing.assert_array_equal(
                obs[agent][size:], par.unwrapped.action_mask(par.possible_agents.index(agent))
            )
        actions = {a: int(rng.choice(np.flatnonzero(obs[a][size:]))) for a in par.agents}
        obs, _, terminations, truncations, _ = par.step(actions)
        cycles += 1
    assert all(terminations.values()) or all(truncations.values())
    assert cycles > 1


def test_an_illegal_action_in_a_cycle_ends_the_episode_at_the_end_of_the_cycle():
    par = aec_to_parallel(raw_env("goodcop", 4, cycle=True, illegal="terminate"))
    obs, _ = par.reset(seed=1)
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    offender = "player_2"
    actions[offender] = int(np.flatnonzero(obs[offender]["action_mask"] == 0)[0])
    _, rewards, terminations, _, infos = par.step(actions)
    assert all(terminations.values())
    assert rewards == {a: -1.0 if a == offender else 0.0 for a in par.possible_agents}
    assert infos[offender] == {"illegal_action": True}


@pytest.mark.parametrize("observation", ["flat", "dict"])
def test_gymnasium_flatten_observation_takes_the_seat_env(observation):
    seat = FlattenObservation(SeatEnv("goodcop", 4, observation=observation))
    obs, _ = seat.reset(seed=3)
    assert obs.ndim == 1 and seat.observation_space.contains(obs)
    rng = np.random.default_rng(3)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(seat.unwrapped.action_masks())))
        obs, _, terminated, truncated, _ = seat.step(action)
        assert seat.observation_space.contains(obs)
        done = terminated or truncated


@pytest.mark.parametrize(("game_id", "players"), [("noir", 2), ("goodcop", 5), ("infected", 3)])
def test_sb3_check_env_accepts_the_seat_env(game_id, players):
    check_env(SeatEnv(game_id, players), warn=True)


def test_the_seat_env_plays_a_whole_game_against_bots_and_is_paid_at_the_end():
    seat = SeatEnv("noir", opponents="heuristic")
    rewards = []
    for seed in range(4):
        _, info = seat.reset(seed=seed)
        assert info["seat"] == seed % 2 == seat.seat
        done, total = False, 0.0
        while not done:
            mask = seat.action_masks()
            assert mask.dtype == bool and mask.any()
            _, reward, terminated, truncated, _ = seat.step(int(np.flatnonzero(mask)[0]))
            total += reward
            done = terminated or truncated
        rewards.append(total)
    assert set(rewards) <= {-1.0, 0.0, 1.0}


def test_an_illegal_action_ends_the_seat_envs_episode_with_the_penalty():
    seat = SeatEnv("noir", illegal_reward=-2.0)
    seat.reset(seed=0)
    illegal = int(np.flatnonzero(~seat.action_masks())[0])
    _, reward, terminated, _, info = seat.step(illegal)
    assert (reward, terminated, info) == (-2.0, True, {"illegal_action": True})


def test_the_seat_env_refuses_a_bad_seat_or_bot():
    with pytest.raises(ValueError, match="seat must be"):
        SeatEnv("noir", seat=2)
    with pytest.raises(ValueError, match="one bot per seat"):
        SeatEnv("noir", opponents=["random"])
