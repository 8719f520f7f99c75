"""Actions written in groups, off the event loop.

Every accepted action is queued here; whatever is queued is written as one group, in one
statement (`Storage.write_actions`: on the event loop through psycopg's asyncio connection on
PostgreSQL, by a thread on SQLite), and the next group waits until that one is committed. The
event loop never waits for the database, and a busy process writes many actions per round trip.

A table tells nobody of an action before it is committed: it asks `then` to run its publish
once none of its actions is waiting, and each group's answer runs those callbacks.
An action the store refuses (its index was written by another process) or that fails with the
whole group makes its table fail over to what the store holds (`on_failed`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from sqlalchemy import Connection

from hiddenhand.server.metrics import NO_METRICS, Metrics

if TYPE_CHECKING:
    from hiddenhand.server.storage import Storage

log = logging.getLogger("hiddenhand.server")


class Ending(NamedTuple):
    """What the last action of a game is written with, in its own transaction."""

    status: str
    also: Callable[[Connection], None] | None


class Row(NamedTuple):
    table_id: str
    idx: int
    seat: int
    action: int
    mark: str | None
    ending: Ending | None = None
    taken_back: bool = False
    """Not an action to write but one to delete: its seat took it back (`take_back`)."""


class ActionLog:
    """The queue of actions not yet committed, for every table of this process."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._queued: list[Row] = []
        self._writing: list[Row] = []
        self._flight: asyncio.Future[set[str]] | None = None
        self._unsaved: Counter[str] = Counter()
        self._saved: dict[str, list[Callable[[], None]]] = {}
        self._failed: dict[str, Callable[[], None]] = {}
        self._began = 0.0
        self.metrics: Metrics = NO_METRICS

    def add(self, row: Row, on_failed: Callable[[], None]) -> None:
        """Queue an action; `on_failed` runs (on the loop) if it cannot be written."""
        self._queued.append(row)
        self._unsaved[row.table_id] += 1
        self._failed[row.table_id] = on_failed
        if self._flight is None:
            asyncio.get_running_loop().call_soon(self._start)

    def take_back(self, row: Row) -> None:
        """Its seat took back the action `row` (its table's last): still queued, it is simply
        not written; else its deletion is queued, so it is gone before the action written next
        at its index (groups are written in order). The table's `then` callbacks run once the
        store holds neither."""
        if row in self._queued:
            self._queued.remove(row)
            self._unsaved[row.table_id] -= 1
            if not self._unsaved[row.table_id]:
                del self._unsaved[row.table_id]
                self._failed.pop(row.table_id, None)
                for callback in self._saved.pop(row.table_id, []):
                    _run(callback)
            return
        self._queued.append(row._replace(taken_back=True, ending=None))
        self._unsaved[row.table_id] += 1
        if self._flight is None:
            asyncio.get_running_loop().call_soon(self._start)

    def saved(self, table_id: str) -> bool:
        """Every action of this table is committed."""
        return not self._unsaved[table_id]

    def then(self, table_id: str, callback: Callable[[], None]) -> None:
        """Run `callback` once every action of this table queued so far is committed (at once
        if none is waiting); it does not run if they fail."""
        if self.saved(table_id):
            callback()
        else:
            self._saved.setdefault(table_id, []).append(callback)

    def forget(self, table_id: str) -> None:
        """The table went back to what the store holds: drop what it still had queued."""
        self._queued = [row for row in self._queued if row.table_id != table_id]
        self._saved.pop(table_id, None)
        self._failed.pop(table_id, None)
        writing = sum(1 for row in self._writing if row.table_id == table_id)
        self._unsaved[table_id] = writing
        if not writing:
            del self._unsaved[table_id]

    async def drain(self) -> None:
        """Write everything queued, and wait until it is (as the process stops)."""
        while self._flight is not None or self._queued:
            if self._flight is None:
                self._start()
            flight = self._flight
            assert flight is not None
            await asyncio.wait([flight])
            self._landed(flight)

    def close(self) -> None:
        """Without an event loop: write what is still queued, here and now, unless a group was
        still being written when the loop stopped (whether it was is unknown, and what follows
        it must not be written after a gap)."""
        if self._queued and self._flight is None:
            rows, self._queued = self._queued, []
            try:
                self.storage.append_actions(rows)
            except Exception:
                log.exception("%d actions could not be saved as the process stopped", len(rows))

    def _start(self) -> None:
        if self._flight is not None or not self._queued:
            return
        self._writing, self._queued = self._queued, []
        self._began = time.perf_counter()
        self._flight = asyncio.ensure_future(self.storage.write_actions(self._writing))
        self._flight.add_done_callback(self._landed)

    def _landed(self, flight: asyncio.Future[set[str]]) -> None:
        """A group's answer: tell each of its tables."""
        if flight is not self._flight:
            return  # already taken in by `drain`
        rows, self._writing, self._flight = self._writing, [], None
        if flight.cancelled():  # the loop is stopping: whether the group was written is unknown,
            self._queued = []  # so nothing after it may be (none of it was acknowledged)
            return
        try:
            refused = flight.result()
            self.metrics.store_write_seconds.observe(time.perf_counter() - self._began)
        except Exception:
            log.exception("%d actions could not be saved", len(rows))
            self.metrics.store_write_failures.inc()
            refused = {row.table_id for row in rows}
        for row in rows:
            self._unsaved[row.table_id] -= 1
        for table_id in dict.fromkeys(row.table_id for row in rows):
            if table_id in refused:
                log.warning("table %s: an action could not be saved; back to the store", table_id)
                on_failed = self._failed.get(table_id)
                self.forget(table_id)
                if on_failed is not None:
                    _run(on_failed)
            elif self.saved(table_id):
                del self._unsaved[table_id]
                self._failed.pop(table_id, None)
                for callback in self._saved.pop(table_id, []):
                    _run(callback)
        if self._queued:
            self._start()


def _run(callback: Callable[[], None]) -> None:
    """One table's fault stays that table's: the others are still told."""
    try:
        callback()
    except Exception:
        log.exception("a table could not take in its saved actions")
