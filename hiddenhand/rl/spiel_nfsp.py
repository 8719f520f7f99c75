"""OpenSpiel's NFSP (its PyTorch agents) on NOIR, through OpenSpiel's RL environment.

    python -m hiddenhand.rl.spiel_nfsp --episodes 2000 --eval-games 200

Both seats are NFSP agents learning from the perfect-recall information-state tensor; the deal
of each episode is drawn from the whole seed space. `--eval-games` then plays the agents'
average policies against uniformly random play, each agent in its own seat.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import nfsp
from rich.console import Console
from rich.progress import Progress

from hiddenhand.rl.openspiel import load
from hiddenhand.rl.report import results_table


@dataclass(frozen=True)
class Run:
    """What a run took and what it scored against random play (win rate of each seat)."""

    episodes: int
    steps: int
    seconds: float
    wins_against_random: tuple[float, ...]


def agents_for(env: rl_environment.Environment, hidden: int, seed: int) -> list[nfsp.NFSP]:
    """One NFSP agent per seat, OpenSpiel's defaults scaled down for a CPU."""
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    return [
        nfsp.NFSP(
            seat,
            state_representation_size=size,
            num_actions=actions,
            hidden_layers_sizes=[hidden],
            reservoir_buffer_capacity=20_000,
            anticipatory_param=0.1,
            batch_size=64,
            min_buffer_size_to_learn=256,
            learn_every=64,
            seed=seed + seat,
            replay_buffer_capacity=20_000,
            epsilon_decay_duration=100_000,
        )
        for seat in range(env.num_players)
    ]


def play(
    env: rl_environment.Environment, agents: Sequence[nfsp.NFSP | None], learn: bool
) -> tuple[int, list[float]]:
    """One episode; a seat whose agent is None plays uniformly at random. Returns the number
    of decisions and the returns."""
    time_step = env.reset()
    steps = 0
    while not time_step.last():
        seat = time_step.observations["current_player"]
        agent = agents[seat]
        if agent is None:
            action = int(np.random.choice(time_step.observations["legal_actions"][seat]))
        else:
            action = int(agent.step(time_step, is_evaluation=not learn).action)
        time_step = env.step([action])
        steps += 1
    if learn:
        for agent in agents:
            if agent is not None:
                agent.step(time_step)
    return steps, list(time_step.rewards)


def train(
    episodes: int, eval_games: int = 0, seed: int = 0, hidden: int = 128, show: bool = False
) -> Run:
    """Train both seats by self-play for `episodes`, then evaluate against random play."""
    np.random.seed(seed)
    torch.manual_seed(seed)
    env = rl_environment.Environment(load("noir"))
    agents = agents_for(env, hidden, seed)
    steps = 0
    start = time.perf_counter()
    with Progress(disable=not show, transient=True) as progress:
        task = progress.add_task("NFSP episodes", total=episodes)
        for _ in range(episodes):
            steps += play(env, agents, learn=True)[0]
            progress.advance(task)
    seconds = time.perf_counter() - start
    wins = []
    for seat, agent in enumerate(agents):
        won = 0
        with agent.temp_mode_as(nfsp.MODE.AVERAGE_POLICY):
            for _ in range(eval_games):
                seats: list[nfsp.NFSP | None] = [None] * env.num_players
                seats[seat] = agent
                won += play(env, seats, learn=False)[1][seat] > 0
        wins.append(won / eval_games if eval_games else 0.0)
    return Run(episodes, steps, seconds, tuple(wins))


def main(argv: Sequence[str] | None = None) -> Run:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--episodes", type=int, default=2_000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--hidden", type=int, default=128, help="units of the hidden layer")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    run = train(args.episodes, args.eval_games, args.seed, args.hidden, show=True)
    columns = ["episodes", "decisions", "seconds"]
    columns += [f"seat {seat} wins vs random" for seat in range(len(run.wins_against_random))]
    cells = [f"{run.episodes:,}", f"{run.steps:,}", f"{run.seconds:,.1f}"]
    cells += [f"{w:.1%}" for w in run.wins_against_random]
    Console().print(results_table("NFSP on NOIR", columns, [cells]))
    return run


if __name__ == "__main__":
    main()
