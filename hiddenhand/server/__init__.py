"""Online play: the lobby, tables, the WebSocket protocol and persistence (an ASGI app).

`create_app` is loaded on first use, so importing one server module (the limits, for the
command line's help) does not load the whole app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hiddenhand.server.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from hiddenhand.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
