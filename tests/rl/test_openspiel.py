"""The OpenSpiel games: OpenSpiel's own checks, its ISMCTS and outcome-sampling MCCFR on NOIR."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from hiddenhand.engine import get_game
from hiddenhand.rl.openspiel import format_options, load, parse_options


@pytest.mark.parametrize(
    ("game_id", "players", "options", "sims"),
    [
        ("noir", 2, ["mode=citizens-arrest"], 4),
        ("goodcop", 5, ["zombies=dice"], 1),
        ("infected", 4, [], 1),
        ("infected", 2, [], 1),
    ],
)
def test_openspiel_random_simulation_test_passes(game_id, players, options, sims):
    """OpenSpiel's own checks: legal actions, chance, clones, observations, serialization."""
    game = load(game_id, players, options, deals=100)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_the_games_are_registered_by_name_with_their_parameters():
    for game_id in ("noir", "goodcop", "infected"):
        assert f"hiddenhand_{game_id}" in pyspiel.registered_names()
    game = pyspiel.load_game("hiddenhand_goodcop", {"players": 7, "options": "zombies:simple"})
    assert game.num_players() == 7
    space = get_game("goodcop").action_space(7, get_game("goodcop").options(["zombies=simple"]))
    assert game.num_distinct_actions() == len(space)
    assert parse_options(format_options(["mode=standard", "kills=10"])) == [
        "mode=standard",
        "kills=10",
    ]


def test_deal_k_is_the_engines_game_with_seed_k():
    game = load("noir", deals=50)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 50
    state.apply_action(17)
    engine = get_game("noir").start(2, None, seed=17)
    assert state.world.state.view(0) == engine.view(0)
    assert state.legal_actions() == sorted(a.id for a in engine.legal(min(engine.pending())))


def _play(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_resampling_keeps_the_players_information_and_redraws_the_rest():
    game = load("noir", options=["mode=standard"], deals=100)
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    state.apply_action(5)
    _play(state, rng, 12)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hidden = set()  # the identity of the other role, which the player cannot see
    for _ in range(20):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.information_state_tensor(player) == state.information_state_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        world = sample.world.state
        hidden.add(world.inspector if player == world.killer_seat else world.killer)
    assert len(hidden) > 1, "what the player cannot know is drawn anew"


def test_information_states_are_private_and_grow_with_the_game():
    game = load("noir", deals=100)
    state = game.new_initial_state()
    state.apply_action(1)
    first = state.information_state_string(0)
    assert first != state.information_state_string(1)
    _play(state, np.random.default_rng(0), 4)
    assert state.information_state_string(0).startswith(first.rsplit("\n", 1)[0])
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


def test_openspiel_ismcts_plays_noir_to_the_end():
    game = load("noir", deals=1000)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=15, random_state=rng)
    state = game.new_initial_state()
    state.apply_action(11)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_outcome_sampling_mccfr_runs_on_noir():
    """Full NOIR is far too large for tabular CFR; outcome sampling visits one history per
    iteration, so a bounded number of iterations runs and fills its regret tables."""
    game = load("noir", deals=1000)
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(15):
        solver.iteration()
    assert len(solver._infostates) > 15
    policy = solver.average_policy()
    state = game.new_initial_state()
    state.apply_action(0)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
