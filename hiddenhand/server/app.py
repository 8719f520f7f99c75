"""The ASGI application: pages, the lobby API, the table WebSocket and static files, wired."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from hiddenhand.server.lobby import Lobby, routes, with_guest
from hiddenhand.server.sockets import endpoint
from hiddenhand.server.storage import DEFAULT_URL, Storage

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("hiddenhand.server")


def create_app(db: str = DEFAULT_URL, bot_delay: float = 0.8) -> Starlette:
    """The whole server. `bot_delay` is how long bots wait before acting, so people can follow."""
    storage = Storage(db)
    lobby = Lobby(storage, bot_delay)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        restored = lobby.restore()
        log.info("restored %d unfinished tables from %s", restored, storage.engine.url)
        gc.collect()
        gc.freeze()  # what start-up made lives on: keep it out of every later collection
        yield
        lobby.close()
        storage.close()

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
            *routes(lobby),
            WebSocketRoute("/ws/{table}", endpoint(lobby)),
            Mount("/static", StaticFiles(directory=WEB / "static"), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    return app
