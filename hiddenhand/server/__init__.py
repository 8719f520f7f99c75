"""Online play: the lobby, tables, the WebSocket protocol and persistence (an ASGI app)."""

from hiddenhand.server.app import create_app

__all__ = ["create_app"]
