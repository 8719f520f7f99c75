"""Environment throughput with observations: steps per second of CPU time on one core.

A step is what a learner pays per decision: the acting seat's observation tensor and action
mask, then one action (a uniformly random legal one) with its events folded into every
seat's memory. `table` measures `hiddenhand.rl.table.Table` (what a vectorised trainer
drives); `aec` the PettingZoo AEC environment (`last()` then `step()`).

Each figure is the best of several rounds of CPU time: on a shared machine other processes
slow a round down (cache and core contention count as CPU time), never speed it up.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numpy as np

from hiddenhand.rl.pettingzoo import raw_env
from hiddenhand.rl.table import Table


@dataclass(frozen=True)
class Throughput:
    game: str
    players: int
    table_steps_per_s: float
    aec_steps_per_s: float
    observation_size: int
    actions: int


def _table_rate(game: str, players: int, seconds: float, seed: int) -> float:
    table = Table(game, players)
    rng = random.Random(seed)
    out = np.zeros(table.size, np.float32)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        table.reset(seed)
        seed += 1
        while not table.over:
            seat = table.to_move()
            table.observe(seat, out)
            mask = table.mask(seat)
            legal = np.flatnonzero(mask)
            table.act(seat, int(legal[rng.randrange(len(legal))]))
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
    table = Table(game, players)
    share = seconds / rounds
    return Throughput(
        game,
        players,
        max(_table_rate(game, players, share, 1000 * r) for r in range(rounds)),
        max(_aec_rate(game, players, share, 1000 * r) for r in range(rounds)),
        table.size,
        table.actions,
    )
