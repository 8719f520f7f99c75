"""Backing up a SQLite store while a server runs on it, and restoring one.

Both use SQLite's online backup API (`sqlite3.Connection.backup`): it copies the database page
by page through SQLite itself, so a backup is one consistent moment of the store, even while a
server writes (in WAL mode the server's writes go on meanwhile; the copy is of the moment it
began), and a restore replaces a store's content in one transaction, through its own journal.
A PostgreSQL store is backed up with PostgreSQL's tools (docs/operations.md).

A restore never happens under a running server: it takes the store's lock as a server does
(`ownership`), and is refused while a server holds it; it replaces an existing file only when
asked to (`force`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from hiddenhand.server.ownership import hold_sqlite_file, lock_path_of


class BackupError(Exception):
    """What a backup or restore refuses to do, said so a person understands."""


@dataclass(frozen=True)
class Copied:
    """What a backup or restore copied."""

    tables: int
    actions: int
    bytes: int


def sqlite_file(url: str) -> Path:
    """The file of a `sqlite:///FILE` store URL; BackupError for anything else."""
    if url.startswith(("postgresql", "postgres")):
        raise BackupError(
            "a PostgreSQL store is backed up with pg_dump and restored with pg_restore (see "
            "docs/operations.md); this command copies SQLite stores"
        )
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise BackupError(f"{url!r} is not a store URL; give sqlite:///FILE") from None
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:":
        raise BackupError(f"{url!r} is not a SQLite file; give sqlite:///FILE")
    return Path(database)


def backup(source: Path, out: Path, *, force: bool = False) -> Copied:
    """Copy the store `source` to the new file `out` (replacing one only if `force`), safely
    while a server runs on it. The copy is written beside `out` and renamed into place once
    it is whole and checked, so `out` is never half a store."""
    if not source.is_file():
        raise BackupError(f"there is no store at {source}")
    if out.exists() and not force:
        raise BackupError(f"{out} exists; give --force to replace it")
    if out.exists() and out.resolve() == source.resolve():
        raise BackupError("the backup cannot be the store itself")
    partial = out.with_name(f".{out.name}.{os.getpid()}.partial")
    try:
        with contextlib.closing(_read_only(source)) as src:
            _check_store(src, source)
            with contextlib.closing(sqlite3.connect(partial)) as dst:
                src.backup(dst)
                dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
                copied = _check_copy(dst, partial)
        os.replace(partial, out)
    finally:
        partial.unlink(missing_ok=True)
    return copied


def restore(backup_file: Path, target: Path, *, force: bool = False) -> Copied:
    """Make the store `target` a copy of `backup_file`: refused while a server holds `target`,
    and when `target` exists unless `force`. No server can start on it until this is done."""
    if not backup_file.is_file():
        raise BackupError(f"there is no backup at {backup_file}")
    if target.exists() and target.resolve() == backup_file.resolve():
        raise BackupError("the backup and the store are the same file")
    with contextlib.closing(_read_only(backup_file)) as src:
        _check_store(src, backup_file)
        held = hold_sqlite_file(target)
        if held is None:
            owner = ""
            with contextlib.suppress(OSError):
                owner = f" ({lock_path_of(target).read_text().strip()})"
            raise BackupError(
                f"a hiddenhand server{owner} is serving {target}; stop it before restoring"
            )
        try:
            if target.exists() and not force:
                raise BackupError(f"{target} exists; give --force to replace it with the backup")
            with contextlib.closing(sqlite3.connect(target)) as dst:
                src.backup(dst)
                return _check_copy(dst, target)
        finally:
            held.release()


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)


def _check_store(conn: sqlite3.Connection, path: Path) -> None:
    try:
        found = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'hh_tables'"
        ).fetchone()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a SQLite database ({exc})") from None
    if found is None:
        raise BackupError(f"{path} is not a hiddenhand store (it has no tables of one)")


def _check_copy(conn: sqlite3.Connection, path: Path) -> Copied:
    verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
    if verdict != "ok":
        raise BackupError(f"the copy at {path} does not check out: {verdict}")
    tables = conn.execute("SELECT count(*) FROM hh_tables").fetchone()[0]
    actions = conn.execute("SELECT count(*) FROM hh_actions").fetchone()[0]
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    return Copied(tables, actions, pages * size)
