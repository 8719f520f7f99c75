"""Several server processes on one PostgreSQL store and one Redis: the cluster.

Each live table is played by one process, the one holding its lease (`leases`). Connections and
HTTP calls land on any process:

- a WebSocket to a table played elsewhere is relayed: its messages are checked here, then sent
  to the owner (`bus.In`), which handles them exactly as its own connections' (a `RemoteClient`
  stands for the connection in the table's audience); what the table says to it comes back
  (`bus.Out`) and leaves through this process's socket;
- an HTTP call about a table travels to its owner by name (`table_calls`) and its answer back;
- the lobby's list is the union of what every process publishes of its tables, once a second.

A process that stops (SIGTERM) hands its tables over at once (`Cluster.hand_off`): it stops
taking actions, writes those it accepted, lets go of its leases and tells the others (`bus.Left`),
who take the tables over there and then, as they would a dead process's; its connections are
closed with 1012 and reconnect to wherever their table is now played.

When a process dies its leases expire; the others find its tables without a live lease
(`Leases.orphans`), take them over by replaying their records and tell everyone (`bus.Moved`):
connections relayed to the dead process, and those that were on it, reconnect and land where the
table now is. Every action a player was told of was committed before it was told, so nothing
accepted is lost; the table's primary key (table, index) keeps two owners from both writing an
action at one index.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import logging
import time
from collections.abc import Callable
from typing import Any

import msgspec
from sqlalchemy import text

from hiddenhand.server.audience import Connection
from hiddenhand.server.bus import (
    Bus,
    Call,
    Close,
    Frame,
    Gone,
    In,
    Left,
    Moved,
    News,
    Open,
    Out,
    Reply,
)
from hiddenhand.server.errors import Refused
from hiddenhand.server.leases import Leases, process_name
from hiddenhand.server.lobby import LIVE, Lobby, listing, summary
from hiddenhand.server.placement import no_table
from hiddenhand.server.protocol import RECONNECT, ProtocolError, decode, error
from hiddenhand.server.sockets import receive
from hiddenhand.server.storage import Storage
from hiddenhand.server.table_calls import Asker, answer, run_call
from hiddenhand.server.tables import Table

log = logging.getLogger("hiddenhand.server")
LIST_EVERY = 1.0
"""Seconds between two publications of a process's tables."""
MOVING = 503
"""The status of a call that reached a process no longer playing the table: try again."""
CALL_SECONDS = 10.0
"""How long a call waits for the owner's answer."""
ORPHANS_AT_ONCE = 50
"""Tables taken over in one go, before the event loop serves others again."""


def cluster_prefix(storage: Storage) -> str:
    """The Redis prefix of the cluster serving `storage`: one per database and schema, so that
    clusters (or test runs) on other stores can share one Redis."""
    with storage.engine.connect() as conn:
        where = conn.execute(text("SELECT current_database() || '/' || current_schema()")).scalar()
    return f"hh:{hashlib.sha256(str(where).encode()).hexdigest()[:12]}:"


class RemoteClient:
    """A connection held by another process (`origin`), as the owner's table sees it."""

    def __init__(self, cluster: Cluster, origin: str, conn: int, table: Table, address: str):
        self.cluster = cluster
        self.origin = origin
        self.conn = conn
        self.table = table
        self.address = address
        self.seat: int | None = None
        self.bound = False
        self.closed = False

    def send(self, text: str) -> None:
        if not self.closed:
            self.cluster.bus.post(self.origin, Out(self.conn, text))

    def close(self, code: int) -> None:
        if not self.closed:
            self.closed = True
            self.cluster.bus.post(self.origin, Close(self.conn, code))
            self.cluster.remotes.pop((self.origin, self.conn), None)


class RelayedConnection:
    """A connection here to a table that `owner` plays."""

    def __init__(self, cluster: Cluster, client: Connection, table: str, owner: str, conn: int):
        self.cluster = cluster
        self.client = client
        self.table = table
        self.owner = owner
        self.conn = conn

    def forward(self, raw: str | bytes) -> None:
        """Check the message here (a bad one never leaves this process), then pass it on."""
        try:
            decode(raw, self.cluster.lobby.limits.message_bytes)
            text = raw if isinstance(raw, str) else raw.decode()
        except ProtocolError as exc:
            self.client.send(error(exc.code, exc.message))
            return
        except UnicodeDecodeError:
            self.client.send(error("bad-message", "messages are UTF-8 JSON"))
            return
        self.cluster.bus.post(self.owner, In(self.conn, self.table, text, self.cluster.me))

    def gone(self) -> None:
        if self.cluster.relayed.pop(self.conn, None) is not None:
            self.cluster.bus.post(self.owner, Gone(self.conn, self.table, self.cluster.me))

    def reconnect(self) -> None:
        """The owner is gone or changed: the client reconnects and lands where the table is."""
        self.cluster.relayed.pop(self.conn, None)
        self.client.close(RECONNECT)


