"""Where tables live between restarts: SQLAlchemy over a SQLite file or PostgreSQL.

A table is one row of settings (JSON) plus its accepted actions, one row each, appended in
order. Every write is committed before the table tells anyone about it, so replaying the rows
brings back every unfinished table exactly. Actions are written in groups off the event loop
(`action_log`), and so are a table's settings when a person changes only their preferences
(`save_table_soon`); everything else is a short synchronous write. Accounts, their ratings,
their game results and their sign-in sessions live beside the tables. The schema is Alembic's
(`hiddenhand.server.migrations`): opening a store upgrades it in place, unless told not to, and
a schema this version cannot serve is refused (`migrate.prepare`).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

import msgspec
import psycopg
from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    exc,
    select,
    update,
)
from sqlalchemy.dialects import sqlite

from hiddenhand.server.action_log import ActionLog, Row
from hiddenhand.server.migrate import prepare

DEFAULT_URL = "sqlite:///hiddenhand.db"

metadata = MetaData()

tables_table = Table(
    "hh_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("meta", Text, nullable=False),
)

actions_table = Table(
    "hh_actions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", Integer, nullable=False),
    Column("mark", String(16), nullable=True),
)

chat_table = Table(
    "hh_chat",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True, autoincrement=False),
    Column("body", Text, nullable=False),
)

accounts_table = Table(
    "hh_accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(32), nullable=False, unique=True),
    Column("password_hash", String(255), nullable=False),
    Column("created", Float, nullable=False),
    Column("role", String(16), nullable=False, server_default="player"),
    Column("banned", Float, nullable=True),
    Column("muted", Float, nullable=True),
)
"""`role` is "player" or "operator"; `banned` and `muted` (chat, for everyone) say since when,
or are NULL (`moderation`)."""

secrets_table = Table(
    "hh_secrets",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(255), nullable=False),
)

sessions_table = Table(
    "hh_sessions",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("hh_accounts.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("agent", String(200), nullable=False),
    Column("address", String(64), nullable=False),
)
"""One row per sign-in: `id` is the SHA-256 of the session's cookie (`sessions`)."""

