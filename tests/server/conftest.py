"""A real server in a subprocess, and WebSocket clients that talk to it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import websockets

ROOT = Path(__file__).resolve().parents[2]
POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
FIXTURE_GAMES = "tests.engine.toy"
ROOMY: dict[str, float] = {
    "tables_per_address": 10_000,
    "seats_per_address": 8,
    "connections_per_address": 1000,
    "sockets_per_address": 2000,
    "chat_burst_per_sender": 1000,
}
"""Limits for tests that play many tables from one address (every test client is 127.0.0.1);
the hostile tests start servers with the defaults or tighter ones."""


def served_games() -> list[str]:
    """The games the test server plays: every game hiddenhand ships, and the High Card fixture.

    Other test modules may register fixture games of their own in this process; the server
    subprocess does not import them, so they are left out.
    """
    from hiddenhand.engine import games

    return sorted(
        game_id
        for game_id, game in games().items()
        if game.new_state.__module__.startswith(("hiddenhand.games.", FIXTURE_GAMES))
    )


START_SECONDS = 60
"""How long a server may take to answer: a cluster of workers on a loaded 2-core machine has
taken over 20 s, and a test only waits this long when something is wrong."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`hiddenhand serve` as a person starts it, with the High Card fixture game loaded."""

    def __init__(
        self,
        db: str,
        bot_delay: float = 0.0,
        limits: dict[str, float] | None = None,
        path: Sequence[Path] = (),
    ) -> None:
        self.db = db
        self.path = [*path, ROOT]
        """Where the server process imports from: ROOT, after any folder of installed games."""
        self.bot_delay = bot_delay
        self.limits = ROOMY if limits is None else limits
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "hiddenhand",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db,
            "--import",
            FIXTURE_GAMES,
            "--bot-delay",
            str(self.bot_delay),
            "--quiet",
            *(f"--limit={name}={value}" for name, value in self.limits.items()),
        ]

    def start(self, wait: float = START_SECONDS) -> Server:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, self.path))}
        self.proc = subprocess.Popen(self.command(), cwd=ROOT, env=env)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.http + "/api/games", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        self.kill()  # not left running on its own
        raise RuntimeError("the server did not come up")

    def kill(self) -> None:
        """Kill -9: no shutdown, no flushing, as a crash would."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, body: dict[str, Any], cookies: httpx.Cookies | None = None) -> Any:
        response = httpx.post(self.http + path, json=body, cookies=cookies, timeout=10)
        return response.status_code, response.json()

    def create(self, game: str, players: int, bots: list[str | None], **extra: Any) -> Any:
        """A table with seated people for the None seats; returns (id, tokens by seat)."""
        status, data = self.post(
            "/api/tables", {"game": game, "players": players, "bots": bots, **extra}
        )
        assert status == 200, data
        table, tokens, status_now = data["id"], {}, data["table"]["status"]
        for seat, spec in enumerate(bots):
            if spec is None:
                status, joined = self.post(f"/api/tables/{table}/join", {"name": f"P{seat}"})
                assert status == 200, joined
                tokens[joined["you"]["seat"]] = joined["you"]["token"]
                status_now = joined["table"]["status"]
        if tokens and status_now == "open":  # one person among bots starts it by sitting
            status, started = self.post(
                f"/api/tables/{table}/start", {"token": next(iter(tokens.values()))}
            )
            assert status == 200, started
        return table, tokens


class Client:
    """One WebSocket connection; keeps every message it received, in order."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.ws: Any = None
        self.received: list[dict[str, Any]] = []

    async def __aenter__(self) -> Client:
        self.ws = await websockets.connect(self.url, max_size=2**24)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(message)
        return message

    async def until(self, kind: str, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        """The next message of this type (and matching fields), skipping others."""
        while True:
            message = await self.recv(timeout)
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message

    async def until_any(self, kinds: tuple[str, ...], timeout: float = 10.0) -> dict[str, Any]:
        """The next message of any of these types, skipping others."""
        while True:
            message = await self.recv(timeout)
            if message["type"] in kinds:
                return message

    async def silent(self, seconds: float = 0.3) -> bool:
        """True if nothing arrives for a while."""
        try:
            message = await self.recv(seconds)
        except TimeoutError:
            return True
        self.received.pop()
        raise AssertionError(f"unexpected message: {message}")

    async def drain(self, seconds: float = 0.3) -> None:
        """Read whatever is on its way until the line is quiet."""
        while True:
            try:
                await self.recv(seconds)
            except TimeoutError:
                return

    async def hello(self, token: str | None = None, since: int = 0, **extra: Any) -> Any:
        await self.send({"type": "hello", "token": token, "since": since, **extra})
        welcome = await self.until("welcome")
        return welcome


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("db") / "tables.sqlite3"
    srv = Server(f"sqlite:///{db}").start()
    yield srv
    srv.stop()


@contextlib.contextmanager
def postgres_schema() -> Iterator[str]:
    """A database URL whose tables live in a fresh schema, dropped afterwards."""
    schema = f"hh_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    else:
        with postgres_schema() as url:
            yield url
