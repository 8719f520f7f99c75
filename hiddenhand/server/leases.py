"""Which process owns which table: one lease row per table in PostgreSQL, with an expiry.

Several server processes share one store. Each live table is played by exactly one of them, its
owner, which holds the table's lease and renews all its leases every `ttl / 3` seconds. A process
that dies stops renewing; once its leases have expired, any other process may take its tables
over (`acquire` succeeds on an expired lease) and replay them from their records.

Times are the database's own clock, so the processes' clocks need not agree. A process that
stalls past its leases and wakes up cannot corrupt a table: every action is written at its index
under the primary key (table, index), so the stale owner's next write fails and it lets go.
"""

from __future__ import annotations

import os
import secrets
import socket

from sqlalchemy import Engine, text

ACQUIRE = text(
    """
    INSERT INTO hh_leases (table_id, owner, expires)
    VALUES (:table, :me, clock_timestamp() + make_interval(secs => :ttl))
    ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, expires = EXCLUDED.expires
    WHERE hh_leases.owner = EXCLUDED.owner OR hh_leases.expires < clock_timestamp()
    RETURNING owner
    """
)
OWNER = text("SELECT owner FROM hh_leases WHERE table_id = :table AND expires >= clock_timestamp()")
RENEW = text(
    """
    UPDATE hh_leases SET expires = clock_timestamp() + make_interval(secs => :ttl)
    WHERE owner = :me AND expires >= clock_timestamp()
    RETURNING table_id
    """
)
RELEASE = text("DELETE FROM hh_leases WHERE table_id = :table AND owner = :me")
RELEASE_ALL = text("DELETE FROM hh_leases WHERE owner = :me")
ORPHANS = text(
    """
    SELECT t.id FROM hh_tables t
    LEFT JOIN hh_leases l ON l.table_id = t.id AND l.expires >= clock_timestamp()
    WHERE t.status != 'over' AND l.table_id IS NULL
    ORDER BY random() LIMIT :limit
    """
)


def process_name() -> str:
    """A name no other process shares, now or later: host, pid and a random part (a pid is
    reused after a restart; the lease must not be)."""
    return f"{socket.gethostname()[:48]}:{os.getpid()}:{secrets.token_hex(4)}"


class Leases:
    """The leases of one process (`me`), each lasting `ttl` seconds from its last renewal."""

    def __init__(self, engine: Engine, me: str, ttl: float) -> None:
        if engine.dialect.name != "postgresql":
            raise ValueError("table leases need PostgreSQL")
        self.engine = engine
        self.me = me
        self.ttl = ttl

    def acquire(self, table_id: str) -> bool:
        """Own `table_id` from now on, unless another process holds an unexpired lease on it."""
        with self.engine.begin() as conn:
            row = conn.execute(ACQUIRE, {"table": table_id, "me": self.me, "ttl": self.ttl})
            return row.first() is not None

    def owner_of(self, table_id: str) -> str | None:
        """The process holding an unexpired lease on `table_id`, if any."""
        with self.engine.connect() as conn:
            return conn.execute(OWNER, {"table": table_id}).scalar()

    def renew(self) -> set[str]:
        """Extend every lease still held; returns the tables this process still owns (a lease
        that expired before its renewal is lost: another process may hold it by now)."""
        with self.engine.begin() as conn:
            rows = conn.execute(RENEW, {"me": self.me, "ttl": self.ttl})
            return {row.table_id for row in rows}

    def release(self, table_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(RELEASE, {"table": table_id, "me": self.me})

    def release_all(self) -> None:
        with self.engine.begin() as conn:
            conn.execute(RELEASE_ALL, {"me": self.me})

    def orphans(self, limit: int) -> list[str]:
        """Up to `limit` live tables nobody owns (never claimed, or their owner died), in a
        random order so that processes taking over at once spread them out."""
        with self.engine.connect() as conn:
            return [row.id for row in conn.execute(ORPHANS, {"limit": limit})]
