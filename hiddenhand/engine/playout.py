"""Random playouts: the engine plays uniformly random legal moves, compiled with the kernel.

A random playout is what `hiddenhand bench` measures and what a researcher's Monte Carlo
baseline runs millions of times; written here, its loop runs as native code with the rules it
drives instead of as interpreted Python around them. It reads only `pending()`, so every move it
makes is one the seat was offered.
"""

from __future__ import annotations

import random

from hiddenhand.engine.state import State


def random_playout(state: State, rng: random.Random, moves: int = -1) -> int:
    """Play random legal moves until the game ends, or `moves` have been made (-1: no limit);
    return how many were made.

    Where several seats are asked at once (a reaction window), one of them is drawn to answer
    first, each as likely; then one of its legal actions, each as likely. One draw of
    `rng.random()` picks each, so the same generator state plays the same game.
    """
    draw = rng.random
    made = 0
    pending = state.pending()
    while pending and made != moves:
        if len(pending) == 1:
            for seat in pending:  # noqa: B007 (its one key: compiled, cheaper than `next`)
                break
        else:
            seats = list(pending)
            seat = seats[int(draw() * len(seats))]
        legal = pending[seat]
        state.act_legal(seat, legal[int(draw() * len(legal))])
        made += 1
        pending = state.pending()
    return made
