"""Dead time at a table: how long a person waits between two of their own decisions.

    python benchmarks/table_pace.py [--games 3] [--players 6] [--game goodcop] [--url URL]

Starts `hiddenhand serve` with its default settings (bot delay, clock) unless --url points at
a running server, creates a table of one person and heuristic bots, and plays the person's seat
over a real WebSocket: it answers each prompt the moment it arrives (the first choice that is
not a pass, so that play moves on), and measures the wall time from sending an answer to the
arrival of the next prompt. That time is what bots, passes and the server cost the person.
Reports the median, the 90th percentile and the longest wait, and how many prompts offered only
"pass" (there should be none: the server answers those itself).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served(url: str | None) -> Iterator[str]:
    """A server at default settings (only the port and the store are chosen here)."""
    if url:
        yield url
        return
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'pace.sqlite3'}"
        command = [sys.executable, "-m", "hiddenhand", "serve", "--port", str(port)]
        proc = subprocess.Popen([*command, "--db", db, "--quiet"], cwd=ROOT, env=dict(os.environ))
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                        break
                time.sleep(0.1)
            yield base
        finally:
            proc.terminate()
            proc.wait(10)


def choose(legal: list[dict[str, Any]]) -> int:
    """Something that moves the game on: the first choice that is not a pass."""
    for choice in legal:
        if choice["kind"] != "pass":
            return int(choice["id"])
    return int(legal[0]["id"])


async def one_game(base: str, game: str, players: int) -> tuple[list[float], int]:
    """Play the person's seat of one table; returns the waits and the pass-only prompts."""
    bots = [None] + ["heuristic"] * (players - 1)
    created = httpx.post(
        base + "/api/tables", json={"game": game, "players": players, "bots": bots, "name": "P"}
    ).json()
    token = created["you"]["token"]
    httpx.post(base + f"/api/tables/{created['id']}/start", json={"token": token})
    waits: list[float] = []
    pass_only = 0
    ws_url = base.replace("http", "ws", 1) + f"/ws/{created['id']}"
    async with websockets.connect(ws_url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        last_step = -1
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if message["type"] != "state":
                continue
            if message["outcome"] is not None:
                return waits, pass_only
            legal = message["legal"]
            if not legal or message["step"] == last_step:
                continue
            if sent_at is not None:
                waits.append(time.monotonic() - sent_at)
            if all(c["kind"] == "pass" for c in legal):
                pass_only += 1
            last_step = message["step"]
            sent_at = time.monotonic()
            action = {"type": "act", "action": choose(legal), "step": message["step"]}
            await ws.send(json.dumps(action))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--game", default="goodcop")
    parser.add_argument("--url", default=None, help="a running server (default: start one)")
    args = parser.parse_args()
    waits: list[float] = []
    pass_only = 0
    with served(args.url) as base:
        for n in range(args.games):
            game_waits, game_pass_only = asyncio.run(one_game(base, args.game, args.players))
            waits += game_waits
            pass_only += game_pass_only
            median = statistics.median(game_waits)
            print(f"game {n + 1}: {len(game_waits)} waits, median {median:.2f} s")
    waits.sort()
    print(
        f"{args.game}, {args.players} players, 1 person and {args.players - 1} heuristic bots, "
        f"{args.games} games, {len(waits)} waits between the person's decisions:\n"
        f"  median {statistics.median(waits):.2f} s, 90th percentile "
        f"{waits[int(len(waits) * 0.9)]:.2f} s, longest {waits[-1]:.2f} s; "
        f"prompts offering only a pass: {pass_only}"
    )


if __name__ == "__main__":
    main()
