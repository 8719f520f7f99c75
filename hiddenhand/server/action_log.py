"""Actions written in groups, off the event loop.

Every accepted action is queued here; one thread writes whatever is queued in one statement
(one transaction), and the next group waits until that one is committed. The event loop never
waits for the database, and a busy process writes many actions per round trip.

A table tells nobody of an action before it is committed: it asks `then` to run its publish
once none of its actions is waiting, and the thread's answer runs those callbacks on the loop.
An action the store refuses (its index was written by another process) or that fails with the
whole group makes its table fail over to what the store holds (`on_failed`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from sqlalchemy import Connection

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


class ActionLog:
    """The queue of actions not yet committed, for every table of this process."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._queued: list[Row] = []
        self._writing: list[Row] = []
        self._flight: concurrent.futures.Future[set[str]] | None = None
        self._unsaved: Counter[str] = Counter()
        self._saved: dict[str, list[Callable[[], None]]] = {}
        self._failed: dict[str, Callable[[], None]] = {}
        self._thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="hh-actions")

    def add(self, row: Row, on_failed: Callable[[], None]) -> None:
        """Queue an action; `on_failed` runs (on the loop) if it cannot be written."""
        self._queued.append(row)
        self._unsaved[row.table_id] += 1
        self._failed[row.table_id] = on_failed
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

    def drain(self) -> None:
        """Write everything now, waiting on this thread (as the process stops)."""
        while self._flight is not None or self._queued:
            if self._flight is None:
                self._start()
            flight = self._flight
            assert flight is not None
            concurrent.futures.wait([flight])
            self._landed(flight)

    def close(self) -> None:
        self.drain()
        self._thread.shutdown()

    def _start(self) -> None:
        if self._flight is not None or not self._queued:
            return
        self._writing, self._queued = self._queued, []
        flight = self._thread.submit(self.storage.append_actions, self._writing)
        self._flight = flight
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a process stopping): `drain` takes the answer in
        flight.add_done_callback(lambda _: _tell(loop, self._landed, flight))

    def _landed(self, flight: concurrent.futures.Future[set[str]]) -> None:
        """A group's answer, on the loop: tell each of its tables."""
        if flight is not self._flight:
            return  # already taken in by `drain`
        rows, self._writing, self._flight = self._writing, [], None
        try:
            refused = flight.result()
        except Exception:
            log.exception("%d actions could not be saved", len(rows))
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


def _tell(
    loop: asyncio.AbstractEventLoop,
    landed: Callable[[concurrent.futures.Future[set[str]]], None],
    flight: concurrent.futures.Future[set[str]],
) -> None:
    """From the writer's thread: the loop takes the answer in (`drain` does, if it is closed)."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(landed, flight)


def _run(callback: Callable[[], None]) -> None:
    """One table's fault stays that table's: the others are still told."""
    try:
        callback()
    except Exception:
        log.exception("a table could not take in its saved actions")
