"""Checks every connection passes before the application sees it (pure ASGI middleware).

- `ConnectionLimit`: open connections (WebSockets, HTTP requests in progress), in all and per
  address.
- `BodyLimit`: a declared Content-Length over the limit is refused before a byte of the body is
  read; a body without one is counted as it arrives and refused once past the limit.
- `SameOrigin`: a browser request from another site may not change anything (CSRF), and a
  WebSocket opened by another site's page is refused.
- `AllowedHosts`: the `Host` a request names must be one this server is served as, so a page of
  another site whose name was pointed at this server (DNS rebinding) is refused.
- `PlainInput`: no control characters in the path (table ids, player names) or the query.

Slow and hoarding clients are held off below these, per TCP connection (`connections`).

A refused HTTP request gets a JSON error; a refused WebSocket is accepted, sent one `error`
message and closed with a 44xx code, so a client always learns why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from urllib.parse import unquote_plus, urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hiddenhand.server.errors import Refused, json_error
from hiddenhand.server.plaintext import NotPlain, check_plain
from hiddenhand.server.protocol import error
from hiddenhand.server.settings import Limits

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
PROBE_PATHS = frozenset({"/healthz", "/readyz"})
"""What load balancers ask (`health`), often from one address and by a name people do not use
(an address): not checked against the host names, and not counted (below)."""
UNCOUNTED_PATHS = PROBE_PATHS | {"/metrics"}
"""Answered without counting against `connections` or `connections_per_address`: a full
server still says how it is. They cost next to nothing, and are still bounded per TCP
connection (`connections.py`) and by uvicorn's own limit."""


def address_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


async def refuse(
    scope: Scope, receive: Receive, send: Send, status: int, code: str, message: str
) -> None:
    """Answer with a JSON error (HTTP) or one `error` message and close code 4000+status."""
    if scope["type"] == "http":
        headers = {"Connection": "close"} if status == 413 else None
        await json_error(status, message, headers)(scope, receive, send)
        return
    connect = await receive()
    if connect["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send", "text": error(code, message)})
    await send({"type": "websocket.close", "code": 4000 + status, "reason": ""})


class ConnectionLimit:
    """At most `limits.connections` open at once, and `connections_per_address` per address."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.open: Counter[str] = Counter()
        self.total = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or (
            scope["type"] == "http" and scope["path"] in UNCOUNTED_PATHS
        ):
            await self.app(scope, receive, send)
            return
        address = address_of(scope)
        if self.total >= self.limits.connections:
            await refuse(scope, receive, send, 503, "busy", "the server is full; try later")
            return
        if self.open[address] >= self.limits.connections_per_address:
            message = "too many open connections from your address; close some first"
            await refuse(scope, receive, send, 429, "too-many", message)
            return
        self.open[address] += 1
        self.total += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.total -= 1
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]


class BodyLimit:
    """Request bodies of at most `limits.body_bytes`, refused as early as can be known."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limit = limits.body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = header(scope, b"content-length")
        if declared is not None:
            if not declared.strip().isdigit() or len(declared) > 20:
                await refuse(scope, receive, send, 400, "bad-request", "bad Content-Length")
                return
            if int(declared) > self.limit:
                too_large = f"the request body is over the limit of {self.limit} bytes"
                await refuse(scope, receive, send, 413, "too-large", too_large)
                return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise Refused(f"the request body is over the limit of {self.limit} bytes", 413)
            return message

        await self.app(scope, counted, send)


class SameOrigin:
    """State-changing HTTP calls and WebSockets only from this site's own pages.

    A browser names the page's site in `Origin` (and `Sec-Fetch-Site`); it must be this host
    (the `Host` header) or one of `origins`. Without either header the caller is not a browser
    page (the command line, a bot, a test), which a cross-site page cannot pretend to be.
    """

    def __init__(self, app: ASGIApp, origins: Iterable[str] = ()) -> None:
        self.app = app
        self.origins = {o.rstrip("/").lower() for o in origins}

    def allowed(self, scope: Scope) -> bool:
        origin = header(scope, b"origin")
        if origin is None:
            return header(scope, b"sec-fetch-site") != "cross-site"
        origin = origin.rstrip("/").lower()
        if origin in self.origins:
            return True
        host = (header(scope, b"host") or "").lower()
        try:
            netloc = urlsplit(origin).netloc
        except ValueError:
            return False
        return bool(host) and netloc == host

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        guarded = scope["type"] == "websocket" or (
            scope["type"] == "http" and scope["method"] not in SAFE_METHODS
        )
        if guarded and not self.allowed(scope):
            message = "requests from another site's pages are not accepted here"
            await refuse(scope, receive, send, 403, "cross-origin", message)
            return
        await self.app(scope, receive, send)


LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
"""The names a server is always reached by from its own machine."""


def host_name(host: str) -> str:
    """The name in a `Host` header or a URL's netloc, without port or brackets, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        host = host.partition(":")[0]
    return host.rstrip(".")


class AllowedHosts:
    """Only requests naming one of `hosts` in `Host` (any port), or any with `*` among them.

    A browser sends the name it looked up, so a page of another site whose name was made to
    point at this server (DNS rebinding) names that site, and is refused with 400 before it
    can read anything a visitor here could.
    """

    def __init__(self, app: ASGIApp, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = {host_name(h) for h in hosts}
        self.anything = "*" in self.hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] in ("http", "websocket")
            and not self.anything
            and not (scope["type"] == "http" and scope["path"] in PROBE_PATHS)
        ):
            named = [v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"host"]
            host = named[0] if len(named) == 1 else ", ".join(named)  # one, as HTTP says
            if len(named) != 1 or host_name(host) not in self.hosts:
                message = (
                    f"this server is not served as {host[:100]!r}; its operator names the hosts "
                    "it answers for with --allowed-host"
                )
                await refuse(scope, receive, send, 400, "bad-host", message)
                return
        await self.app(scope, receive, send)


class PlainInput:
    """No control characters (a NUL, ...) in the path or the query, refused (400) before any
    route reads them: table ids, player names, game ids and query values all come from here."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            query = unquote_plus(bytes(scope.get("query_string", b"")).decode("latin-1"))
            try:
                check_plain(scope["path"], "the address")
                check_plain(query, "the query")
            except NotPlain as exc:
                await refuse(scope, receive, send, 400, "bad-request", str(exc))
                return
        await self.app(scope, receive, send)