ratings_table = Table(
    "hh_ratings",
    metadata,
    Column("account_id", Integer, ForeignKey("hh_accounts.id"), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
)

results_table = Table(
    "hh_results",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("account_id", Integer, ForeignKey("hh_accounts.id"), primary_key=True, index=True),
    Column("game", String(64), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("role", String(32), nullable=True),
    Column("result", String(8), nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("mu_before", Float, nullable=True),
    Column("sigma_before", Float, nullable=True),
    Column("mu_after", Float, nullable=True),
    Column("sigma_after", Float, nullable=True),
    Column("finished", Float, nullable=False),
)

relations_table = Table(
    "hh_relations",
    metadata,
    Column("account_id", Integer, ForeignKey("hh_accounts.id"), primary_key=True),
    Column("other_id", Integer, ForeignKey("hh_accounts.id"), primary_key=True, index=True),
    Column("kind", String(8), primary_key=True),
    Column("created", Float, nullable=False),
)
"""What one account chose about another: "mute" (its chat hidden) or "block" (also never
seated together)."""

reports_table = Table(
    "hh_reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("created", Float, nullable=False, index=True),
    Column("reporter_id", Integer, ForeignKey("hh_accounts.id"), nullable=False),
    Column("reported_id", Integer, ForeignKey("hh_accounts.id"), nullable=True, index=True),
    Column("reported_guest", String(64), nullable=True),
    Column("reported_name", String(64), nullable=False),
    Column("reason", Text, nullable=False),
    Column("table_id", String(32), nullable=True),
    Column("chat", Text, nullable=False),
    Column("view", Text, nullable=False),
)
"""A report of a player: the table's chat and its spectator view (JSON) as they were."""

audit_table = Table(
    "hh_audit",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", Float, nullable=False, index=True),
    Column("operator", String(64), nullable=False),
    Column("act", String(32), nullable=False),
    Column("target", String(64), nullable=False),
    Column("detail", Text, nullable=False),
)
"""Every act of an operator, from a page or the command line."""


INSERT_ACTION = actions_table.insert()
"""Built once: the statement every action is written with (its compiled form is cached)."""


INSERT_NEW_ACTIONS_SQLITE = (
    sqlite.insert(actions_table)
    .on_conflict_do_nothing()
    .returning(actions_table.c.table_id, actions_table.c.idx)
)
"""Actions whose (table, index) is not taken yet; the rows written come back."""


INSERT_NEW_ACTIONS_PG = """
INSERT INTO hh_actions (table_id, idx, seat, action, mark)
SELECT * FROM unnest(%s::text[], %s::int[], %s::int[], %s::int[], %s::text[])
ON CONFLICT DO NOTHING RETURNING table_id, idx
"""
"""The same on PostgreSQL: a group of any size is one statement of the same text, its columns
as arrays, parsed and planned once per connection rather than once per group size."""


def action_columns(rows: list[Row]) -> list[list[Any]]:
    """A group's rows as the five arrays `INSERT_NEW_ACTIONS_PG` takes."""
    return [list(column) for column in zip(*rows, strict=False)][:5]


def refused_tables(rows: list[Row], written: set[tuple[str, int]]) -> set[str]:
    """The tables with a row that is not among those `written`."""
    return {r.table_id for r in rows if (r.table_id, r.idx) not in written}


def engine_url(url: str) -> str:
    """`postgresql://` means PostgreSQL through psycopg 3; anything else is passed on."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


@dataclass
class StoredTable:
    """One table as stored: its settings and everything that happened at it."""

    id: str
    game: str
    status: str
    created: float
    meta: dict[str, Any]
    actions: list[tuple[int, int, str | None]] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)


class Storage:
    """The store every table writes through. Calls are short and synchronous on purpose:
    a write must be committed before the caller publishes anything."""

    def __init__(self, url: str = DEFAULT_URL, *, migrate: bool = True) -> None:
        """Raises `migrate.SchemaError` if this version cannot serve the store's schema (one
        behind it is migrated first, unless `migrate` is false)."""
        self.url = url
        # a store error in a log says which statement failed, never the values (an action id
        # may be a hidden choice)
        self.engine: Engine = create_engine(engine_url(url), hide_parameters=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        elif self.engine.dialect.name == "postgresql":
            event.listen(self.engine, "connect", _postgres_settings)
        self.single: Engine = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        """For a write of one statement: one round trip to the database, no BEGIN or COMMIT."""
        try:
            prepare(self.engine, migrate=migrate)
        except Exception:
            self.engine.dispose()
            raise
        self.actions = ActionLog(self)
        """The actions of every table, written in groups off the event loop."""
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="hh-actions")
        self._settings_lock = threading.Lock()
        self._settings_soon: dict[str, object] = {}
        """The settings of a table waiting to be written by the writer's thread, by a token:
        a write of the same table's settings since (here, or queued later) takes it away."""
        self._async: psycopg.AsyncConnection[Any] | None = None

    def close(self) -> None:
        self.actions.close()
        if self._async is not None:
            self._async.pgconn.finish()  # no event loop is needed to hang up
            self._async = None
        self._writer.shutdown()
        self.engine.dispose()

    async def write_actions(self, rows: list[Row]) -> set[str]:
        """`append_actions` without holding up the event loop: on PostgreSQL through an asyncio
        connection of its own, on SQLite (and for the last action of a game, written with its
        results through SQLAlchemy) by a thread."""
        if self.engine.dialect.name != "postgresql" or any(r.ending or r.taken_back for r in rows):
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._writer, self.append_actions, rows)
        try:
            conn = await self._async_connection()
            cursor = await conn.execute(INSERT_NEW_ACTIONS_PG, action_columns(rows), prepare=True)
            written = {(t, i) for t, i in await cursor.fetchall()}
        except Exception:
            await self._hang_up()
            raise
        return refused_tables(rows, written)

    async def _async_connection(self) -> psycopg.AsyncConnection[Any]:
        if self._async is None or self._async.closed:
            url = self.engine.url.set(drivername="postgresql")
            conninfo = url.render_as_string(hide_password=False)
            conn = await psycopg.AsyncConnection.connect(conninfo, autocommit=True)
            await conn.execute("SET synchronous_commit = off")  # as `_postgres_settings` says
            self._async = conn
        return self._async

    async def _hang_up(self) -> None:
        conn, self._async = self._async, None
        if conn is not None:
            with suppress(Exception):
                await conn.close()

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    def save_table(self, table: StoredTable) -> None:
        """Insert or update a table's settings row (a write still waiting in `save_table_soon`
        is older: it is dropped)."""
        with self._settings_lock:
            self._settings_soon.pop(table.id, None)
            self._write_table(table)

    async def save_table_soon(self, table: StoredTable) -> None:
        """`save_table` by the writer's thread, so the event loop does not wait for the store
        (one at a time for a table). A `save_table` of the same table in the meantime wrote
        newer settings already: this one is then dropped."""
        token = object()
        self._settings_soon[table.id] = token
        try:
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(self._writer, self._write_table_if_latest, table, token)
        finally:
            if self._settings_soon.get(table.id) is token:
                del self._settings_soon[table.id]

    def _write_table_if_latest(self, table: StoredTable, token: object) -> None:
        with self._settings_lock:
            if self._settings_soon.get(table.id) is token:
                self._write_table(table)

    def _write_table(self, table: StoredTable) -> None:
        meta = msgspec.json.encode(table.meta).decode()
        with self._tx() as conn:
            changed = conn.execute(
                update(tables_table)
                .where(tables_table.c.id == table.id)
                .values(status=table.status, meta=meta)
            ).rowcount
            if not changed:
                conn.execute(
                    tables_table.insert().values(
                        id=table.id,
                        game=table.game,
                        status=table.status,
                        created=table.created or time.time(),
                        meta=meta,
                    )
                )

    def append_action(
        self, table_id: str, index: int, seat: int, action: int, mark: str | None = None
    ) -> None:
        with self.single.connect() as conn:
            conn.execute(
                INSERT_ACTION,
                {"table_id": table_id, "idx": index, "seat": seat, "action": action, "mark": mark},
            )

    def append_actions(self, rows: list[Row]) -> set[str]:
        """Write a group of actions (on the writer's thread): the plain ones in one statement,
        each game's last one in a transaction with its table's status and results. Returns the
        tables with an action that was not written (its index is taken: another process plays
        that table now); raises, having maybe written some, if the store fails."""
        refused: set[str] = set()
        plain: list[Row] = []
        for row in rows:  # in order: an action taken back is deleted before its index is reused
            if row.taken_back:
                if plain:
                    refused |= refused_tables(plain, self._insert_new_actions(plain))
                    plain = []
                if row.table_id not in refused and not self._delete_action(row):
                    refused.add(row.table_id)
            elif row.ending is None:
                plain.append(row)
        if plain:
            refused |= refused_tables(plain, self._insert_new_actions(plain))
        for row in rows:
            if row.ending is None or row.table_id in refused:
                continue
            try:
                self.append_action_and_status(
                    row.table_id, row.idx, row.seat, row.action, row.mark, *row.ending
                )
            except exc.IntegrityError:
                refused.add(row.table_id)
        return refused

    def _delete_action(self, row: Row) -> bool:
        """Delete an action its seat took back; False if the store does not hold it as it was
        (another process plays the table now)."""
        with self._tx() as conn:
            deleted = conn.execute(
                delete(actions_table).where(
                    actions_table.c.table_id == row.table_id,
                    actions_table.c.idx == row.idx,
                    actions_table.c.seat == row.seat,
                    actions_table.c.action == row.action,
                )
            )
            return bool(deleted.rowcount)

    def _insert_new_actions(self, rows: list[Row]) -> set[tuple[str, int]]:
        if self.engine.dialect.name == "postgresql":
            with self.single.connect() as conn:
                cursor = conn.connection.driver_connection.execute(  # type: ignore[union-attr]
                    INSERT_NEW_ACTIONS_PG, action_columns(rows), prepare=True
                )
                return {(t, i) for t, i in cursor.fetchall()}
        params = [
            {
                "table_id": r.table_id,
                "idx": r.idx,
                "seat": r.seat,
                "action": r.action,
                "mark": r.mark,
            }
            for r in rows
        ]
        with self.single.connect() as conn:
            return {(t, i) for t, i in conn.execute(INSERT_NEW_ACTIONS_SQLITE, params)}

    def append_action_and_status(
        self,
        table_id: str,
        index: int,
        seat: int,
        action: int,
        mark: str | None,
        status: str,
        also: Callable[[Connection], None] | None = None,
    ) -> None:
        """The last action of a game and the table's new status, in one transaction, with
        whatever `also` writes (the game's results)."""
        with self._tx() as conn:
            conn.execute(
                INSERT_ACTION,
                {"table_id": table_id, "idx": index, "seat": seat, "action": action, "mark": mark},
            )
            conn.execute(
                update(tables_table).where(tables_table.c.id == table_id).values(status=status)
            )
            if also is not None:
                also(conn)

    def append_chat(self, table_id: str, index: int, body: dict[str, Any]) -> None:
        with self._tx() as conn:
            conn.execute(
                chat_table.insert().values(
                    table_id=table_id, idx=index, body=msgspec.json.encode(body).decode()
                )
            )

    def delete_table(self, table_id: str) -> None:
        """Forget a table that never started (it expired): its row and its chat."""
        with self._settings_lock, self._tx() as conn:
            self._settings_soon.pop(table_id, None)
            conn.execute(delete(chat_table).where(chat_table.c.table_id == table_id))
            conn.execute(delete(actions_table).where(actions_table.c.table_id == table_id))
            conn.execute(delete(tables_table).where(tables_table.c.id == table_id))

    def load(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(tables_table).where(tables_table.c.id == table_id)
            ).one_or_none()
            if row is None:
                return None
            return self._complete(conn, row)

    def load_unfinished(self) -> list[StoredTable]:
        """Every table that is waiting for players or being played, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(tables_table)
                .where(tables_table.c.status != "over")
                .order_by(tables_table.c.created)
            ).all()
            return [self._complete(conn, row) for row in rows]

    def _complete(self, conn: Connection, row: Any) -> StoredTable:
        actions = conn.execute(
            select(actions_table.c.seat, actions_table.c.action, actions_table.c.mark)
            .where(actions_table.c.table_id == row.id)
            .order_by(actions_table.c.idx)
        ).all()
        chat = conn.execute(
            select(chat_table.c.body)
            .where(chat_table.c.table_id == row.id)
            .order_by(chat_table.c.idx)
        ).all()
        return StoredTable(
            id=row.id,
            game=row.game,
            status=row.status,
            created=row.created,
            meta=msgspec.json.decode(row.meta),
            actions=[(a.seat, a.action, a.mark) for a in actions],
            chat=[msgspec.json.decode(c.body) for c in chat],
        )


def _postgres_settings(dbapi_conn: Any, _record: Any) -> None:
    """A commit returns once PostgreSQL has it, before its log is flushed to disk: as with
    SQLite's WAL below, it survives the death of any server process (the others read it at
    once), and a power cut of the database's machine may lose its last moments. Waiting for
    the disk would hold up every group of actions, and the players waiting to see them."""
    cursor = dbapi_conn.cursor()
    cursor.execute("SET synchronous_commit = off")
    cursor.close()
    dbapi_conn.commit()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL: a committed write survives the process being killed, and readers never block."""
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
