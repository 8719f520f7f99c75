"""Slow clients against one server: how many half-sent requests it takes to deny service.

    python benchmarks/slowloris.py [--sockets 2100] [--step 300] [--bodies 63] [--wait 12]

Starts `hiddenhand serve` with its default limits (SQLite in a temporary directory, loopback
only), then opens `--sockets` connections from 127.0.0.1 that each send half a request head and
stop, `--step` at a time, after `--bodies` requests that send their head and half a body. After
each step a normal client from 127.0.0.2 (another address) asks for the lobby on a new
connection: its status and time are reported, with how many slow heads the server still holds.
Then a silence of `--wait` seconds: how many of each the server still holds after it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import resource
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
HALF_HEAD = b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
HALF_BODY = (
    b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b'Content-Length: 100\r\n\r\n{"game": '
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def open_slow(port: int, data: bytes) -> socket.socket | None:
    """A connection that sent `data` and nothing more, or None if the server would not take it."""
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(data)
    except OSError:
        return None
    sock.setblocking(False)
    return sock


def held(sockets: list[socket.socket]) -> int:
    """How many of the sockets the server has neither answered nor closed."""
    count = 0
    for sock in sockets:
        try:
            if sock.recv(1, socket.MSG_PEEK):
                continue  # answered
        except BlockingIOError:
            count += 1
        except OSError:
            pass
    return count


def lobby(port: int) -> tuple[int | str, float]:
    """(status or error, seconds) of one lobby request from another address, on a new
    connection."""
    transport = httpx.HTTPTransport(local_address="127.0.0.2")
    started = time.monotonic()
    try:
        with httpx.Client(transport=transport, timeout=10) as client:
            status: int | str = client.get(f"http://127.0.0.1:{port}/api/tables").status_code
    except httpx.HTTPError as exc:
        status = type(exc).__name__
    return status, time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=2100, help="half-sent request heads")
    parser.add_argument("--step", type=int, default=300, help="heads opened between checks")
    parser.add_argument("--bodies", type=int, default=63, help="half-sent request bodies")
    parser.add_argument("--wait", type=float, default=12.0, help="seconds of silence at the end")
    parser.add_argument("--json", action="store_true", help="one JSON line instead of lines")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, 2 * (args.sockets + args.bodies) + 256)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
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
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            report = run(port, args)
        finally:
            proc.terminate()
            proc.wait(10)
    if args.json:
        print(json.dumps(report))
        return
    for step in report["steps"]:
        print(
            f"{step['opened']:5d} half-sent heads, {step['held']:5d} held: "
            f"lobby from another address {step['status']} in {1000 * step['seconds']:.0f} ms"
        )
    print(
        f"after {args.wait:.0f} s of silence: {report['heads_held_after']} of "
        f"{report['heads']} heads and {report['bodies_held_after']} of {report['bodies']} "
        f"bodies still held; lobby {report['status_after']} in "
        f"{1000 * report['seconds_after']:.0f} ms"
    )


def run(port: int, args: argparse.Namespace) -> dict[str, object]:
    deadline = time.monotonic() + 20
    while lobby(port)[0] != 200:
        if time.monotonic() > deadline:
            raise SystemExit("the server did not come up")
        time.sleep(0.1)
    bodies = [s for s in (open_slow(port, HALF_BODY) for _ in range(args.bodies)) if s]
    heads: list[socket.socket] = []
    steps: list[dict[str, object]] = []
    try:
        while len(heads) < args.sockets:
            for _ in range(min(args.step, args.sockets - len(heads))):
                sock = open_slow(port, HALF_HEAD)
                if sock is not None:
                    heads.append(sock)
            time.sleep(0.2)
            status, seconds = lobby(port)
            steps.append(
                {"opened": len(heads), "held": held(heads), "status": status, "seconds": seconds}
            )
        time.sleep(args.wait)
        status, seconds = lobby(port)
        return {
            "steps": steps,
            "heads": len(heads),
            "heads_held_after": held(heads),
            "bodies": len(bodies),
            "bodies_held_after": held(bodies),
            "status_after": status,
            "seconds_after": seconds,
        }
    finally:
        for sock in heads + bodies:
            with contextlib.suppress(OSError):
                sock.close()


if __name__ == "__main__":
    main()
