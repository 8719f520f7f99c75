"""Control characters (a NUL above all, which PostgreSQL cannot store) on every way in: each is
refused with a 400 (or an `error` over a WebSocket) before the store is asked anything, on
SQLite and on PostgreSQL alike, and nothing in the store changes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import create_engine, text

from hiddenhand.server.storage import engine_url
from tests.server.conftest import ROOMY, Client, Server, postgres_schema

STORE_TABLES = ("hh_tables", "hh_actions", "hh_chat", "hh_accounts", "hh_results")


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def store_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    if request.param == "sqlite":
        srv = Server(f"sqlite:///{tmp_path_factory.mktemp('db') / 'tables.sqlite3'}").start()
        yield srv
        srv.stop()
        return
    with postgres_schema() as url:
        srv = Server(url, limits={**ROOMY, "login_burst": 1000}).start()
        yield srv
        srv.stop()


def store_counts(server: Server) -> dict[str, int]:
    """How many rows each of the store's tables holds."""
    engine = create_engine(engine_url(server.db))
    try:
        with engine.connect() as conn:
            return {
                t: conn.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()
                for t in STORE_TABLES
            }
    finally:
        engine.dispose()


@pytest.fixture(scope="module")
def open_table(store_server: Server) -> tuple[str, str]:
    """A table waiting for a second player: (id, the first player's token)."""
    status, data = store_server.post(
        "/api/tables", {"game": "highcard", "players": 3, "bots": [None, None, None], "name": "A"}
    )
    assert status == 200, data
    return data["id"], data["you"]["token"]


def requests(table: str, token: str) -> list[tuple[str, str, Any]]:
    """(method, path, JSON body) of every HTTP way in, each carrying a control character."""
    account = {"name": "plainname", "password": "a good password"}
    return [
        ("GET", "/api/tables/ab%00cd", None),
        ("GET", f"/api/tables/{table}%00", None),
        ("POST", "/api/tables/ab%00cd/join", {"name": "B"}),
        ("GET", "/api/tables/ab%00cd/record", None),
        ("GET", "/api/tables/ab%00cd/replay", None),
        ("GET", f"/api/tables/{table}/replay?seat=%00&step=1", None),
        ("GET", "/api/tables?game=high%00card", None),
        ("GET", "/api/tables?mine=1%00", None),
        ("GET", "/api/players/plain%00name", None),
        ("GET", "/api/leaderboard/high%00card", None),
        ("GET", "/t/ab%00cd", None),
        ("GET", "/profile/plain%01name", None),
        ("GET", "/api/tables/ab%C2%85cd", None),  # U+0085, a C1 control
        ("POST", "/api/tables", {"game": "highcard\u0000"}),
        ("POST", "/api/tables", {"game": "highcard", "players": 2, "name": "Mal\u0000"}),
        ("POST", "/api/tables", {"game": "highcard", "players": 2, "name": "Mal\tlory"}),
        ("POST", "/api/tables", {"game": "highcard", "players": 2, "bots": [None, "random\u0000"]}),
        ("POST", "/api/tables", {"game": "highcard", "options": {"turns\u0000": 3}}),
        ("POST", "/api/tables", {"game": "highcard", "options": {"style": "x\u0000"}}),
        ("POST", f"/api/tables/{table}/join", {"name": "Bob\u0000"}),
        ("POST", f"/api/tables/{table}/join", {"name": "Bob\u001b[31m"}),
        ("POST", f"/api/tables/{table}/leave", {"token": token + "\u0000"}),
        ("POST", f"/api/tables/{table}/start", {"token": "\u0000"}),
        ("POST", f"/api/tables/{table}/hand-to-bot", {"token": token, "seat": 1, "x\u0000": 1}),
        ("POST", "/api/signup", {**account, "name": "plain\u0000name"}),
        ("POST", "/api/signup", {**account, "password": "a good\u0000password"}),
        ("POST", "/api/login", {**account, "name": "plain\u0000name"}),
        ("POST", "/api/login", {**account, "password": "a good password\u007f"}),
    ]


def test_control_characters_are_refused_on_every_http_way_in(
    store_server: Server, open_table: tuple[str, str]
) -> None:
    table, token = open_table
    before = store_counts(store_server)
    for method, path, body in requests(table, token):
        response = httpx.request(method, store_server.http + path, json=body, timeout=10)
        assert response.status_code == 400, (method, path, body, response.text)
        error = response.json()["error"]
        assert "control characters" in error, (method, path, body, error)
    assert store_counts(store_server) == before
    seats = httpx.get(store_server.http + f"/api/tables/{table}", timeout=10).json()["table"]
    assert [s["name"] for s in seats["seats"]] == ["A", None, None]
    assert httpx.get(store_server.http + "/api/players/plainname", timeout=10).status_code == 404


def test_a_socket_to_a_table_id_with_a_nul_is_told_why(store_server: Server) -> None:
    async def go() -> None:
        url = f"ws://127.0.0.1:{store_server.port}/ws/ab%00cd"
        async with websockets.connect(url) as ws:
            error = json.loads(await ws.recv())
            assert error["type"] == "error" and error["code"] == "bad-request", error
            assert "control characters" in error["message"]
            with pytest.raises(websockets.ConnectionClosed):
                await ws.recv()
            assert ws.close_code == 4400

    asyncio.run(go())


def test_chat_with_control_characters_is_refused_and_not_stored(store_server: Server) -> None:
    table, tokens = store_server.create("highcard", 2, [None, None], options={"turns": 20})
    before = store_counts(store_server)

    async def go() -> None:
        async with Client(store_server.ws(table)) as a:
            await a.hello(tokens[0])
            for line in ("hi\u0000", "two\nlines", "tab\there", "c\u0085one"):
                await a.send({"type": "chat", "text": line})
                error = await a.until("error")
                assert error["code"] == "chat-refused" and "control" in error["message"], line

    asyncio.run(go())
    assert store_counts(store_server) == before
