"""Several server processes on one PostgreSQL store and one Redis (both on 127.0.0.1).

Each table is played by one process; connections and calls land on any. Every test checks the
same two things at the end: no player ever saw the game go back (no accepted action lost), and
everything each seat received is exactly what the engine gives that seat at that step, replayed
from the stored record (no action lost or doubled, no secret crossing a process).
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.cluster import ClusterServer, Player, lease_owner, stop_all, until
from tests.server.conftest import postgres_schema
from tests.server.play import check_received, fetch_record, step_counts

pytestmark = pytest.mark.postgres


@pytest.fixture
def store() -> Iterator[str]:
    with postgres_schema() as url:
        yield url


@pytest.fixture
def pair(store: str) -> Iterator[tuple[ClusterServer, ClusterServer]]:
    a, b = ClusterServer(store).start(), ClusterServer(store).start()
    yield a, b
    a.stop()
    b.stop()


def seat_up(servers: list[ClusterServer], game: str, players: int, **extra: Any) -> Any:
    """A table made on the first server, its seats taken through each server in turn (the
    others' calls travel to the table's owner), started through the last."""
    status, made = servers[0].post(
        "/api/tables", {"game": game, "players": players, "bots": [None] * players, **extra}
    )
    assert status == 200, made
    table, tokens = made["id"], {}
    for seat in range(players):
        status, joined = servers[seat % len(servers)].post(
            f"/api/tables/{table}/join", {"name": f"P{seat}"}
        )
        assert status == 200, joined
        tokens[joined["you"]["seat"]] = joined["you"]["token"]
    status, started = servers[-1].post(f"/api/tables/{table}/start", {"token": tokens[0]})
    assert status == 200, started
    return table, tokens


def finish(http: str, table: str, players: list[Player], spectator: Player | None) -> None:
    """The checks every test ends with (see the module's docstring)."""
    for player in [*players, *([spectator] if spectator else [])]:
        assert player.went_back() == []
        assert not [e for e in player.errors if e["code"] == "internal"]
    received: dict[int | None, list[dict[str, Any]]] = {
        s: p.received for s, p in enumerate(players)
    }
    if spectator is not None:
        received[None] = spectator.received
    record = fetch_record(http, table)
    assert check_received(record, received) > len(players)
    steps = step_counts(record)  # each counts the steps it saw: all but others' secret parts
    assert [p.step for p in players] == [steps.seen_by(s) for s in range(len(players))]


def test_two_processes_serve_one_tables_seats(pair: tuple[ClusterServer, ClusterServer]) -> None:
    a, b = pair
    table, tokens = seat_up([a, b], "goodcop", 4)
    owner = lease_owner(a.db, table)
    assert owner is not None and owner.split(":")[1] == str(a.proc.pid if a.proc else 0)

    listed = httpx.get(b.http + "/api/tables", timeout=5).json()  # before anyone plays
    deadline = time.monotonic() + 5
    while table not in {t["id"] for t in listed} and time.monotonic() < deadline:
        time.sleep(0.2)
        listed = httpx.get(b.http + "/api/tables", timeout=5).json()
    assert table in {t["id"] for t in listed}, "the lobby on one process lists the other's"

    async def go() -> None:
        players = [
            Player([(a if s % 2 == 0 else b).ws(table)], tokens[s], seed=s) for s in range(4)
        ]
        spectator = Player([b.ws(table)], None, seed=9)
        tasks = [asyncio.create_task(p.play()) for p in [*players, spectator]]
        await asyncio.wait_for(asyncio.gather(*(p.over.wait() for p in players)), 120)
        await until(lambda: spectator.over.is_set(), 10, "the spectator to see the end")
        await stop_all(tasks)
        finish(b.http, table, players, spectator)
        assert all(p.connections == 1 for p in players)

    asyncio.run(go())


def test_chat_and_calls_reach_the_owner_from_any_process(
    pair: tuple[ClusterServer, ClusterServer],
) -> None:
    a, b = pair
    status, made = a.post("/api/tables", {"game": "highcard", "players": 2, "bots": [None, None]})
    assert status == 200
    table = made["id"]
    status, bad = b.post(f"/api/tables/{table}/start", {"token": "x" * 20})
    assert (status, bad["error"]) == (403, "that seat token is not valid at this table")
    status, missing = b.post("/api/tables/nosuchtable/join", {"name": "Ann"})
    assert (status, missing["error"]) == (404, "there is no table 'nosuchtable'")
    status, joined = b.post(f"/api/tables/{table}/join", {"name": "Ann"})
    assert status == 200 and joined["table"]["seats"][0]["name"] == "Ann"
    shown = httpx.get(f"{b.http}/api/tables/{table}", timeout=5).json()
    assert shown["table"]["seats"][0]["name"] == "Ann" and shown["you"] is None

    async def go() -> None:
        from tests.server.conftest import Client

        async with Client(a.ws(table)) as here, Client(b.ws(table)) as there:
            await here.hello()
            await there.hello(joined["you"]["token"])
            await here.until("presence", connected=[True, False])
            await there.send({"type": "chat", "text": "hello from the other process"})
            line = await here.until("chat")
            assert line["text"] == "hello from the other process" and line["name"] == "Ann"
            await there.send("not json")
            refused = await there.until("error")
            assert refused["code"] == "malformed"
            await there.send({"type": "act", "action": 0})
            assert (await there.until("error"))["code"] == "illegal"  # not started yet

    asyncio.run(go())


def test_a_process_killed_mid_game(store: str) -> None:
    a, b = ClusterServer(store).start(), ClusterServer(store).start()
    try:
        table, tokens = seat_up([a], "goodcop", 4)
        urls = [a.ws(table), b.ws(table)]

        async def go() -> None:
            players = [Player(urls[s % 2 :] + urls[: s % 2], tokens[s], seed=s) for s in range(4)]
            spectator = Player([b.ws(table)], None, seed=9)
            tasks = [asyncio.create_task(p.play()) for p in [*players, spectator]]
            await until(lambda: min(p.step for p in players) >= 10, 30, "ten steps")
            before = max(p.step for p in players)
            a.kill()
            killed = time.monotonic()
            await until(lambda: min(p.step for p in players) > before, 30, "play to go on")
            assert time.monotonic() - killed < 10
            assert lease_owner(store, table) is not None
            await asyncio.wait_for(asyncio.gather(*(p.over.wait() for p in players)), 120)
            await until(lambda: spectator.over.is_set(), 10, "the spectator to see the end")
            await stop_all(tasks)
            finish(b.http, table, players, spectator)
            assert all(p.connections >= 2 for p in players[::2])  # those on the dead process

        asyncio.run(go())
    finally:
        a.stop()
        b.stop()


def test_a_tables_owner_changes_when_its_process_stops(
    pair: tuple[ClusterServer, ClusterServer],
) -> None:
    a, b = pair
    table, _ = seat_up([a], "highcard", 2, options={"turns": 1000})
    first = lease_owner(a.db, table)
    assert first is not None and first.split(":")[1] == str(a.proc.pid if a.proc else 0)
    a.stop()
    deadline = time.monotonic() + 5
    while lease_owner(b.db, table) in (None, first) and time.monotonic() < deadline:
        time.sleep(0.05)
    second = lease_owner(b.db, table)
    assert second is not None and second.split(":")[1] == str(b.proc.pid if b.proc else 0)
    shown = httpx.get(f"{b.http}/api/tables/{table}", timeout=5).json()
    assert shown["table"]["status"] == "playing"


KILLS = 20


def test_failover_twenty_kills_in_a_row(store: str) -> None:
    """Two worker processes on one address; the owner of a table being played is killed with
    SIGKILL twenty times (its supervisor starts a new worker each time). Nothing accepted is
    lost, nothing is doubled, and the game ends as stored."""
    server = ClusterServer(store, workers=2).start()
    try:
        table, tokens = seat_up([server], "highcard", 3, options={"turns": 1_000_000})

        async def go() -> None:
            players = [Player([server.ws(table)], tokens[s], s, avoid=("call",)) for s in range(3)]
            tasks = [asyncio.create_task(p.play()) for p in players]
            owners = set()
            for _ in range(KILLS):
                mark = min(p.step for p in players)
                await until(lambda m=mark: min(p.step for p in players) >= m + 3, 30, "play")
                # A lease that lapsed on a loaded machine is taken again within a beat.
                await until(lambda: lease_owner(store, table) is not None, 30, "an owner")
                owner = lease_owner(store, table) or ""
                assert owner, "the lease lapsed again as soon as it was taken"
                owners.add(owner)
                os.kill(int(owner.split(":")[1]), signal.SIGKILL)
                await until(
                    lambda o=owner: lease_owner(store, table) not in (None, o), 30, "a new owner"
                )
            for player in players:
                player.avoid = ()  # somebody calls: the game ends
            await asyncio.wait_for(asyncio.gather(*(p.over.wait() for p in players)), 60)
            await stop_all(tasks)
            assert len(owners) == KILLS
            finish(server.http, table, players, None)

        asyncio.run(go())
    finally:
        server.stop()


def test_a_persons_tables_and_seats_follow_them_whichever_process_plays_them(
    pair: tuple[ClusterServer, ClusterServer],
) -> None:
    """`/api/me/tables` lists a person's tables from every process; a guest id one process
    signed is honoured by the other; signing up moves the guest's seats at every process."""
    a, b = pair
    password = "correct horse battery"

    def mine(client: httpx.Client, server: ClusterServer, expected: set[str]) -> None:
        deadline = time.monotonic() + 5  # each process publishes its tables once a second
        listed: set[str] = set()
        while time.monotonic() < deadline:
            listed = {t["id"] for t in client.get(server.http + "/api/me/tables").json()}
            if listed == expected:
                return
            time.sleep(0.2)
        raise AssertionError(f"{server.http} lists {listed}, not {expected}")

    with httpx.Client(timeout=10) as guest:  # one cookie jar for both ports of 127.0.0.1
        tables = {}
        for server in (a, b):
            made = guest.post(server.http + "/api/tables", json={"game": "highcard", "players": 2})
            table = made.json()["id"]
            joined = guest.post(server.http + f"/api/tables/{table}/join", json={"name": "Ann"})
            assert joined.status_code == 200, joined.text
            tables[table] = joined.json()["you"]
        here, there = tables
        assert lease_owner(a.db, here) != lease_owner(a.db, there)
        for server in (a, b):
            mine(guest, server, {here, there})
        name = f"ann{time.monotonic_ns() % 10**8}"
        made = guest.post(a.http + "/api/signup", json={"name": name, "password": password})
        assert made.status_code == 200 and made.json()["seats"] == 2, made.text
    with httpx.Client(timeout=10) as phone:
        assert phone.post(
            b.http + "/api/login", json={"name": name, "password": password}
        ).is_success
        for server in (a, b):
            mine(phone, server, {here, there})
            for table, you in tables.items():
                assert phone.get(f"{server.http}/api/tables/{table}").json()["you"] == you
