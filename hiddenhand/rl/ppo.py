"""A small actor-critic and its PPO update, in numpy: enough to train a seat on CPU without
a deep-learning framework.

The network is a two-layer tanh trunk shared by a policy head (one logit per action of the
game's action space, illegal actions masked out) and a value head.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MASKED = -1e9


@dataclass(frozen=True)
class PPOSettings:
    """The update's knobs (the usual PPO ones)."""

    learning_rate: float = 1e-3
    clip: float = 0.2
    value_weight: float = 0.5
    entropy_weight: float = 0.01
    epochs: int = 4
    minibatch: int = 256
    gamma: float = 0.99
    lam: float = 0.95
    max_grad_norm: float = 0.5


class ActorCritic:
    """Policy and value from one observation tensor."""

    NAMES = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")

    def __init__(self, inputs: int, actions: int, hidden: int = 128, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)

        def layer(n_in: int, n_out: int, scale: float) -> np.ndarray:
            return (rng.standard_normal((n_in, n_out)) * scale / np.sqrt(n_in)).astype(np.float32)

        self.params: dict[str, np.ndarray] = {
            "w1": layer(inputs, hidden, np.sqrt(2.0)),
            "b1": np.zeros(hidden, np.float32),
            "w2": layer(hidden, hidden, np.sqrt(2.0)),
            "b2": np.zeros(hidden, np.float32),
            "wp": layer(hidden, actions, 0.01),
            "bp": np.zeros(actions, np.float32),
            "wv": layer(hidden, 1, 1.0),
            "bv": np.zeros(1, np.float32),
        }
        self._m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self._v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self._t = 0

    def forward(
        self, x: np.ndarray, mask: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, ...]]:
        """Log-probabilities (masked actions at -inf-like values), values, and the trunk's
        activations for `backward`. `x` is (batch, inputs), `mask` (batch, actions)."""
        p = self.params
        h1 = np.tanh(x @ p["w1"] + p["b1"])
        h2 = np.tanh(h1 @ p["w2"] + p["b2"])
        logits = h2 @ p["wp"] + p["bp"]
        logits = np.where(mask > 0, logits, MASKED)
        logits = logits - logits.max(axis=1, keepdims=True)
        logp = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        values = (h2 @ p["wv"] + p["bv"])[:, 0]
        return logp, values, (x, h1, h2)

    def act(
        self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator, greedy: bool = False
    ) -> tuple[int, float, float]:
        """One action for one observation: (action, its log-probability, the value)."""
        logp, values, _ = self.forward(obs[None, :], mask[None, :])
        if greedy:
            action = int(np.argmax(logp[0]))
        else:
            probs = np.exp(logp[0])
            action = int(rng.choice(len(probs), p=probs / probs.sum()))
        return action, float(logp[0, action]), float(values[0])

    def gradients(
        self,
        x: np.ndarray,
        mask: np.ndarray,
        actions: np.ndarray,
        old_logp: np.ndarray,
        advantages: np.ndarray,
        returns: np.ndarray,
        settings: PPOSettings,
    ) -> tuple[float, dict[str, np.ndarray]]:
        """The PPO loss of a minibatch and its gradient with respect to every parameter."""
        p = self.params
        n = len(actions)
        logp, values, (x, h1, h2) = self.forward(x, mask)
        probs = np.exp(logp) * (mask > 0)
        rows = np.arange(n)
        ratio = np.exp(logp[rows, actions] - old_logp)
        low, high = 1.0 - settings.clip, 1.0 + settings.clip
        surrogate = np.minimum(ratio * advantages, np.clip(ratio, low, high) * advantages)
        safe_logp = np.where(mask > 0, logp, 0.0)
        entropy = -(probs * safe_logp).sum(axis=1)
        loss = (
            -surrogate.mean()
            + settings.value_weight * ((values - returns) ** 2).mean()
            - settings.entropy_weight * entropy.mean()
        )
        active = np.where(advantages >= 0, ratio < high, ratio > low)
        d_logp_a = np.where(active, -ratio * advantages, 0.0) / n
        d_logits = -probs * d_logp_a[:, None]
        d_logits[rows, actions] += d_logp_a
        d_logits += settings.entropy_weight / n * probs * (safe_logp + entropy[:, None])
        d_values = 2.0 * settings.value_weight * (values - returns) / n
        grads: dict[str, np.ndarray] = {
            "wp": h2.T @ d_logits,
            "bp": d_logits.sum(axis=0),
            "wv": h2.T @ d_values[:, None],
            "bv": np.array([d_values.sum()]),
        }
        d_h2 = d_logits @ p["wp"].T + d_values[:, None] @ p["wv"].T
        d_pre2 = d_h2 * (1.0 - h2**2)
        grads["w2"] = h1.T @ d_pre2
        grads["b2"] = d_pre2.sum(axis=0)
        d_pre1 = (d_pre2 @ p["w2"].T) * (1.0 - h1**2)
        grads["w1"] = x.T @ d_pre1
        grads["b1"] = d_pre1.sum(axis=0)
        return float(loss), grads

    def step(self, grads: dict[str, np.ndarray], settings: PPOSettings) -> None:
        """One Adam step, the gradient clipped to `max_grad_norm`."""
        norm = np.sqrt(sum(float((g**2).sum()) for g in grads.values()))
        scale = min(1.0, settings.max_grad_norm / (norm + 1e-8))
        self._t += 1
        b1, b2 = 0.9, 0.999
        for name, g in grads.items():
            g = g * scale
            self._m[name] = b1 * self._m[name] + (1 - b1) * g
            self._v[name] = b2 * self._v[name] + (1 - b2) * g * g
            m_hat = self._m[name] / (1 - b1**self._t)
            v_hat = self._v[name] / (1 - b2**self._t)
            self.params[name] -= settings.learning_rate * m_hat / (np.sqrt(v_hat) + 1e-8)

    def save(self, path: str) -> None:
        with open(path, "wb") as file:
            np.savez(file, **self.params)  # type: ignore[arg-type]

    def load(self, path: str) -> None:
        with np.load(path) as data:
            for name in self.NAMES:
                self.params[name] = data[name]


