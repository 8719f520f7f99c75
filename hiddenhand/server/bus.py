"""The processes of a cluster talk over Redis pub/sub: one channel per process, one for all.

What one process sends another within one turn of the event loop leaves as one message, so a
table's update to six seats relayed by one process costs one publish. Redis says how many
subscribers received a publish: none means the process is gone, and the sender is told
(`on_unreachable`) so it can let its clients reconnect elsewhere instead of waiting.

Frames are small typed structs, encoded as JSON arrays:

- to a table's owner: `Open` (a connection to one of its tables landed on another process),
  `In` (a message that connection received), `Gone` (it closed), `Call` (an HTTP call about
  the table);
- from the owner to the process holding a connection: `Out` (text for it), `Close`;
  `Reply` answers a `Call`;
- to everyone: `Moved` (a table has a new owner: connections relayed to the old one reconnect),
  `News` (an account was signed out, or changed whose chat it sees: `account_sockets`),
  `Left` (a stopping process let go of its tables: take them over now).

When Redis cannot be reached, every frame counts as undelivered: relayed connections are closed
so that their clients reconnect (and retry) rather than wait on a silent line.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import msgspec
from redis.asyncio import Redis

from hiddenhand.server.metrics import NO_METRICS, Metrics

log = logging.getLogger("hiddenhand.server")


GATHER_SECONDS = 0.005
"""How long frames wait for others to the same process: a publish is a round trip through
Redis and a wake-up of every process it reaches; under load, waiting this long turns tens of
publishes into one."""


class Open(msgspec.Struct, tag="open", array_like=True):
    conn: int
    table: str
    address: str
    origin: str


class In(msgspec.Struct, tag="in", array_like=True):
    conn: int
    table: str
    raw: str
    origin: str


class Gone(msgspec.Struct, tag="gone", array_like=True):
    conn: int
    table: str
    origin: str


class Out(msgspec.Struct, tag="out", array_like=True):
    conn: int
    text: str


class Close(msgspec.Struct, tag="close", array_like=True):
    conn: int
    code: int


class Call(msgspec.Struct, tag="call", array_like=True):
    id: int
    table: str
    op: str
    args: dict[str, Any]
    origin: str


class Reply(msgspec.Struct, tag="reply", array_like=True):
    id: int
    status: int
    body: Any


class Moved(msgspec.Struct, tag="moved", array_like=True):
    table: str
    owner: str


class News(msgspec.Struct, tag="news", array_like=True):
    """What happened to an account (`account_sockets`), for its connections in every
    process."""

    account: int
    what: str


class Left(msgspec.Struct, tag="left", array_like=True):
    origin: str


Frame = Open | In | Gone | Out | Close | Call | Reply | Moved | News | Left
_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder(list[Frame]).decode


async def _as_received(message: Any) -> Any:
    """Redis's default handler of a subscriber's messages formats each one into a debug log
    line, logged or not: a quarter of the time a busy process spent reading the bus."""
    return message


class Bus:
    """This process's end of the bus: `post` frames to another process, `broadcast` to all,
    and every frame that arrives is handed to `on_frame`."""

    def __init__(
        self,
        url: str,
        prefix: str,
        me: str,
        on_frame: Callable[[Frame], None],
        on_unreachable: Callable[[str, list[Frame]], None],
    ) -> None:
        self.url = url
        self.prefix = prefix
        """Every channel and key of this cluster starts with it: clusters may share a Redis."""
        self.everyone = prefix + "all"
        self.me = me
        self.on_frame = on_frame
        self.on_unreachable = on_unreachable
        self.redis: Redis = Redis.from_url(url)
        self._outbox: defaultdict[str, list[Frame]] = defaultdict(list)
        self._flushing: asyncio.Task[None] | None = None
        self._reader: asyncio.Task[None] | None = None
        self._subscribed = asyncio.Event()
        self.metrics: Metrics = NO_METRICS

    def channel(self, process: str) -> str:
        return f"{self.prefix}p:{process}"

    async def start(self) -> None:
        await self.redis.ping()
        self._reader = asyncio.get_running_loop().create_task(self._read())
        await asyncio.wait_for(self._subscribed.wait(), 10)

    async def close(self) -> None:
        if self._flushing is not None:  # a publish under way ends before Redis is let go of
            with contextlib.suppress(Exception):
                await self._flushing
        await self.flush()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        await self.redis.aclose()

    def post(self, process: str, frame: Frame) -> None:
        """Send `frame` to `process`, with whatever else this turn sends it."""
        self._outbox[process].append(frame)
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.get_running_loop().create_task(self._flush_soon())

    def broadcast(self, frame: Frame) -> None:
        self.post("", frame)

    async def listeners(self) -> int:
        """How many processes of the cluster listen now, this one included."""
        counts = await self.redis.pubsub_numsub(self.everyone)
        return int(counts[0][1]) if counts else 0

    async def flush(self) -> None:
        """Publish everything waiting (in order, one message per destination)."""
        while self._outbox:
            outbox, self._outbox = self._outbox, defaultdict(list)
            async with self.redis.pipeline(transaction=False) as pipe:
                for process, frames in outbox.items():
                    pipe.publish(
                        self.channel(process) if process else self.everyone, _encode(frames)
                    )
                began = time.perf_counter()
                try:
                    received = await pipe.execute()
                    self.metrics.bus_publish_seconds.observe(time.perf_counter() - began)
                except Exception:  # Redis is down: as if nobody could be reached
                    log.exception("the bus could not publish %d messages", len(outbox))
                    received = [0] * len(outbox)
            for (process, frames), count in zip(outbox.items(), received, strict=True):
                if process and not count:
                    self.on_unreachable(process, frames)

    async def _flush_soon(self) -> None:
        await asyncio.sleep(GATHER_SECONDS)  # let the frames of the next few turns join
        await self.flush()

    async def _read(self) -> None:
        """Hand every frame addressed to this process, or to all, to `on_frame`; reconnect to
        Redis if the connection drops."""
        while True:
            try:
                async with self.redis.pubsub(push_handler_func=_as_received) as pubsub:
                    await pubsub.subscribe(self.channel(self.me), self.everyone)
                    self._subscribed.set()
                    async for message in pubsub.listen():
                        if message["type"] != "message":
                            continue
                        for frame in _decode(message["data"]):
                            try:
                                self.on_frame(frame)
                            except Exception:
                                log.exception("a frame from the bus could not be handled")
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the bus lost Redis; reconnecting")
                await asyncio.sleep(0.5)
