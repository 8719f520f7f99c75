"""Hostile WebSocket clients against a real server: each gets an `error` (never a dropped
connection from a fault), the table's state does not change, and the server goes on."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets

from tests.server.conftest import Client, Server
from tests.server.hostile import table_snapshot


def run(coro: Any) -> Any:
    return asyncio.run(coro)


@pytest.fixture(scope="module")
def tight(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A server with the default limits, and a few small ones so tests can reach them."""
    db = tmp_path_factory.mktemp("db") / "tables.sqlite3"
    limits = {
        "connections_per_address": 6,
        "chat_burst_per_sender": 8,
        "chat_every_per_sender": 600,
        "seats_per_address": 8,
    }
    srv = Server(f"sqlite:///{db}", limits=limits).start()
    yield srv
    srv.stop()


def test_garbage_frames_get_errors_and_change_nothing(tight: Server) -> None:
    table, tokens = tight.create("highcard", 2, [None, None], options={"turns": 20})
    before = table_snapshot(tight, table)

    async def go() -> None:
        async with Client(tight.ws(table)) as a:
            await a.hello(tokens[0])
            first = await a.until("state")
            await a.drain()
            bad: list[tuple[Any, str]] = [
                (b'{"type": "chat", "text": "\xff\xfe"}', "malformed"),
                (b"\xc3\x28\xa0\xa1", "malformed"),
                ("[" * 2000 + "]" * 2000, "bad-message"),
                ('{"type": "chat", "text": ' + "[" * 1000 + "]" * 1000 + "}", "bad-message"),
                ('{"type": ' + '{"a": ' * 500 + "1" + "}" * 500 + "}", "unknown-type"),
                ({"type": "hello", "token": "été"}, "already-joined"),
                ({"type": "act", "action": 10**30}, "illegal"),
                ({"type": "act", "action": -1}, "illegal"),
                ({"type": "act", "action": 0, "step": -5}, "illegal"),
                ({"type": "x" * 3000}, "unknown-type"),
                ({"type": "chat", "text": "\ud800"}, "malformed"),
                ("x" * 5000, "too-large"),
            ]
            for message, code in bad:
                await a.send(message)
                error = await a.until("error")
                assert error["code"] == code, (message, error)
                assert error["message"] and len(error["message"]) < 400
            await a.send({"type": "ping"})
            assert (await a.until("pong"))["type"] == "pong"
            await a.send({"type": "act", "action": first["legal"][0]["id"], "step": 0})
            assert (await a.until("state", step=1))["step"] == 1

    run(go())
    after = table_snapshot(tight, table)
    assert after["table"]["seats"] == before["table"]["seats"]


def test_tokens_that_are_not_ascii_or_too_long_are_bad_tokens(tight: Server) -> None:
    table, tokens = tight.create("highcard", 2, [None, None])

    async def go() -> None:
        async with Client(tight.ws(table)) as c:
            for token in ("été", "🂡" * 10, "\u0000", "x" * 3000, tokens[0] + "é", ""):
                await c.send({"type": "hello", "token": token})
                assert (await c.until("error"))["code"] in ("bad-token", "too-large")
            welcome = await c.hello(tokens[1])
            assert welcome["seat"] == 1

    run(go())


def test_a_page_of_another_site_cannot_open_a_socket(tight: Server) -> None:
    table, _ = tight.create("highcard", 2, [None, None])

    async def go() -> None:
        async with websockets.connect(tight.ws(table), origin="http://evil.example") as ws:
            error = json.loads(await ws.recv())
            assert error["type"] == "error" and error["code"] == "cross-origin"
            with pytest.raises(websockets.ConnectionClosed):
                await ws.recv()
            assert ws.close_code == 4403
        same = f"http://127.0.0.1:{tight.port}"
        async with websockets.connect(tight.ws(table), origin=same) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "hello"}))
            assert json.loads(await ws.recv())["type"] == "welcome"

    run(go())


def test_connections_per_address_are_limited_and_freed(tight: Server) -> None:
    table, _ = tight.create("highcard", 2, [None, None])

    async def go() -> None:
        clients = [Client(tight.ws(table)) for _ in range(6)]
        for c in clients:
            await c.__aenter__()
            await c.hello()
        try:
            async with websockets.connect(tight.ws(table)) as extra:
                error = json.loads(await extra.recv())
                assert (
                    error["code"] == "too-many" and "too many open connections" in error["message"]
                )
                with pytest.raises(websockets.ConnectionClosed):
                    await extra.recv()
                assert extra.close_code == 4429
            busy = await asyncio.to_thread(httpx.get, tight.http + "/api/tables", timeout=10)
            assert busy.status_code == 429 and "too many" in busy.json()["error"]
        finally:
            for c in clients:
                await c.__aexit__()
        await asyncio.sleep(0.3)
        again = await asyncio.to_thread(httpx.get, tight.http + "/api/tables", timeout=10)
        assert again.status_code == 200

    run(go())


def test_a_seat_that_left_cannot_chat_and_chat_is_limited_per_address(tight: Server) -> None:
    table, tokens = tight.create("highcard", 3, [None, None, None], options={"turns": 30})

    async def go() -> None:
        async with Client(tight.ws(table)) as a, Client(tight.ws(table)) as b:
            await a.hello(tokens[0])
            await b.hello(tokens[1])
            await a.drain()
            status, _ = await asyncio.to_thread(
                tight.post, f"/api/tables/{table}/leave", {"token": tokens[0]}
            )
            assert status == 200
            await a.drain()
            await a.send({"type": "chat", "text": "I am still here"})
            assert (await a.until("error"))["code"] == "left"
            sent = 0
            for _ in range(4):  # seat b's own budget is 5; the address budget is 8 in all
                await b.send({"type": "chat", "text": "hi"})
                await b.until("chat")
                sent += 1
            async with Client(tight.ws(table)) as c:
                await c.hello(tokens[2])
                for _ in range(5):
                    await c.send({"type": "chat", "text": "hey"})
                    reply = await c.until_any(("chat", "error"))
                    if reply["type"] == "error":
                        assert reply["code"] == "chat-refused" and "too fast" in reply["message"]
                        break
                    sent += 1
                assert sent == 8
        chat = [m for m in a.received if m["type"] == "chat"]
        assert all(m["text"] != "I am still here" for m in chat)

    run(go())
