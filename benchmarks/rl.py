"""Reinforcement-learning environments: steps/s with observation tensors, per game, one core.

    python benchmarks/rl.py [--seconds 3] [--compare]

See `hiddenhand.rl.bench` for what a step includes. CPU time, so other load on the machine
slows the figures less than wall time would. The title says whether the hot modules ran
compiled (`hiddenhand.native`); `--compare` measures the pure-Python modules too, in a second
process (HIDDENHAND_PURE=1), and shows both.
"""

from __future__ import annotations

import argparse
import dataclasses
import json

from rich.console import Console
from rich.table import Table

from hiddenhand import native
from hiddenhand.rl.bench import measure

TABLES = (("noir", 2), ("goodcop", 6), ("infected", 4))


def measure_all(seconds: float) -> dict[str, dict[str, float]]:
    return {game: dataclasses.asdict(measure(game, players, seconds)) for game, players in TABLES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and environment")
    parser.add_argument("--compare", action="store_true", help="measure pure Python too")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.json:
        print(json.dumps({"native": native.describe(), "games": measure_all(args.seconds)}))
        return
    console = Console()
    with console.status(f"measuring ({native.describe()})"):
        results = measure_all(args.seconds)
    pure: dict[str, dict[str, float]] = {}
    if args.compare:
        with console.status("measuring the pure-Python modules"):
            argv = [__file__, "--json", "--seconds", str(args.seconds)]
            pure = json.loads(native.run_pure(argv))["games"]
    table = Table(
        title=f"steps/s with observations, CPU time on one core (best of 5 rounds); "
        f"hot modules: {native.describe()}"
    )
    columns = ["game", "players", "Episode steps/s", "PettingZoo AEC steps/s"]
    if pure:
        columns += ["Episode, pure", "AEC, pure", "speed-up (Episode)"]
    for column in [*columns, "tensor", "actions"]:
        table.add_column(column, justify="left" if column == "game" else "right")
    for game, players in TABLES:
        r = results[game]
        row = [
            game,
            str(players),
            f"{r['episode_steps_per_s']:,.0f}",
            f"{r['aec_steps_per_s']:,.0f}",
        ]
        if pure:
            p = pure[game]
            ratio = r["episode_steps_per_s"] / p["episode_steps_per_s"]
            row += [
                f"{p['episode_steps_per_s']:,.0f}",
                f"{p['aec_steps_per_s']:,.0f}",
                f"{ratio:.2f}x",
            ]
        table.add_row(*row, str(r["observation_size"]), str(r["actions"]))
    console.print(table)


if __name__ == "__main__":
    main()
