"""Load on a server: many tables, every seat a WebSocket client, on this machine.

    python benchmarks/load.py [--tables 200] [--seats 6] [--rate 1] [--seconds 30] [--game ID]
                              [--processes N] [--clients K]

Starts `hiddenhand serve` (bots off) unless --url points at a server: one process on a SQLite
store, or with `--processes N` N worker processes on a fresh PostgreSQL schema and Redis
(`--db`, `--redis`; docs/scaling.md). It creates the tables, seats one client per seat (spread
over `--clients K` client processes, each holding whole tables), then measures two things:

1. paced: each table plays `--rate` actions per second; latency is from sending an action to
   the moment the last seat of that table has the update (p50, p99, max);
2. flat out (--max-seconds > 0): the first seat asked acts the moment the previous action has
   reached it; the rate the server sustains is the actions all tables complete per second.

A table whose game ends is replaced by a new one. The clients run on this machine, so they share
its cores with the server: figures are pessimistic.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgspec
import picows
from rich.console import Console
from rich.progress import Progress
from rich.table import Table as RichTable

ROOT = Path(__file__).resolve().parents[1]


class Choice(msgspec.Struct):
    id: int
    kind: str = ""


class Update(msgspec.Struct):
    """The fields of a server message the load clients read."""

    type: str
    step: int = -1
    legal: list[Choice] = []
    to_move: list[int] = []
    outcome: Any = None
    code: str = ""
    message: str = ""


decode = msgspec.json.Decoder(Update).decode


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    codes: dict[str, int] = field(default_factory=dict)
    said: dict[str, str] = field(default_factory=dict)
    """The first message of each error code, to tell a harness race from a server fault."""
    games: int = 0
    recording: bool = False


class SeatSocket(picows.WSListener):
    """One seat's WebSocket: each message is handled as it arrives, with no task or future of
    its own (the clients share the machine with the server; they should cost it little)."""

    def __init__(self, table: LoadTable, seat: int) -> None:
        self.table = table
        self.seat = seat

    def on_ws_frame(self, transport: picows.WSTransport, frame: picows.WSFrame) -> None:
        if frame.msg_type == picows.WSMsgType.TEXT:
            self.table.receive(self.seat, frame.get_payload_as_bytes())
        elif frame.msg_type == picows.WSMsgType.CLOSE:
            transport.disconnect()


class LoadTable:
    """One table: its seats' connections and the step each seat has seen."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.id = ""
        self.tokens: dict[int, str] = {}
        self.sockets: list[picows.WSTransport] = []
        self.latest: list[Update | None] = []
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.over = asyncio.Event()
        self.settled = asyncio.Event()
        """Set whenever every seat has received the same update."""

    async def open(self) -> None:
        run = self.run
        response = await run.http.post("/api/tables", json=run.table_spec)
        made = response.json()
        if "id" not in made:
            raise SystemExit(f"the server refused a table: {response.status_code} {made}")
        self.id = made["id"]
        for _ in range(run.seats):
            guest = {"Cookie": ""}  # not the jar's guest: the server makes a new one a seat
            response = await run.http.post(
                f"/api/tables/{self.id}/join", json={"name": "load"}, headers=guest
            )
            joined = response.json()
            self.tokens[joined["you"]["seat"]] = joined["you"]["token"]
        self.latest = [None] * run.seats
        self.over = asyncio.Event()
        for seat in range(run.seats):
            # like a browser, the client only answers the server's pings
            ws, _ = await picows.ws_connect(
                lambda seat=seat: SeatSocket(self, seat),
                f"{run.ws}/ws/{self.id}",
                max_frame_size=2**24,
            )
            ws.send(
                picows.WSMsgType.TEXT,
                json.dumps({"type": "hello", "token": self.tokens[seat]}).encode(),
            )
            self.sockets.append(ws)
        await run.http.post(f"/api/tables/{self.id}/start", json={"token": self.tokens[0]})

    async def close(self) -> None:
        for ws in self.sockets:
            with contextlib.suppress(Exception):
                ws.disconnect()
        self.sockets, self.sent, self.seen = [], {}, {}
        self.latest = []

    def receive(self, seat: int, raw: bytes) -> None:
        if seat >= len(self.latest):
            return  # the game ended: its table is being replaced
        stats = self.run.stats
        message = decode(raw)
        if message.type == "error":
            stats.errors += 1
            stats.codes[message.code] = stats.codes.get(message.code, 0) + 1
            stats.said.setdefault(message.code, message.message)
            return
        if message.type != "state":
            return
        self.latest[seat] = message
        got = self.seen[message.step] = self.seen.get(message.step, 0) + 1
        if got == self.run.seats:  # every seat has this step: the actions before it arrived
            del self.seen[message.step]
            self.settled.set()
            for step in [s for s in self.sent if s < message.step]:
                sent = self.sent.pop(step)
                if stats.recording:
                    stats.latencies.append(time.perf_counter() - sent)
                    stats.actions += 1
        if message.outcome is not None:
            self.over.set()
        elif (
            self.run.flat_out
            and message.legal
            and seat == min(message.to_move)
            and message.step not in self.sent
        ):
            self.act(seat, message)  # one seat acts at a time: no races in windows

    def act(self, seat: int, message: Update) -> None:
        if seat >= len(self.sockets):
            return  # the game ended: its table is being replaced
        legal = [c for c in message.legal if c.kind not in self.run.avoid] or message.legal
        choice = self.run.rng.choice(legal)
        self.sent.setdefault(message.step, time.perf_counter())
        text = json.dumps({"type": "act", "action": choice.id, "step": message.step})
        self.sockets[seat].send(picows.WSMsgType.TEXT, text.encode())

    def asked(self) -> tuple[int, Update] | None:
        """A seat asked now and its prompt, once every seat has the latest update (a prompt
        whose update is still on its way to another seat may be stale: the server would refuse
        it, as it refuses a person's stale click)."""
        latest = self.latest
        if not latest or any(m is None for m in latest):
            return None
        if len({m.step for m in latest if m is not None}) != 1:
            return None
        for seat, message in enumerate(latest):
            if message is not None and message.legal and message.outcome is None:
                return None if message.step in self.sent else (seat, message)
        return None

    async def pace(self, period: float) -> None:
        """One action every `period` seconds, by whichever seat is asked."""
        await asyncio.sleep(self.run.rng.random() * period)
        next_at = time.perf_counter()
        while not self.run.stopping:
            next_at += period
            asked = self.asked()
            while asked is None and not self.run.stopping and time.perf_counter() < next_at:
                self.settled.clear()  # wait for the update on its way, within this period
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.settled.wait(), next_at - time.perf_counter())
                asked = self.asked()
            if asked is not None:
                self.act(*asked)
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))

    async def keep(self) -> None:
        """Replace the table by a new one whenever its game ends."""
        while True:
            await self.over.wait()
            self.run.stats.games += 1
            await self.close()
            await self.open()


