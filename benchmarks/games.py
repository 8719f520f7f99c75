"""Speed of every registered game's rules: steps/s, games/s and clones/s in random playouts.

    python benchmarks/games.py [--seconds 3]

A step is `pending()` + `act()`. One process, one core; the table is what the closing notes quote.
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from hiddenhand.cli.bench import measure
from hiddenhand.engine import games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per game and seat count")
    args = parser.parse_args()
    console = Console()
    table = Table(title="random playouts, one core")
    for column in ("game", "players", "steps/s", "games/s", "clones/s", "steps/game"):
        table.add_column(column, justify="right" if column != "game" else "left")
    with console.status("measuring"):
        for game in games().values():
            seats = sorted({game.min_players, game.usual_players, game.max_players})
            for players in seats:
                r = measure(game, players, game.options(None), args.seconds)
                table.add_row(
                    game.id,
                    str(players),
                    f"{r['steps_per_s']:,.0f}",
                    f"{r['games_per_s']:,.1f}",
                    f"{r['clones_per_s']:,.0f}",
                    f"{r['mean_steps']:.0f}",
                )
    console.print(table)


if __name__ == "__main__":
    main()
