"""Hostile HTTP clients against a real server: every bad request gets a clear JSON error before
any work is done for it, and nothing changes (the lobby, the tables, the server goes on)."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from tests.server.conftest import Server
from tests.server.hostile import lobby_snapshot, raw_exchange

HIGHCARD = {"game": "highcard", "players": 2}


def post(server: Server, path: str, body: Any, **headers: str) -> httpx.Response:
    content = body if isinstance(body, bytes) else httpx.Request("POST", "/", json=body).content
    return httpx.post(
        server.http + path,
        content=content,
        headers={"Content-Type": "application/json", **headers},
        timeout=10,
    )


@pytest.mark.parametrize(
    ("body", "status", "reason"),
    [
        ({"game": "highcard", "players": 100_000_000}, 400, "takes 2-5 players, not 100000000"),
        ({"game": "highcard", "players": 10**30}, 400, "takes 2-5 players"),
        ({"game": "highcard", "players": -1}, 400, "takes 2-5 players"),
        ({"game": "highcard", "players": True}, 400, "Expected `int | null`, got `bool`"),
        ({"game": "highcard", "players": "2"}, 400, "Expected `int | null`, got `str`"),
        ({**HIGHCARD, "bots": [None, "ismcts:iterations=1000000000"]}, 400, "1-5000"),
        ({**HIGHCARD, "bots": [None, "ismcts:rollout=anything"]}, 400, "rollout takes auto"),
        (
            {"game": "goodcop", "players": 4, "bots": [None] * 3 + ["heuristic:shoot_at=abc"]},
            400,
            "shoot_at takes a number 0-1",
        ),
        ({**HIGHCARD, "bots": [None, "random:speed=9"]}, 400, "has no option 'speed'"),
        ({**HIGHCARD, "bots": [None] * 65}, 400, "length <= 64"),
        ({**HIGHCARD, "bots": [None, "x" * 300]}, 400, "length <= 200"),
        ({**HIGHCARD, "clock": 10**30}, 400, "turn clock"),
        ({**HIGHCARD, "options": {"turns": {"deep": [1]}}}, 400, "Expected"),
        ({**HIGHCARD, "options": {f"o{i}": 1 for i in range(40)}}, 400, "length <= 32"),
        ({**HIGHCARD, "owner": "me"}, 400, "unknown field `owner`"),
        ({**HIGHCARD, "name": 7}, 400, "Expected `str | null`"),
        ({**HIGHCARD, "name": "<b>Mallory</b>"}, 400, "names are plain text"),
        ({**HIGHCARD, "name": "M" * 30}, 400, "names are at most 24 characters"),
        ({"game": "x" * 100}, 400, "length <= 64"),
        ({}, 400, "missing required field `game`"),
        ([1, 2], 400, "Expected `object`"),
    ],
)
def test_a_bad_table_is_refused_before_anything_is_built(
    server: Server, body: Any, status: int, reason: str
) -> None:
    before = lobby_snapshot(server)
    response = post(server, "/api/tables", body)
    assert response.status_code == status and reason in response.json()["error"], response.text
    assert lobby_snapshot(server) == before


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"{not json", "not valid JSON"),
        (b'{"game": "\xff\xfe"}', "not valid JSON"),
        (b"[" * 5000 + b"]" * 5000, "Expected `object`, got `array`"),
        (b'{"game": "highcard", "options": {"a": ' + b"[" * 5000 + b"]" * 5000 + b"}}", "Expected"),
        (b'{"game": "highcard", "players": 1e400}', "Number out of range - at `$.players`"),
    ],
)
def test_bodies_that_are_not_json_or_nest_deep_are_refused(
    server: Server, raw: bytes, reason: str
) -> None:
    before = lobby_snapshot(server)
    response = post(server, "/api/tables", raw)
    assert response.status_code == 400 and reason in response.json()["error"]
    assert lobby_snapshot(server) == before


def test_a_huge_declared_body_is_refused_unread_and_the_connection_closed(server: Server) -> None:
    before = lobby_snapshot(server)
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 104857600\r\n\r\n"
    )
    started = time.monotonic()
    status, headers, body = raw_exchange(server.port, head, (b'{"game": "highcard"',))
    assert status == 413 and "over the limit of 16384 bytes" in body["error"]
    assert headers["connection"] == "close" and headers["content-type"] == "application/json"
    assert time.monotonic() - started < 5  # answered without waiting for 100 MB
    assert lobby_snapshot(server) == before


def test_a_chunked_body_is_cut_off_past_the_limit(server: Server) -> None:
    before = lobby_snapshot(server)
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"2000\r\n" + b" " * 0x2000 + b"\r\n"  # 8 KiB each, 200 at most: 1.6 MB offered
    status, _, body = raw_exchange(server.port, head, (chunk,) * 200)
    assert status == 413 and "over the limit" in body["error"]
    assert lobby_snapshot(server) == before


def test_every_http_error_is_json(server: Server) -> None:
    cases = [
        ("GET", "/nothing/here", 404, "there is nothing at /nothing/here"),
        ("GET", "/static/nothing.js", 404, "there is nothing at"),
        ("PUT", "/api/tables", 405, "method is not allowed"),
        ("DELETE", "/api/tables/abc/join", 405, "method is not allowed"),
        ("POST", "/", 405, "method is not allowed"),
        ("GET", "/api/tables/nosuchtable", 404, "there is no table 'nosuchtable'"),
        ("GET", "/api/tables/" + "x" * 200, 404, "there is no table"),
    ]
    for method, path, status, reason in cases:
        response = httpx.request(method, server.http + path, timeout=10)
        assert response.status_code == status, (method, path, response.text)
        assert response.headers["content-type"] == "application/json"
        assert reason in response.json()["error"], (method, path, response.text)


def test_a_token_that_is_not_ascii_is_refused_not_a_fault(server: Server) -> None:
    table, tokens = server.create("highcard", 2, [None, None])
    for token in ("été", "\u0000" * 10, "x" * 5000, tokens[0] + "é"):
        response = post(server, f"/api/tables/{table}/leave", {"token": token})
        assert response.status_code in (400, 403), response.text
        assert "token" in response.json()["error"] or "length" in response.json()["error"]
    seats = httpx.get(server.http + f"/api/tables/{table}", timeout=10).json()["table"]["seats"]
    assert [s["left"] for s in seats] == [False, False]


def test_another_site_s_page_cannot_change_anything(server: Server) -> None:
    before = lobby_snapshot(server)
    body = {**HIGHCARD, "bots": [None, None], "name": "Mallory"}
    for headers in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": f"http://127.0.0.1:{server.port}.evil.example"},
        {"Sec-Fetch-Site": "cross-site"},
    ):
        response = post(server, "/api/tables", body, **headers)
        assert response.status_code == 403, (headers, response.text)
        assert "another site" in response.json()["error"]
    assert lobby_snapshot(server) == before
    same = post(server, "/api/tables", body, Origin=f"http://127.0.0.1:{server.port}")
    assert same.status_code == 200, same.text
    assert httpx.get(server.http + "/api/games", headers={"Origin": "http://evil.example"})


class NamedServer(Server):
    """A server told the names it is served as: one host and one other site's origin."""

    def command(self) -> list[str]:
        names = ["--allowed-host", "play.example", "--origin", "https://games.example:8443"]
        return [*super().command(), *names]


