"""`hiddenhand bench`: how fast the rules run, in random playouts on one core."""

from __future__ import annotations

import json
import random
import time
from contextlib import nullcontext

import typer
from rich.table import Table

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import SeatLogs, decide
from hiddenhand.cli.app import app, console, fail, load_game, load_setup
from hiddenhand.engine.errors import HiddenhandError
from hiddenhand.engine.game import Game
from hiddenhand.engine.options import Options
from hiddenhand.engine.state import State


def measure(
    game: Game, players: int, options: Options, seconds: float, seed: int = 0
) -> dict[str, float]:
    """Steps (pending + act), whole games and clones per second of wall time."""
    rng = random.Random(seed)
    steps = games_done = 0
    snapshots: list[State] = []
    spent = 0.0
    deadline = time.perf_counter() + seconds * 0.75
    while time.perf_counter() < deadline:
        state = game.start(players, options, rng.randrange(2**31))
        t0 = time.perf_counter()
        n = 0
        pending = state.pending()
        while pending:
            seats = list(pending)
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            state.act(seat, rng.choice(pending[seat]))
            n += 1
            if n == 20 and len(snapshots) < 64:
                snapshots.append(state.clone())
            pending = state.pending()
        spent += time.perf_counter() - t0
        steps += n
        games_done += 1
    clones = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds * 0.25
    pool = snapshots or [game.start(players, options, seed)]
    while time.perf_counter() < deadline:
        for s in pool:
            s.clone()
        clones += len(pool)
    clone_time = time.perf_counter() - t0
    return {
        "steps_per_s": round(steps / spent, 1) if spent else 0.0,
        "games_per_s": round(games_done / spent, 2) if spent else 0.0,
        "clones_per_s": round(clones / clone_time, 1) if clone_time else 0.0,
        "mean_steps": round(steps / games_done, 1) if games_done else 0.0,
        "games": games_done,
    }


def measure_bot(
    game: Game, players: int, options: Options, spec: str, seconds: float, seed: int = 0
) -> dict[str, float]:
    """A bot in every seat: decisions per second, and iterations per second if it searches."""
    rng = random.Random(seed)
    bots = [make_bot(game, spec, seat, seed) for seat in range(players)]
    decisions = games_done = 0
    spent = 0.0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        state = game.start(players, options, rng.randrange(2**31))
        logs = SeatLogs(players)
        pending = state.pending()
        while pending and time.perf_counter() < deadline:
            seat = min(pending)
            t0 = time.perf_counter()
            action = decide(state, seat, bots[seat], logs.of(seat))
            spent += time.perf_counter() - t0
            decisions += 1
            logs.add(state.act(seat, action))
            pending = state.pending()
        games_done += not pending
    result = {
        "decisions_per_s": round(decisions / spent, 2) if spent else 0.0,
        "decisions": decisions,
        "games": games_done,
    }
    iterations = sum(getattr(b, "iterations_done", 0) for b in bots)
    searching = sum(getattr(b, "search_seconds", 0.0) for b in bots)
    if searching:
        result["iterations_per_s"] = round(iterations / searching, 1)
        result["searches"] = sum(getattr(b, "searches", 0) for b in bots)
        result["iterations_per_search"] = round(iterations / max(1, result["searches"]), 1)
    return result


@app.command()
def bench(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: int | None = typer.Option(None, "--players", "-p"),
    seconds: float = typer.Option(5.0, "--seconds", "-t", min=0.1, help="how long to measure"),
    option: list[str] = typer.Option([], "--option", "-o", help="key=value (repeatable)"),
    seed: int = typer.Option(0, "--seed"),
    as_json: bool = typer.Option(False, "--json"),
    bot: str | None = typer.Option(
        None, "--bot", help="measure this bot in every seat instead (e.g. ismcts)"
    ),
) -> None:
    """Random playouts in one process: steps/s (pending + act), games/s and clones/s.

    With --bot: decisions/s of that bot, and iterations/s if it searches.
    """
    game = load_game(game_id)
    n, options = load_setup(game, players, option)
    if bot is not None:
        try:
            make_bot(game, bot, 0, seed)
        except HiddenhandError as exc:
            fail(str(exc))
    what = game.id if bot is None else f"{bot} on {game.id}"
    status = console.status(f"measuring {what} for {seconds:g}s") if not as_json else nullcontext()
    with status:
        if bot is None:
            result = measure(game, n, options, seconds, seed)
        else:
            result = measure_bot(game, n, options, bot, seconds, seed)
    report = {"game": game.id, "players": n, "options": options.changed(), **result}
    if bot is not None:
        report["bot"] = bot
    if as_json:
        print(json.dumps(report))
    elif bot is not None:
        table = Table(title=f"{game.title}, {n} players, bot {bot} in every seat (one core)")
        table.add_column("measure")
        table.add_column("value", justify="right")
        for key, value in result.items():
            table.add_row(key.replace("_", " "), f"{value:,.1f}")
        console.print(table)
    else:
        table = Table(title=f"{game.title}, {n} players, random playouts")
        table.add_column("measure")
        table.add_column("per second", justify="right")
        for key in ("steps_per_s", "games_per_s", "clones_per_s"):
            table.add_row(key.removesuffix("_per_s"), f"{result[key]:,.1f}")
        console.print(table)
        console.print(
            f"mean steps per game: {result['mean_steps']}, games played: {result['games']}"
        )
