"""Where the browser finds a game's renderer: a built-in game's file under `web/static/games/`,
or the JavaScript a game from another package ships as package data (`Game.renderer`, served
at `/games/<id>/renderer.js`); a game with neither is drawn by the generic board."""

from __future__ import annotations

from importlib import resources

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from hiddenhand.engine import Game, get_game
from hiddenhand.engine.errors import UnknownGame

BUILT_IN = resources.files("hiddenhand") / "web" / "static" / "games"


def renderer_url(game: Game) -> str | None:
    """The URL the table and replay pages import the game's renderer from (None: generic)."""
    if game.renderer:
        return f"/games/{game.id}/renderer.js"
    if (BUILT_IN / f"{game.id}.js").is_file():
        return f"/static/games/{game.id}.js"
    return None


def renderer_source(game: Game) -> bytes:
    """The JavaScript of a game's declared renderer, read from its package's data."""
    package, _, path = game.renderer.partition(":")
    if not package or not path:
        raise FileNotFoundError(f"{game.id}'s renderer {game.renderer!r} is not package:path")
    return (resources.files(package) / path).read_bytes()


async def serve_renderer(request: Request) -> Response:
    try:
        game = get_game(request.path_params["game"])
        source = renderer_source(game) if game.renderer else None
    except (UnknownGame, FileNotFoundError, ModuleNotFoundError):
        source = None
    if source is None:
        return Response("no such renderer", status_code=404, media_type="text/plain")
    return Response(source, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


def renderer_route() -> Route:
    return Route("/games/{game}/renderer.js", serve_renderer)
