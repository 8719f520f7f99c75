"""A rolling restart of a 3-process cluster while games are played: each process in turn gets
SIGTERM and a new one takes its place. The stopping process hands its tables to the others at
once (long before its drain, or its leases, would have run out), no accepted action is lost or
played twice, every game goes on to its end, and each old process exits on its own in time."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Iterator

import pytest

from tests.server.cluster import ClusterServer, Player, lease_owner, stop_all, until
from tests.server.conftest import postgres_schema
from tests.server.test_cluster import finish, seat_up

pytestmark = pytest.mark.postgres

DRAIN = 20.0
"""Seconds each stopping process goes on serving (`--drain`), /readyz answering 503."""
LEASE = 60.0
"""Leases outlive a process this long: a table moving sooner was handed over."""
MOVED_WITHIN = 10.0
"""How soon after SIGTERM every table of the stopping process must be played elsewhere: half the
drain, a sixth of the lease (the hand-over itself takes a fraction of a second)."""
TABLES = 3


@pytest.fixture
def store() -> Iterator[str]:
    with postgres_schema() as url:
        yield url


def owned_by(store: str, tables: list[str], server: ClusterServer) -> list[str]:
    """The tables whose lease `server`'s process holds."""
    pid = str(server.proc.pid if server.proc else 0)
    return [t for t in tables if (lease_owner(store, t) or "::").split(":")[1] == pid]


def test_a_rolling_restart_hands_every_table_over_and_loses_nothing(store: str) -> None:
    def fresh() -> ClusterServer:
        return ClusterServer(store, lease=LEASE, drain=DRAIN).start()

    servers = [fresh() for _ in range(3)]
    stopped: list[tuple[ClusterServer, float]] = []
    try:
        made = dict(
            seat_up([servers[t % 3]], "highcard", 3, options={"turns": 1_000_000})
            for t in range(TABLES)
        )
        urls = {table: [s.ws(table) for s in servers] for table in made}

        async def go() -> None:
            players = {
                table: [
                    Player(urls[table], tokens[s], seed=s, avoid=("call",), delay=0.02)
                    for s in range(3)
                ]
                for table, tokens in made.items()
            }
            everyone = [p for seated in players.values() for p in seated]
            tasks = [asyncio.create_task(p.play()) for p in everyone]

            def least(table: str) -> int:
                return min(p.step for p in players[table])

            for turn in range(3):
                marks = {t: least(t) for t in made}
                await until(
                    lambda m=marks: all(least(t) >= m[t] + 3 for t in m), 60, "the games to go on"
                )
                old, servers[turn] = servers[turn], fresh()  # the new one joins first
                for table in made:
                    urls[table][turn] = servers[turn].ws(table)
                held = owned_by(store, list(made), old)
                assert old.proc is not None
                old.proc.send_signal(signal.SIGTERM)
                stopped.append((old, time.monotonic()))
                marks = {t: max(p.step for p in players[t]) for t in held}
                await until(
                    lambda h=held, o=old: not owned_by(store, h, o),
                    MOVED_WITHIN,
                    "the stopping process's tables to be played elsewhere",
                )
                await until(
                    lambda m=marks: all(least(t) > m[t] for t in m),
                    MOVED_WITHIN,
                    "its games to go on elsewhere",
                )
                assert old.proc.poll() is None, "it hands its tables over before it drains"
            for player in everyone:
                player.avoid = ()  # somebody calls: every game ends
            await asyncio.wait_for(asyncio.gather(*(p.over.wait() for p in everyone)), 120)
            await stop_all(tasks)
            for table, seated in players.items():
                finish(servers[0].http, table, seated, None)

        asyncio.run(go())
        for old, signalled in stopped:  # each exits by itself once drained, as uvicorn does
            assert old.proc is not None  # (it passes the SIGTERM it caught on as it ends)
            exited = old.proc.wait(max(1.0, signalled + DRAIN + 15 - time.monotonic()))
            assert exited in (0, -signal.SIGTERM)
    finally:
        for server in servers + [old for old, _ in stopped]:
            server.kill()  # not drained: the test's store goes with it
