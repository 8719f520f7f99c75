"""`hiddenhand serve`: the lobby and tables in a browser, over HTTP and WebSockets."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import typer

from hiddenhand.cli.app import IMPORT_HELP, app, console, fail
from hiddenhand.engine.errors import OptionError, UnknownGame
from hiddenhand.engine.game import import_games
from hiddenhand.server.pace import DEFAULT_BOT_DELAY
from hiddenhand.server.settings import Limits, parse_limits
from hiddenhand.server.supervision import mark_supervisor

if TYPE_CHECKING:
    from hiddenhand.server.ownership import Ownership
    from hiddenhand.server.storage import Storage

DEFAULT_STORE = "sqlite:///hiddenhand.db"
"""The store's default, as the server's `storage.DEFAULT_URL` (not imported: that loads
SQLAlchemy, and every command's --help would wait for it)."""


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", help="port to listen on"),
    db: str = typer.Option(
        DEFAULT_STORE, "--db", help="sqlite:///FILE or postgresql://user@host:port/database"
    ),
    bot_delay: float = typer.Option(
        DEFAULT_BOT_DELAY,
        "--bot-delay",
        min=0.0,
        help="seconds a bot waits before acting, so people can follow",
    ),
    extra: list[str] = typer.Option([], "--import", help=IMPORT_HELP),
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
    redis: str | None = typer.Option(
        None,
        "--redis",
        help="redis://HOST:PORT: run as one of several processes sharing a PostgreSQL --db "
        "(docs/scaling.md)",
    ),
    workers: int = typer.Option(
        1, "--workers", min=1, max=64, help="processes serving this address (needs --redis)"
    ),
    trust_proxy: str = typer.Option(
        "",
        "--trust-proxy",
        help="addresses of a reverse proxy whose X-Forwarded-For names the client (comma list)",
    ),
    allowed_host: list[str] = typer.Option(
        [],
        "--allowed-host",
        help="a name this server is reached by, besides localhost, 127.0.0.1, ::1, --host and "
        "the --origin sites; other Host headers get 400 (repeatable; '*' allows any)",
    ),
    drain: float = typer.Option(
        0.0,
        "--drain",
        min=0.0,
        max=3600.0,
        help="seconds to go on serving after SIGTERM while /readyz answers 503, so a load "
        "balancer moves traffic away first (docs/scaling.md)",
    ),
    metrics_token: str = typer.Option(
        "",
        "--metrics-token",
        envvar="HIDDENHAND_METRICS_TOKEN",
        help="let other machines read /metrics with 'Authorization: Bearer TOKEN' (this machine "
        "reads it without); better given in the environment variable, out of sight of ps",
    ),
    migrate: bool = typer.Option(
        True,
        "--migrate/--no-migrate",
        help="apply the migrations this version brings as the store is opened (under a lock); "
        "--no-migrate: refuse a store not migrated yet (`hiddenhand migrate`, docs/operations.md)",
    ),
    log_format: str = typer.Option(
        "auto",
        "--log-format",
        help="text, or json: one JSON object per line; auto: text at a terminal, json "
        "otherwise (docs/operations.md)",
    ),
) -> None:
    """Serve the lobby at http://HOST:PORT; unfinished tables come back after a restart."""
    import uvicorn
    from uvicorn.config import LOGGING_CONFIG

    from hiddenhand.server.app import SETTINGS_VARIABLE, ServerSettings
    from hiddenhand.server.connections import uvicorn_options
    from hiddenhand.server.logs import FORMATS, configure, resolve
    from hiddenhand.server.migrate import SchemaError
    from hiddenhand.server.ownership import StoreBusy

    try:
        limits = parse_limits(limit)
    except OptionError as exc:
        fail(str(exc))

    try:
        import_games(extra)
    except UnknownGame as exc:
        fail(str(exc))
    if log_format not in FORMATS:
        fail(f"--log-format is one of {', '.join(FORMATS)}, not {log_format!r}")
    log_format = resolve(log_format)
    log_config = configure(log_format, quiet)
    if workers > 1 and redis is None:
        fail("--workers N shares the tables between processes: give --redis and a PostgreSQL --db")
    hosts = [*allowed_host, *([] if host in ("0.0.0.0", "::", "") else [host])]
    settings = ServerSettings(
        db,
        bot_delay,
        limit,
        origin,
        redis,
        extra,
        quiet,
        hosts=hosts,
        proxies=trust_proxy,
        drain=drain,
        metrics_token=metrics_token,
        log_format=log_format,
        migrate=migrate,
    )
    held: Ownership | None = None
    if redis is not None:
        store = check_cluster(db, redis, migrate)
        if workers > 1:  # the workers' store, held here for as long as they run
            held = hold_store(store, db, limits.store_wait_seconds)
        else:
            store.close()
    try:
        application = None if workers > 1 else settings.app()
    except (StoreBusy, SchemaError) as exc:
        fail(f"cannot serve {db}: {exc}")
    except Exception as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        fail(f"cannot open the store {db}: {reason}")
    if not quiet and log_format == "text":
        processes = f", {workers} processes" if workers > 1 else ""
        console.print(
            f"hiddenhand serving at [bold]http://{host}:{port}[/] (store: {db}{processes})"
        )
    os.environ[SETTINGS_VARIABLE] = settings.to_json()
    if workers > 1:
        mark_supervisor()
    try:
        uvicorn.run(
            application or "hiddenhand.server.app:from_environment",
            factory=application is None,
            workers=workers,
            host=host,
            port=port,
            **uvicorn_options(limits),  # per-connection guards (`server/connections.py`) and limits
            ws_per_message_deflate=False,  # state messages are small: compressing costs more CPU
            proxy_headers=bool(trust_proxy),
            forwarded_allow_ips=trust_proxy or None,
            log_level="warning" if quiet else "info",
            access_log=False,
            log_config=LOGGING_CONFIG if log_config is None else log_config,
        )
    finally:
        if held is not None:
            held.release()


def check_cluster(db: str, redis: str, migrate: bool = True) -> Storage:
    """Before any process starts: the store is PostgreSQL (brought up to date once, here, unless
    not to `migrate`) at a schema this version serves, and Redis answers; otherwise say which
    is wrong. Returns the store, open."""
    from redis import Redis
    from redis.exceptions import RedisError

    from hiddenhand.server.migrate import SchemaError
    from hiddenhand.server.storage import Storage

    if not db.startswith(("postgresql://", "postgres://", "postgresql+")):
        fail("--redis runs several processes on one store: --db must be postgresql://...")
    try:
        Redis.from_url(redis, socket_connect_timeout=3).ping()
    except (RedisError, ValueError) as exc:
        fail(f"cannot reach Redis at {redis}: {exc}")
    try:
        return Storage(db, migrate=migrate)
    except SchemaError as exc:
        fail(f"cannot serve {db}: {exc}")
    except Exception as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        fail(f"cannot open the store {db}: {reason}")


def hold_store(store: Storage, db: str, wait: float) -> Ownership:
    """The supervisor of `--workers N` claims the store for the cluster before it starts any
    worker, and holds it until they stop: a store a lone server holds is refused here, once
    (exit code 2), rather than by each worker as it starts, again and again; and no lone server
    can take the store between this check and the workers' own claims."""
    from hiddenhand.server.ownership import StoreBusy, claim

    try:
        return claim(store, wait, shared=True)
    except StoreBusy as exc:
        store.close()
        fail(f"cannot serve {db}: {exc}")
