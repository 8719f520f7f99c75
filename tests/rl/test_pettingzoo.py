"""PettingZoo's own API, seed and parallel tests for every game, and the environments' options:
truncation, the flat observation, `wait`, illegal actions, seeds and rendering."""

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from hiddenhand.engine import IllegalAction, get_game
from hiddenhand.rl import pettingzoo as pz
from hiddenhand.rl.limits import max_steps
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


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=IDS)
def test_the_flat_observation_passes_the_api_tests_in_every_form(game_id, players, options):
    api_test(env(game_id, players, options, observation="flat"), num_cycles=200)
    api_test(env(game_id, players, options, observation="flat", cycle=True), num_cycles=200)
    # PettingZoo's parallel test samples a flat observation's actions unmasked
    flat = parallel_env(game_id, players, options, observation="flat", illegal="terminate")
    parallel_api_test(flat, num_cycles=200)


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=IDS)
def test_parallel_seed_test_passes_with_illegal_actions_ending_the_episode(
    game_id, players, options
):
    parallel_seed_test(lambda: parallel_env(game_id, players, options, illegal="terminate"))


def _first_legal(mask, rng):
    return int(np.flatnonzero(mask)[0])


def _random_legal(mask, rng):
    return int(rng.choice(np.flatnonzero(mask)))


def _play(aec, seed, policy):
    """One episode with `policy` in every seat; the rewards and how it ended."""
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = dict.fromkeys(aec.possible_agents, 0.0)
    ends = set()
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        rewards[agent] += reward
        if terminated or truncated:
            ends.add("terminated" if terminated else "truncated")
            aec.step(None)
            continue
        aec.step(policy(obs["action_mask"], rng))
    assert len(ends) == 1, ends
    return rewards, ends.pop()


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=IDS)
def test_every_episode_ends_or_truncates_with_first_legal_and_random_policies(
    game_id, players, options
):
    aec = env(game_id, players, options)
    limit = max_steps(game_id, players)
    for policy, seeds in ((_first_legal, 1), (_random_legal, 3)):
        for seed in range(seeds):
            rewards, end = _play(aec, seed, policy)
            played = aec.unwrapped.played
            if end == "truncated":
                assert played == limit and set(rewards.values()) == {0.0}
            else:
                assert played <= limit and aec.unwrapped.episode.over


def test_a_first_legal_action_good_cop_game_is_truncated_at_the_limit():
    """Equip, discard, keep the aim, pass: the rules allow it forever (docs/rules)."""
    for players in (4, 6):
        rewards, end = _play(env("goodcop", players), 0, _first_legal)
        assert end == "truncated"
        assert set(rewards.values()) == {0.0}


def test_max_steps_truncates_after_that_many_actions_in_every_form():
    aec = raw_env("goodcop", 6, max_steps=7)
    _play(aec, 3, _random_legal)
    assert aec.played == 7
    par = parallel_env("goodcop", 6, max_steps=7)
    obs, _ = par.reset(seed=3)
    rng = np.random.default_rng(0)
    truncations = {}
    while par.agents:
        actions = {a: _random_legal(obs[a]["action_mask"], rng) for a in par.agents}
        obs, _, terminations, truncations, infos = par.step(actions)
    assert all(truncations.values()) and not any(terminations.values())
    assert par.played >= 7 and infos["player_0"] == {"max_steps": 7}
    with pytest.raises(ValueError, match="at least 1"):
        raw_env("noir", max_steps=0)


def test_a_random_noir_game_ends_with_one_winner_and_one_loser_or_a_draw():
    for seed in range(5):
        rewards, end = _play(env("noir"), seed, _random_legal)
        assert end == "terminated"
        assert sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=IDS)
def test_reset_with_seed_k_deals_the_engines_game_k(game_id, players, options):
    game = get_game(game_id)
    for k in (0, 7, 2**40):
        par = parallel_env(game_id, players, options)
        par.reset(seed=k)
        dealt = game.start(players, options, seed=k)
        for seat in [None, *range(players)]:
            assert par.episode.state.view(seat) == dealt.view(seat)
    aec = raw_env(game_id, players, options)
    aec.reset(seed=5)
    aec.reset()
    assert aec.game_seed == 6
    assert aec.episode.state.view(None) == game.start(players, options, seed=6).view(None)


def test_the_same_seed_replays_the_same_game_and_another_seed_deals_another():
    first = raw_env("goodcop", 6)
    first.reset(seed=9)
    again = raw_env("goodcop", 6)
    again.reset(seed=9)
    other = raw_env("goodcop", 6)
    other.reset(seed=10)
    assert first.episode.state.view(None) == again.episode.state.view(None)
    views = [first.episode.state.view(s) for s in range(6)]
    assert views != [other.episode.state.view(s) for s in range(6)]


