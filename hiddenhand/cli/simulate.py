"""`hiddenhand simulate`: many seeded games between bots, with outcome counts and errors."""

from __future__ import annotations

import json
import time
import traceback
from collections import Counter
from pathlib import Path

import typer
from rich.table import Table

from hiddenhand.bots.match import play
from hiddenhand.cli.app import (
    GAME_HELP,
    IMPORT_HELP,
    console,
    fail,
    game_command,
    games_progress,
    load_bots,
    load_game,
    load_setup,
)


@game_command()
def simulate(
    game_id: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    players: int | None = typer.Option(None, "--players", "-p", help="seats at the table"),
    games: int = typer.Option(100, "--games", "-n", min=1, help="how many games"),
    seed: int = typer.Option(0, "--seed", "-s", help="game k uses seed S+k"),
    bots: str = typer.Option("random", "--bots", "-b", help="NAME for all seats or NAME,NAME,..."),
    option: list[str] = typer.Option([], "--option", "-o", help="key=value (repeatable)"),
    imports: list[str] = typer.Option([], "--import", help=IMPORT_HELP),
    save: Path | None = typer.Option(None, "--save", help="write each game's record here"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Play K seeded games between bots; report outcomes, mean length and errors."""
    game = load_game(game_id, imports)
    n, options = load_setup(game, players, option)
    load_bots(game, bots, n, options, seed)  # fail fast on a bad spec
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
    outcomes: Counter[str] = Counter()
    errors: list[str] = []
    total_actions = 0
    finished = 0
    started = time.perf_counter()
    with games_progress(f"{game.id} x{n}", hidden=as_json) as progress:
        task = progress.add_task("games", total=games)
        for k in range(games):
            game_seed = seed + k
            try:
                state = game.start(n, options, game_seed)
                result = play(state, load_bots(game, bots, n, options, game_seed))
            except Exception as exc:  # a rules bug: count it, keep going, report it
                errors.append(f"seed {game_seed}: {type(exc).__name__}: {exc}")
                if len(errors) == 1 and not as_json:
                    console.print(traceback.format_exc(), style="red", highlight=False)
            else:
                outcomes[result.outcome.side] += 1
                total_actions += result.steps
                finished += 1
                if save is not None:
                    (save / f"{game.id}-{game_seed}.json").write_bytes(
                        result.state.record().to_json()
                    )
            progress.advance(task)
    seconds = time.perf_counter() - started
    report = {
        "game": game.id,
        "players": n,
        "options": options.to_json(),
        "bots": bots,
        "games": games,
        "seed": seed,
        "outcomes": dict(sorted(outcomes.items())),
        "mean_actions": round(total_actions / finished, 2) if finished else 0.0,
        "errors": len(errors),
        "error_messages": errors[:20],
        "seconds": round(seconds, 3),
    }
    if as_json:
        print(json.dumps(report))
    else:
        table = Table(title=f"{game.title}: {games} games, {n} players, bots {bots}")
        table.add_column("outcome")
        table.add_column("games", justify="right")
        table.add_column("share", justify="right")
        for side, count in sorted(outcomes.items(), key=lambda kv: -kv[1]):
            table.add_row(side, str(count), f"{100 * count / games:.1f}%")
        console.print(table)
        console.print(
            f"mean actions per game: {report['mean_actions']}   errors: {len(errors)}   "
            f"time: {seconds:.2f}s"
        )
        for message in errors[:5]:
            console.print(f"[red]{message}[/]", highlight=False)
    if errors:
        raise typer.Exit(1)
    if games and not finished:
        fail("no game finished")
