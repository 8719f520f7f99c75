"""What one address's bot tables and preference floods cost everyone else.

    python benchmarks/fair_share.py [--tables 19] [--pings 200] [--prefs 1000] [--limit N=V]

Starts `hiddenhand serve` with no bot delay (SQLite in a temporary directory), then:

1. Bot tables: a person at a table of their own sends `ping` every 20 ms and times each `pong`,
   and opens new WebSockets (connect, hello, welcome), first with no other table, then while
   `--tables` tables of searching bots (`ismcts`, created from this one address) play. Reports
   the median, 99th percentile and longest of each, and how many moves the bots made meanwhile.
2. A flood of preferences: a person at a table of six people sends `--prefs` `prefs` messages
   at once while two people at another table play moves; reports the wait for a move's answer
   during the flood, against the same with no flood, and how many preferences were refused
   (`too-fast`).

`--limit NAME=VALUE` is passed to the server (to let one address have more bot tables than
the default allows, say).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
ROOMY = ["tables_per_address=1000", "seats_per_address=8", "connections_per_address=1000"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served(limits: list[str]) -> Iterator[tuple[str, Path]]:
    """A server with no bot delay; yields its address and its SQLite file."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "fair.sqlite3"
        command = [sys.executable, "-m", "hiddenhand", "serve", "--port", str(port)]
        command += ["--db", f"sqlite:///{db}", "--bot-delay", "0", "--quiet"]
        command += ["--import", "tests.engine.toy"]  # High Card, the people's tables
        command += [f"--limit={limit}" for limit in [*ROOMY, *limits]]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        proc = subprocess.Popen(command, cwd=ROOT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                        break
                time.sleep(0.1)
            yield base, db
        finally:
            proc.terminate()
            proc.wait(30)


def moves(db: Path) -> int:
    with contextlib.closing(sqlite3.connect(db, timeout=10)) as conn:
        return int(conn.execute("SELECT count(*) FROM hh_actions").fetchone()[0])


def person_table(base: str, players: int = 2, game: str = "highcard") -> tuple[str, list[str]]:
    """A table of people only (High Card, the test fixture game, lasts as long as they like),
    started; returns its socket address and the seats' tokens."""
    body: dict[str, Any] = {"game": game, "players": players, "bots": [None] * players}
    if game == "highcard":
        body["options"] = {"turns": 10_000_000}
    made = httpx.post(base + "/api/tables", json=body, timeout=10).json()
    tokens = []
    for n in range(players):
        joined = httpx.post(base + f"/api/tables/{made['id']}/join", json={"name": f"P{n}"})
        tokens.append(joined.json()["you"]["token"])
    httpx.post(base + f"/api/tables/{made['id']}/start", json={"token": tokens[0]}, timeout=10)
    return base.replace("http", "ws", 1) + f"/ws/{made['id']}", tokens


async def until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if message["type"] == kind:
            return dict(message)


async def pings(url: str, token: str, count: int) -> list[float]:
    """Round trips of `ping`, one every 20 ms, in milliseconds."""
    async with websockets.connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        await until(ws, "welcome")
        await asyncio.sleep(0.3)
        times = []
        for _ in range(count):
            start = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            await until(ws, "pong")
            times.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(0.02)
        return times


async def connects(url: str, count: int) -> list[float]:
    """Milliseconds from opening a WebSocket to its `welcome`."""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        async with websockets.connect(url, max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            await until(ws, "welcome")
            times.append((time.perf_counter() - start) * 1000)
        await asyncio.sleep(0.05)
    return times


def summary(name: str, times: list[float]) -> str:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return (
        f"{name}: median {statistics.median(times):.1f} ms, p99 {p99:.1f} ms, "
        f"max {times[-1]:.1f} ms ({len(times)})"
    )


def bot_tables(base: str, n: int, game: str, players: int, bot: str) -> int:
    made = 0
    for _ in range(n):
        body = {"game": game, "players": players, "bots": [bot] * players}
        response = httpx.post(base + "/api/tables", json=body, timeout=30)
        if response.status_code != 200:
            print(f"table {made + 1} refused: {response.status_code} {response.json()['error']}")
            break
        made += 1
    return made


async def moves_answered(url: str, tokens: list[str], seconds: float) -> list[float]:
    """Two people at one table take turns peeking for `seconds`; milliseconds from each
    move to the state that answers it."""
    async with (
        websockets.connect(url, max_size=2**24) as a,
        websockets.connect(url, max_size=2**24) as b,
    ):
        socks = [a, b]
        for ws, token in zip(socks, tokens, strict=True):
            await ws.send(json.dumps({"type": "hello", "token": token}))
            await until(ws, "welcome")
        times: list[float] = []
        states = [await until(ws, "state") for ws in socks]
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            turn = next(i for i, s in enumerate(states) if s["legal"])
            peek = next(c for c in states[turn]["legal"] if c["kind"] == "peek")
            start = time.perf_counter()
            move = {"type": "act", "action": peek["id"], "step": states[turn]["step"]}
            await socks[turn].send(json.dumps(move))
            step = states[turn]["step"]
            for i, ws in enumerate(socks):
                while True:
                    states[i] = await until(ws, "state")
                    if states[i]["step"] > step:
                        break
            times.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(0.01)
        return times


async def listen(url: str, token: str, stop: asyncio.Event) -> None:
    """A person at the flooded table, reading what they are sent."""
    async with websockets.connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        with contextlib.suppress(TimeoutError):
            while not stop.is_set():
                await asyncio.wait_for(ws.recv(), 0.5)


async def flood(url: str, tokens: list[str], count: int) -> tuple[int, int, str]:
    """`count` preference changes at once from the first seat, while the others listen;
    returns (accepted, refused as too fast, and how the connection ended if the server
    closed it)."""
    stop = asyncio.Event()
    listeners = [asyncio.create_task(listen(url, token, stop)) for token in tokens[1:]]
    try:
        return await flood_from(url, tokens[0], count)
    finally:
        stop.set()
        await asyncio.gather(*listeners)


async def flood_from(url: str, token: str, count: int) -> tuple[int, int, str]:
    async with websockets.connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        await until(ws, "welcome")
        await asyncio.sleep(0.5)
        for n in range(count):
            await ws.send(json.dumps({"type": "prefs", "autopass": n % 2 == 0}))
        accepted = refused = 0
        try:
            while accepted + refused < count:
                message = json.loads(await asyncio.wait_for(ws.recv(), 20))
                if message["type"] == "prefs":
                    accepted += 1
                elif message["type"] == "error" and message["code"] == "too-fast":
                    refused += 1
        except TimeoutError:
            return accepted, refused, "no answer for 20 s"
        except websockets.ConnectionClosed as exc:
            return accepted, refused, f"closed by the server ({exc})"
        return accepted, refused, ""


async def prefs_part(base: str, count: int) -> None:
    mover_url, mover_tokens = person_table(base)
    flooder_url, flooder_tokens = person_table(base, 6, "goodcop")
    quiet = await moves_answered(mover_url, mover_tokens, 2.0)
    print("  " + summary("a move answered, no flood", quiet))
    during, (accepted, refused, ended) = await asyncio.gather(
        moves_answered(mover_url, mover_tokens, 3.0), flood(flooder_url, flooder_tokens, count)
    )
    print("  " + summary(f"a move answered, {count} prefs sent at once at another table", during))
    print(f"  prefs answered: {accepted} accepted, {refused} refused as too fast {ended}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=19)
    parser.add_argument("--game", default="goodcop")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--bot", default="ismcts")
    parser.add_argument("--pings", type=int, default=200)
    parser.add_argument("--prefs", type=int, default=1000)
    parser.add_argument("--limit", action="append", default=[], help="NAME=VALUE for the server")
    args = parser.parse_args()
    with served(args.limit) as (base, db):
        print(f"{args.tables} tables of {args.players} {args.bot} bots ({args.game}), no delay:")
        url, tokens = person_table(base)
        print("  " + summary("ping, no bot table", asyncio.run(pings(url, tokens[0], args.pings))))
        print("  " + summary("new WebSocket, no bot table", asyncio.run(connects(url, 20))))
        made = bot_tables(base, args.tables, args.game, args.players, args.bot)
        time.sleep(3.0)  # the bot processes start, the tables get going
        before, start = moves(db), time.monotonic()
        ping_times = asyncio.run(pings(url, tokens[0], args.pings))
        connect_times = asyncio.run(connects(url, 20))
        rate = (moves(db) - before) / (time.monotonic() - start)
        print("  " + summary(f"ping, {made} bot tables", ping_times))
        print("  " + summary(f"new WebSocket, {made} bot tables", connect_times))
        print(f"  bot moves meanwhile: {rate:.1f} a second")
    with served(args.limit) as (base, _):
        print(f"{args.prefs} prefs sent at once:")
        asyncio.run(prefs_part(base, args.prefs))


if __name__ == "__main__":
    main()
