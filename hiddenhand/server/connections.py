"""Slow and hoarding clients, held off per TCP connection, below the ASGI app.

The guards in `guards.py` see a request only once its head has arrived. A client that opens
connections and sends half a head each (slowloris), or a body a byte a minute, never gets that
far, and uvicorn neither counts nor times it out: a couple of thousand such sockets from one
address used to get every new request a 503. uvicorn's HTTP and WebSocket protocols are
subclassed here (`hiddenhand serve` runs them, `uvicorn_options`) so that:

- connections are counted per address from the moment each is accepted, idle, half-sent and
  WebSocket alike (`Limits.sockets_per_address`; IPv6 addresses by their /64); one more is
  answered 429 and closed at once. A trusted reverse proxy's own address is not counted: it
  carries many people, its `limit_conn` does this job for them, and `guards.ConnectionLimit`
  counts each one by the address it forwards;
- a request's head must arrive within `header_seconds` of the connection opening or the last
  response ending, and within `header_bytes` (uvicorn's httptools parser has no limit of its
  own); its body within `body_seconds` of its head. Past either: 408 (431) and closed.

The counts live in a `SocketGuard` the app hands its server in its lifespan state, so every
worker process keeps its own (as it does all its counts).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from hiddenhand.server.settings import Limits

GUARD_KEY = "hiddenhand.sockets"
"""Where the app's lifespan state holds its `SocketGuard`."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def address_key(host: str) -> str:
    """What one address counts under: itself, or for IPv6 its /64 (one host's usual share)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def parse_proxies(text: str) -> tuple[bool, tuple[Network, ...], frozenset[str]]:
    """`--trust-proxy`'s comma list (addresses, networks, `*`) as (all, networks, literals)."""
    entries = [e.strip() for e in text.split(",") if e.strip()]
    networks: list[Network] = []
    literals: set[str] = set()
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            literals.add(entry)
    return "*" in entries, tuple(networks), frozenset(literals)


@dataclass
class SocketGuard:
    """Open connections per address, and the deadlines every connection's requests keep."""

    per_address: int
    header_seconds: float
    body_seconds: float
    header_bytes: int
    proxies: str = ""
    on_refused: Callable[[int], None] | None = None
    """Told the status of each connection answered and closed here (`metrics`)."""
    open: Counter[str] = field(default_factory=Counter)
    holders: dict[asyncio.BaseTransport, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._all_proxies, self._networks, self._literals = parse_proxies(self.proxies)

    @classmethod
    def of(cls, limits: Limits, proxies: str = "") -> SocketGuard:
        return cls(
            limits.sockets_per_address,
            limits.header_seconds,
            limits.body_seconds,
            limits.header_bytes,
            proxies,
        )

    def is_proxy(self, host: str) -> bool:
        if self._all_proxies or host in self._literals:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self._networks)

    def admit(self, transport: asyncio.Transport) -> bool:
        """Count a new connection, or False if its address holds too many already."""
        client = get_remote_addr(transport)
        if client is None or self.is_proxy(client[0]):
            return True
        key = address_key(client[0])
        if self.open[key] >= self.per_address:
            return False
        self.open[key] += 1
        self.holders[transport] = key
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """The connection is gone (whichever protocol spoke on it last); once per connection."""
        key = self.holders.pop(transport, None)
        if key is not None:
            self.open[key] -= 1
            if not self.open[key]:
                del self.open[key]


def answer(transport: asyncio.Transport, status: int, message: str) -> None:
    """A JSON error written straight to the connection, which is then closed."""
    body = json.dumps({"error": message}).encode()
    head = (
        STATUS_LINE[status] + b"content-type: application/json\r\n"
        b"content-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n"
    )
    transport.write(head + body)
    transport.close()


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol, with the connection counted and its requests timed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.guard: SocketGuard | None = self.app_state.get(GUARD_KEY)
        self.deadline: asyncio.TimerHandle | None = None
        self.head_bytes = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self.guard is None:
            return
        if not self.guard.admit(transport):
            self.refuse(429, "too many open connections from your address; close some first")
            return
        self.await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self.cancel_deadline()
        if self.guard is not None:
            self.guard.release(self.transport)
        super().connection_lost(exc)

    def waiting_for_head(self) -> bool:
        """No request is in: none yet, or the last one was answered."""
        return self.cycle is None or self.cycle.response_complete

    def await_head(self) -> None:
        """From now the next request's head has `header_seconds` and `header_bytes`."""
        assert self.guard is not None
        self.head_bytes = 0
        self.arm(self.guard.header_seconds)

    def arm(self, seconds: float) -> None:
        self.cancel_deadline()
        self.deadline = self.loop.call_later(seconds, self.deadline_passed)

    def cancel_deadline(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def data_received(self, data: bytes) -> None:
        if self.guard is None or not self.waiting_for_head():
            super().data_received(data)
            return
        before = self.cycle
        self.head_bytes += len(data)
        super().data_received(data)
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        if self.cycle is not before:  # the head is in: the body has its own deadline
            self.cancel_deadline()
            if self.cycle.more_body:
                self.arm(self.guard.body_seconds)
        elif self.head_bytes > self.guard.header_bytes:
            limit = self.guard.header_bytes
            self.refuse(431, f"the request head is over the limit of {limit} bytes")

    def deadline_passed(self) -> None:
        self.deadline = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        if self.waiting_for_head():
            self.refuse(408, "the request did not arrive in time")
        elif self.cycle.more_body:
            if self.cycle.response_started:
                self.transport.close()
            else:
                self.refuse(408, "the request body did not arrive in time")

    def refuse(self, status: int, message: str) -> None:
        if self.guard is not None and self.guard.on_refused is not None:
            self.guard.on_refused(status)
        answer(self.transport, status, message)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.guard is not None and not self.transport.is_closing():
            self.await_head()

    def handle_websocket_upgrade(self) -> None:
        self.cancel_deadline()  # the WebSocket protocol speaks on this connection now
        super().handle_websocket_upgrade()


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol; its connection was counted when it began as HTTP."""

    def connection_lost(self, exc: Exception | None) -> None:
        guard: SocketGuard | None = self.app_state.get(GUARD_KEY)
        if guard is not None:
            guard.release(self.transport)
        super().connection_lost(exc)


GRACE_SECONDS = 10.0
"""How long a stopping server waits for the requests in progress to end before it closes
them: with `--drain` and the hand-over (`health`), it bounds how long a stop takes."""


def uvicorn_options(limits: Limits) -> dict[str, Any]:
    """What `uvicorn.run` is given so the guards above, and uvicorn's own limits, hold."""
    return {
        "http": GuardedHttp,
        "ws": GuardedWebSocket,
        "ws_max_size": limits.frame_bytes,
        "limit_concurrency": 2 * limits.connections,  # a backstop: the app refuses at half
        "timeout_keep_alive": limits.keep_alive_seconds,
        "timeout_graceful_shutdown": GRACE_SECONDS,
    }
