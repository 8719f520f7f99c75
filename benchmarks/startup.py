"""How long the command line takes to start: CPU seconds of `python -m hiddenhand --help` (and
of other argument lists), the median over several fresh processes.

    python benchmarks/startup.py [--runs 7] [-- ARGS...]

CPU time (user + system of the child) is what to compare across runs: on a shared machine the
wall time grows with the load, the CPU time much less.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

COMMANDS = (["--help"], ["play", "--help"], ["serve", "--help"], ["tournament", "--help"])


def cpu_seconds(args: list[str]) -> tuple[float, float]:
    """CPU and wall seconds of one fresh `python -m hiddenhand ARGS` process."""
    before = os.times()
    wall = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "hiddenhand", *args],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - wall
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per command")
    parser.add_argument("args", nargs="*", help="one argument list to time instead of the usual")
    options = parser.parse_args()
    commands = [options.args] if options.args else list(COMMANDS)
    print(f"{'command':<32} {'cpu s (median)':>15} {'cpu s (min)':>12} {'wall s (median)':>16}")
    for args in commands:
        cpu_seconds(args)  # a first run warms the file cache and the bytecode
        runs = [cpu_seconds(args) for _ in range(options.runs)]
        cpus = [c for c, _ in runs]
        walls = [w for _, w in runs]
        name = "hiddenhand " + " ".join(args)
        print(
            f"{name:<32} {statistics.median(cpus):>15.3f} {min(cpus):>12.3f} "
            f"{statistics.median(walls):>16.3f}"
        )


if __name__ == "__main__":
    main()
