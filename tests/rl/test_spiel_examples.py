"""The OpenSpiel examples run end to end (two iterations each): OpenSpiel's outcome-sampling
MCCFR and its PyTorch NFSP on NOIR."""

import numpy as np

from hiddenhand.rl import spiel_mccfr, spiel_nfsp
from hiddenhand.rl.openspiel import load


def test_outcome_sampling_mccfr_example_runs_two_iterations():
    run = spiel_mccfr.main(["--iterations", "2"])
    assert run.iterations == 2
    assert run.infostates > 2, "every decision of the sampled games has its regrets"
    assert run.peak_rss_mb > 0


def test_mccfr_tables_are_keyed_by_compact_strings():
    solver, _ = spiel_mccfr.solve(2, seed=1)
    keys = list(solver._infostates)
    assert keys and max(map(len, keys)) < 50


def test_nfsp_example_runs_two_episodes_and_evaluates():
    run = spiel_nfsp.main(["--episodes", "2", "--eval-games", "1", "--hidden", "16"])
    assert run.episodes == 2 and run.steps > 0
    assert len(run.wins_against_random) == 2
    assert all(w in (0.0, 1.0) for w in run.wins_against_random)


def test_nfsp_learns_from_the_information_state_tensor():
    env = spiel_nfsp.rl_environment.Environment(load("noir"))
    size = env.observation_spec()["info_state"][0]
    assert size == load("noir").information_state_tensor_size()
    agents = spiel_nfsp.agents_for(env, hidden=8, seed=0)
    np.random.seed(0)
    steps, returns = spiel_nfsp.play(env, agents, learn=True)
    assert steps > 0 and sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
