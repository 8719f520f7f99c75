"""Bots at online tables: a searching bot's time is capped, and a stored table whose bot spec
this version refuses comes back after a restart with the stand-in bot instead of failing."""

from __future__ import annotations

from pathlib import Path

import httpx

from hiddenhand.engine import get_game
from hiddenhand.server.botspecs import capped_spec
from hiddenhand.server.storage import Storage, StoredTable
from tests.server.conftest import Server


def test_a_searching_bot_never_thinks_longer_than_the_cap() -> None:
    noir = get_game("noir")
    assert capped_spec(noir, "ismcts", 2.0) == "ismcts:seconds=2"
    assert capped_spec(noir, "ismcts:iterations=50:seconds=9", 2.0) == (
        "ismcts:iterations=50:seconds=2"
    )
    assert capped_spec(noir, "ismcts:seconds=0.5", 2.0) == "ismcts:seconds=0.5"
    assert capped_spec(noir, "heuristic", 2.0) == "heuristic"


def test_a_stored_bot_spec_now_refused_is_replaced_on_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    store = Storage(url)
    seats = [
        {"name": "Ann", "token": "t" * 24, "guest": None, "bot": None, "left": False},
        {"name": None, "token": "u" * 24, "guest": None, "bot": "ismcts:iterations=1000000000"},
    ]
    meta = {"options": {}, "seats": seats, "seed": 2**100, "clock": 0}
    store.save_table(StoredTable("old", "noir", "playing", 1.0, meta))
    store.close()
    server = Server(url).start()
    try:
        shown = httpx.get(server.http + "/api/tables/old", timeout=10)
        assert shown.status_code == 200
        assert [s["bot"] for s in shown.json()["table"]["seats"]] == [None, "heuristic"]
    finally:
        server.stop()
    store = Storage(url)
    stored = store.load("old")
    assert stored is not None and stored.meta["seats"][1]["bot"] == "heuristic"
    store.close()
