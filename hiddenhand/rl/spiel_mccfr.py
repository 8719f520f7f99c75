"""OpenSpiel's outcome-sampling MCCFR on NOIR: a tabular solver on the OpenSpiel game.

    python -m hiddenhand.rl.spiel_mccfr --iterations 10000

Each iteration samples one deal (from the whole seed space) and one history, and updates the
regrets of the information states on it. Information states are keyed by their compact
strings (about 40 characters), so the tables grow by the states visited, not by transcripts.
"""

from __future__ import annotations

import argparse
import resource
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from open_spiel.python.algorithms.outcome_sampling_mccfr import OutcomeSamplingSolver
from rich.console import Console
from rich.progress import Progress

from hiddenhand.rl.openspiel import load
from hiddenhand.rl.report import results_table


@dataclass(frozen=True)
class Run:
    """What a run took: iterations, seconds, information states and peak resident memory."""

    iterations: int
    seconds: float
    infostates: int
    peak_rss_mb: float


COLUMNS = ("iterations", "seconds", "ms / iteration", "infostates", "peak RSS MiB")


def row(run: Run) -> tuple[str, ...]:
    """A run as a row of `COLUMNS`."""
    return (
        f"{run.iterations:,}",
        f"{run.seconds:,.1f}",
        f"{1000 * run.seconds / max(run.iterations, 1):.0f}",
        f"{run.infostates:,}",
        f"{run.peak_rss_mb:,.0f}",
    )


def peak_rss_mb() -> float:
    """This process's peak resident set size so far, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def solve(
    iterations: int, seed: int = 0, options: Sequence[str] = (), show: bool = False
) -> tuple[OutcomeSamplingSolver, Run]:
    """Run `iterations` of outcome-sampling MCCFR on NOIR (OpenSpiel draws from numpy's global
    generator, seeded here)."""
    game = load("noir", options=options)
    np.random.seed(seed)
    solver = OutcomeSamplingSolver(game)
    start = time.perf_counter()
    with Progress(disable=not show, transient=True) as progress:
        task = progress.add_task("MCCFR iterations", total=iterations)
        for _ in range(iterations):
            solver.iteration()
            progress.advance(task)
    seconds = time.perf_counter() - start
    return solver, Run(iterations, seconds, len(solver._infostates), peak_rss_mb())


def main(argv: Sequence[str] | None = None) -> Run:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], help="a NOIR option key=value")
    args = parser.parse_args(argv)
    _, run = solve(args.iterations, args.seed, args.option, show=True)
    Console().print(results_table("outcome-sampling MCCFR on NOIR", COLUMNS, [row(run)]))
    return run


if __name__ == "__main__":
    main()
