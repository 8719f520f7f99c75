"""`hiddenhand replay`: a saved game as one seat (or a spectator) saw it."""

from __future__ import annotations

from pathlib import Path

import typer

from hiddenhand.cli.app import IMPORT_HELP, app, console, fail
from hiddenhand.engine.errors import HiddenhandError
from hiddenhand.engine.game import import_games
from hiddenhand.engine.record import Record
from hiddenhand.tui.screen import outcome_panel, view_panel


@app.command()
def replay(
    record_path: Path = typer.Argument(..., metavar="RECORD", help="a record saved as JSON"),
    seat: int | None = typer.Option(None, "--seat", help="whose eyes; a spectator if omitted"),
    imports: list[str] = typer.Option([], "--import", help=IMPORT_HELP),
) -> None:
    """Replay a record and print the game as that seat (or a spectator) saw it."""
    try:
        import_games(imports)
        record = Record.from_json(record_path.read_bytes())
    except OSError as exc:
        fail(f"cannot read {record_path}: {exc.strerror}")
    except HiddenhandError as exc:
        fail(str(exc))
    if seat is not None and not 0 <= seat < len(record.players):
        fail(f"--seat must be from 0 to {len(record.players) - 1}")
    names = record.players
    who = "a spectator" if seat is None else names[seat]
    console.rule(f"{record.game}, seed {record.seed}, as {who}")
    try:
        state = record.start()
        number = 0
        for _, _, events in record.apply_to(state):
            for event in events:
                if event.visible_to(seat):
                    number += 1
                    style = "" if event.public else "magenta"
                    console.print(
                        f"{number:4d}. {event.describe(names)}", style=style, highlight=False
                    )
    except HiddenhandError as exc:
        fail(str(exc))
    console.print(view_panel(state.game, state.view(seat), names, f"the end, as {who}"))
    outcome = state.outcome()
    if outcome is None:
        console.print("[yellow]the record stops before the game ends[/]")
    else:
        console.print(outcome_panel(outcome, names, seat))