class Run:
    def __init__(self, args: argparse.Namespace, url: str) -> None:
        self.seats = args.seats
        self.url = url
        self.ws = url.replace("http", "ws", 1)
        # a connection per request, as from many browsers: tables are made on every process
        fresh = httpx.Limits(max_keepalive_connections=0)
        self.http = httpx.AsyncClient(base_url=url, timeout=60, limits=fresh)
        self.rng = random.Random(1)
        self.stats = Stats()
        self.flat_out = False
        self.stopping = False
        self.avoid = set(args.avoid)
        options = {"turns": 1_000_000} if args.game == "highcard" else {}
        self.table_spec = {
            "game": args.game,
            "players": args.seats,
            "bots": [None] * args.seats,
            "options": options,
        }


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One phase over every client process: actions add up, latencies pool."""
    lat = [x for part in parts for x in part["latencies"]]
    actions = sum(part["actions"] for part in parts)
    seconds = max(part["seconds"] for part in parts)
    return {
        "actions": actions,
        "actions_per_s": round(actions / seconds, 1),
        "p50_ms": round(1000 * percentile(lat, 0.50), 1),
        "p99_ms": round(1000 * percentile(lat, 0.99), 1),
        "max_ms": round(1000 * max(lat), 1) if lat else float("nan"),
        "mean_ms": round(1000 * statistics.fmean(lat), 1) if lat else float("nan"),
        "errors": sum(part["errors"] for part in parts),
        "error_codes": {
            code: sum(part["codes"].get(code, 0) for part in parts)
            for code in sorted({c for part in parts for c in part["codes"]})
        },
        "error_messages": {
            code: text for part in reversed(parts) for code, text in part["said"].items()
        },
        "games_finished": sum(part["games"] for part in parts),
    }


def raw(stats: Stats, seconds: float) -> dict[str, Any]:
    """A phase's figures as one client process measured them (merged by `summary`)."""
    return {
        "latencies": stats.latencies,
        "actions": stats.actions,
        "errors": stats.errors,
        "codes": stats.codes,
        "said": stats.said,
        "games": stats.games,
        "seconds": seconds,
    }