def _illegal(mask):
    return int(np.flatnonzero(mask == 0)[0])


def test_an_illegal_action_raises_the_same_error_from_both_environments_unchained():
    aec = raw_env("noir")
    aec.reset(seed=1)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    with pytest.raises(IllegalAction, match="not a legal action") as refused:
        aec.step(_illegal(mask))
    assert refused.value.__context__ is None and refused.value.__cause__ is None
    par = parallel_env("noir")
    obs, _ = par.reset(seed=1)
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    asked = next(a for a, o in obs.items() if not o["action_mask"][par.wait])
    actions[asked] = _illegal(obs[asked]["action_mask"])
    with pytest.raises(IllegalAction, match="not a legal action now") as refused:
        par.step(actions)
    assert refused.value.__context__ is None and refused.value.__cause__ is None


def test_an_illegal_action_can_end_the_episode_with_a_penalty_instead():
    aec = raw_env("noir", illegal="terminate", illegal_reward=-3.0)
    aec.reset(seed=1)
    offender = aec.agent_selection
    aec.step(_illegal(aec.observe(offender)["action_mask"]))
    assert all(aec.terminations.values())
    assert aec.rewards == {a: -3.0 if a == offender else 0.0 for a in aec.agents}
    assert aec.infos[offender] == {"illegal_action": True}
    assert aec.played == 0
    par = parallel_env("noir", illegal="terminate")
    obs, _ = par.reset(seed=1)
    idle = next(a for a, o in obs.items() if o["action_mask"][par.wait])
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    actions[idle] = 0  # a seat with nothing to decide may only wait
    _, rewards, terminations, _, infos = par.step(actions)
    assert all(terminations.values()) and par.agents == []
    assert rewards == {a: -1.0 if a == idle else 0.0 for a in par.possible_agents}
    assert infos[idle] == {"illegal_action": True} and par.played == 0


def test_seats_with_nothing_to_decide_have_exactly_one_legal_action_wait():
    par = parallel_env("infected", 4)
    obs, _ = par.reset(seed=3)
    rng = np.random.default_rng(0)
    widest = idle = 0
    while par.agents:
        asked = [a for a in par.agents if not obs[a]["action_mask"][par.wait]]
        for agent in par.agents:
            if agent not in asked:
                assert np.flatnonzero(obs[agent]["action_mask"]).tolist() == [par.wait]
                idle += 1
        widest = max(widest, len(asked))
        actions = {a: _random_legal(obs[a]["action_mask"], rng) for a in par.agents}
        obs, rewards, terminations, _, _ = par.step(actions)
    assert widest == 4 and idle > 0
    assert all(terminations.values())
    assert set(rewards.values()) <= {-1.0, 0.0, 1.0}


def test_the_flat_observation_is_the_tensor_then_the_mask():
    flat = raw_env("goodcop", 6, observation="flat")
    flat.reset(seed=4)
    nested = raw_env("goodcop", 6)
    nested.reset(seed=4)
    for agent in flat.possible_agents:
        both = nested.observe(agent)
        expected = np.concatenate([both["observation"], both["action_mask"]])
        assert flat.observe(agent).dtype == np.float32
        np.testing.assert_array_equal(flat.observe(agent), expected)
        assert flat.observation_space(agent).contains(flat.observe(agent))


def test_the_cycle_visits_every_seat_in_order_and_idle_seats_wait():
    aec = raw_env("goodcop", 4, cycle=True)
    aec.reset(seed=2)
    rng = np.random.default_rng(2)
    order = []
    for agent in aec.agent_iter(max_iter=400):
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        order.append(agent)
        aec.step(_random_legal(obs["action_mask"], rng))
    assert order[:8] == aec.possible_agents * 2
    assert aec.metadata["is_parallelizable"]
    assert not raw_env("goodcop", 4).metadata["is_parallelizable"]


def test_render_draws_only_when_asked(monkeypatch):
    drawn = []
    monkeypatch.setattr(pz, "_render", lambda episode: drawn.append(episode) or "episode")
    aec = raw_env("noir", render_mode="ansi")
    _play(aec, 2, _random_legal)
    assert drawn == []
    assert aec.render() == "episode" and len(drawn) == 1


def test_render_shows_the_spectators_table():
    aec = raw_env("noir", render_mode="ansi")
    aec.reset(seed=2)
    text = aec.render()
    assert isinstance(text, str) and "Alyss" in text