@pytest.fixture(scope="module")
def named(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = NamedServer(f"sqlite:///{tmp_path_factory.mktemp('db') / 'tables.sqlite3'}").start()
    yield srv
    srv.stop()


def test_only_the_names_the_server_is_served_as_are_answered(named: Server) -> None:
    """A page of another site whose name was pointed at this server (DNS rebinding) sends its
    own name as Host, and is refused before it can read or change anything."""
    before = lobby_snapshot(named)
    port = named.port
    for host in (
        "evil.example",
        f"evil.example:{port}",
        f"127.0.0.1.evil.example:{port}",
        "play.example.evil.example",
        "games.example.evil.example",
        "[::2]",
        "evil.example.",
    ):
        for method, path in (("GET", "/api/tables"), ("GET", "/"), ("POST", "/api/tables")):
            response = httpx.request(
                method, named.http + path, json=HIGHCARD, headers={"Host": host}, timeout=10
            )
            assert response.status_code == 400, (host, method, path, response.text)
            assert "not served as" in response.json()["error"], response.text
    twice = b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n"
    status, _, body = raw_exchange(port, twice)
    assert status == 400 and "not served as" in body["error"]
    assert lobby_snapshot(named) == before
    for host in (
        f"127.0.0.1:{port}",
        f"localhost:{port}",
        "LOCALHOST",
        f"[::1]:{port}",
        "play.example",
        f"Play.Example:{port}",
        "games.example",
    ):
        response = httpx.get(named.http + "/api/tables", headers={"Host": host}, timeout=10)
        assert response.status_code == 200, (host, response.text)


def test_a_socket_for_another_host_name_is_told_why(named: Server) -> None:
    async def go() -> None:
        sock = socket.create_connection(("127.0.0.1", named.port))  # as evil.example resolved
        url = f"ws://evil.example:{named.port}/ws/anything"
        async with websockets.connect(url, sock=sock) as ws:
            error = json.loads(await ws.recv())
            assert error["type"] == "error" and error["code"] == "bad-host", error
            with pytest.raises(websockets.ConnectionClosed):
                await ws.recv()
            assert ws.close_code == 4400

    asyncio.run(go())


def test_the_server_still_serves_after_all_of_it(server: Server) -> None:
    status, data = server.post("/api/tables", {**HIGHCARD, "bots": [None, "random"]})
    assert status == 200 and data["table"]["status"] == "open"
