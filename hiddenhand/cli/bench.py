"""`hiddenhand bench`: how fast the rules run, in random playouts on one core.

Every rate is given per second of wall time (`_per_s`) and per second of this process's CPU
time (`_per_cpu_s`): on a shared machine the wall time grows with the load, the CPU time much
less, so CPU rates are the ones to compare across runs.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

import typer
from rich.table import Table

from hiddenhand import native
from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import SeatLogs, decide
from hiddenhand.cli.app import (
    GAME_HELP,
    IMPORT_HELP,
    console,
    fail,
    game_command,
    load_game,
    load_setup,
)
from hiddenhand.engine.errors import HiddenhandError
from hiddenhand.engine.game import Game
from hiddenhand.engine.options import Options
from hiddenhand.engine.playout import random_playout
from hiddenhand.engine.state import State


@dataclass
class Stopwatch:
    """Wall and CPU seconds spent inside `timing()` blocks, summed."""

    wall: float = 0.0
    cpu: float = 0.0

    @contextmanager
    def timing(self) -> Iterator[None]:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.wall += time.perf_counter() - wall
            self.cpu += time.process_time() - cpu


def rates(name: str, count: float, watch: Stopwatch, digits: int = 1) -> dict[str, float]:
    """`count` per second of wall time and per second of CPU time (0 when nothing was timed)."""
    return {
        f"{name}_per_s": round(count / watch.wall, digits) if watch.wall else 0.0,
        f"{name}_per_cpu_s": round(count / watch.cpu, digits) if watch.cpu else 0.0,
    }


def measure(
    game: Game, players: int, options: Options, seconds: float, seed: int = 0
) -> dict[str, float]:
    """Steps (moves of the engine's `random_playout`: who is asked, a random legal move), whole
    games, clones and determinizations per second, of wall time and of CPU time.

    Clones and determinizations are timed on snapshots taken 20 steps into the playouts (a
    sample is drawn for a seat that is to move there, as a search bot draws them).
    """
    rng = random.Random(seed)
    steps = games_done = 0
    snapshots: list[State] = []
    playing = Stopwatch()
    deadline = time.perf_counter() + seconds * 0.75
    while time.perf_counter() < deadline:
        state = game.start(players, options, rng.randrange(2**31))
        with playing.timing():
            n = random_playout(state, rng, 20)
            if n == 20 and len(snapshots) < 64:
                snapshots.append(state.clone())
            n += random_playout(state, rng)
        steps += n
        games_done += 1
    pool = snapshots or [game.start(players, options, seed)]
    clones, cloning = 0, Stopwatch()
    deadline = time.perf_counter() + seconds * 0.125
    with cloning.timing():
        while time.perf_counter() < deadline:
            for s in pool:
                s.clone()
            clones += len(pool)
    seats = [min(s.pending() or (0,)) for s in pool]
    samples, sampling = 0, Stopwatch()
    deadline = time.perf_counter() + seconds * 0.125
    with sampling.timing():
        while time.perf_counter() < deadline:
            for s, seat in zip(pool, seats, strict=True):
                s.determinize(seat, rng)
            samples += len(pool)
    return {
        **rates("steps", steps, playing),
        **rates("games", games_done, playing, digits=2),
        **rates("clones", clones, cloning),
        **rates("determinizations", samples, sampling),
        "mean_steps": round(steps / games_done, 1) if games_done else 0.0,
        "games": games_done,
    }


def measure_bot(
    game: Game, players: int, options: Options, spec: str, seconds: float, seed: int = 0
) -> dict[str, float]:
    """A bot in every seat: decisions per second, and iterations per second if it searches
    (wall and CPU time of the decisions alone)."""
    rng = random.Random(seed)
    bots = [make_bot(game, spec, seat, seed) for seat in range(players)]
    decisions = games_done = 0
    deciding = Stopwatch()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        state = game.start(players, options, rng.randrange(2**31))
        logs = SeatLogs(players)
        pending = state.pending()
        while pending and time.perf_counter() < deadline:
            seat = min(pending)
            with deciding.timing():
                action = decide(state, seat, bots[seat], logs.of(seat))
            decisions += 1
            logs.add(state.act(seat, action))
            pending = state.pending()
        games_done += not pending
    result: dict[str, float] = {
        **rates("decisions", decisions, deciding, digits=2),
        "decisions": decisions,
        "games": games_done,
    }
    searches = sum(getattr(b, "searches", 0) for b in bots)
    if searches:
        iterations = sum(getattr(b, "iterations_done", 0) for b in bots)
        searching = Stopwatch(
            wall=sum(getattr(b, "search_wall_seconds", 0.0) for b in bots),
            cpu=sum(getattr(b, "search_seconds", 0.0) for b in bots),
        )
        result.update(rates("iterations", iterations, searching))
        result["searches"] = searches
        result["iterations_per_search"] = round(iterations / searches, 1)
    return result


@game_command()
def bench(
    game_id: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    players: int | None = typer.Option(
        None, "--players", "-p", help="seats at the table (default: the game's usual count)"
    ),
    seconds: float = typer.Option(5.0, "--seconds", "-t", min=0.1, help="how long to measure"),
    option: list[str] = typer.Option([], "--option", "-o", help="key=value (repeatable)"),
    imports: list[str] = typer.Option([], "--import", help=IMPORT_HELP),
    seed: int = typer.Option(0, "--seed", help="seed of the playouts"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    bot: str | None = typer.Option(
        None, "--bot", help="measure this bot in every seat instead (e.g. ismcts)"
    ),
    compare: bool = typer.Option(
        False,
        "--compare",
        help="measure the pure-Python modules too (HIDDENHAND_PURE=1, in a second process) "
        "and report both, with the speed-up",
    ),
    rounds: int = typer.Option(
        1,
        "--rounds",
        min=1,
        max=20,
        help="with --compare: measure both builds this many times, alternating, and report the "
        "median of each rate and of each round's speed-up (a busy machine moves one ratio a lot)",
    ),
) -> None:
    """Random playouts in one process: steps/s (`random_playout`), games/s, clones/s and
    determinizations/s, per second of wall time and of CPU time.

    With --bot: decisions/s of that bot, and iterations/s if it searches (wall and CPU).
    The report says whether the hot modules ran compiled (see `hiddenhand.native`).
    """
    game = load_game(game_id, imports)
    n, options = load_setup(game, players, option)
    if rounds > 1 and not compare:
        fail("--rounds needs --compare: it alternates this build with pure Python")
    if bot is not None:
        try:
            make_bot(game, bot, 0, seed)
        except HiddenhandError as exc:
            fail(str(exc))
    what = game.id if bot is None else f"{bot} on {game.id}"

    def measured_here() -> dict[str, float]:
        status = (
            console.status(f"measuring {what} for {seconds:g}s") if not as_json else nullcontext()
        )
        with status:
            if bot is None:
                return measure(game, n, options, seconds, seed)
            return measure_bot(game, n, options, bot, seconds, seed)

    pure: dict[str, float] = {}
    each: dict[str, list[float]] = {}
    if compare:
        argv = ["-m", "hiddenhand", "bench", game_id, "--players", str(n), "--json"]
        argv += ["--seconds", str(seconds), "--seed", str(seed)]
        argv += [f"--option={o}" for o in option] + [f"--import={i}" for i in imports]
        argv += [] if bot is None else ["--bot", bot]
        result, pure, each = alternated(measured_here, argv, rounds, quiet=as_json)
    else:
        result = measured_here()
    report = {
        "game": game.id,
        "players": n,
        "options": options.changed(),
        "native": native.describe(),
        "compiled": native.compiled(),
        **result,
    }
    if bot is not None:
        report["bot"] = bot
    if compare:
        report["pure"] = pure
        report["speedup"] = {k: round(statistics.median(v), 2) for k, v in each.items()}
        if rounds > 1:
            report["rounds"] = rounds
            report["speedups"] = each
    if as_json:
        print(json.dumps(report))
    elif compare:
        how = "random playouts" if bot is None else f"bot {bot} in every seat"
        console.print(comparison(f"{game.title}, {n} players, {how}", result, pure, each))
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
        table.add_column("per CPU second", justify="right")
        for name in ("steps", "games", "clones", "determinizations"):
            wall, cpu = result[f"{name}_per_s"], result[f"{name}_per_cpu_s"]
            table.add_row(name, f"{wall:,.1f}", f"{cpu:,.1f}")
        console.print(table)
        console.print(
            f"mean steps per game: {result['mean_steps']}, games played: {result['games']}"
        )
    if not as_json:
        console.print(f"hot modules: {native.describe()}")


def speedups(compiled: dict[str, float], pure: dict[str, float]) -> dict[str, float]:
    """Each CPU rate of the compiled run over the same rate of the pure run."""
    return {
        key.removesuffix("_per_cpu_s"): round(value / pure[key], 2)
        for key, value in compiled.items()
        if key.endswith("_per_cpu_s") and pure.get(key)
    }


def alternated(
    measure_here: Callable[[], dict[str, float]], pure_argv: list[str], rounds: int, quiet: bool
) -> tuple[dict[str, float], dict[str, float], dict[str, list[float]]]:
    """This build's rates (`measure_here()`) and pure Python's (`pure_argv` run with
    `HIDDENHAND_PURE=1`), alternating for `rounds`: the median of each build's rates, and each
    CPU rate's speed-up in every round."""
    here: list[dict[str, float]] = []
    there: list[dict[str, float]] = []
    for _ in range(rounds):
        here.append(measure_here())
        with console.status("measuring the pure-Python modules") if not quiet else nullcontext():
            measured = json.loads(native.run_pure(pure_argv))
        there.append({k: v for k, v in measured.items() if k in here[-1]})
    per_round = [speedups(h, t) for h, t in zip(here, there, strict=True)]
    each = {k: [r[k] for r in per_round] for k in per_round[0]}
    return medians(here), medians(there), each


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    """Each measure's median over runs of the same measurement (the value itself for one)."""
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def comparison(
    title: str, compiled: dict[str, float], pure: dict[str, float], each: dict[str, list[float]]
) -> Table:
    """The CPU rates of both builds side by side (medians over the rounds), with the median
    speed-up of a round and, over several rounds, every round's."""
    rounds = len(next(iter(each.values()), []))
    many = f", median of {rounds} rounds" if rounds > 1 else ""
    table = Table(title=f"{title}: this build against pure Python, per CPU second{many}")
    columns = ["measure", native.describe(), "pure Python", "speed-up"]
    for column in columns + (["each round"] if rounds > 1 else []):
        table.add_column(column, justify="left" if column == "measure" else "right")
    for name, ratios in each.items():
        key = f"{name}_per_cpu_s"
        row = [name, f"{compiled[key]:,.1f}", f"{pure[key]:,.1f}"]
        row.append(f"{statistics.median(ratios):.2f}x")
        if rounds > 1:
            row.append(", ".join(f"{r:.2f}x" for r in ratios))
        table.add_row(*row)
    return table
