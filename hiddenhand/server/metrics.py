"""What one server process measures, in Prometheus's text format at `/metrics`.

Each app has a registry of its own (never prometheus_client's global one), so several apps in
one process (tests) keep apart, and every number is this process's: with `--workers N` each
worker answers for itself (docs/operations.md). The parts of the server that measure something
hold the app's `Metrics` (`NO_METRICS`, never served, until the app hands them its own).

`/metrics` answers a request from this machine (loopback, not forwarded by a proxy); from any
other address only with the operator's token (`hiddenhand serve --metrics-token`) as
`Authorization: Bearer TOKEN`, compared in constant time; otherwise 403.
"""

from __future__ import annotations

import hmac
import os
from collections import Counter as Tally
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import msgspec
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hiddenhand.server.errors import json_error

if TYPE_CHECKING:
    from hiddenhand.server.lobby import Lobby

FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Buckets (seconds) of what should take milliseconds: acknowledging, writing, publishing."""
SLOW = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
"""Buckets (seconds) of a bot's decision (a searching bot thinks up to `bot_seconds`)."""
LOOPBACK = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})
FORWARDED = (b"x-forwarded-for", b"forwarded")
STATUSES = ("open", "playing", "over")


class Metrics:
    """The measurements of one server process, and the registry that serves them."""

    def __init__(self, process: str = "") -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.actions = Counter(
            "hiddenhand_actions",
            "Actions the tables of this process accepted",
            ["game"],
            registry=r,
        )
        self.games_finished = Counter(
            "hiddenhand_games_finished",
            "Games that ended at the tables of this process (their last action written)",
            ["game"],
            registry=r,
        )
        self.ack_seconds = Histogram(
            "hiddenhand_action_ack_seconds",
            "From reading a person's act message to sending their table's new state "
            "(the action written first)",
            buckets=FAST,
            registry=r,
        )
        self.store_write_seconds = Histogram(
            "hiddenhand_store_write_seconds",
            "Writing one group of actions to the store",
            buckets=FAST,
            registry=r,
        )
        self.store_write_failures = Counter(
            "hiddenhand_store_write_failures",
            "Groups of actions the store failed to write",
            registry=r,
        )
        self.bus_publish_seconds = Histogram(
            "hiddenhand_bus_publish_seconds",
            "Publishing one batch of frames to the other processes through Redis",
            buckets=FAST,
            registry=r,
        )
        self.takeovers = Counter(
            "hiddenhand_table_takeovers",
            "Live tables this process took over from the store (their owner gone)",
            registry=r,
        )
        self.leases_lost = Counter(
            "hiddenhand_leases_lost",
            "Tables this process stopped playing because their lease expired before renewal",
            registry=r,
        )
        self.bot_seconds = Histogram(
            "hiddenhand_bot_decision_seconds",
            "A bot deciding for a seat (searching bots: waiting for a bot process included)",
            ["game"],
            buckets=SLOW,
            registry=r,
        )
        self.refused = Counter(
            "hiddenhand_refused",
            "Inputs refused: by channel (http: the status; websocket: the error code; "
            "tcp: refused before a request was read) and reason",
            ["channel", "reason"],
            registry=r,
        )
        self.websockets = Gauge(
            "hiddenhand_websockets", "WebSocket connections open to this process", registry=r
        )
        info = Gauge("hiddenhand_process_info", "This process, by name", ["process"], registry=r)
        info.labels(process or f"pid {os.getpid()}").set(1)
        ProcessCollector(registry=r)
        PlatformCollector(registry=r)

    def watch(self, lobby: Lobby, tcp_connections: Callable[[], int]) -> None:
        """Count the lobby's tables and the open TCP connections whenever scraped."""
        self.registry.register(Live(lobby, tcp_connections))

    def acknowledged(self, received: Iterable[float], now: float) -> None:
        for began in received:
            self.ack_seconds.observe(now - began)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


NO_METRICS = Metrics()
"""What a part of the server measures into until an app gives it the app's own: never served."""


class Live(Collector):
    """Gauges read at scrape time: tables held by status, TCP connections open."""

    def __init__(self, lobby: Lobby, tcp_connections: Callable[[], int]) -> None:
        self.lobby = lobby
        self.tcp_connections = tcp_connections

    def collect(self) -> Iterable[Metric]:
        tables = GaugeMetricFamily(
            "hiddenhand_tables",
            "Tables this process holds in memory, by status",
            labels=["status"],
        )
        counts = Tally(t.status for t in list(self.lobby.tables.values()))
        for status in STATUSES:
            tables.add_metric([status], counts[status])
        yield tables
        yield GaugeMetricFamily(
            "hiddenhand_tcp_connections",
            "TCP connections open to this process (a trusted proxy's not counted)",
            value=self.tcp_connections(),
        )


def allowed(request: Request, token: str) -> bool:
    """A request from this machine that no proxy forwarded, or one with the operator's token."""
    if token:
        given = request.headers.get("authorization", "")
        if hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            return True
    if any(name in FORWARDED for name, _ in request.scope.get("headers", ())):
        return False
    return request.client is not None and request.client.host in LOOPBACK


def metrics_route(metrics: Metrics, token: str = "") -> Route:
    async def serve(request: Request) -> Response:
        if not allowed(request, token):
            reason = (
                "metrics are served to this machine only"
                if not token
                else "metrics need the operator's token (Authorization: Bearer ...)"
            )
            return json_error(403, reason)
        return Response(
            metrics.exposition(),
            media_type=CONTENT_TYPE_LATEST,
            headers={"Cache-Control": "no-store"},
        )

    return Route("/metrics", serve)


ERROR_PREFIX = '{"type":"error"'
"""How every `error` message the server sends begins (`protocol.error`)."""


class CountRefusals:
    """ASGI middleware, outermost: counts every HTTP answer of 400 or more by its status, and
    every `error` message sent on a WebSocket by its code, whoever sent it (a guard, a route,
    a table)."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.refused = metrics.refused

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refused = self.refused

        async def counted(message: Message) -> None:
            kind = message["type"]
            if kind == "http.response.start" and message["status"] >= 400:
                refused.labels("http", str(message["status"])).inc()
            elif kind == "websocket.send":
                text = message.get("text")
                if text is not None and text.startswith(ERROR_PREFIX):
                    code = msgspec.json.decode(text, type=ErrorCode).code
                    refused.labels("websocket", code).inc()
            await send(message)

        await self.app(scope, receive, counted)


class ErrorCode(msgspec.Struct):
    code: str
