"""Hostile input against one server: its memory and CPU before and after, per attack.

    python benchmarks/hostile.py [--rounds 200] [--json]

Starts `hiddenhand serve` (SQLite in a temporary directory, loopback only), then sends each
hostile input `--rounds` times (huge bodies, bad tables, bad bot specs, foreign origins,
garbage WebSocket frames, connection floods) and reports the server process's resident memory
and CPU time before and after each attack. Flat memory and a few milliseconds of CPU per
request mean the input was refused before any work was done for it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx
import websockets
from rich.console import Console
from rich.table import Table as RichTable

ROOT = Path(__file__).resolve().parents[1]
PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def usage(pid: int) -> tuple[float, float]:
    """(resident MiB, CPU seconds) of a process, from /proc."""
    with open(f"/proc/{pid}/statm") as f:
        rss = int(f.read().split()[1]) * PAGE / 2**20
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICKS
    return rss, cpu


def raw(port: int, head: bytes, body: bytes = b"") -> None:
    """One hand-made HTTP request; reads the answer (or the close) and hangs up."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head + body)
        try:
            while sock.recv(65536):
                pass
        except OSError:
            pass


class Attacks:
    def __init__(self, port: int) -> None:
        self.port = port
        self.http = f"http://127.0.0.1:{port}"
        self.client = httpx.Client(base_url=self.http, timeout=10)

    def huge_declared_body(self) -> None:
        raw(
            self.port,
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 104857600\r\n"
            b"Connection: close\r\n\r\n",
            b"{",
        )

    def chunked_flood(self) -> None:
        chunk = b"4000\r\n" + b" " * 0x4000 + b"\r\n"
        head = b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        raw(self.port, head, chunk * 8)

    def giant_table(self) -> None:
        for players in (100_000_000, 10**30):
            self.client.post("/api/tables", json={"game": "noir", "players": players})

    def bad_bot_specs(self) -> None:
        for spec in ("ismcts:iterations=1000000000", "ismcts:rollout=anything", "x:y=z"):
            body = {"game": "noir", "players": 2, "bots": [None, spec]}
            self.client.post("/api/tables", json=body)
        body = {"game": "goodcop", "players": 4, "bots": [None] * 3 + ["heuristic:shoot_at=abc"]}
        self.client.post("/api/tables", json=body)

    def deep_json(self) -> None:
        self.client.post("/api/tables", content=b"[" * 8000 + b"]" * 8000)

    def cross_origin(self) -> None:
        body = {"game": "noir", "players": 2, "name": "M"}
        self.client.post("/api/tables", json=body, headers={"Origin": "http://evil.example"})

    def wrong_method(self) -> None:
        self.client.put("/api/tables")
        self.client.get("/no/such/page")

    async def garbage_frames(self, table: str) -> None:
        async with websockets.connect(f"ws://127.0.0.1:{self.port}/ws/{table}") as ws:
            for frame in (
                b"\xff\xfe\xfd",
                "[" * 2000 + "]" * 2000,
                json.dumps({"type": "hello", "token": "été"}),
                json.dumps({"type": "act", "action": 10**30}),
                "x" * 5000,
            ):
                await ws.send(frame)
                await ws.recv()

    async def connection_flood(self, table: str) -> None:
        sockets = []
        for _ in range(80):  # past the per-address limit of 64
            sockets.append(await websockets.connect(f"ws://127.0.0.1:{self.port}/ws/{table}"))
        for ws in sockets:
            await ws.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="times each attack is sent")
    parser.add_argument("--json", action="store_true", help="one JSON line instead of a table")
    args = parser.parse_args()
    rounds = max(1, min(args.rounds, 5000))
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "hiddenhand",
                "serve",
                "--port",
                str(port),
                "--db",
                f"sqlite:///{Path(tmp) / 'bench.sqlite3'}",
                "--quiet",
            ],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            report = run(port, proc.pid, rounds)
        finally:
            proc.terminate()
            proc.wait(10)
    if args.json:
        print(json.dumps({"rounds": rounds, "attacks": report}))
        return
    table = RichTable(title=f"hostile input, {rounds} rounds each, one server process")
    for column in ("attack", "requests", "RSS before MiB", "RSS after MiB", "CPU s", "ms/req"):
        table.add_column(column, justify="left" if column == "attack" else "right")
    for row in report:
        table.add_row(
            row["attack"],
            str(row["requests"]),
            f"{row['rss_before']:.1f}",
            f"{row['rss_after']:.1f}",
            f"{row['cpu']:.2f}",
            f"{1000 * row['cpu'] / max(1, row['requests']):.2f}",
        )
    Console().print(table)


def run(port: int, pid: int, rounds: int) -> list[dict[str, object]]:
    deadline = time.monotonic() + 20
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            raise SystemExit("the server did not come up")
        time.sleep(0.1)
    attacks = Attacks(port)
    made = attacks.client.post("/api/tables", json={"game": "noir", "players": 2, "name": "A"})
    table = made.json()["id"]
    plain: list[tuple[str, int, Callable[[], None]]] = [
        ("100 MB Content-Length", 1, attacks.huge_declared_body),
        ("chunked body past the limit", 1, attacks.chunked_flood),
        ("players 10**8 and 10**30", 2, attacks.giant_table),
        ("bad bot specs", 4, attacks.bad_bot_specs),
        ("JSON nested 8000 deep", 1, attacks.deep_json),
        ("cross-origin POST", 1, attacks.cross_origin),
        ("405 and 404", 2, attacks.wrong_method),
    ]
    sockets: list[tuple[str, int, Callable[[str], Awaitable[None]], int]] = [
        ("WebSocket garbage frames", 5, attacks.garbage_frames, rounds),
        ("80 WebSockets at once", 80, attacks.connection_flood, max(1, rounds // 20)),
    ]
    report: list[dict[str, object]] = []
    for name, per_round, attack in plain:
        before = usage(pid)
        for _ in range(rounds):
            attack()
        after = usage(pid)
        report.append(row(name, per_round * rounds, before, after))
    for name, per_round, socket_attack, times in sockets:
        before = usage(pid)

        asyncio.run(repeat(socket_attack, table, times))
        time.sleep(0.2)
        after = usage(pid)
        report.append(row(name, per_round * times, before, after))
    return report


async def repeat(attack: Callable[[str], Awaitable[None]], table: str, times: int) -> None:
    for _ in range(times):
        await attack(table)


def row(
    name: str, requests: int, before: tuple[float, float], after: tuple[float, float]
) -> dict[str, object]:
    return {
        "attack": name,
        "requests": requests,
        "rss_before": before[0],
        "rss_after": after[0],
        "cpu": after[1] - before[1],
    }


if __name__ == "__main__":
    main()
