"""Outcome-sampling MCCFR (OpenSpiel's) on NOIR: time and peak resident memory as it runs.

    python benchmarks/mccfr.py --iterations 10000 --every 1000

Prints a row at every `--every` iterations: seconds so far, information states in the
tables, and the process's peak resident set size.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from open_spiel.python.algorithms.outcome_sampling_mccfr import OutcomeSamplingSolver
from rich.console import Console

from hiddenhand.rl.openspiel import load
from hiddenhand.rl.report import results_table
from hiddenhand.rl.spiel_mccfr import COLUMNS, Run, peak_rss_mb, row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    console = Console()
    np.random.seed(args.seed)
    solver = OutcomeSamplingSolver(load("noir"))
    start_rss = peak_rss_mb()
    rows = []
    start = time.perf_counter()
    for done in range(1, args.iterations + 1):
        solver.iteration()
        if done % args.every == 0 or done == args.iterations:
            seconds = time.perf_counter() - start
            rows.append(row(Run(done, seconds, len(solver._infostates), peak_rss_mb())))
            console.print(" ".join(rows[-1]))
    title = f"outcome-sampling MCCFR on NOIR (peak RSS before: {start_rss:,.0f} MiB)"
    console.print(results_table(title, COLUMNS, rows))


if __name__ == "__main__":
    main()
