"""Abuse limits through a real server: tables per guest and per address, seats per address at
one table, and tables that never start expire (leaving the lobby and the store)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import httpx
import pytest
import websockets

from hiddenhand.server.storage import Storage
from tests.server.conftest import Server
from tests.server.hostile import lobby_snapshot

OPEN = {"game": "highcard", "players": 2, "bots": [None, None]}


def test_tables_per_guest_and_per_address(tmp_path: Path) -> None:
    limits = {"tables_per_guest": 2, "tables_per_address": 3, "seats_per_address": 2}
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", limits=limits).start()
    try:
        with httpx.Client(base_url=server.http, timeout=10) as ann:
            for _ in range(2):
                assert ann.post("/api/tables", json=OPEN).status_code == 200
            before = lobby_snapshot(server)
            third = ann.post("/api/tables", json=OPEN)
            assert third.status_code == 429 and "you already have 2 tables" in third.json()["error"]
            assert lobby_snapshot(server) == before
        assert server.post("/api/tables", OPEN)[0] == 200  # a new guest, same address
        before = lobby_snapshot(server)
        status, data = server.post("/api/tables", OPEN)
        assert status == 429 and "your address already has 3 tables" in data["error"]
        assert lobby_snapshot(server) == before
    finally:
        server.stop()


def test_seats_per_address_at_one_table(tmp_path: Path) -> None:
    limits = {"seats_per_address": 2}
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", limits=limits).start()
    try:
        status, made = server.post("/api/tables", {**OPEN, "players": 3, "bots": [None] * 3})
        table = made["id"]
        for name in ("A", "B"):
            assert server.post(f"/api/tables/{table}/join", {"name": name})[0] == 200
        before = httpx.get(server.http + f"/api/tables/{table}", timeout=10).json()["table"]
        status, data = server.post(f"/api/tables/{table}/join", {"name": "C"})
        assert status == 400 and "your address already hold 2 seats" in data["error"]
        after = httpx.get(server.http + f"/api/tables/{table}", timeout=10).json()["table"]
        assert after == before
    finally:
        server.stop()


def test_a_full_server_refuses_new_tables(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", limits={"tables": 2}).start()
    try:
        for _ in range(2):
            assert server.post("/api/tables", OPEN)[0] == 200
        status, data = server.post("/api/tables", OPEN)
        assert status == 503 and "as many tables as it can hold" in data["error"]
    finally:
        server.stop()


def test_a_table_never_started_expires_and_leaves_lobby_and_store(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    limits = {"open_table_seconds": 1.5, "sweep_seconds": 0.2}
    server = Server(url, limits=limits).start()
    try:
        status, made = server.post("/api/tables", {**OPEN, "name": "Ann"})
        assert status == 200
        table = made["id"]
        bots_only = server.post("/api/tables", {**OPEN, "bots": ["random", "random"]})[1]["id"]
        assert table in [t["id"] for t in lobby_snapshot(server)]

        async def watch() -> tuple[dict[str, object], int | None]:
            async with websockets.connect(server.ws(table)) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if message["type"] == "error":
                        with pytest.raises(websockets.ConnectionClosed):
                            await asyncio.wait_for(ws.recv(), 10)
                        return message, ws.close_code

        error, code = asyncio.run(watch())
        assert error["code"] == "expired" and code == 4410
        assert table not in [t["id"] for t in lobby_snapshot(server)]
        assert httpx.get(server.http + f"/api/tables/{table}", timeout=10).status_code == 404
        deadline = time.monotonic() + 20
        while httpx.get(server.http + f"/api/tables/{bots_only}/record").status_code != 200:
            assert time.monotonic() < deadline, "the bots' game did not end"
            time.sleep(0.2)
        time.sleep(0.5)  # a sweep unloads the finished table; its record stays readable
        record = httpx.get(server.http + f"/api/tables/{bots_only}/record", timeout=10)
        assert record.status_code == 200 and record.json()["actions"]
    finally:
        server.stop()
    store = Storage(url)
    assert store.load(table) is None and store.load(bots_only) is not None
    store.close()
