"""What the server refuses, and HTTP errors as JSON, always: `{"error": reason}` with the status.

A table raises `TableError` (400 over HTTP, an `error` message over a WebSocket). Routes raise
`Refused` with a status of their own; Starlette raises HTTPException for unknown paths (404) and
methods (405); anything else is a fault, answered 500 without details (they may name internals).
"""

from __future__ import annotations

import logging

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ExceptionHandler

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
    log.error("%s %s failed", request.method, request.url.path[:100], exc_info=exc)
    return json_error(500, "the server could not handle this request")


HANDLERS: dict[int | type[Exception], ExceptionHandler] = {
    Refused: refused,
    HTTPException: http_exception,
    Exception: internal,
}
"""Starlette's `exception_handlers`: every HTTP error leaves as JSON."""
