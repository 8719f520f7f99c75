"""How fast each game's state clones mid-game: clones per CPU second of `state.clone()`, the
best of several timeit repeats, on states 20 random steps into seeded games.

    python benchmarks/clones.py [--number 2000] [--repeat 5]

It says whether the hot modules ran compiled (`HIDDENHAND_PURE=1` for the pure-Python ones),
so one install can be measured both ways.
"""

from __future__ import annotations

import argparse
import json
import time
import timeit
from typing import Any

from hiddenhand import native
from hiddenhand.engine.checks import random_point
from hiddenhand.engine.game import get_game
from hiddenhand.engine.state import State

GAMES: dict[str, tuple[str, int, dict[str, str] | None]] = {
    "noir": ("noir", 2, None),
    "goodcop-6": ("goodcop", 6, None),
    "goodcop-6-zombies": ("goodcop", 6, {"zombies": "dice"}),
    "infected-4": ("infected", 4, None),
}


def clones_per_cpu_second(states: list[State[Any]], number: int, repeat: int) -> float:
    """Clones per CPU second over `states`, the best of `repeat` runs of `number` rounds."""
    timer = timeit.Timer(lambda: [s.clone() for s in states], timer=time.process_time)
    best = min(timer.repeat(repeat=repeat, number=number))
    return number * len(states) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=2000, help="rounds per repeat")
    parser.add_argument("--repeat", type=int, default=5, help="repeats (the best is kept)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    rates = {}
    for name, (game_id, players, options) in GAMES.items():
        game = get_game(game_id)
        states = [random_point(game, players, options, seed) for seed in range(8)]
        rates[name] = round(clones_per_cpu_second(states, args.number // 8, args.repeat))
    if args.json:
        print(json.dumps({"build": native.describe(), "clones_per_cpu_s": rates}))
        return
    print(native.describe())
    for name, rate in rates.items():
        print(f"{name:>20}: {rate:>9,} clones/CPU s")


if __name__ == "__main__":
    main()
