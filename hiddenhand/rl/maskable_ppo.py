"""Train one seat with sb3-contrib's MaskablePPO through the flat observation, then measure it.

    python -m hiddenhand.rl.maskable_ppo --game noir --iterations 50 --opponent random

The learner is `hiddenhand.rl.gymnasium.SeatEnv` (its seat rotates with the deal, bots play
the others); MaskablePPO reads the legal actions from `action_masks()`. This module needs
torch, stable-baselines3 and sb3-contrib (the dev extra); nothing else in hiddenhand imports
it. At the end the policy plays `--eval-games` greedy games against `random` and `heuristic`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import torch
from rich.console import Console
from rich.table import Table
from sb3_contrib import MaskablePPO

from hiddenhand.rl.gymnasium import SeatEnv


def evaluate(model: MaskablePPO, env: SeatEnv, games: int, seed: int) -> tuple[int, int, int]:
    """Greedy games from consecutive seeds: (wins, losses, draws or truncations)."""
    wins = losses = draws = 0
    for k in range(games):
        obs, _ = env.reset(seed=seed + k)
        reward, done = 0.0, False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        wins += reward > 0
        losses += reward < 0
        draws += reward == 0
    return wins, losses, draws


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="noir")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--opponent", default="random", help="the bot at every other seat")
    parser.add_argument("--iterations", type=int, default=50, help="PPO rollouts and updates")
    parser.add_argument("--n-steps", type=int, default=2048, help="learner steps per rollout")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--eval-games", type=int, default=400, help="per opponent bot")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    env = SeatEnv(args.game, args.players, opponents=args.opponent)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=args.n_steps,
        batch_size=min(args.batch_size, args.n_steps),
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    start = time.process_time()
    model.learn(total_timesteps=args.iterations * args.n_steps)
    seconds = time.process_time() - start
    table = Table(title=f"MaskablePPO on {args.game}: greedy games after training")
    for column in ("opponent", "wins", "losses", "draws", "win rate"):
        table.add_column(column, justify="left" if column == "opponent" else "right")
    for opponent in ("random", "heuristic"):
        games = SeatEnv(args.game, args.players, opponents=opponent)
        wins, losses, draws = evaluate(model, games, args.eval_games, 10**6 + args.seed)
        rate = f"{wins / args.eval_games:.1%}" if args.eval_games else "-"
        table.add_row(opponent, str(wins), str(losses), str(draws), rate)
    console = Console()
    console.print(
        f"{args.iterations} iterations of {args.n_steps} steps "
        f"({args.iterations * args.n_steps:,} learner decisions) in {seconds:.0f} s of CPU"
    )
    console.print(table)


if __name__ == "__main__":
    main()