@dataclass
class Episode:
    """One seat's decisions in one game, and what the game paid it at the end."""

    obs: list[np.ndarray]
    masks: list[np.ndarray]
    actions: list[int]
    logp: list[float]
    values: list[float]
    reward: float = 0.0


def advantages(episode: Episode, settings: PPOSettings) -> tuple[np.ndarray, np.ndarray]:
    """GAE advantages and returns; the only reward comes at the end of the game."""
    n = len(episode.actions)
    values = np.array([*episode.values, 0.0])
    rewards = np.zeros(n)
    rewards[-1] = episode.reward
    adv = np.zeros(n)
    running = 0.0
    for t in range(n - 1, -1, -1):
        delta = rewards[t] + settings.gamma * values[t + 1] - values[t]
        running = delta + settings.gamma * settings.lam * running
        adv[t] = running
    return adv, adv + values[:-1]


def update(
    net: ActorCritic, episodes: list[Episode], settings: PPOSettings, rng: np.random.Generator
) -> float:
    """PPO epochs over the decisions of these episodes; returns the mean loss."""
    episodes = [e for e in episodes if e.actions]
    if not episodes:
        return 0.0
    pieces = [advantages(e, settings) for e in episodes]
    adv = np.concatenate([a for a, _ in pieces])
    ret = np.concatenate([r for _, r in pieces])
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    x = np.stack([o for e in episodes for o in e.obs]).astype(np.float32)
    mask = np.stack([m for e in episodes for m in e.masks])
    actions = np.array([a for e in episodes for a in e.actions])
    old = np.array([lp for e in episodes for lp in e.logp])
    losses = []
    for _ in range(settings.epochs):
        order = rng.permutation(len(actions))
        for start in range(0, len(order), settings.minibatch):
            batch = order[start : start + settings.minibatch]
            loss, grads = net.gradients(
                x[batch], mask[batch], actions[batch], old[batch], adv[batch], ret[batch], settings
            )
            net.step(grads, settings)
            losses.append(loss)
    return float(np.mean(losses))
