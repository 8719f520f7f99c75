"""Good Cop Bad Cop: heuristic bots against random bots at mixed tables, both seating orders.

    python benchmarks/goodcop_bots.py [--games 2000] [--players 6] [--seed 0] [--zombies dice]

Teams are dealt at random, so each table mixes the two bots: heuristic on the even seats and
random on the odd ones, then the other way round, over the same seeds. A seat wins when its
team wins. The table reports the win rate of every seat and of each bot overall.
"""

from __future__ import annotations

import argparse
from collections import Counter

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import play
from hiddenhand.engine import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per seating order")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--zombies", default="off", help="off, dice, infect or simple")
    args = parser.parse_args()
    game = get_game("goodcop")
    n = args.players
    console = Console()
    orders = {"heuristic on even seats": 0, "heuristic on odd seats": 1}
    seat_wins: dict[str, Counter[int]] = {name: Counter() for name in orders}
    bot_wins: dict[str, Counter[str]] = {name: Counter() for name in orders}
    bot_seats: dict[str, Counter[str]] = {name: Counter() for name in orders}
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    ) as progress:
        for name, parity in orders.items():
            task = progress.add_task(name, total=args.games)
            for k in range(args.games):
                seed = args.seed + k
                kinds = ["heuristic" if s % 2 == parity else "random" for s in range(n)]
                bots = [make_bot(game, kinds[s], s, seed) for s in range(n)]
                result = play(game.start(n, {"zombies": args.zombies}, seed=seed), bots)
                for s in range(n):
                    won = s in result.outcome.winners
                    seat_wins[name][s] += won
                    bot_wins[name][kinds[s]] += won
                    bot_seats[name][kinds[s]] += 1
                progress.advance(task)
    title = f"Good Cop Bad Cop, {n} players, {args.games} games per order"
    if args.zombies != "off":
        title += f", zombies={args.zombies}"
    table = Table(title=title)
    table.add_column("seating")
    for s in range(n):
        table.add_column(f"seat {s}", justify="right")
    table.add_column("heuristic", justify="right")
    table.add_column("random", justify="right")
    for name, parity in orders.items():
        cells = []
        for s in range(n):
            mark = "H" if s % 2 == parity else "R"
            cells.append(f"{mark} {seat_wins[name][s] / args.games:.1%}")
        rates = [bot_wins[name][b] / bot_seats[name][b] for b in ("heuristic", "random")]
        table.add_row(name, *cells, f"{rates[0]:.1%}", f"{rates[1]:.1%}")
    console.print(table)
    console.print("seat win rate = games won by that seat's team / games played (H heuristic).")


if __name__ == "__main__":
    main()
