"""Fitting a guide's network to self-play lessons, in numpy (no deep-learning library needed).

The loss is the AlphaZero one: cross-entropy of the policy (a softmax over the legal actions)
against the teacher's preference, plus the binary cross-entropy of each seat's win chance against
the outcome. Adam, mini-batches, a little weight decay; a held-out share of the games' decisions
says how well it generalises (`Fitted`), and the weights of the epoch it liked best are kept
(self-play decisions of one game share its outcome, so the values soon learn the games by heart).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from hiddenhand.bots.guide import LAYERS, Guide
from hiddenhand.bots.selfplay import Lessons


@dataclass(frozen=True)
class Fitted:
    """How the network does on lessons it was not fitted on."""

    agreement: float
    """Share of decisions where the policy's favourite is the teacher's."""
    policy_loss: float
    value_loss: float
    value_error: float
    """Mean absolute error of the owner's win chance against the outcome."""


def _init(
    inputs: int, hidden: int, actions: int, players: int, rng: np.random.Generator
) -> dict[str, np.ndarray]:
    def he(rows: int, cols: int) -> np.ndarray:
        return (rng.standard_normal((rows, cols)) * np.sqrt(2.0 / rows)).astype(np.float32)

    return {
        "w1": he(inputs, hidden),
        "b1": np.zeros(hidden, np.float32),
        "w2": he(hidden, hidden),
        "b2": np.zeros(hidden, np.float32),
        "wp": he(hidden, actions) * np.float32(0.1),
        "bp": np.zeros(actions, np.float32),
        "wv": he(hidden, players) * np.float32(0.1),
        "bv": np.zeros(players, np.float32),
    }


def _losses(
    p: dict[str, np.ndarray], batch: Lessons, value_weight: float
) -> tuple[float, float, dict[str, np.ndarray], np.ndarray, np.ndarray]:
    """Policy and value losses of a batch, the gradients of their weighted sum, the logits and
    the win chances."""
    x = batch.obs
    rows = len(x)
    z1 = x @ p["w1"] + p["b1"]
    h1 = np.maximum(z1, 0.0)
    z2 = h1 @ p["w2"] + p["b2"]
    h2 = np.maximum(z2, 0.0)
    logits = np.where(batch.legal, h2 @ p["wp"] + p["bp"], -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    exp = np.where(batch.legal, np.exp(logits), 0.0)
    soft = exp / exp.sum(axis=1, keepdims=True)
    logsoft = np.where(batch.legal, logits - np.log(exp.sum(axis=1, keepdims=True)), 0.0)
    policy_loss = float(-(batch.policy * logsoft).sum() / rows)
    v = 1.0 / (1.0 + np.exp(-(h2 @ p["wv"] + p["bv"])))
    target = batch.values
    eps = 1e-6
    value_loss = float(-(target * np.log(v + eps) + (1 - target) * np.log(1 - v + eps)).mean())
    d_logits = (soft - batch.policy) / rows
    d_v = value_weight * (v - target) / target.size
    grads = {
        "wp": h2.T @ d_logits,
        "bp": d_logits.sum(axis=0),
        "wv": h2.T @ d_v,
        "bv": d_v.sum(axis=0),
    }
    d_h2 = (d_logits @ p["wp"].T + d_v @ p["wv"].T) * (z2 > 0)
    grads["w2"] = h1.T @ d_h2
    grads["b2"] = d_h2.sum(axis=0)
    d_h1 = (d_h2 @ p["w2"].T) * (z1 > 0)
    grads["w1"] = x.T @ d_h1
    grads["b1"] = d_h1.sum(axis=0)
    return policy_loss, value_loss, grads, logits, v


def fit_guide(
    game_id: str,
    lessons: Lessons,
    *,
    hidden: int = 128,
    epochs: int = 12,
    batch: int = 256,
    rate: float = 1e-3,
    decay: float = 1e-4,
    value_weight: float = 1.0,
    held_out: float = 0.1,
    seed: int = 0,
    progress: Callable[[int, Fitted], None] | None = None,
) -> tuple[Guide, Fitted]:
    """A guide fitted to `lessons` (the last `held_out` share kept aside to judge it)."""
    rng = np.random.default_rng(seed)
    count = len(lessons)
    split = max(1, int(count * (1.0 - held_out)))
    train, test = lessons.rows(np.arange(split)), lessons.rows(np.arange(split, count))
    players = lessons.values.shape[1]
    p = _init(lessons.obs.shape[1], hidden, lessons.legal.shape[1], players, rng)
    m = {k: np.zeros_like(v) for k, v in p.items()}
    s = {k: np.zeros_like(v) for k, v in p.items()}
    beta1, beta2, step = 0.9, 0.999, 0
    judged = _judge(p, test if len(test) else train, value_weight)
    best, kept = math.inf, judged
    weights = {name: p[name].copy() for name in LAYERS}
    for epoch in range(epochs):
        order = rng.permutation(split)
        for start in range(0, split, batch):
            grads = _losses(p, train.rows(order[start : start + batch]), value_weight)[2]
            step += 1
            for name in LAYERS:
                g = grads[name] + decay * p[name] if name.startswith("w") else grads[name]
                m[name] = beta1 * m[name] + (1 - beta1) * g
                s[name] = beta2 * s[name] + (1 - beta2) * g * g
                m_hat = m[name] / (1 - beta1**step)
                s_hat = s[name] / (1 - beta2**step)
                p[name] = (p[name] - rate * m_hat / (np.sqrt(s_hat) + 1e-8)).astype(np.float32)
        judged = _judge(p, test if len(test) else train, value_weight)
        if progress is not None:
            progress(epoch, judged)
        if judged.policy_loss + value_weight * judged.value_loss < best:
            best, kept = judged.policy_loss + value_weight * judged.value_loss, judged
            weights = {name: p[name].copy() for name in LAYERS}
    return Guide(game_id, players, **weights), kept


def _judge(p: dict[str, np.ndarray], lessons: Lessons, value_weight: float) -> Fitted:
    policy_loss, value_loss, _, logits, v = _losses(p, lessons, value_weight)
    agree = logits.argmax(axis=1) == lessons.policy.argmax(axis=1)
    error = float(np.abs(v[:, 0] - lessons.values[:, 0]).mean())
    return Fitted(float(agree.mean()), policy_loss, value_loss, error)
