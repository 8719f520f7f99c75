"""Instructions per random playout step and per ISMCTS iteration, compiled and pure, counted
by callgrind: figures the machine's load does not move, unlike a ratio of times.

    python benchmarks/instructions.py [--what playouts|ismcts|both] [--jobs 2] [--json F]

Each figure is the difference of two runs under `valgrind --tool=callgrind`: one that deals
the games (and, for the search, makes the bots and warms them with one decision) and one that
also plays them, divided by the steps or iterations played. Both builds play the same games
move for move (the fingerprint tests prove it), so the ratio compares the same work.
`PYTHONHASHSEED=0` keeps the string hashes, and with them most of the layout, the same.
Needs valgrind; a run takes minutes (the pure-Python side of The Infected's search the most).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

PLAYOUTS = {"noir": (2, 40), "goodcop": (6, 20), "infected": (4, 30)}
"""Seats and games played (after 20 games that warm the caches) per game."""
SEARCHES = {"noir": (2, 10), "goodcop": (6, 20), "infected": (4, 10)}
"""Seats and decisions of the default `ismcts` in every seat, one game from seed 12345."""
WARM_UP_GAMES = 20
SEARCH_SEED = 12345


def play(game_id: str, players: int, count: int, what: str, mode: str) -> int:
    """The work counted (run under callgrind): returns the steps or iterations played."""
    from hiddenhand.cli.app import load_game, load_setup

    game = load_game(game_id, [])
    seats, options = load_setup(game, players, [])
    if what == "playouts":
        from hiddenhand.engine.playout import random_playout

        rng = random.Random(0)
        for _ in range(WARM_UP_GAMES):
            random_playout(game.start(seats, options, rng.randrange(2**31)), rng)
        states = [game.start(seats, options, rng.randrange(2**31)) for _ in range(count)]
        return sum(random_playout(s, rng) for s in states) if mode == "play" else 0
    from hiddenhand.bots.base import make_bot
    from hiddenhand.bots.match import SeatLogs, decide

    bots = [make_bot(game, "ismcts", seat, 0) for seat in range(seats)]
    state = game.start(seats, options, SEARCH_SEED)
    first = min(state.pending())
    decide(state.clone(), first, make_bot(game, "ismcts", first, 99), SeatLogs(seats).of(first))
    if mode == "play":
        logs, pending, done = SeatLogs(seats), state.pending(), 0
        while pending and done < count:
            seat = min(pending)
            action = decide(state, seat, bots[seat], logs.of(seat))
            logs.add(state.act(seat, action))
            pending, done = state.pending(), done + 1
    return sum(getattr(b, "iterations_done", 0) for b in bots)


def counted(game_id: str, what: str, pure: bool, folder: Path) -> tuple[int, int]:
    """(instructions, steps or iterations) of the played part, under callgrind."""
    players, count = (PLAYOUTS if what == "playouts" else SEARCHES)[game_id]
    totals, work = [], 0
    for mode in ("start", "play"):
        out = folder / f"{game_id}-{what}-{int(pure)}-{mode}.out"
        env = {**os.environ, "PYTHONHASHSEED": "0", "HIDDENHAND_PURE": "1" if pure else "0"}
        valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        inner = [sys.executable, __file__, "--inner", game_id, str(players), str(count), what]
        run = subprocess.run(
            [*valgrind, *inner, mode],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        work = int(run.stdout.split()[-1])
        found = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        assert found, f"no totals in {out}"
        totals.append(int(found.group(1)))
    return totals[1] - totals[0], work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--what", choices=("playouts", "ismcts", "both"), default="playouts")
    parser.add_argument("--jobs", type=int, default=2, help="callgrind runs at a time")
    parser.add_argument("--json", type=Path, help="write the figures to this file too")
    parser.add_argument("--inner", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        game_id, players, count, what, mode = args.inner
        print(play(game_id, int(players), int(count), what, mode))
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    kinds = ["playouts", "ismcts"] if args.what == "both" else [args.what]
    cases = [(g, what, pure) for what in kinds for g in PLAYOUTS for pure in (False, True)]
    results: dict[tuple[str, str, bool], tuple[int, int]] = {}
    with tempfile.TemporaryDirectory() as tmp, Progress() as progress:
        task = progress.add_task("callgrind runs", total=len(cases))

        def one(case: tuple[str, str, bool]) -> None:
            results[case] = counted(*case, Path(tmp))
            progress.advance(task)

        with ThreadPoolExecutor(args.jobs) as pool:
            list(pool.map(one, cases))
    table = Table(title="instructions per step (playouts) or iteration (ismcts)")
    for column in ("game", "what", "compiled", "pure", "compiled/pure"):
        table.add_column(column, justify="left" if column in ("game", "what") else "right")
    report = []
    for what in kinds:
        for game_id in PLAYOUTS:
            (c, n), (p, m) = results[(game_id, what, False)], results[(game_id, what, True)]
            assert n == m, f"{game_id} {what}: the builds played {n} and {m} steps"
            compiled, pure = c / n, p / m
            table.add_row(
                game_id, what, f"{compiled:,.0f}", f"{pure:,.0f}", f"{pure / compiled:.2f}x"
            )
            report.append(
                {"game": game_id, "what": what, "work": n, "compiled": compiled, "pure": pure}
            )
    Console().print(table)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