class Cluster:
    """This process's part in the cluster; it is the server's `Placement`."""

    def __init__(self, lobby: Lobby, redis_url: str) -> None:
        self.lobby = lobby
        self.me = process_name()
        self.leases = Leases(lobby.storage.engine, self.me, lobby.limits.lease_seconds)
        lobby.leases = self.leases
        lobby.taken_over = self._taken_over
        self.bus = Bus(
            redis_url, cluster_prefix(lobby.storage), self.me, self._on_frame, self._on_unreachable
        )
        self.listed = self.bus.prefix + "tables:"
        """Redis hashes of each process's live tables, as the lobby lists them."""
        self.remotes: dict[tuple[str, int], RemoteClient] = {}
        """Connections other processes hold to tables played here."""
        self.relayed: dict[int, RelayedConnection] = {}
        """Connections held here to tables played elsewhere."""
        self._ids = itertools.count(1)
        self._calls: dict[int, tuple[str, asyncio.Future[tuple[int, Any]]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self.on_news: Callable[[int, str], None] | None = None
        """Told of every `News` of an account, from any process (`account_sockets`)."""
        self._adopting: set[asyncio.Task[None]] = set()
        """Take-overs of the tables a stopping process let go of (`Left`)."""

    # -- running ----------------------------------------------------------------------

    async def start(self) -> None:
        await self.bus.start()
        await self.take_orphans()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._keep_leases()), loop.create_task(self._list())]
        log.info(
            "process %s joined the cluster with %d tables",
            self.me,
            len(self.lobby.tables),
            extra={"event": "cluster.joined", "process_name": self.me},
        )

    async def stop(self) -> None:
        """Let go of every table still here (all of them, unless `hand_off` gave them away) and
        tell the others, so that they take them over without waiting for the leases to expire;
        connections here reconnect elsewhere."""
        for task in [*self._tasks, *self._adopting]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.lobby.storage.actions.drain()  # every action accepted here, before letting go
        for table_id in list(self.lobby.tables):
            self.lobby.drop(table_id)
        for relayed in list(self.relayed.values()):
            relayed.reconnect()
        with contextlib.suppress(Exception):
            self.leases.release_all()
            if not self.lobby.handed_off:
                self.bus.broadcast(Left(self.me))
            await self.bus.redis.delete(self.listed + self.me)
        await self.bus.close()

    async def hand_off(self) -> bool:
        """As this process stops, give its tables to the others now rather than once its leases
        expire: no table here takes an action from now on, those it accepted are written, its
        leases are let go and the others told (`Left`), and each takes some over at once; then
        its connections are closed with 1012 and reconnect to wherever their table is played.
        Returns False, changing nothing, when no other process is there to take them."""
        try:
            others = await self.bus.listeners() - 1
        except Exception:
            log.exception("the other processes could not be counted; not handing tables over")
            return False
        if others < 1:
            log.info(
                "no other process to hand the tables to: they stay here until it stops",
                extra={"event": "cluster.alone", "process_name": self.me},
            )
            return False
        began = time.perf_counter()
        self.lobby.handed_off = True
        for task in self._tasks:  # no renewal, no take-over, no listing from now on
            task.cancel()
        tables = list(self.lobby.tables)
        for table_id in tables:
            self.lobby.tables[table_id].close()
        await self.lobby.storage.actions.drain()  # every action accepted here, before letting go
        await asyncio.to_thread(self.leases.release_all)
        self.bus.broadcast(Left(self.me))
        await self.bus.flush()
        for table_id in tables:
            self.lobby.drop(table_id)
        for relayed in list(self.relayed.values()):
            relayed.reconnect()
        with contextlib.suppress(Exception):
            await self.bus.redis.delete(self.listed + self.me)
        log.info(
            "handed %d tables to %d other processes in %.3f s",
            len(tables),
            others,
            time.perf_counter() - began,
            extra={
                "event": "cluster.handed_off",
                "process_name": self.me,
                "tables": len(tables),
                "others": others,
            },
        )
        return True

    async def _keep_leases(self) -> None:
        """Renew this process's leases; stop playing a table whose lease was lost (this process
        stalled past it); take over tables whose owner died."""
        while True:
            await asyncio.sleep(self.leases.ttl / 3)
            try:
                before = dict(self.lobby.tables)  # a table leased meanwhile is not judged
                held = await asyncio.to_thread(self.leases.renew)  # the loop plays on meanwhile
                for table_id, table in before.items():
                    if self.lobby.tables.get(table_id) is not table:
                        continue
                    if table.status in LIVE and table_id not in held:
                        log.warning(
                            "table %s: its lease was lost; it is played elsewhere now",
                            table_id,
                            extra={"event": "table.lease_lost", "table": table_id},
                        )
                        self.lobby.metrics.leases_lost.inc()
                        self.lobby.drop(table_id)
                await self.take_orphans()
            except Exception:
                log.exception("the leases could not be kept up; trying again")

    async def take_orphans(self) -> None:
        """Take over every live table nobody owns, a few at a time."""
        while not self.lobby.handed_off:
            orphans = await asyncio.to_thread(self.leases.orphans, ORPHANS_AT_ONCE)
            for table_id in orphans:
                if table_id not in self.lobby.tables:
                    self.lobby.take_over(table_id)
            if len(orphans) < ORPHANS_AT_ONCE:
                return
            await asyncio.sleep(0)

    async def _adopt(self) -> None:
        """Take over at once what a stopping process let go of."""
        try:
            await self.take_orphans()
        except Exception:
            log.exception("the tables another process let go of could not be taken over")

    def _taken_over(self, table: Table) -> None:
        self.bus.broadcast(Moved(table.id, self.me))

    async def _list(self) -> None:
        """Publish this process's live tables for every process's lobby list."""
        key = self.listed + self.me
        while True:
            try:
                tables = {t.id: msgspec.json.encode(summary(t)) for t in self.lobby.live()}
                async with self.bus.redis.pipeline(transaction=True) as pipe:
                    pipe.delete(key)
                    if tables:
                        pipe.hset(key, mapping=tables)  # type: ignore[arg-type]
                        pipe.expire(key, int(3 * LIST_EVERY) + 1)
                    await pipe.execute()
            except Exception:
                log.exception("the table list could not be published")
            await asyncio.sleep(LIST_EVERY)

    # -- placement --------------------------------------------------------------------

    def locate(self, table_id: str) -> Table | str | None:
        table = self.lobby.tables.get(table_id)
        if table is not None:
            return table
        if not 0 < len(table_id) <= 32:
            return None
        owner = self.leases.owner_of(table_id)
        if owner is not None and owner != self.me:
            return owner
        table = self.lobby.get(table_id)  # finished: read here; live: taken over
        if table is not None:
            return table
        return self.leases.owner_of(table_id)

    async def call(self, table_id: str, name: str, asker: Asker, body: Any) -> Any:
        status, reply = MOVING, None
        for attempt in range(4):
            where = self.locate(table_id)
            if where is None and self.lobby.handed_off and self.lobby.storage.load(table_id):
                await asyncio.sleep(0.25 * (attempt + 1))  # let go of here, not taken yet
                continue
            if where is None:
                raise no_table(table_id)
            if isinstance(where, Table):
                return run_call(self.lobby, where, name, asker, body)
            args = {
                "guest": asker.guest,
                "address": asker.address,
                "body": msgspec.to_builtins(body),
            }
            status, reply = await self._ask(where, table_id, name, args)
            if status != MOVING:
                break
            await asyncio.sleep(0.25 * (attempt + 1))
        if status != 200:
            message = reply["error"] if isinstance(reply, dict) else "the table is moving"
            raise Refused(message, status)
        return reply

    async def _ask(self, owner: str, table_id: str, name: str, args: Any) -> tuple[int, Any]:
        call_id = next(self._ids)
        future: asyncio.Future[tuple[int, Any]] = asyncio.get_running_loop().create_future()
        self._calls[call_id] = (owner, future)
        self.bus.post(owner, Call(call_id, table_id, name, args, self.me))
        try:
            return await asyncio.wait_for(future, CALL_SECONDS)
        except TimeoutError:
            return 504, {"error": "the process playing this table did not answer; try again"}
        finally:
            self._calls.pop(call_id, None)

    async def listing(
        self, *, game: str | None, holder: str | None, avoid: frozenset[str] = frozenset()
    ) -> list[dict[str, Any]]:
        """Every process's published tables, with this process's own as they are now."""
        redis = self.bus.redis
        keys = [k async for k in redis.scan_iter(match=self.listed + "*", count=100)]
        mine = (self.listed + self.me).encode()
        summaries = [summary(t) for t in self.lobby.live()]
        for key in keys:
            if key != mine:
                summaries += [msgspec.json.decode(v) for v in await redis.hvals(key)]
        return listing(summaries, self.lobby.limits, game=game, holder=holder, avoid=avoid)

    def relay(self, client: Connection, table_id: str, owner: str) -> RelayedConnection:
        relayed = RelayedConnection(self, client, table_id, owner, next(self._ids))
        self.relayed[relayed.conn] = relayed
        self.bus.post(owner, Open(relayed.conn, table_id, client.address, self.me))
        return relayed

    # -- frames -----------------------------------------------------------------------

    def _on_frame(self, frame: Frame) -> None:
        if isinstance(frame, Out):
            relayed = self.relayed.get(frame.conn)
            if relayed is not None:
                relayed.client.send(frame.text)
        elif isinstance(frame, In):
            remote = self.remotes.get((frame.origin, frame.conn))
            if remote is None:
                self.bus.post(frame.origin, Close(frame.conn, RECONNECT))
            else:
                receive(remote.table, remote, frame.raw, self.lobby.limits.message_bytes)
        elif isinstance(frame, Open):
            self._open(frame)
        elif isinstance(frame, Gone):
            remote = self.remotes.pop((frame.origin, frame.conn), None)
            if remote is not None:
                remote.table.detach(remote)
        elif isinstance(frame, Close):
            relayed = self.relayed.pop(frame.conn, None)
            if relayed is not None:
                relayed.client.close(frame.code)
        elif isinstance(frame, Call):
            self._answer(frame)
        elif isinstance(frame, Reply):
            waiting = self._calls.get(frame.id)
            if waiting is not None and not waiting[1].done():
                waiting[1].set_result((frame.status, frame.body))
        elif isinstance(frame, Moved):
            self._moved(frame)
        elif isinstance(frame, Left) and frame.origin != self.me and not self.lobby.handed_off:
            self._adopting = {t for t in self._adopting if not t.done()}
            self._adopting.add(asyncio.get_running_loop().create_task(self._adopt()))
        elif isinstance(frame, News) and self.on_news is not None:
            self.on_news(frame.account, frame.what)

    def tell(self, account: int, what: str) -> None:
        """News of an account to every process (this one hears it too, from the bus)."""
        self.bus.broadcast(News(account, what))

    def _open(self, frame: Open) -> None:
        where = self.locate(frame.table)
        if not isinstance(where, Table):
            self.bus.post(frame.origin, Close(frame.conn, RECONNECT))
            return
        remote = RemoteClient(self, frame.origin, frame.conn, where, frame.address)
        self.remotes[(frame.origin, frame.conn)] = remote

    def _answer(self, frame: Call) -> None:
        table = self.lobby.tables.get(frame.table)
        if table is None:
            reply = Reply(frame.id, MOVING, {"error": "this table is moving; try again"})
        else:
            asker = Asker(frame.args["guest"], frame.args["address"])
            status, body = answer(self.lobby, table, frame.op, asker, frame.args["body"])
            reply = Reply(frame.id, status, body)
        self.bus.post(frame.origin, reply)

    def _moved(self, frame: Moved) -> None:
        """A table has a new owner: stop playing it if it was played here, and reconnect the
        connections relayed to its old owner."""
        if frame.owner != self.me and frame.table in self.lobby.tables:
            self.lobby.drop(frame.table)
        for relayed in list(self.relayed.values()):
            if relayed.table == frame.table and relayed.owner != frame.owner:
                relayed.reconnect()

    def _on_unreachable(self, process: str, frames: list[Frame]) -> None:
        """`process` is gone: its connections to tables here leave their tables; connections
        here relayed to it reconnect; calls waiting for it are answered "try again"."""
        gone = [r for key, r in self.remotes.items() if key[0] == process]
        for remote in gone:
            del self.remotes[(remote.origin, remote.conn)]
            remote.closed = True
        for remote in gone:
            remote.table.detach(remote)
        for relayed in list(self.relayed.values()):
            if relayed.owner == process:
                relayed.reconnect()
        for owner, future in self._calls.values():
            if owner == process and not future.done():
                future.set_result((MOVING, {"error": "the table is moving; try again"}))
