"""`hiddenhand backup` and `hiddenhand restore`: a SQLite store copied while its server runs,
and brought back (docs/operations.md; PostgreSQL has its own tools)."""

from __future__ import annotations

from pathlib import Path

import typer

from hiddenhand.cli.app import app, console, fail
from hiddenhand.cli.serve import DEFAULT_STORE


@app.command()
def backup(
    out: Path = typer.Argument(..., help="the backup file to write"),
    db: str = typer.Option(DEFAULT_STORE, "--db", help="the store to back up: sqlite:///FILE"),
    force: bool = typer.Option(False, "--force", help="replace OUT if it exists"),
) -> None:
    """Copy a SQLite store to OUT, safely while a server runs on it (SQLite's online backup)."""
    from hiddenhand.server import backups

    try:
        copied = backups.backup(backups.sqlite_file(db), out, force=force)
    except backups.BackupError as exc:
        fail(str(exc))
    console.print(
        f"backed up {db} to {out}: {copied.tables} tables, {copied.actions} actions, "
        f"{copied.bytes} bytes",
        highlight=False,
    )


@app.command()
def restore(
    backup_file: Path = typer.Argument(..., metavar="BACKUP", help="a file `backup` wrote"),
    db: str = typer.Option(..., "--db", help="the store to restore into: sqlite:///FILE"),
    force: bool = typer.Option(False, "--force", help="replace the store's file if it exists"),
) -> None:
    """Make a SQLite store a copy of BACKUP; refused while a server serves that store. A server
    started on it then brings back every unfinished table as the backup holds it."""
    from hiddenhand.server import backups

    try:
        copied = backups.restore(backup_file, backups.sqlite_file(db), force=force)
    except backups.BackupError as exc:
        fail(str(exc))
    console.print(
        f"restored {backup_file} into {db}: {copied.tables} tables, {copied.actions} actions",
        highlight=False,
    )
