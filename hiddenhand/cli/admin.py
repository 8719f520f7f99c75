"""`hiddenhand admin`: the operators' commands, run against the store (docs/operations.md).

They read and write the store a server serves, so they work while it runs: a ban ends the
account's sessions in the store at once, and the server closes its open pages within
`Limits.session_check_seconds`. Ending a table is the one act that needs the process playing
it: from here it is done only while no server serves the store (a running server's operators
end tables on its page, /admin). Every act is written to the audit log as the command line's.
"""

from __future__ import annotations

import datetime
import getpass
import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import typer
from rich.table import Table as RichTable

from hiddenhand.cli.app import app, console, fail
from hiddenhand.cli.serve import DEFAULT_STORE

if TYPE_CHECKING:
    from hiddenhand.server.operators import Operators
    from hiddenhand.server.storage import Storage

admin = typer.Typer(
    name="admin",
    help="Moderate a server's store: live tables, reports, bans, operators, the audit log.",
    no_args_is_help=True,
)
app.add_typer(admin, name="admin")

DB_HELP = "the store: sqlite:///FILE or postgresql://user@host:port/database"


def by() -> str:
    """Who acts, as the audit log names the command line."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "unknown user"
    return f"command line ({user})"


def when(seconds: float) -> str:
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")


@contextmanager
def store(db: str, imports: list[str] | None = None) -> Iterator[Storage]:
    """The store, opened (and upgraded) for one command; a refusal from it exits with its
    message."""
    from hiddenhand.server.errors import Refused
    from hiddenhand.server.storage import Storage

    for module in imports or []:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            fail(f"cannot import {module}: {exc}")
    try:
        storage = Storage(db)
    except Exception as exc:  # a bad URL or a database that cannot be reached
        fail(f"cannot open the store {db}: {exc}")
    try:
        yield storage
    except Refused as exc:
        fail(str(exc))
    finally:
        storage.close()


def operators(storage: Storage) -> Operators:
    from hiddenhand.server.moderation import Moderation
    from hiddenhand.server.operators import Operators
    from hiddenhand.server.sessions import Sessions

    return Operators(Moderation(storage), Sessions(storage, 0.0))


@admin.command("tables")
def tables(db: str = typer.Option(DEFAULT_STORE, "--db", help=DB_HELP)) -> None:
    """List the live tables (waiting for players or being played), oldest first."""
    import msgspec

    from hiddenhand.server.lobby import LIVE
    from hiddenhand.server.storage import tables_table

    with store(db) as storage, storage.engine.connect() as conn:
        rows = conn.execute(
            tables_table.select()
            .where(tables_table.c.status.in_(LIVE))
            .order_by(tables_table.c.created)
        ).all()
    out = RichTable("table", "game", "status", "created", "seats")
    for row in rows:
        seats = msgspec.json.decode(row.meta)["seats"]
        names = [s.get("name") or (f"bot {s['bot']}" if s.get("bot") else "free") for s in seats]
        out.add_row(row.id, row.game, row.status, when(row.created), ", ".join(names))
    console.print(out if rows else "no live tables")


@admin.command("show")
def show(
    table: str = typer.Argument(..., help="the table's id"),
    db: str = typer.Option(DEFAULT_STORE, "--db", help=DB_HELP),
    extra: list[str] = typer.Option([], "--import", help="a module that registers more games"),
) -> None:
    """Show a table as a spectator sees it (its seats, chat and public game view, as JSON)."""
    from hiddenhand.server.restore import restore_table

    with store(db, extra) as storage:
        stored = storage.load(table[:32])
        if stored is None:
            fail(f"there is no table {table[:40]!r}")
        try:
            shown = restore_table(stored, storage)
        except Exception as exc:
            fail(f"table {stored.id} cannot be read: {exc}")
        view: dict[str, Any] = shown.spectator_view()
        shown.close()
    console.print_json(data=view)


@admin.command("end")
def end(
    table: str = typer.Argument(..., help="the table's id"),
    reason: str = typer.Option("ended by an operator", "--reason", help="shown to its players"),
    db: str = typer.Option(DEFAULT_STORE, "--db", help=DB_HELP),
    extra: list[str] = typer.Option([], "--import", help="a module that registers more games"),
) -> None:
    """End a table while no server serves its store (a game ends unrated, an open one goes)."""
    from hiddenhand.server.lobby import Lobby
    from hiddenhand.server.operators import clean_reason
    from hiddenhand.server.ownership import StoreBusy, claim

    with store(db, extra) as storage:
        reason = clean_reason(reason)
        try:
            owned = claim(storage, 0.0)
        except StoreBusy:
            fail(
                "a server is serving this store and plays its tables: end the table on its "
                f"operators' page (/admin) or with POST /api/admin/tables/{table[:40]}/end"
            )
        lobby = Lobby(storage)
        try:
            found = lobby.get(table[:32])
            if found is None:
                fail(f"there is no table {table[:40]!r}")
            what = lobby.end(found, reason[:200])
            operators(storage).ended_table(by(), found.id, what, reason)
        finally:
            lobby.close()
            owned.release()
    console.print(f"ended {what} {found.id}: {reason}", highlight=False)


@admin.command("ban")
def ban(
    name: str = typer.Argument(..., help="the account's name"),
    reason: str = typer.Option(..., "--reason", help="why (kept in the audit log)"),
    db: str = typer.Option(DEFAULT_STORE, "--db", help=DB_HELP),
) -> None:
    """Ban an account: every session of it ends at once, and it cannot sign in."""
    with store(db) as storage:
        account, ended = operators(storage).ban(by(), name, reason)
    console.print(f"banned {account.name}; {ended} sessions ended", highlight=False)


@admin.command("unban")
def unban(
    name: str = typer.Argument(..., help="the account's name"),
    db: str = typer.Option(DEFAULT_STORE, "--db", help=DB_HELP),
) -> None:
    """Lift an account's ban: it may sign in again."""
    with store(db) as storage:
        account = operators(storage).unban(by(), name)
    console.print(f"unbanned {account.name}", highlight=False)


