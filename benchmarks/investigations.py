"""Good Cop Bad Cop: do bots look where the last bots looked?

    python benchmarks/investigations.py [--games 200] [--players 6] [--bots medium] [--seed 0]

People notice, and find silly, a table where bot after bot investigates the same card: what the
first saw, the others could have asked about elsewhere. This plays `--games` games with the
same bot on every seat and counts, among the turns (the action each player takes on their
turn), those that investigate the same card as the two turns before them: three or more bots
in a row on one card. Only the public log is read (who investigated which card), as a person at
the table would see it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import play
from hiddenhand.engine import Event, get_game


def turns_of(log: Sequence[Event]) -> list[tuple[int, int] | None]:
    """Each turn in order (a turn begins with its "turn" event): the card the player whose turn
    it is investigated then (target, slot), or None when they did something else."""
    turns: list[tuple[int, int] | None] = []
    player = -1
    for event in log:
        if event.kind == "turn":
            player = int(event.data["seat"])
            turns.append(None)
        elif event.kind == "investigate" and int(event.data["seat"]) == player and turns:
            turns[-1] = turns[-1] or (int(event.data["target"]), int(event.data["slot"]))
    return turns


def repeats(turns: Sequence[tuple[int, int] | None], run: int = 3) -> int:
    """Turns that investigate the same card as the `run - 1` turns before them."""
    return sum(
        1
        for i in range(run - 1, len(turns))
        if turns[i] is not None and all(turns[i - k] == turns[i] for k in range(1, run))
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--bots", default="medium", help="the bot on every seat (a spec)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = get_game("goodcop")
    n = args.players
    console = Console()
    turns_total = investigations = in_a_row = longest = 0
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    ) as progress:
        task = progress.add_task("games", total=args.games)
        for k in range(args.games):
            seed = args.seed + k
            bots = [make_bot(game, args.bots, s, seed) for s in range(n)]
            result = play(game.start(n, {}, seed=seed), bots)
            turns = turns_of(result.logs.of(None))
            turns_total += len(turns)
            investigations += sum(t is not None for t in turns)
            in_a_row += repeats(turns)
            longest = max([longest, *(r for r in range(2, n + 1) if repeats(turns, r))])
            progress.advance(task)
    table = Table(title=f"Good Cop Bad Cop, {n} players, {args.bots} bots, {args.games} games")
    table.add_column("turns", justify="right")
    table.add_column("investigations", justify="right")
    table.add_column("3+ in a row on one card", justify="right")
    table.add_column("share of turns", justify="right")
    table.add_column("longest run", justify="right")
    share = in_a_row / turns_total if turns_total else 0.0
    table.add_row(
        str(turns_total), str(investigations), str(in_a_row), f"{share:.2%}", str(longest)
    )
    console.print(table)


if __name__ == "__main__":
    main()
