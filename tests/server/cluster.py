"""Servers sharing one PostgreSQL store and one Redis, and players who reconnect by themselves."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
from typing import Any

import psycopg
import websockets

from tests.server.conftest import Server

REDIS = "redis://127.0.0.1:6379/0"
LEASE = 1.0
"""Seconds a lease outlives its owner in these tests: a dead process's tables move after this."""


class ClusterServer(Server):
    """`hiddenhand serve --redis ...`, one process or `workers` of them on one port."""

    def __init__(
        self, db: str, workers: int = 1, lease: float = LEASE, drain: float = 0.0, **kwargs: Any
    ) -> None:
        super().__init__(db, **kwargs)
        self.workers = workers
        self.lease = lease
        self.drain = drain

    def command(self) -> list[str]:
        workers = ["--workers", str(self.workers)] if self.workers > 1 else []
        drain = ["--drain", str(self.drain)] if self.drain else []
        lease = f"--limit=lease_seconds={self.lease}"
        return [*super().command(), "--redis", REDIS, lease, *workers, *drain]


def lease_owner(db: str, table: str) -> str | None:
    """The process holding the table's unexpired lease ("host:pid:nonce")."""
    with psycopg.connect(db) as conn:
        row = conn.execute(
            "SELECT owner FROM hh_leases WHERE table_id = %s AND expires >= clock_timestamp()",
            (table,),
        ).fetchone()
    return None if row is None else str(row[0])


class Player:
    """One seat's person (or a spectator with no token): connects to any of `urls`, reconnects
    whenever the connection drops, asking for the events after the last one it has, and acts
    whenever asked (unless `avoid`ed, and the action kinds it avoids), `delay` seconds after.
    `urls` may change as it plays (processes replaced): each connection takes the next one."""

    def __init__(
        self,
        urls: list[str],
        token: str | None,
        seed: int,
        avoid: tuple[str, ...] = (),
        delay: float = 0.0,
    ) -> None:
        self.urls = urls
        self._turn = itertools.count()
        self.delay = delay
        self.token = token
        self.rng = random.Random(seed)
        self.avoid = avoid
        self.received: list[dict[str, Any]] = []
        self.steps: list[int] = []
        """The step of every state received, in order, over every connection."""
        self.connections = 0
        self.errors: list[dict[str, Any]] = []
        self.over = asyncio.Event()
        self.paused = False

    @property
    def seq(self) -> int:
        return max((m["seq"] for m in self.received if m["type"] == "state"), default=0)

    @property
    def step(self) -> int:
        return max(self.steps, default=-1)

    async def play(self) -> None:
        while not self.over.is_set():
            try:
                url = self.urls[next(self._turn) % len(self.urls)]
                async with websockets.connect(url, max_size=2**24) as ws:
                    self.connections += 1
                    hello = {"type": "hello", "token": self.token, "since": self.seq}
                    await ws.send(json.dumps(hello))
                    async for raw in ws:
                        await self.receive(ws, json.loads(raw))
                        if self.over.is_set():
                            return
            except (websockets.ConnectionClosed, OSError, TimeoutError):
                pass
            await asyncio.sleep(0.1)

    async def receive(self, ws: Any, message: dict[str, Any]) -> None:
        self.received.append(message)
        if message["type"] == "error":
            self.errors.append(message)
        if message["type"] != "state":
            return
        self.steps.append(message["step"])
        if message["outcome"] is not None:
            self.over.set()
        elif message["legal"] and not self.paused:
            if self.delay:
                await asyncio.sleep(self.delay)
            legal = [a for a in message["legal"] if a["kind"] not in self.avoid]
            choice = self.rng.choice(legal or message["legal"])
            await ws.send(
                json.dumps({"type": "act", "action": choice["id"], "step": message["step"]})
            )

    def went_back(self) -> list[tuple[int, int]]:
        """(before, after) for every state that showed an earlier step than one already seen:
        an accepted action lost."""
        out, best = [], -1
        for step in self.steps:
            if step < best:
                out.append((best, step))
            best = max(best, step)
        return out


async def until(check: Any, seconds: float, what: str) -> None:
    """Wait for `check()` to hold, polling."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def stop_all(tasks: list[asyncio.Task[None]]) -> None:
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError):
            await task
