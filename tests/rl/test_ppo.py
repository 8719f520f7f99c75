"""The numpy actor-critic and PPO update behind the NOIR training example."""

import numpy as np
import pytest

from hiddenhand.rl.ppo import ActorCritic, Episode, PPOSettings, advantages, update
from hiddenhand.rl.train_noir import main


def _batch(rng, n=6, inputs=5, actions=4):
    x = rng.standard_normal((n, inputs))
    mask = (rng.random((n, actions)) < 0.7).astype(np.int8)
    mask[:, 0] = 1
    chosen = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    return x, mask, chosen


def test_gradients_match_finite_differences():
    rng = np.random.default_rng(0)
    net = ActorCritic(5, 4, hidden=6, seed=1)
    net.params = {k: v.astype(np.float64) for k, v in net.params.items()}
    x, mask, actions = _batch(rng)
    old = net.forward(x, mask)[0][np.arange(6), actions] + rng.normal(0, 0.1, 6)
    adv, ret = rng.standard_normal(6), rng.standard_normal(6)
    settings = PPOSettings(clip=10.0, entropy_weight=0.05)
    _, grads = net.gradients(x, mask, actions, old, adv, ret, settings)
    eps = 1e-6
    for name in ActorCritic.NAMES:
        param = net.params[name]
        for index in list(np.ndindex(param.shape))[:6]:
            saved = param[index]
            param[index] = saved + eps
            up, _ = net.gradients(x, mask, actions, old, adv, ret, settings)
            param[index] = saved - eps
            down, _ = net.gradients(x, mask, actions, old, adv, ret, settings)
            param[index] = saved
            assert grads[name][index] == pytest.approx((up - down) / (2 * eps), abs=1e-6)


def test_masked_actions_are_never_chosen():
    rng = np.random.default_rng(2)
    net = ActorCritic(5, 4, hidden=8)
    mask = np.array([0, 1, 0, 1], np.int8)
    chosen = {net.act(rng.standard_normal(5), mask, rng)[0] for _ in range(50)}
    assert chosen == {1, 3}
    assert net.act(np.zeros(5), mask, rng, greedy=True)[0] in (1, 3)


def test_a_single_final_reward_is_spread_back_over_the_decisions():
    episode = Episode([], [], [0, 0, 0], [0.0] * 3, [0.0, 0.0, 0.0], reward=1.0)
    adv, ret = advantages(episode, PPOSettings(gamma=1.0, lam=1.0))
    assert list(ret) == [1.0, 1.0, 1.0] and list(adv) == [1.0, 1.0, 1.0]


def test_ppo_learns_to_answer_each_context_with_its_action():
    """A contextual bandit: context k pays 1 for action k and -1 otherwise."""
    rng = np.random.default_rng(0)
    net = ActorCritic(4, 4, hidden=16, seed=0)
    settings = PPOSettings(learning_rate=3e-3, epochs=4, minibatch=64)
    eye, mask = np.eye(4, dtype=np.float32), np.ones(4, np.int8)

    def accuracy() -> float:
        return float(np.mean([net.act(eye[k], mask, rng, greedy=True)[0] == k for k in range(4)]))

    for _ in range(40):
        episodes = []
        for _ in range(64):
            k = int(rng.integers(4))
            action, logp, value = net.act(eye[k], mask, rng)
            episodes.append(
                Episode([eye[k]], [mask], [action], [logp], [value], 1.0 if action == k else -1.0)
            )
        update(net, episodes, settings, rng)
    assert accuracy() == 1.0


def test_the_noir_example_trains_evaluates_and_draws_its_curve(tmp_path):
    png = tmp_path / "curve.png"
    weights = tmp_path / "noir.npz"
    final = main(
        [
            "--iterations=2",
            "--games=4",
            "--check-every=1",
            "--check-games=2",
            "--eval-games=4",
            f"--plot={png}",
            f"--weights={weights}",
            "--quiet",
        ]
    )
    assert set(final) == {"random", "heuristic"}
    assert all(r.games == 4 for r in final.values())
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    restored = ActorCritic(856, 172)
    restored.load(str(weights))
    assert restored.params["w1"].shape == (856, 128)
