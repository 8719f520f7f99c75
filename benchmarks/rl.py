"""Reinforcement-learning environments: steps/s with observation tensors, per game, one core.

    python benchmarks/rl.py [--seconds 3]

See `hiddenhand.rl.bench` for what a step includes. CPU time, so other load on the machine
slows the figures less than wall time would.
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from hiddenhand.rl.bench import measure

TABLES = (("noir", 2), ("goodcop", 6), ("infected", 4))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and environment")
    args = parser.parse_args()
    console = Console()
    table = Table(title="steps/s with observations, CPU time on one core (best of 5 rounds)")
    for column in (
        "game",
        "players",
        "Episode steps/s",
        "PettingZoo AEC steps/s",
        "tensor",
        "actions",
    ):
        table.add_column(column, justify="left" if column == "game" else "right")
    with console.status("measuring"):
        for game, players in TABLES:
            r = measure(game, players, args.seconds)
            table.add_row(
                game,
                str(players),
                f"{r.episode_steps_per_s:,.0f}",
                f"{r.aec_steps_per_s:,.0f}",
                str(r.observation_size),
                str(r.actions),
            )
    console.print(table)


if __name__ == "__main__":
    main()
