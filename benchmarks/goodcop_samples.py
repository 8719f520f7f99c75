"""Good Cop Bad Cop: how fast a planning bot can copy and determinize states.

    python benchmarks/goodcop_samples.py [--seconds 2]

Snapshots are taken at random points of random games; every snapshot is cloned, and
determinized for the seat to move, as often as the time allows. One process, one core.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from hiddenhand.engine import State, get_game


def snapshots(players: int, count: int, seed: int) -> list[State]:
    game = get_game("goodcop")
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = game.start(players, seed=rng.randrange(2**31))
        for _ in range(rng.randrange(1, 300)):
            pending = state.pending()
            if not pending:
                break
            seat = rng.choice(sorted(pending))
            state.act(seat, rng.choice(pending[seat]))
        if state.pending():
            out.append(state)
    return out


def rate(states: list[State], work: Callable[[State], object], seconds: float) -> float:
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in states:
            work(state)
        done += len(states)
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    console = Console()
    rng = random.Random(0)
    table = Table(title="Good Cop Bad Cop samples, one core")
    for column in ("players", "clones/s", "determinizations/s"):
        table.add_column(column, justify="right")
    with console.status("measuring"):
        for players in range(4, 9):
            states = snapshots(players, 64, players)
            clones = rate(states, lambda s: s.clone(), args.seconds)
            samples = rate(states, lambda s: s.determinize(min(s.pending()), rng), args.seconds)
            table.add_row(str(players), f"{clones:,.0f}", f"{samples:,.0f}")
    console.print(table)


if __name__ == "__main__":
    main()
