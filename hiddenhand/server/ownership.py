"""One server owns a store: a second one on the same store refuses to start.

Two processes applying actions to the same tables would write conflicting records, so until
tables can be shared out, the server holds a lock for as long as it runs:

- SQLite: an exclusive `flock` on a file beside the database (`<database>.owner`), which names
  the owning process. The kernel lets go of it when the process ends, even on kill -9.
- PostgreSQL: a session advisory lock keyed by the schema the tables live in, held on a
  connection of its own. The database lets go of it when that connection closes.

Both are released by the owner's death, so a crashed server never blocks its successor. The
processes of a cluster (`--redis`) hold the PostgreSQL lock shared, and split the tables by
leases (`leases`); a lone server and a cluster keep each other out.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import socket
import time
from pathlib import Path

from sqlalchemy import Connection, text
from sqlalchemy.engine import make_url

from hiddenhand.server.storage import Storage

LOCK_CLASS = 0x6868
"""The first key of the PostgreSQL advisory lock ("hh"); the second is the schema's hash."""


class StoreBusy(Exception):
    """Another server owns this store; the message says which and what to do."""


class Ownership:
    """The lock a running server holds on its store; `release` lets go of it."""

    def __init__(self, file: int | None = None, conn: Connection | None = None) -> None:
        self._file = file
        self._conn = conn

    def release(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._file, fcntl.LOCK_UN)
                os.close(self._file)
            self._file = None
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None


def claim(storage: Storage, wait: float = 5.0, *, shared: bool = False) -> Ownership:
    """Take the store for this process, waiting up to `wait` seconds for a previous owner to let
    go (a server being restarted); raises StoreBusy if another one still holds it.

    `shared`: this process is one of a cluster sharing a PostgreSQL store, each table leased to
    one of them (`leases`); the processes of a cluster hold the lock together, and a server
    that is not one of them is kept out (and keeps them out)."""
    dialect = storage.engine.dialect.name
    deadline = time.monotonic() + wait
    while True:
        if dialect == "sqlite":
            owned = _claim_sqlite(storage)
        elif dialect == "postgresql":
            owned = _claim_postgres(storage, shared)
        else:
            return Ownership()
        if owned is not None:
            return owned
        if time.monotonic() >= deadline:
            raise StoreBusy(_busy_message(storage, shared))
        time.sleep(0.2)


def lock_path(storage: Storage) -> Path | None:
    """The lock file of a SQLite store; None for an in-memory database (nobody can share it)."""
    database = make_url(storage.engine.url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return lock_path_of(database)


def lock_path_of(database: str | os.PathLike[str]) -> Path:
    """The lock file of the SQLite database file `database`."""
    real = Path(os.path.realpath(database))
    return real.with_name(real.name + ".owner")


def hold_sqlite_file(database: str | os.PathLike[str]) -> Ownership | None:
    """Take a SQLite store's lock as a server does, at once, or None if a server holds it:
    what replaces a store's file (`hiddenhand restore`) keeps servers off it meanwhile."""
    return _flock(lock_path_of(database))


def _claim_sqlite(storage: Storage) -> Ownership | None:
    path = lock_path(storage)
    if path is None:
        return Ownership()
    return _flock(path)


def _flock(path: Path) -> Ownership | None:
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    os.ftruncate(fd, 0)
    os.write(fd, f"pid {os.getpid()} on {socket.gethostname()}\n".encode())
    return Ownership(file=fd)


def _claim_postgres(storage: Storage, shared: bool) -> Ownership | None:
    conn = storage.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
    lock = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
    try:
        got = conn.execute(
            text(f"SELECT {lock}(:cls, hashtext(current_schema()))"),
            {"cls": LOCK_CLASS},
        ).scalar()
    except Exception:
        conn.close()
        raise
    if got:
        return Ownership(conn=conn)
    conn.close()
    return None


def _busy_message(storage: Storage, shared: bool = False) -> str:
    owner = ""
    path = lock_path(storage) if storage.engine.dialect.name == "sqlite" else None
    if path is not None:
        with contextlib.suppress(OSError):
            owner = f" ({path.read_text().strip()})"
    if shared:
        return (
            "a single-process hiddenhand server is serving this store; stop it, then start "
            "every process with --redis"
        )
    return (
        f"another hiddenhand server{owner} is serving this store; stop it first, "
        "give this one a store of its own with --db, or run them all with --redis"
    )