async def together(barrier: Any) -> None:
    """Wait for every client process to reach this point (no-op with one)."""
    if barrier is not None:
        await asyncio.get_running_loop().run_in_executor(None, barrier.wait)


async def measure(
    args: argparse.Namespace, url: str, console: Console, share: int, barrier: Any = None
) -> dict[str, Any]:
    """Open `share` tables, then play them through the phases in step with the other client
    processes (`barrier`); returns each phase's `raw` figures."""
    run = Run(args, url)
    tables = [LoadTable(run) for _ in range(share)]
    with Progress(console=console, transient=True, disable=barrier is not None) as progress:
        task = progress.add_task(f"opening {share} tables", total=share)
        for start in range(0, share, 20):
            batch = tables[start : start + 20]
            await asyncio.gather(*(t.open() for t in batch))
            progress.advance(task, len(batch))
    await together(barrier)
    await asyncio.sleep(1.0)
    report: dict[str, Any] = {}
    keepers = [asyncio.create_task(t.keep()) for t in tables]
    pacers = [asyncio.create_task(t.pace(1.0 / args.rate)) for t in tables]
    await asyncio.sleep(min(5.0, args.seconds / 3))  # warm up
    run.stats = Stats(recording=True)
    with console.status(f"paced: {args.tables} tables at {args.rate}/s for {args.seconds:g}s"):
        t0 = time.perf_counter()
        await asyncio.sleep(args.seconds)
        report["paced"] = raw(run.stats, time.perf_counter() - t0)
    run.stopping = True
    await asyncio.gather(*pacers)
    if args.max_seconds > 0:
        await together(barrier)
        await asyncio.sleep(1.0)
        run.stats = Stats(recording=True)
        run.flat_out = True
        with console.status(f"flat out for {args.max_seconds:g}s"):
            for t in tables:
                for seat, message in enumerate(t.latest):
                    if message is not None and message.legal and message.outcome is None:
                        t.act(seat, message)
                        break
            t0 = time.perf_counter()
            await asyncio.sleep(args.max_seconds)
            report["flat_out"] = raw(run.stats, time.perf_counter() - t0)
        run.flat_out = False
    for k in keepers:
        k.cancel()
    for t in tables:
        await t.close()
    await run.http.aclose()
    return report


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    db: str, extra: list[str], processes: int = 1, redis: str | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    imports = [arg for module in extra for arg in ("--import", module)]
    cluster = ["--redis", redis, "--workers", str(processes)] if redis else []
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hiddenhand",
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--bot-delay",
            "0",
            "--quiet",
            *imports,
            *cluster,
            # every load client comes from this machine's one address
            *("--limit=tables_per_address=100000", "--limit=seats_per_address=8"),
            *("--limit=connections_per_address=100000", "--limit=connections=100000"),
            "--limit=sockets_per_address=100000",
            "--limit=tables=100000",
            "--limit=tables_per_guest=100000",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                if processes > 1:
                    time.sleep(3.0)  # the other workers finish starting
                return proc, url
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


@contextlib.contextmanager
def postgres_schema(base: str) -> Iterator[str]:
    """A fresh schema of the PostgreSQL database `base` for one run, dropped afterwards."""
    import psycopg

    schema = f"hh_load_{os.urandom(5).hex()}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{base}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def install_uvloop() -> None:
    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()


def client_process(args: argparse.Namespace, url: str, share: int, barrier: Any, out: Any) -> None:
    """One client process: its share of the tables, in step with the others."""
    install_uvloop()
    out.put(asyncio.run(measure(args, url, Console(stderr=True), share, barrier)))


