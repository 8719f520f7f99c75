"""The Typer application and what every command shares: reading games, options and bots."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from typer.core import TyperArgument, TyperCommand

from hiddenhand.bots.base import Bot, bot_names, make_bot
from hiddenhand.engine.errors import HiddenhandError
from hiddenhand.engine.game import Game, games, get_game, import_games
from hiddenhand.engine.options import Options
from hiddenhand.engine.seeding import bot_seed

app = typer.Typer(
    name="hiddenhand",
    help="Hidden-identity board games: play, simulate, benchmark, replay, serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
PIPED_WIDTH = 240
"""Columns of output that goes to a file or a pipe (unless COLUMNS says): Rich would otherwise
cut tables at 80 columns there, where nobody resizes a window to see the rest."""


def _console(stderr: bool = False) -> Console:
    out = Console(stderr=stderr)
    if not out.is_terminal and "COLUMNS" not in os.environ:
        out.width = PIPED_WIDTH
    return out


console = _console()
err_console = _console(stderr=True)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error a person understands and exit non-zero."""
    err_console.print(f"[bold red]error:[/] {message}", highlight=False)
    raise typer.Exit(code)


IMPORT_HELP = "a module that registers more games (repeatable); installed packages' games need none"
GAME_HELP = "the game's id"


class GameCommand(TyperCommand):
    """A command whose GAME argument's help lists the games registered when the help is shown,
    so that listing them loads no game at startup and names every installed one."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        for param in self.params:
            if param.name == "game_id" and isinstance(param, TyperArgument):
                known = ", ".join(games()) or "none"
                param.help = f"{GAME_HELP}: {known} (or one a module given to --import registers)"
        super().format_help(ctx, formatter)


def game_command(name: str | None = None, **kwargs: Any) -> Any:
    """`app.command` for a command that takes a GAME (its help lists the registered ones)."""
    return app.command(name, cls=GameCommand, **kwargs)


def load_game(game_id: str, imports: Sequence[str] = ()) -> Game:
    """The game of this id, once the modules of `--import` are imported; exits if unknown."""
    try:
        import_games(imports)
        return get_game(game_id)
    except HiddenhandError as exc:
        fail(str(exc))


def load_setup(game: Game, players: int | None, pairs: Sequence[str] | None) -> tuple[int, Options]:
    """Seat count and options for a game, checked together; exits with a message if wrong."""
    n = game.usual_players if players is None else players
    try:
        options = game.options(list(pairs or []))
        game.validate(n, options)
    except HiddenhandError as exc:
        fail(str(exc))
    return n, options


def load_bots(
    game: Game, spec: str, players: int, options: Options, seed: int, skip: int | None = None
) -> list[Bot]:
    """Bots from `NAME` (every seat) or `NAME,NAME,...` (one per seat) for a table of `players`
    with `options`; `skip` is a human seat."""
    names = [s.strip() for s in spec.split(",") if s.strip()]
    if not names:
        fail(f"--bots needs at least one bot; bots are: {', '.join(bot_names(game))}")
    if len(names) == 1:
        names = names * players
    elif len(names) != players and not (skip is not None and len(names) == players - 1):
        fail(f"--bots takes one bot for every seat or one per seat ({players}), not {len(names)}")
    if skip is not None and len(names) == players - 1:
        names.insert(skip, names[0])
    try:
        table = (players, options)
        return [
            make_bot(game, names[seat], seat, bot_seed(seed, seat), table)
            for seat in range(players)
        ]
    except HiddenhandError as exc:
        fail(str(exc))


def games_progress(label: str, out: Console | None = None, hidden: bool = False) -> Progress:
    """The progress bar of every command that plays many games."""
    return Progress(
        TextColumn(f"[bold]{label}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=out or console,
        disable=hidden,
        transient=True,
    )