@admin.command("mute")
def mute(
    name: str = typer.Argument(..., help="the account's name"),
    reason: str = typer.Option(..., "--reason", help="why (kept in the audit log)"),
    db: str = typer.Option(DEFAULT_STORE, "--db", help=DB_HELP),
) -> None:
    """Mute an account's chat for everyone, at every table."""
    with store(db) as storage:
        account = operators(storage).mute(by(), name, reason)
    console.print(f"muted {account.name} for everyone", highlight=False)


@admin.command("unmute")
def unmute(
    name: str = typer.Argument(..., help="the account's name"),
    db: str = typer.Option(DEFAULT_STORE, "--db", help=DB_HELP),
) -> None:
    """Let a muted account chat again."""
    with store(db) as storage:
        account = operators(storage).unmute(by(), name)
    console.print(f"unmuted {account.name}", highlight=False)


@admin.command("make-operator")
def make_operator(
    name: str = typer.Argument(..., help="the account's name"),
    db: str = typer.Option(DEFAULT_STORE, "--db", help=DB_HELP),
) -> None:
    """Make an account an operator: it sees reports and may end tables, mute and ban."""
    with store(db) as storage:
        account = operators(storage).set_operator(by(), name, True)
    console.print(f"{account.name} is an operator", highlight=False)


@admin.command("remove-operator")
def remove_operator(
    name: str = typer.Argument(..., help="the account's name"),
    db: str = typer.Option(DEFAULT_STORE, "--db", help=DB_HELP),
) -> None:
    """Make an operator a player again."""
    with store(db) as storage:
        account = operators(storage).set_operator(by(), name, False)
    console.print(f"{account.name} is no longer an operator", highlight=False)


@admin.command("reports")
def reports(
    db: str = typer.Option(DEFAULT_STORE, "--db", help=DB_HELP),
    chat: bool = typer.Option(False, "--chat", help="print each report's chat lines too"),
) -> None:
    """List the reports of players, newest first."""
    from hiddenhand.server.moderation import Moderation

    with store(db) as storage:
        listed = Moderation(storage).reports()
    if not listed:
        console.print("no reports")
        return
    out = RichTable("#", "when", "reporter", "reported", "table", "reason")
    for r in listed:
        who = r["reported"] if r["account"] else f"{r['reported']} (a guest)"
        out.add_row(
            str(r["id"]), when(r["created"]), r["reporter"], who, r["table"] or "", r["reason"]
        )
    console.print(out)
    if chat:
        for r in listed:
            console.print(f"[bold]report {r['id']}[/]", highlight=False)
            for line in r["chat"]:
                console.print(f"  {line['name']}: {line['text']}", highlight=False, markup=False)


@admin.command("audit")
def audit(db: str = typer.Option(DEFAULT_STORE, "--db", help=DB_HELP)) -> None:
    """Show the audit log: every act of an operator, newest first."""
    from hiddenhand.server.moderation import Moderation

    with store(db) as storage:
        rows = Moderation(storage).audit_log()
    out = RichTable("when", "operator", "act", "target", "detail")
    for row in rows:
        out.add_row(when(row["at"]), row["operator"], row["act"], row["target"], row["detail"])
    console.print(out if rows else "the audit log is empty")
