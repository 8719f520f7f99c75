"""Environment throughput with observations: steps per second of CPU time on one core.

A step is what a learner pays per decision: the acting seat's observation tensor and action
mask, then one action (a uniformly random legal one) with its events folded into every
seat's memory. `episode` measures `hiddenhand.rl.episode.Episode` (what a vectorised trainer
drives); `aec` the PettingZoo AEC environment (`last()` then `step()`).

Each figure is the best of several rounds of CPU time: on a shared machine other processes
slow a round down (cache and core contention count as CPU time), never speed it up.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numpy as np

from hiddenhand.rl.episode import Episode
from hiddenhand.rl.pettingzoo import raw_env


@dataclass(frozen=True)
class Throughput:
    game: str
    players: int
    episode_steps_per_s: float
    aec_steps_per_s: float
    observation_size: int
    actions: int


def _episode_rate(game: str, players: int, seconds: float, seed: int) -> float:
    episode = Episode(game, players)
    rng = random.Random(seed)
    out = np.zeros(episode.size, np.float32)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        episode.reset(seed)
        seed += 1
        while not episode.over:
            seat = episode.to_move()
            episode.observe(seat, out)
            mask = episode.mask(seat)
            legal = np.flatnonzero(mask)
            episode.act(seat, int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def _aec_rate(game: str, players: int, seconds: float, seed: int) -> float:
    env = raw_env(game, players)
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def measure(game: str, players: int, seconds: float, rounds: int = 5) -> Throughput:
    """Steps per second of CPU time, best of `rounds` rounds sharing `seconds` per kind."""
    episode = Episode(game, players)
    share = seconds / rounds
    return Throughput(
        game,
        players,
        max(_episode_rate(game, players, share, 1000 * r) for r in range(rounds)),
        max(_aec_rate(game, players, share, 1000 * r) for r in range(rounds)),
        episode.size,
        episode.actions,
    )
