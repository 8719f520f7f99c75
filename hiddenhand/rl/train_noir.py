"""Train a NOIR seat with PPO from the PettingZoo environment, then measure it.

    python -m hiddenhand.rl.train_noir --iterations 120 --plot docs/rl-noir-ppo.png

The agent plays a seat of `hiddenhand.rl.pettingzoo.env("noir")` (Killer or Inspector, as the
deal decides) against a hiddenhand bot (`random` by default) and learns from its own
decisions only; the network is `hiddenhand.rl.ppo.ActorCritic` (numpy, CPU). At the end it
plays `--eval-games` games greedily against `random` and against `heuristic`, both seats in
turn, and draws the learning curve.
"""

from __future__ import annotations

import os

# One core per process, as training on a shared machine should: numpy's BLAS threads fight
# over cores for matrices this small (set before numpy is first imported).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import SeatLogs, decide
from hiddenhand.rl.pettingzoo import HiddenhandEnv, raw_env
from hiddenhand.rl.ppo import ActorCritic, Episode, PPOSettings, update


@dataclass
class Result:
    """Games played by the agent: wins, losses and draws."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def add(self, reward: float) -> None:
        if reward > 0:
            self.wins += 1
        elif reward < 0:
            self.losses += 1
        else:
            self.draws += 1


def play_game(
    env: HiddenhandEnv,
    net: ActorCritic,
    opponent: str,
    seed: int,
    learner_seat: int,
    rng: np.random.Generator,
    greedy: bool = False,
) -> Episode:
    """One game: the agent at `learner_seat`, the opponent bot at the other seat."""
    env.reset(seed=seed)
    learner = env.possible_agents[learner_seat]
    bot_seat = 1 - learner_seat
    bot = make_bot(env.episode.game, opponent, bot_seat, seed)
    logs = SeatLogs(2)
    episode = Episode([], [], [], [], [])
    for agent in env.agent_iter():
        if agent == learner:
            obs, reward, terminated, truncated, _ = env.last()
        else:
            obs, reward, terminated, truncated, _ = env.last(observe=False)
        if terminated or truncated:
            if agent == learner:
                episode.reward = float(reward)
            env.step(None)
            continue
        if agent == learner:
            assert obs is not None
            action, logp, value = net.act(obs["observation"], obs["action_mask"], rng, greedy)
            if not greedy:
                episode.obs.append(obs["observation"])
                episode.masks.append(obs["action_mask"])
                episode.actions.append(action)
                episode.logp.append(logp)
                episode.values.append(value)
        else:
            action = decide(env.episode.state, bot_seat, bot, logs.of(bot_seat)).id
        env.step(action)
        logs.add(env.events)
    return episode


def evaluate(net: ActorCritic, opponent: str, games: int, seed: int) -> Result:
    """Greedy play against a bot, the agent in each seat half of the time."""
    env = raw_env("noir")
    rng = np.random.default_rng(seed)
    result = Result()
    for k in range(games):
        result.add(play_game(env, net, opponent, seed + k, k % 2, rng, greedy=True).reward)
    return result


@dataclass
class Curve:
    """The learning curve: training win rate per iteration, and greedy evaluations."""

    games: list[int] = field(default_factory=list)
    training: list[float] = field(default_factory=list)
    checkpoints: list[int] = field(default_factory=list)
    versus: dict[str, list[float]] = field(default_factory=dict)


def train(
    iterations: int,
    games_per_iteration: int,
    opponent: str,
    seed: int,
    check_every: int,
    check_games: int,
    settings: PPOSettings,
    report: bool = True,
) -> tuple[ActorCritic, Curve]:
    env = raw_env("noir")
    net = ActorCritic(env.episode.size, env.wait + 1, seed=seed)  # the game's ids, then wait
    rng = np.random.default_rng(seed)
    curve = Curve()
    played = 0
    start = time.process_time()
    for it in range(1, iterations + 1):
        episodes = []
        result = Result()
        for k in range(games_per_iteration):
            game_seed = seed * 1_000_003 + played + k
            episode = play_game(env, net, opponent, game_seed, k % 2, rng)
            result.add(episode.reward)
            episodes.append(episode)
        played += games_per_iteration
        loss = update(net, episodes, settings, rng)
        curve.games.append(played)
        curve.training.append(result.rate)
        if check_every and (it % check_every == 0 or it == iterations):
            curve.checkpoints.append(played)
            for bot in ("random", "heuristic"):
                rate = evaluate(net, bot, check_games, 900_000 + it).rate
                curve.versus.setdefault(bot, []).append(rate)
        if report:
            checks = ", ".join(f"{b} {v[-1]:.0%}" for b, v in curve.versus.items())
            print(
                f"iteration {it:4d}  games {played:6d}  training win rate {result.rate:5.1%}"
                f"  loss {loss:7.4f}  cpu {time.process_time() - start:6.0f}s"
                + (f"  greedy vs {checks}" if checks and curve.checkpoints[-1] == played else "")
            )
    return net, curve


def plot(curve: Curve, path: str, final: dict[str, Result]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    window = min(5, len(curve.training))
    smooth = np.convolve(curve.training, np.ones(window) / window, mode="valid")
    ax.plot(curve.games[window - 1 :], smooth, label="training games vs random (sampled)")
    for bot, rates in curve.versus.items():
        ax.plot(curve.checkpoints, rates, marker="o", label=f"greedy vs {bot}")
    for bot, result in final.items():
        ax.axhline(result.rate, linestyle=":", color="grey")
        ax.annotate(
            f"final vs {bot}: {result.rate:.1%} of {result.games}",
            (curve.games[0], result.rate),
            textcoords="offset points",
            xytext=(2, 3),
            fontsize=8,
        )
    ax.set_xlabel("games played in training")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.set_title("NOIR: PPO agent (numpy MLP) from the PettingZoo environment")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> dict[str, Result]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=120)
    parser.add_argument("--games", type=int, default=64, help="games per iteration")
    parser.add_argument("--opponent", default="random", help="the bot trained against")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check-every", type=int, default=20, help="iterations between checks")
    parser.add_argument("--check-games", type=int, default=100)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--plot", default="", help="write the learning curve to this PNG")
    parser.add_argument("--weights", default="", help="save the network to this .npz file")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    settings = PPOSettings(learning_rate=args.learning_rate)
    net, curve = train(
        args.iterations,
        args.games,
        args.opponent,
        args.seed,
        args.check_every,
        args.check_games,
        settings,
        report=not args.quiet,
    )
    final = {bot: evaluate(net, bot, args.eval_games, 7_000_000) for bot in ("random", "heuristic")}
    for bot, result in final.items():
        print(
            f"greedy agent vs {bot}: {result.wins}/{result.games} wins ({result.rate:.1%}), "
            f"{result.losses} losses, {result.draws} draws"
        )
    if args.plot:
        plot(curve, args.plot, final)
    if args.weights:
        net.save(args.weights)
    return final


if __name__ == "__main__":
    main()
