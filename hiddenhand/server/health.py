"""What a load balancer asks a process: is it alive (`/healthz`), should it get traffic (`/readyz`).

- `/healthz` answers 200 `{"ok": true}` as long as the event loop runs; it touches nothing else.
- `/readyz` answers 200 when the store answers a `SELECT 1` (and, in a cluster, Redis a PING)
  within `PROBE_SECONDS`, and the process is not draining; otherwise 503, saying which.

A process that gets SIGTERM drains (`Drain`): `/readyz` answers 503 from then on, while
everything else is served as before for `drain_seconds` (`hiddenhand serve --drain`), long
enough for the load balancer to see it and send new connections elsewhere; then the server
shuts down as it always did. A second SIGTERM (or SIGINT) stops it at once. In a cluster the
process first hands its tables to the others (`hand_off`, at most `HAND_OFF_SECONDS`), so that
their games go on elsewhere while it drains.

Both are cheap and unauthenticated, and answer the same to everyone. However often they are
asked, one probe of the store runs at a time, on a thread of its own: callers arriving while
it runs share its answer, and a store that hangs holds up that thread only.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from types import FrameType
from typing import Any

from sqlalchemy import text
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from hiddenhand.server.storage import Storage

log = logging.getLogger("hiddenhand.server")

PROBE_SECONDS = 2.0
"""How long `/readyz` waits for the store (and Redis) before calling it unreachable."""

HAND_OFF_SECONDS = 10.0
"""The longest a draining process waits for its tables to be handed over before it drains on
(they are taken over once its leases expire, then)."""

SignalHandler = Callable[[int, FrameType | None], Any]


class Drain:
    """Whether this process is draining: it got SIGTERM and stops taking new work."""

    def __init__(self, seconds: float = 0.0) -> None:
        self.seconds = seconds
        self.draining = False
        self.hand_off: Callable[[], Awaitable[bool]] | None = None
        """What gives this process's tables to the others of its cluster as it begins to drain
        (`Cluster.hand_off`; None: a single process keeps them until it stops)."""
        self._stopping: asyncio.Task[None] | None = None

    def install(self, loop: asyncio.AbstractEventLoop) -> Callable[[], None]:
        """Stand in front of the server's own SIGTERM handler (uvicorn's, which shuts down):
        the first SIGTERM marks the process draining and hands the signal on `seconds` later;
        a second hands it on at once. Returns what undoes this. Does nothing off the main
        thread, or where no handler of Python's is there to hand the signal to."""
        if threading.current_thread() is not threading.main_thread():
            return lambda: None
        previous = signal.getsignal(signal.SIGTERM)
        if not callable(previous):
            return lambda: None
        server_handler: SignalHandler = previous

        def on_term(sig: int, frame: FrameType | None) -> None:
            if self.draining or (self.seconds <= 0 and self.hand_off is None):
                self.draining = True
                server_handler(sig, frame)
                return
            self.draining = True
            loop.call_soon_threadsafe(self._drain_then, server_handler, sig)

        signal.signal(signal.SIGTERM, on_term)

        def uninstall() -> None:
            if signal.getsignal(signal.SIGTERM) is on_term:
                signal.signal(signal.SIGTERM, previous)

        return uninstall

    def _drain_then(self, handler: SignalHandler, sig: int) -> None:
        log.info(
            "draining: /readyz answers 503; stopping in %.1f s",
            self.seconds,
            extra={"event": "server.draining", "seconds": self.seconds},
        )
        self._stopping = asyncio.get_running_loop().create_task(self._hand_off_then(handler, sig))

    async def _hand_off_then(self, handler: SignalHandler, sig: int) -> None:
        """Hand the tables over (bounded), drain for `seconds`, then let the server stop."""
        if self.hand_off is not None:
            try:
                await asyncio.wait_for(self.hand_off(), HAND_OFF_SECONDS)
            except Exception:
                log.exception("the tables could not all be handed over; draining on")
        await asyncio.sleep(self.seconds)
        handler(sig, None)


class Readiness:
    """The answer of `/readyz`: one probe at a time of the store and of Redis."""

    def __init__(
        self,
        storage: Storage,
        drain: Drain,
        redis: Callable[[], Any] | None = None,
        seconds: float = PROBE_SECONDS,
    ) -> None:
        self.storage = storage
        self.drain = drain
        self.redis = redis
        """Returns an awaitable PING of the cluster's Redis (None: no cluster)."""
        self.seconds = seconds
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="hh-readyz")
        self._probe: asyncio.Task[dict[str, str]] | None = None
        self._failing: frozenset[str] = frozenset()

    def close(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)

    async def check(self) -> tuple[bool, dict[str, Any]]:
        """(ready, what `/readyz` answers)."""
        if self._probe is None or self._probe.done():
            self._probe = asyncio.get_running_loop().create_task(self._run())
        parts = await asyncio.shield(self._probe)
        ready = all(v == "ok" for v in parts.values()) and not self.drain.draining
        return ready, {"ok": ready, **parts, "draining": self.drain.draining}

    async def _run(self) -> dict[str, str]:
        parts = {"store": await self._store()}
        if self.redis is not None:
            parts["redis"] = await self._redis()
        failing = frozenset(k for k, v in parts.items() if v != "ok")
        if failing != self._failing:  # said once as it changes, not at every probe
            self._failing = failing
            if failing:
                log.warning(
                    "not ready: %s unreachable",
                    " and ".join(sorted(failing)),
                    extra={"event": "server.unready", "unreachable": sorted(failing)},
                )
            else:
                log.info("ready again", extra={"event": "server.ready"})
        return parts

    async def _store(self) -> str:
        loop = asyncio.get_running_loop()
        try:
            probe = loop.run_in_executor(self._thread, self._select_one)
            await asyncio.wait_for(probe, self.seconds)
        except Exception:
            return "unreachable"
        return "ok"

    def _select_one(self) -> None:
        with self.storage.single.connect() as conn:
            conn.execute(text("SELECT 1"))

    async def _redis(self) -> str:
        assert self.redis is not None
        try:
            await asyncio.wait_for(self.redis(), self.seconds)
        except Exception:
            return "unreachable"
        return "ok"


def health_routes(readiness: Readiness) -> list[Route]:
    async def healthz(request: Request) -> Response:
        return JSONResponse({"ok": True}, headers={"Cache-Control": "no-store"})

    async def readyz(request: Request) -> Response:
        ready, body = await readiness.check()
        return JSONResponse(
            body, status_code=200 if ready else 503, headers={"Cache-Control": "no-store"}
        )

    return [Route("/healthz", healthz), Route("/readyz", readyz)]
