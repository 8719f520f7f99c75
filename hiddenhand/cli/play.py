"""`hiddenhand play`: a person plays one seat in the terminal against bots."""

from __future__ import annotations

import secrets

import typer

from hiddenhand.bots.registry import default_bot
from hiddenhand.cli.app import (
    GAME_HELP,
    IMPORT_HELP,
    console,
    fail,
    game_command,
    load_bots,
    load_game,
    load_setup,
)
from hiddenhand.engine.errors import HiddenhandError
from hiddenhand.tui.session import play_in_terminal


@game_command()
def play(
    game_id: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    players: int | None = typer.Option(
        None, "--players", "-p", help="seats at the table (default: the game's usual count)"
    ),
    seat: int = typer.Option(0, "--seat", help="your seat, from 0"),
    bots: str | None = typer.Option(
        None, "--bots", "-b", help="NAME or NAME,NAME,... for the others (default: heuristic)"
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="key=value (repeatable)"),
    imports: list[str] = typer.Option([], "--import", help=IMPORT_HELP),
    seed: int | None = typer.Option(None, "--seed", help="seed (random if not given)"),
    name: str | None = typer.Option(None, "--name", help="your name at the table"),
) -> None:
    """Play one seat in the terminal; bots take the others."""
    game = load_game(game_id, imports)
    n, options = load_setup(game, players, option)
    if not 0 <= seat < n:
        fail(f"--seat must be from 0 to {n - 1}")
    game_seed = secrets.randbits(128) if seed is None else seed
    spec = bots or default_bot(game.id)
    seats = load_bots(game, spec, n, options, game_seed, skip=seat)
    names = list(game.start(n, options, game_seed).players)
    if name:
        names[seat] = name
    try:
        state = game.start(names, options, game_seed)
    except HiddenhandError as exc:
        fail(str(exc))
    console.print(f"[dim]{game.title}[/]")
    play_in_terminal(state, seat, seats, console)
    # The seed deals every secret of the game, so it is told only once the game is over.
    console.print(f"[dim]seed {game_seed}: --seed {game_seed} plays this deal again[/]")
