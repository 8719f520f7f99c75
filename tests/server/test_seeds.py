"""Online deals cannot be guessed: seeds come from `secrets` with 128 bits, the record shows
them only after the end, and no two tables share a deal."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import hiddenhand.server.lobby as lobby_module
from hiddenhand.server.lobby import SEED_BITS, Lobby
from hiddenhand.server.storage import Storage
from tests.server.conftest import Client, Server

TABLES = 8


def test_seeds_are_drawn_from_secrets_with_128_bits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[int] = []

    def randbits(bits: int) -> int:
        asked.append(bits)
        return 2**bits - 1

    monkeypatch.setattr(lobby_module.secrets, "randbits", randbits)
    storage = Storage(f"sqlite:///{tmp_path / 't.sqlite3'}")
    table = Lobby(storage).create("noir", {}, 2, [None, None], 0)
    assert asked == [SEED_BITS] and SEED_BITS >= 128 and table.seed == 2**128 - 1
    storage.close()


def test_published_seeds_are_large_and_no_two_tables_share_a_deal(server: Server) -> None:
    waiting, _ = server.create("noir", 2, [None, "random"])
    early = httpx.get(server.http + f"/api/tables/{waiting}/record", timeout=10)
    assert early.status_code == 409 and "seed" not in early.text
    finished = [
        server.post("/api/tables", {"game": "highcard", "players": 2, "bots": ["random"] * 2})[1][
            "id"
        ]
        for _ in range(TABLES)
    ]
    seeds = []
    for table in finished:
        deadline = time.monotonic() + 30
        while (record := httpx.get(server.http + f"/api/tables/{table}/record")).status_code != 200:
            assert time.monotonic() < deadline, "a bots' game did not end"
            time.sleep(0.1)
        data = record.json()
        assert data["seed_text"] == str(data["seed"])
        seeds.append(data["seed"])
    assert all(seed >= 2**64 for seed in seeds), seeds  # each fails with chance 2**-64
    assert len(set(seeds)) == TABLES

    tables = [server.create("noir", 2, [None, None]) for _ in range(TABLES)]

    async def opening(table: str, token: str) -> Any:
        async with Client(server.ws(table)) as seat:
            await seat.hello(token)
            return (await seat.until("state"))["view"]

    async def all_openings() -> list[Any]:
        return await asyncio.gather(*(opening(t, tokens[0]) for t, tokens in tables))

    views = asyncio.run(all_openings())
    grids = [repr(view) for view in views]
    assert len(set(grids)) == TABLES, "two tables dealt the same opening"
