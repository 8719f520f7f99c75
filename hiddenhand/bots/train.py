"""Train a game's guide: `python -m hiddenhand.bots.train GAME`.

Plays `--games` self-play games with the teacher (by default the unguided search at its
defaults) over `--jobs` processes (`--vary mode=classic,standard` deals them over an option's
values), fits the network to what they teach (`fit`), and writes the weights where the search
finds them (`hiddenhand/bots/guides/GAME-PLAYERS.npz`, or `--out`). The same seed gives the same
games and the same weights. A later round can teach with the guided search itself
(`--teacher ismcts:guide=on`), in the AlphaZero manner. `--minutes` bounds the self-play by time
instead: games not started by then are dropped, and the lessons are those of the games finished
(each game is still the same game for the same seed, whatever the machine).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures import TimeoutError as FuturesTimeout
from pathlib import Path
from time import monotonic

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

from hiddenhand.bots.fit import Fitted, fit_guide
from hiddenhand.bots.guide import guide_path
from hiddenhand.bots.selfplay import FIELDS, Lessons, self_play
from hiddenhand.cli.app import games_progress
from hiddenhand.engine import HiddenhandError, get_game
from hiddenhand.engine.seeding import derive

app = typer.Typer(add_completion=False, help=__doc__)
console = Console()


def _one(args: tuple[str, int, dict[str, object], str, int, int]) -> Lessons:
    game_id, players, options, teacher, seed, game_seed = args
    game = get_game(game_id)
    return self_play(game_id, players, game.options(options), teacher, seed, game_seed)


def teach(
    game_id: str,
    players: int,
    options: Sequence[dict[str, object]],
    teacher: str,
    games: int,
    seed: int,
    jobs: int,
    minutes: float | None = None,
) -> tuple[Lessons, int]:
    """The lessons of `games` self-play games, in game order whatever the jobs; game i is played
    with the options `options[i % len(options)]`. With `minutes`, no game starts after that long,
    and the lessons are those of the games that finished (how many is the second value)."""
    work = [
        (game_id, players, options[i % len(options)], teacher, seed, derive(seed, f"game {i}"))
        for i in range(games)
    ]
    deadline = None if minutes is None else monotonic() + 60.0 * minutes
    parts: list[Lessons | None] = [None] * games
    with games_progress(f"self-play {game_id}") as progress:
        task = progress.add_task("games", total=games)
        if jobs <= 1:
            for i, args in enumerate(work):
                if deadline is not None and monotonic() >= deadline:
                    break
                parts[i] = _one(args)
                progress.advance(task)
        else:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
                futures = {pool.submit(_one, args): i for i, args in enumerate(work)}
                left = None if deadline is None else max(0.0, deadline - monotonic())
                try:
                    for future in as_completed(futures, timeout=left):
                        parts[futures[future]] = future.result()
                        progress.advance(task)
                except FuturesTimeout:
                    for future in futures:
                        future.cancel()
                    for future, i in futures.items():
                        if not future.cancelled():
                            parts[i] = future.result()
    played = [p for p in parts if p is not None]
    if not played:
        raise HiddenhandError(f"no self-play game finished in {minutes:g} minutes")
    return Lessons.join(played), len(played)


def save_lessons(lessons: Lessons, path: Path) -> None:
    np.savez_compressed(path, **{f: getattr(lessons, f) for f in FIELDS})


def load_lessons(path: Path) -> Lessons:
    with np.load(path) as data:
        return Lessons(*(data[f] for f in FIELDS))


@app.command()
def main(
    game_id: str = typer.Argument(..., metavar="GAME", help="the game whose guide to train"),
    players: int | None = typer.Option(None, help="seats (default: the game's usual count)"),
    option: list[str] = typer.Option([], "--option", help="a game option, k=v (repeatable)"),
    vary: str = typer.Option(
        "", help="KEY=A,B,...: the games take each value of this option in turn"
    ),
    teacher: str = typer.Option(
        "ismcts:iterations=100", help="the bot that plays the self-play games"
    ),
    games: int = typer.Option(1000, min=1, help="self-play games"),
    minutes: float | None = typer.Option(
        None, min=0.01, help="start no game after this long (the games finished are fitted)"
    ),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="worker processes"),
    seed: int = typer.Option(0, help="seed of the games and of the fit"),
    hidden: int = typer.Option(128, min=8, max=1024, help="units per hidden layer"),
    epochs: int = typer.Option(12, min=1, max=1000, help="passes over the lessons"),
    lessons_in: Path | None = typer.Option(None, "--lessons", help="fit these saved lessons"),
    keep: Path | None = typer.Option(None, help="save the lessons here (.npz)"),
    out: Path | None = typer.Option(None, help="where the weights go"),
) -> None:
    """Self-play, fit, and write the guide."""
    try:
        game = get_game(game_id)
        count = players or game.usual_players
        key, _, values = vary.partition("=")
        variants = [[*option, f"{key}={v}"] for v in values.split(",")] if vary else [option]
        options = [game.options(list(v)).to_json() for v in variants]
        for variant in options:
            game.validate(count, game.options(variant))
    except HiddenhandError as exc:
        console.print(f"[red]{exc}[/]")
        raise typer.Exit(2) from None
    if lessons_in is not None:
        lessons, source = load_lessons(lessons_in), str(lessons_in)
    else:
        try:
            lessons, played = teach(game.id, count, options, teacher, games, seed, jobs, minutes)
        except HiddenhandError as exc:
            console.print(f"[red]{exc}[/]")
            raise typer.Exit(1) from None
        source = f"{played} games of {teacher}"
    if keep is not None:
        save_lessons(lessons, keep)
    console.print(f"{len(lessons)} decisions from {source}")
    table = Table("epoch", "agreement", "policy loss", "value loss", "value error")

    def shown(epoch: int, judged: Fitted) -> None:
        table.add_row(
            str(epoch + 1),
            f"{judged.agreement:.1%}",
            f"{judged.policy_loss:.3f}",
            f"{judged.value_loss:.3f}",
            f"{judged.value_error:.3f}",
        )

    guide, _ = fit_guide(game.id, lessons, hidden=hidden, epochs=epochs, seed=seed, progress=shown)
    console.print(table)
    path = out or guide_path(game.id, count)
    guide.save(path)
    console.print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    app()
