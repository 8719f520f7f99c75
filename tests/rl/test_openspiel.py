"""The OpenSpiel games: OpenSpiel's own checks, its ISMCTS and outcome-sampling MCCFR on NOIR."""

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from hiddenhand.engine import get_game
from hiddenhand.rl.limits import max_steps
from hiddenhand.rl.openspiel import SEED_BYTES, UNSEEN, format_options, load, parse_options


@pytest.mark.parametrize(
    ("game_id", "players", "options", "sims", "deals", "limit"),
    [
        ("noir", 2, ["mode=citizens-arrest"], 4, 100, 0),
        ("noir", 2, [], 2, 0, 0),
        ("goodcop", 5, ["zombies=dice"], 1, 100, 0),
        ("goodcop", 4, [], 3, 0, 40),
        ("infected", 4, [], 1, 100, 0),
        ("infected", 2, [], 1, 100, 0),
    ],
)
def test_openspiel_random_simulation_test_passes(game_id, players, options, sims, deals, limit):
    """OpenSpiel's own checks: legal actions, chance (numbered deals or seed bytes), clones,
    observations, serialization, and truncated games."""
    game = load(game_id, players, options, deals=deals, max_game_length=limit)
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


def test_the_seed_parameter_deals_the_engines_game_with_that_seed():
    for k in (0, 7, 2_000_000_011):
        state = load("noir", seed=k).new_initial_state()
        assert not state.is_chance_node(), "a fixed seed leaves no deal to chance"
        engine = get_game("noir").start(2, None, seed=k)
        for seat in (0, 1):
            assert state.world.state.view(seat) == engine.view(seat)
    with pytest.raises(ValueError, match="seed must be from 0"):
        load("noir", seed=2**31)
    other = load("noir", seed=8).new_initial_state()
    assert other.world.state.view(0) != load("noir", seed=7).new_initial_state().world.state.view(0)


def test_by_default_chance_draws_the_seed_from_the_whole_seed_space_byte_by_byte():
    game = load("goodcop", 5)
    assert game.max_chance_outcomes() == 256
    state = game.new_initial_state()
    seed = 0x0123_4567_89AB_CDEF  # far beyond any count of numbered deals
    for byte in seed.to_bytes(SEED_BYTES, "little"):
        assert state.is_chance_node() and len(state.chance_outcomes()) == 256
        state.apply_action(byte)
    assert not state.is_chance_node()
    engine = get_game("goodcop").start(5, None, seed=seed)
    assert state.world.state.view(2) == engine.view(2)
    assert state.legal_actions() == sorted(a.id for a in engine.legal(min(engine.pending())))


def _play(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(int(rng.integers(256)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_games_are_truncated_at_max_game_length_as_draws():
    game = load("goodcop", 4, max_game_length=30)
    assert game.max_game_length() == 30
    state = game.new_initial_state()
    _play(state, np.random.default_rng(1), 10_000)
    assert state.is_terminal() and state.truncated()
    assert state.move_number() == SEED_BYTES + 30
    assert state.returns() == [0.0] * 4
    assert state.world.state.pending(), "the rules had not ended the game"


def test_the_default_length_limit_never_cuts_a_noir_game_its_rules_end():
    game = load("noir", options=["turn_limit=20"])
    assert game.max_game_length() == max_steps("noir", 2)
    assert load("goodcop", 7).max_game_length() == max_steps("goodcop", 7)
    rng = np.random.default_rng(2)
    for _ in range(20):
        state = game.new_initial_state()
        _play(state, rng, 10_000)
        assert state.is_terminal() and not state.truncated()


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
        # Its own actions kept; the deal and the others' actions, which would replay the true
        # world, are not.
        assert sample.history() == [
            m.action if m.player == player else UNSEEN for m in state.full_history()
        ]
        assert state.history()[0] == 5 and sample.history()[0] == UNSEEN
        assert any(m.player == player for m in state.full_history())
        assert sample.move_number() == state.move_number() == 13
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.information_state_tensor(player) == state.information_state_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        world = sample.world.state
        hidden.add(world.inspector if player == world.killer_seat else world.killer)
    assert len(hidden) > 1, "what the player cannot know is drawn anew"
    copy = pickle.loads(pickle.dumps(sample))
    assert copy.history() == sample.history() and copy.clone().history() == sample.history()
    assert "5" not in sample.serialize().split("\n")[0], "the true deal left in a serialization"
    follow = sample.clone()
    follow.apply_action(follow.legal_actions()[0])
    assert follow.history()[:-1] == sample.history() and follow.move_number() == 14
    assert copy.world.state.view(None) == sample.world.state.view(None)


def test_information_state_strings_are_short_private_and_perfect_recall():
    game = load("noir", deals=100)
    state = game.new_initial_state()
    state.apply_action(1)
    assert state.information_state_string(0) != state.information_state_string(1)
    seen = {}
    rng = np.random.default_rng(0)
    for _ in range(40):
        for player in (0, 1):
            key = state.information_state_string(player)
            assert len(key) < 50
            record = tuple(state.record(player))
            assert seen.setdefault(key, record) == record, "one string, one record"
        _play(state, rng, 1)


def test_the_information_state_tensor_recalls_the_seats_own_actions():
    game = load("noir", deals=100)
    observation = game.observation_tensor_size()
    limit = game.max_game_length()
    assert game.information_state_tensor_size() == observation + limit * (2 + 1)
    state = game.new_initial_state()
    state.apply_action(4)
    _play(state, np.random.default_rng(5), 20)
    player = 1
    tensor = np.array(state.information_state_tensor(player))
    assert np.array_equal(tensor[:observation], state.observation_tensor(player))
    decider = tensor[observation : observation + 2 * limit].reshape(limit, 2)
    own = tensor[observation + 2 * limit :]
    moves = [(m.player, m.action) for m in state.full_history() if m.player >= 0]
    played = len(moves)
    assert decider.sum() == played > 0
    actions = game.num_distinct_actions()
    for t, (seat, action) in enumerate(moves):
        assert decider[t, (seat - player) % 2] == 1.0
        assert own[t] == pytest.approx((action + 1) / actions if seat == player else 0.0)
    assert not decider[played:].any() and not own[played:].any()


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
    game = load("noir")
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(15):
        solver.iteration()
    assert len(solver._infostates) > 15
    policy = solver.average_policy()
    state = load("noir", seed=3).new_initial_state()
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
