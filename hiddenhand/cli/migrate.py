"""`hiddenhand migrate`: bring a store's schema up to this version's before its processes serve
(docs/operations.md, upgrades)."""

from __future__ import annotations

import typer

from hiddenhand.cli.app import app, console, fail
from hiddenhand.cli.serve import DEFAULT_STORE


@app.command()
def migrate(
    db: str = typer.Option(
        DEFAULT_STORE, "--db", help="sqlite:///FILE or postgresql://user@host:port/database"
    ),
    check: bool = typer.Option(
        False, "--check", help="change nothing: exit 0 if the store is up to date, 1 if not"
    ),
) -> None:
    """Apply the migrations this version brings to the store, under a lock (safe while older
    processes serve it: a migration only adds). Exit code 2: a schema this version does not know."""
    from sqlalchemy import create_engine

    from hiddenhand.server.migrate import SchemaError, current, head, known, prepare
    from hiddenhand.server.storage import engine_url

    try:
        engine = create_engine(engine_url(db), hide_parameters=True)
        before = current(engine)
    except Exception as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        fail(f"cannot open the store {db}: {reason}")
    try:
        if check:
            if before is not None and before not in known():
                prepare(engine, migrate=False)  # says why, as a server would
            up_to_date = before == head()
            console.print(
                f"{db}: schema at {before or 'none'}, this version's is {head()}"
                + ("" if up_to_date else ": run `hiddenhand migrate` before serving"),
                highlight=False,
            )
            raise typer.Exit(0 if up_to_date else 1)
        prepare(engine, migrate=True)
        after = current(engine)
    except SchemaError as exc:
        fail(str(exc))
    finally:
        engine.dispose()
    if after == before:
        console.print(f"{db}: schema already at {after}", highlight=False)
    else:
        console.print(f"{db}: schema migrated from {before or 'none'} to {after}", highlight=False)
