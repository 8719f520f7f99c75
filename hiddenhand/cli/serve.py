"""`hiddenhand serve`: the lobby and tables in a browser, over HTTP and WebSockets."""

from __future__ import annotations

import importlib
import logging

import typer

from hiddenhand.cli.app import app, console, fail
from hiddenhand.engine.errors import OptionError
from hiddenhand.server.settings import Limits, parse_limits
from hiddenhand.server.storage import DEFAULT_URL


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", help="port to listen on"),
    db: str = typer.Option(
        DEFAULT_URL, "--db", help="sqlite:///FILE or postgresql://user@host:port/database"
    ),
    bot_delay: float = typer.Option(
        0.8, "--bot-delay", min=0.0, help="seconds a bot waits before acting, so people can follow"
    ),
    extra: list[str] = typer.Option(
        [], "--import", help="a module that registers more games (repeatable)"
    ),
    quiet: bool = typer.Option(False, "--quiet", help="log warnings only"),
    limit: list[str] = typer.Option(
        [],
        "--limit",
        help=f"NAME=VALUE: change one limit (repeatable); docs/protocol.md lists them: "
        f"{', '.join(Limits.names())}",
    ),
    origin: list[str] = typer.Option(
        [], "--origin", help="another site whose pages may use this server (repeatable)"
    ),
    trust_proxy: str = typer.Option(
        "",
        "--trust-proxy",
        help="addresses of a reverse proxy whose X-Forwarded-For names the client (comma list)",
    ),
) -> None:
    """Serve the lobby at http://HOST:PORT; unfinished tables come back after a restart."""
    import uvicorn

    from hiddenhand.server.app import create_app
    from hiddenhand.server.ownership import StoreBusy

    try:
        limits = parse_limits(limit)
    except OptionError as exc:
        fail(str(exc))

    for module in extra:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            fail(f"cannot import {module}: {exc}")
    logging.basicConfig(level=logging.WARNING if quiet else logging.INFO, format="%(message)s")
    try:
        application = create_app(db, bot_delay, limits, origin)
    except StoreBusy as exc:
        fail(f"cannot serve {db}: {exc}")
    except Exception as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        fail(f"cannot open the store {db}: {reason}")
    if not quiet:
        console.print(f"hiddenhand serving at [bold]http://{host}:{port}[/] (store: {db})")
    uvicorn.run(
        application,
        host=host,
        port=port,
        ws_max_size=limits.frame_bytes,
        limit_concurrency=2 * limits.connections,  # a backstop: the app refuses at half
        proxy_headers=bool(trust_proxy),
        forwarded_allow_ips=trust_proxy or None,
        log_level="warning" if quiet else "info",
        access_log=False,
    )
