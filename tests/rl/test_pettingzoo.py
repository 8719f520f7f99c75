"""PettingZoo's own API, seed and parallel tests, for every game."""

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from hiddenhand.engine import IllegalAction
from hiddenhand.rl.pettingzoo import env, parallel_env, raw_env
from tests.rl.tables import IDS, TABLES


# PettingZoo's classic environments (observation and mask in a dict) draw these two warnings
# from its checker too; any other warning fails the test.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=IDS)
def test_api_seed_and_parallel_tests_pass(game_id, players, options):
    api_test(env(game_id, players, options), num_cycles=400)
    seed_test(lambda: env(game_id, players, options), num_cycles=400)
    parallel_api_test(parallel_env(game_id, players, options), num_cycles=400)


def _play_to_the_end(aec, seed):
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        rewards[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return rewards


def test_a_noir_game_ends_with_one_winner_and_one_loser_or_a_draw():
    for seed in range(5):
        rewards = _play_to_the_end(env("noir"), seed)
        assert sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_same_seed_replays_the_same_game_and_another_seed_deals_another():
    first = raw_env("goodcop", 6)
    first.reset(seed=9)
    again = raw_env("goodcop", 6)
    again.reset(seed=9)
    other = raw_env("goodcop", 6)
    other.reset(seed=10)
    assert first.table.state.view(None) == again.table.state.view(None)
    views = [first.table.state.view(s) for s in range(6)]
    assert views != [other.table.state.view(s) for s in range(6)]


def test_an_illegal_action_is_refused_with_the_rules_reason():
    aec = raw_env("noir")
    aec.reset(seed=1)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match="not a legal action"):
        aec.step(illegal)


def test_the_parallel_infected_env_takes_every_simultaneous_choice_in_one_step():
    par = parallel_env("infected", 4)
    obs, _ = par.reset(seed=3)
    rng = np.random.default_rng(0)
    widest = 0
    while par.agents:
        asked = [a for a in par.agents if obs[a]["action_mask"].any()]
        widest = max(widest, len(asked))
        actions = {
            a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) if a in asked else 0
            for a in par.agents
        }
        obs, rewards, terminations, _, _ = par.step(actions)
    assert widest == 4
    assert all(terminations.values())
    assert set(rewards.values()) <= {-1.0, 0.0, 1.0}


def test_render_shows_the_spectators_table():
    aec = raw_env("noir", render_mode="ansi")
    aec.reset(seed=2)
    text = aec.render()
    assert isinstance(text, str) and "Alyss" in text