def run_clients(args: argparse.Namespace, url: str, console: Console) -> list[dict[str, Any]]:
    """Every client process's phases (in this process when there is one)."""
    if args.clients == 1:
        install_uvloop()
        return [asyncio.run(measure(args, url, console, args.tables))]
    context = multiprocessing.get_context("spawn")
    barrier, out = context.Barrier(args.clients), context.Queue()
    shares = [
        args.tables // args.clients + (i < args.tables % args.clients) for i in range(args.clients)
    ]
    workers = [
        context.Process(target=client_process, args=(args, url, share, barrier, out))
        for share in shares
    ]
    for worker in workers:
        worker.start()
    with console.status(
        f"{args.clients} client processes: {args.tables} tables, "
        f"paced {args.seconds:g}s, flat out {args.max_seconds:g}s"
    ):
        wait = args.seconds + args.max_seconds + 900
        parts = [out.get(timeout=wait) for _ in workers]
    for worker in workers:
        worker.join(30)
    return parts


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--rate", type=float, default=1.0, help="actions per second per table")
    parser.add_argument("--seconds", type=float, default=30.0, help="paced measurement")
    parser.add_argument(
        "--max-seconds", type=float, default=15.0, help="flat-out measurement (0: skip)"
    )
    parser.add_argument("--game", default="goodcop")
    parser.add_argument("--url", help="an already running server (default: start one)")
    parser.add_argument(
        "--db", help="store for the started server (default: a temporary SQLite file)"
    )
    parser.add_argument(
        "--import", dest="imports", action="append", default=[], help="module registering games"
    )
    parser.add_argument(
        "--avoid",
        action="append",
        default=[],
        help="action kind clients avoid (e.g. a game's ending move)",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (above 1: PostgreSQL, Redis)"
    )
    parser.add_argument("--clients", type=int, default=1, help="client processes")
    parser.add_argument(
        "--cluster",
        action="store_true",
        help="one process as a cluster member (PostgreSQL, Redis) rather than on SQLite",
    )
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.processes < 1 or args.clients < 1 or args.tables < args.clients:
        parser.error("--processes and --clients are at least 1, and --tables at least --clients")
    console = Console(stderr=args.json)
    proc = None
    with contextlib.ExitStack() as stack:
        url = args.url
        if url is None:
            clustered = args.processes > 1 or args.cluster
            db = args.db
            if db is None and clustered:
                db = stack.enter_context(postgres_schema(args.postgres))
            elif db is None:
                db = f"sqlite:///{stack.enter_context(tempfile.TemporaryDirectory())}/load.sqlite3"
            redis = args.redis if clustered else None
            proc, url = start_server(db, args.imports, args.processes, redis)
        try:
            parts = run_clients(args, url, console)
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(30)
    report: dict[str, Any] = {
        "game": args.game,
        "tables": args.tables,
        "connections": args.tables * args.seats,
        "rate_per_table": args.rate,
        "processes": args.processes,
        "clients": args.clients,
    }
    for phase in ("paced", "flat_out"):
        if phase in parts[0]:
            report[phase] = summary([part[phase] for part in parts])
    report["nproc"] = os.cpu_count()
    report["load_avg"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(report))
        return
    table = RichTable(
        title=f"{report['game']}: {report['tables']} tables, {report['connections']} connections, "
        f"{report['processes']} server processes"
    )
    for column in ("phase", "actions/s", "p50 ms", "p99 ms", "max ms", "errors", "games ended"):
        table.add_column(column, justify="right" if column != "phase" else "left")
    for phase in ("paced", "flat_out"):
        if phase in report:
            r = report[phase]
            table.add_row(
                phase.replace("_", " "),
                f"{r['actions_per_s']:,.1f}",
                f"{r['p50_ms']}",
                f"{r['p99_ms']}",
                f"{r['max_ms']}",
                str(r["errors"]),
                str(r["games_finished"]),
            )
    console.print(table)
    for phase in ("paced", "flat_out"):
        for code, text in report.get(phase, {}).get("error_messages", {}).items():
            console.print(f"{phase.replace('_', ' ')}: {code}: {text}")
    console.print(f"nproc {report['nproc']}, load average {report['load_avg']} (shared machine)")


if __name__ == "__main__":
    main()
