"""Fit the weights of The Infected's evaluation (hiddenhand/games/infected/evaluate.py).

    python benchmarks/infected_evaluation.py [--games 3000] [--seed 0] [--setups all]

Plays seeded games between heuristic bots, in turn in every setup named (seats:variant, or
`all`: every seat count and variant the rules allow, since the search judges them all with the
same weights), takes the features of every round start, and fits
a logistic model of "the survivors win" by Newton's method with a little ridge. Prints the fit
on held-out games (accuracy and log loss, against the base rate and the weights in use) and the
WEIGHTS line to paste into evaluate.py.
"""

from __future__ import annotations

import argparse
import math

import numpy as np
from rich.console import Console
from rich.progress import track
from rich.table import Table

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import SeatLogs, decide
from hiddenhand.engine import get_game
from hiddenhand.games.infected.evaluate import WEIGHTS, at_round_start, features

Samples = tuple[list[tuple[float, ...]], list[float], list[int]]
Setup = tuple[int, str]

ALL_SETUPS: tuple[Setup, ...] = (
    (1, "cooperative"),
    (2, "standard"),
    (2, "cooperative"),
    *((p, v) for p in (3, 4) for v in ("standard", "cooperative", "infection-spreads", "all-okay")),
)
"""Every seat count and variant the rules allow (one player plays the cooperative game only)."""


def parse_setups(text: str) -> list[Setup]:
    """`all`, or comma-separated seats:variant pairs (a bare seat count: the standard game)."""
    if text == "all":
        return list(ALL_SETUPS)
    out: list[Setup] = []
    for part in text.split(","):
        seats, _, variant = part.partition(":")
        out.append((int(seats), variant or "standard"))
    return out


def collect(games: int, seed: int, setups: list[Setup]) -> Samples:
    """Features of every round start, whether the survivors went on to win, and the game."""
    game = get_game("infected")
    rows: list[tuple[float, ...]] = []
    labels: list[float] = []
    which: list[int] = []
    for index in track(range(games), description="playing heuristic games"):
        players, variant = setups[index % len(setups)]
        state = game.start(players, game.options([f"variant={variant}"]), seed + index)
        bots = [make_bot(game, "heuristic", s, seed + index) for s in range(players)]
        logs = SeatLogs(players)
        starts: list[tuple[float, ...]] = []
        while pending := state.pending():
            if at_round_start(state):  # type: ignore[arg-type]
                starts.append(features(state))  # type: ignore[arg-type]
            seat = min(pending)
            logs.add(state.act(seat, decide(state, seat, bots[seat], logs.of(seat))))
        outcome = state.outcome()
        assert outcome is not None
        won = float(outcome.side == "humans")
        rows += starts
        labels += [won] * len(starts)
        which += [index] * len(starts)
    return rows, labels, which


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's method; column 0 of x is the bias."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (p - y) + ridge * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def scores(p: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    accuracy = float(((p >= 0.5) == (y >= 0.5)).mean())
    loss = float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())
    return accuracy, loss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--setups", default="all", help="all, or seats:variant,...")
    args = parser.parse_args()
    rows, labels, which = collect(args.games, args.seed, parse_setups(args.setups))
    x = np.hstack([np.ones((len(rows), 1)), np.array(rows)])
    y = np.array(labels)
    held_out = np.array(which) % 5 == 0
    w = fit(x[~held_out], y[~held_out])
    used = np.array(WEIGHTS) if len(WEIGHTS) == x.shape[1] else np.zeros(x.shape[1])
    table = Table(title=f"{held_out.sum()} held-out round starts of {args.games // 5} games")
    for column in ("model", "accuracy", "log loss"):
        table.add_column(column)
    base = float(y[~held_out].mean())
    for name, p in (
        ("base rate", np.full(held_out.sum(), base)),
        ("weights in use", 1 / (1 + np.exp(-(x[held_out] @ used)))),
        ("refitted", 1 / (1 + np.exp(-(x[held_out] @ w)))),
    ):
        accuracy, loss = scores(p, y[held_out])
        table.add_row(name, f"{accuracy:.3f}", f"{loss:.4f}")
    Console().print(table)
    final = fit(x, y)
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in final) + ")")
    assert all(math.isfinite(v) for v in final)


if __name__ == "__main__":
    main()
