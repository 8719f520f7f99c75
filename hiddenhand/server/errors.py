"""What the server refuses, and HTTP errors as JSON, always: `{"error": reason}` with the status.

A table raises `TableError` (400 over HTTP, an `error` message over a WebSocket). Routes raise
`Refused` with a status of their own; Starlette raises HTTPException for unknown paths (404) and
methods (405); anything else is a fault, answered 500 without details (they may name internals)
but with the request's id, which the log's line about it carries too (`RequestIds`).
"""

from __future__ import annotations

import logging
import secrets

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, ExceptionHandler, Message, Receive, Scope, Send

from hiddenhand.engine.errors import HiddenhandError

log = logging.getLogger("hiddenhand.server")

REASONS = {
    400: "the request is not valid",
    403: "not allowed",
    404: "there is nothing here",
    405: "this method is not allowed here",
    413: "the request is too large",
    429: "too many requests; wait a moment",
    503: "the server is busy; try again later",
}


class TableError(HiddenhandError):
    """Something a table refuses to do (sit on a taken seat, start too early, ...)."""


class Refused(Exception):
    """A request the server will not do, with the reason and the HTTP status to answer."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def json_error(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


async def refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refused)
    return json_error(exc.status, str(exc))


async def http_exception(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    headers = dict(exc.headers) if exc.headers else None
    message = REASONS.get(exc.status_code, "the request cannot be served")
    if exc.status_code == 404:
        message = f"there is nothing at {request.url.path[:100]}"
    return json_error(exc.status_code, message, headers)


async def internal(request: Request, exc: Exception) -> Response:
    request_id = request_id_of(request.scope)
    log.error(
        "%s %s failed (request %s)",
        request.method,
        request.url.path[:100],
        request_id,
        exc_info=exc,
        extra={"event": "request.failed", "request_id": request_id},
    )
    return JSONResponse(
        {"error": "the server could not handle this request", "request_id": request_id},
        status_code=500,
    )


REQUEST_ID = "hiddenhand.request_id"
"""Where a request's (or a WebSocket connection's) id is kept in its ASGI scope."""


def request_id_of(scope: Scope) -> str:
    return str(scope.get(REQUEST_ID, "-"))


class RequestIds:
    """ASGI middleware: every HTTP request and WebSocket connection gets an id of 16 hex digits,
    answered in `X-Request-ID`, that the log's lines about its faults carry: a person reporting
    a 500 can quote it. The id is always the server's own (one a client sent could be anything,
    even a secret of theirs, and would end up in the log)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request_id = scope[REQUEST_ID] = secrets.token_hex(8)
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                headers.append((b"x-request-id", request_id.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_id)


HANDLERS: dict[int | type[Exception], ExceptionHandler] = {
    Refused: refused,
    HTTPException: http_exception,
    Exception: internal,
}
"""Starlette's `exception_handlers`: every HTTP error leaves as JSON."""
