"""The ASGI application: pages, the lobby API, the table WebSocket and static files, wired.

Requests pass the guards first (host, connections, origin, body size, control characters), then
the routes; every HTTP error leaves as JSON. Below them, each TCP connection is counted and timed
(`connections`). The server owns its store while it runs, and sweeps expired and finished
tables out of memory in the background.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgspec
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from hiddenhand.server.account_api import account_routes
from hiddenhand.server.account_sockets import AccountSockets
from hiddenhand.server.accounts import Accounts
from hiddenhand.server.api import routes, with_guest
from hiddenhand.server.cluster import Cluster
from hiddenhand.server.collector import Collector
from hiddenhand.server.connections import GUARD_KEY, SocketGuard
from hiddenhand.server.errors import HANDLERS, RequestIds
from hiddenhand.server.guards import (
    LOOPBACK_HOSTS,
    AllowedHosts,
    BodyLimit,
    ConnectionLimit,
    PlainInput,
    SameOrigin,
    host_name,
)
from hiddenhand.server.guests import KEY_NAME as GUEST_KEY
from hiddenhand.server.guests import GuestIds
from hiddenhand.server.health import Drain, Readiness, health_routes
from hiddenhand.server.leases import process_name
from hiddenhand.server.lobby import Lobby
from hiddenhand.server.logs import configure
from hiddenhand.server.metrics import CountRefusals, Metrics, metrics_route
from hiddenhand.server.moderation_api import moderation_routes
from hiddenhand.server.operators import Operators
from hiddenhand.server.ownership import claim
from hiddenhand.server.pace import DEFAULT_BOT_DELAY
from hiddenhand.server.placement import OneProcess, Placement
from hiddenhand.server.renderers import renderer_route
from hiddenhand.server.sessions import Sessions, store_key
from hiddenhand.server.settings import Limits, parse_limits
from hiddenhand.server.sockets import endpoint
from hiddenhand.server.storage import DEFAULT_URL, Storage
from hiddenhand.server.supervision import die_with_supervisor

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("hiddenhand.server")


async def sweep_forever(lobby: Lobby) -> None:
    """Every `sweep_seconds`: tables never started in time go, finished ones leave memory."""
    while True:
        await asyncio.sleep(lobby.limits.sweep_seconds)
        try:
            expired, unloaded = lobby.sweep()
        except Exception:
            log.exception("sweeping the tables failed; trying again later")
            continue
        if expired or unloaded:
            log.info(
                "%d tables expired, %d finished tables unloaded",
                expired,
                unloaded,
                extra={"event": "tables.swept", "expired": expired, "unloaded": unloaded},
            )


SETTINGS_VARIABLE = "HIDDENHAND_SERVER"
"""Where `hiddenhand serve --workers N` leaves its settings for each worker process."""


class ServerSettings(msgspec.Struct):
    """What `hiddenhand serve` was asked for, as each worker process rebuilds the app from."""

    db: str
    bot_delay: float
    limits: list[str]
    origins: list[str]
    redis: str | None
    imports: list[str]
    quiet: bool
    hosts: list[str] = msgspec.field(default_factory=list)
    proxies: str = ""
    drain: float = 0.0
    metrics_token: str = ""
    log_format: str = "text"
    migrate: bool = True

    def to_json(self) -> str:
        return msgspec.json.encode(self).decode()

    def app(self) -> Starlette:
        for module in self.imports:
            importlib.import_module(module)
        return create_app(
            self.db,
            self.bot_delay,
            parse_limits(self.limits),
            self.origins,
            self.redis,
            hosts=self.hosts,
            proxies=self.proxies,
            drain_seconds=self.drain,
            metrics_token=self.metrics_token,
            migrate=self.migrate,
        )


def from_environment() -> Starlette:
    """The app of one worker process: the settings its parent left in the environment."""
    settings = msgspec.json.decode(os.environ[SETTINGS_VARIABLE], type=ServerSettings)
    configure(settings.log_format, settings.quiet)
    die_with_supervisor()
    return settings.app()


def create_app(
    db: str = DEFAULT_URL,
    bot_delay: float = DEFAULT_BOT_DELAY,
    limits: Limits | None = None,
    origins: Iterable[str] = (),
    redis: str | None = None,
    *,
    hosts: Iterable[str] = (),
    proxies: str = "",
    drain_seconds: float = 0.0,
    metrics_token: str = "",
    migrate: bool = True,
) -> Starlette:
    """The whole server. `bot_delay` is how long bots wait before acting, so people can follow;
    `origins` are sites besides this one whose pages may use it; `redis` makes this process one
    of a cluster sharing a PostgreSQL store (`cluster`). `hosts` are the names it is served as
    besides loopback and the origins' (`*`: any); `proxies` the reverse proxies it trusts to
    name the client (`--trust-proxy`), whose connections are not counted per address;
    `drain_seconds` how long it goes on serving after SIGTERM, `/readyz` answering 503
    (`health`); `metrics_token` lets other machines than this one read `/metrics`; `migrate`
    whether opening the store applies the migrations it lacks (`migrate.prepare`).

    Raises StoreBusy if another server owns the store, SchemaError if its schema is not one
    this version serves, ValueError if a cluster is asked for on anything but PostgreSQL."""
    limits = limits or Limits()
    origins = list(origins)
    storage = Storage(db, migrate=migrate)
    try:
        if redis is not None and storage.engine.dialect.name != "postgresql":
            raise ValueError("several processes share a PostgreSQL store, not this one")
        ownership = claim(storage, limits.store_wait_seconds, shared=redis is not None)
    except Exception:
        storage.close()
        raise
    lobby = Lobby(storage, bot_delay, limits)
    sessions = Sessions(storage, limits.session_seconds)
    guests = GuestIds(store_key(storage, GUEST_KEY))
    place: Placement = OneProcess(lobby) if redis is None else Cluster(lobby, redis)
    accounts = Accounts(storage)
    account_sockets = AccountSockets(sessions, lobby.moderation, limits.session_check_seconds)
    if isinstance(place, Cluster):
        account_sockets.broadcast = place.tell
        place.on_news = account_sockets.heard

    allowed = [*LOOPBACK_HOSTS, *(host_name(urlsplit(o).netloc) for o in origins), *hosts]
    metrics_name = place.me if isinstance(place, Cluster) else process_name()
    metrics = Metrics(metrics_name)
    lobby.metrics = storage.actions.metrics = metrics
    if isinstance(place, Cluster):
        place.bus.metrics = metrics
    sockets = SocketGuard.of(limits, proxies)
    sockets.on_refused = lambda status: metrics.refused.labels("tcp", str(status)).inc()
    metrics.watch(lobby, lambda: sum(sockets.open.values()))
    drain = Drain(drain_seconds)
    if isinstance(place, Cluster):
        drain.hand_off = place.hand_off
    readiness = Readiness(
        storage, drain, None if not isinstance(place, Cluster) else place.bus.redis.ping
    )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict[str, Any]]:
        store = storage.engine.url.render_as_string(hide_password=True)
        if isinstance(place, Cluster):
            await place.start()
        else:
            lobby.restore()
        log.info(
            "serving %s with %d unfinished tables",
            store,
            len(lobby.tables),
            extra={
                "event": "server.start",
                "store": store,
                "tables": len(lobby.tables),
                "process_name": metrics_name,
                "cluster": isinstance(place, Cluster),
            },
        )
        loop = asyncio.get_running_loop()
        undrain = drain.install(loop)
        collector = Collector(limits.full_collection_seconds)
        collector.start()
        chores = [
            loop.create_task(sweep_forever(lobby)),
            loop.create_task(collector.run()),
            loop.create_task(account_sockets.check_forever()),
        ]
        try:
            yield {GUARD_KEY: sockets}  # for the server's connections (`connections`)
        finally:
            undrain()
            for chore in chores:
                chore.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await chore
            collector.stop()
            if isinstance(place, Cluster):
                await place.stop()
            await storage.actions.drain()
            lobby.close()
            readiness.close()
            storage.close()
            ownership.release()
            log.info("stopped", extra={"event": "server.stop", "process_name": metrics_name})

    def page(name: str):  # type: ignore[no-untyped-def]
        async def serve(request: Request) -> Response:
            return with_guest(
                request, FileResponse(WEB / name, headers={"Cache-Control": "no-cache"})
            )

        return serve

    app = Starlette(
        routes=[
            Route("/", page("index.html")),
            Route("/t/{table}", page("table.html")),
            Route("/replay/{table}", page("replay.html")),
            Route("/profile/{name}", page("profile.html")),
            Route("/leaderboard/{game}", page("leaderboard.html")),
            Route("/admin", page("admin.html")),
            *health_routes(readiness),
            metrics_route(metrics, metrics_token),
            *routes(place),
            *account_routes(place, accounts, sessions, account_sockets),
            *moderation_routes(
                place, accounts, Operators(lobby.moderation, sessions), account_sockets
            ),
            WebSocketRoute("/ws/{table}", endpoint(place, account_sockets)),
            renderer_route(),
            Mount("/static", StaticFiles(directory=WEB / "static"), name="static"),
        ],
        middleware=[
            Middleware(RequestIds),
            Middleware(CountRefusals, metrics=metrics),
            Middleware(AllowedHosts, hosts=allowed),
            Middleware(ConnectionLimit, limits=limits),
            Middleware(SameOrigin, origins=origins),
            Middleware(BodyLimit, limits=limits),
            Middleware(PlainInput),
        ],
        exception_handlers=HANDLERS,
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    app.state.place = place
    app.state.limits = limits
    app.state.sessions = sessions
    app.state.guests = guests
    app.state.drain = drain
    app.state.metrics = metrics
    return app
