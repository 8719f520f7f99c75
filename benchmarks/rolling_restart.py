"""A rolling restart under load: every process of a 3-process cluster replaced in turn while
tables are played, and what the players saw.

    python benchmarks/rolling_restart.py [--tables 60] [--seats 6] [--rate 1] [--game goodcop]
                                         [--processes 3] [--drain 2] [--warmup 10] [--settle 10]

Starts `--processes` `hiddenhand serve --redis` processes on a fresh PostgreSQL schema, opens
the tables (made on each process in turn), seats one reconnecting WebSocket client per seat, and
plays each table at `--rate` actions per second, as `load.py` does. Then, for each process in
turn, it starts its successor, sends the old one SIGTERM (it hands its tables to the others and
drains for `--drain` seconds) and waits until it has exited. A client whose connection closes
reconnects to the next process of the current list, saying `since` as the page does.

At the end every table's action log is read from the store and checked against the clients:

- lost: an action its seat was acknowledged (the table moved past that step, and no refusal of
  it came) that is not in the log at that step or the next few;
- duplicated: an action in the log that no client sent, that is not the server's answer for a
  seat with only one answer, nor marked as a bot's; or one prompt's answer, sent again after a
  reconnect, applied twice;
- stuck: a game not over that made no progress in the last `--settle` seconds;
- pauses: the longest time a table went without a new step, before and during the restarts, and
  the longest a seat was without a connection (from its close to its next state).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
import websockets
from rich.console import Console
from rich.progress import Progress
from rich.table import Table as RichTable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.load import postgres_schema  # noqa: E402  (from this checkout, as hiddenhand)

RETRY_SECONDS = 3.0
"""A seat asked at a step it already answered, with no progress since, answers again after this
(its answer may have been refused as its table moved): the server must not apply it twice."""


@dataclass
class Sent:
    step: int
    seat: int
    action: int
    at: float
    connection: int
    refused: bool = False
    acked: bool = False
    """The seat, on the connection it sent on, was shown a later step and no refusal."""


@dataclass
class Seat:
    seq: int = 0
    latest: dict[str, Any] | None = None
    ws: Any = None
    closed_at: float | None = None
    longest_away: float = 0.0
    connections: int = 0


@dataclass
class PlayedTable:
    id: str
    tokens: dict[int, str]
    seats: list[Seat]
    sent: list[Sent] = field(default_factory=list)
    steps: list[tuple[int, float]] = field(default_factory=list)
    """(step, when a client first saw it), in order."""
    over: bool = False

    @property
    def step(self) -> int:
        return self.steps[-1][0] if self.steps else 0


class Cluster:
    """The server processes, replaced one at a time; `urls` is what clients connect to."""

    def __init__(self, db: str, redis: str, drain: float, lease: float) -> None:
        self.db = db
        self.redis = redis
        self.drain = drain
        self.lease = lease
        self.procs: list[subprocess.Popen[bytes]] = []
        self.urls: list[str] = []

    def start(self) -> tuple[subprocess.Popen[bytes], str]:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        proc = subprocess.Popen(
            [
                sys.executable,
                *("-m", "hiddenhand", "serve", "--port", str(port), "--db", self.db),
                *("--redis", self.redis, "--bot-delay", "0", "--quiet"),
                *("--drain", str(self.drain), f"--limit=lease_seconds={self.lease}"),
                *("--limit=tables_per_address=100000", "--limit=seats_per_address=100000"),
                *("--limit=connections_per_address=100000", "--limit=connections=100000"),
                *("--limit=sockets_per_address=100000", "--limit=tables=100000"),
                "--limit=tables_per_guest=100000",
            ],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self.procs.append(proc)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise SystemExit(f"a server exited with {proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(url + "/readyz", timeout=2).status_code == 200:
                    return proc, url
            time.sleep(0.2)
        raise SystemExit("a server did not come up")

    def kill_all(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)


class Players:
    """Every seat's client: reconnects whenever its connection closes, acts when paced."""

    def __init__(self, cluster: Cluster, rate: float, seed: int = 1) -> None:
        self.cluster = cluster
        self.period = 1.0 / rate
        self.rng = random.Random(seed)
        self.stopping = False
        self._turn = 0

    def url(self, table: str) -> str:
        self._turn += 1
        base = self.cluster.urls[self._turn % len(self.cluster.urls)]
        return base.replace("http", "ws", 1) + f"/ws/{table}"

    async def seat(self, table: PlayedTable, seat: int) -> None:
        me = table.seats[seat]
        while not self.stopping and not table.over:
            try:
                async with websockets.connect(self.url(table.id), max_size=2**24) as ws:
                    me.connections += 1
                    hello = {"type": "hello", "token": table.tokens[seat], "since": me.seq}
                    await ws.send(json.dumps(hello))
                    me.ws = ws
                    async for raw in ws:
                        self.receive(table, seat, json.loads(raw))
                        if self.stopping or table.over:
                            return
            except (websockets.ConnectionClosed, websockets.InvalidHandshake, OSError):
                pass
            me.ws = None
            if me.closed_at is None:
                me.closed_at = time.perf_counter()
            await asyncio.sleep(0.1 + 0.2 * self.rng.random())

    def receive(self, table: PlayedTable, seat: int, message: dict[str, Any]) -> None:
        me = table.seats[seat]
        if message["type"] == "error" and message.get("code") == "illegal":
            for sent in reversed(table.sent):
                if sent.seat == seat and sent.action == message.get("action"):
                    sent.refused = True
                    break
        elif message["type"] == "error" and message.get("code") == "not-saved":
            for sent in table.sent[-3:]:  # nobody was told of it: it is asked again
                sent.refused = sent.refused or not sent.acked
        if message["type"] != "state":
            return
        now = time.perf_counter()
        if me.closed_at is not None:
            me.longest_away = max(me.longest_away, now - me.closed_at)
            me.closed_at = None
        me.seq = max(me.seq, message["seq"])
        me.latest = message
        for sent in table.sent[-3:]:
            if sent.seat == seat and sent.step < message["step"] and not sent.refused:
                sent.acked = sent.acked or sent.connection == me.connections
        if message["step"] > table.step:
            table.steps.append((message["step"], now))
        if message["outcome"] is not None:
            table.over = True

    def asked(self, table: PlayedTable) -> tuple[int, dict[str, Any]] | None:
        """A seat asked now, once every seat has the same step (else a prompt may be stale)."""
        latest = [s.latest for s in table.seats]
        if any(m is None for m in latest) or len({m["step"] for m in latest if m}) != 1:
            return None
        for seat, message in enumerate(latest):
            if message and message["legal"] and message["outcome"] is None:
                return seat, message
        return None

    async def pace(self, table: PlayedTable) -> None:
        """One action every period, by a seat asked; again after `RETRY_SECONDS` if the
        table has not moved on since."""
        await asyncio.sleep(self.rng.random() * self.period)
        while not self.stopping and not table.over:
            asked = self.asked(table)
            if asked is not None:
                seat, message = asked
                last = table.sent[-1] if table.sent else None
                fresh = last is None or (last.step, last.seat) != (message["step"], seat)
                if fresh or time.perf_counter() - last.at > RETRY_SECONDS:  # type: ignore[union-attr]
                    await self.act(table, seat, message)
            await asyncio.sleep(self.period)

    async def act(self, table: PlayedTable, seat: int, message: dict[str, Any]) -> None:
        me = table.seats[seat]
        if me.ws is None:
            return
        choice = self.rng.choice(message["legal"])["id"]
        sent = Sent(message["step"], seat, choice, time.perf_counter(), me.connections)
        table.sent.append(sent)
        text = json.dumps({"type": "act", "action": choice, "step": message["step"]})
        with contextlib.suppress(websockets.ConnectionClosed):
            await me.ws.send(text)


async def open_table(http: httpx.AsyncClient, url: str, spec: dict[str, Any]) -> PlayedTable:
    made = (await http.post(url + "/api/tables", json=spec)).json()
    if "id" not in made:
        raise SystemExit(f"the server refused a table: {made}")
    tokens = {}
    for _ in range(spec["players"]):
        joined = (
            await http.post(
                f"{url}/api/tables/{made['id']}/join", json={"name": "p"}, headers={"Cookie": ""}
            )
        ).json()
        tokens[joined["you"]["seat"]] = joined["you"]["token"]
    started = await http.post(f"{url}/api/tables/{made['id']}/start", json={"token": tokens[0]})
    if started.status_code != 200:
        raise SystemExit(f"the server did not start a table: {started.text}")
    return PlayedTable(made["id"], tokens, [Seat() for _ in range(spec["players"])])


Log = list[tuple[int, int, str | None]]
"""A table's action log: (seat, action, mark) by index."""


def stored(db: str) -> dict[str, tuple[dict[str, Any], Log]]:
    """Every table's settings and action log, as the store holds them."""
    with psycopg.connect(db) as conn:
        metas = dict(conn.execute("SELECT id, meta FROM hh_tables").fetchall())
        rows = conn.execute(
            "SELECT table_id, idx, seat, action, mark FROM hh_actions ORDER BY table_id, idx"
        ).fetchall()
    logs: dict[str, Log] = {}
    for table_id, idx, seat, action, mark in rows:
        log = logs.setdefault(table_id, [])
        assert idx == len(log), f"table {table_id}: a gap in its action log at {idx}"
        log.append((seat, action, mark))
    return {t: (json.loads(meta), logs.get(t, [])) for t, meta in metas.items()}


def answered_by_server(game: Any, meta: dict[str, Any], log: Log) -> set[int]:
    """The indices of the log where the seat had one answer only: the server gave it."""
    from hiddenhand.engine.actions import one_answer

    names = [seat["name"] or f"bot{i}" for i, seat in enumerate(meta["seats"])]
    state = game.start(names, meta["options"], meta["seed"], seeding=meta["seeding"])
    server = set()
    for index, (seat, action, _) in enumerate(log):
        only = one_answer(state.legal(seat))
        if only is not None and only.id == action:
            server.add(index)
        state.act(seat, action)
    return server


def check(
    tables: list[PlayedTable], store: dict[str, tuple[dict[str, Any], Log]], game: Any
) -> dict[str, int]:
    """Acknowledged actions missing from the log (lost), and actions in the log that no client
    sent, the server did not give for a seat with one answer, and no bot took (duplicated)."""
    lost = duplicated = acked = shown_beyond = 0
    for table in tables:
        meta, log = store[table.id]
        shown_beyond += table.step > len(log)
        # each send at its own step first, then the rest a few steps on (others' passes may
        # have come first in a window): an earlier send must not take a later one's place
        at: dict[int, Sent] = {}
        for sent in sorted(table.sent, key=lambda s: not s.acked):  # of two sends alike, the
            if sent.step < len(log) and log[sent.step][:2] == (sent.seat, sent.action):
                at.setdefault(sent.step, sent)  # one its seat was shown applied
        placed = {id(s) for s in at.values()}
        matched = set(at)
        for sent in table.sent:
            if id(sent) in placed:
                continue
            window = range(sent.step, min(len(log), sent.step + len(table.seats) + 1))
            found = next(
                (i for i in window if i not in matched and log[i][:2] == (sent.seat, sent.action)),
                None,
            )
            if found is not None:
                matched.add(found)
                placed.add(id(sent))
        for sent in table.sent:
            told = sent.acked and not sent.refused
            acked += told
            lost += told and id(sent) not in placed
        explained = matched | answered_by_server(game, meta, log)
        duplicated += sum(
            1 for i, (_, _, mark) in enumerate(log) if i not in explained and mark is None
        )
        # a seat answering one prompt again (after a reconnect) must not be applied twice
        applied = Counter((s.seat, s.step) for s in table.sent if id(s) in placed)
        duplicated += sum(n - 1 for n in applied.values())
    return {"acked": acked, "lost": lost, "duplicated": duplicated, "shown_beyond": shown_beyond}


def longest_gap(table: PlayedTable, since: float, until: float) -> float:
    """The longest time between two new steps of the table within [since, until]."""
    times = [t for _, t in table.steps if since <= t <= until]
    if table.over:  # a game over waits for nothing
        if not times:
            return 0.0
        until = times[-1]
    points = [since, *times, until]
    return max(b - a for a, b in itertools.pairwise(points))


async def run(args: argparse.Namespace, db: str, console: Console) -> dict[str, Any]:
    cluster = Cluster(db, args.redis, args.drain, args.lease)
    try:
        for _ in range(args.processes):
            cluster.urls.append(cluster.start()[1])
        players = Players(cluster, args.rate)
        spec = {"game": args.game, "players": args.seats, "bots": [None] * args.seats}
        fresh = httpx.Limits(max_keepalive_connections=0)
        tables: list[PlayedTable] = []
        async with httpx.AsyncClient(timeout=60, limits=fresh) as http:
            with Progress(console=console, transient=True) as progress:
                task = progress.add_task(f"opening {args.tables} tables", total=args.tables)
                for start in range(0, args.tables, 10):
                    batch = range(start, min(args.tables, start + 10))
                    tables += await asyncio.gather(
                        *(
                            open_table(http, cluster.urls[i % len(cluster.urls)], spec)
                            for i in batch
                        )
                    )
                    progress.advance(task, len(batch))
        seats = [asyncio.create_task(players.seat(t, s)) for t in tables for s in range(args.seats)]
        pacers = [asyncio.create_task(players.pace(t)) for t in tables]
        await asyncio.sleep(args.warmup)
        began = time.perf_counter()
        exits: list[float] = []
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task("rolling restart", total=args.processes)
            for turn in range(args.processes):
                old = cluster.procs[turn]
                _, url = await asyncio.to_thread(cluster.start)  # the successor joins first
                cluster.urls[turn] = url
                cluster.procs[turn], cluster.procs[-1] = cluster.procs[-1], cluster.procs[turn]
                signalled = time.perf_counter()
                old.send_signal(signal.SIGTERM)
                await asyncio.to_thread(old.wait, args.drain + 30)
                exits.append(time.perf_counter() - signalled)
                progress.advance(task)
        ended = time.perf_counter()
        await asyncio.sleep(args.settle)
        settled = time.perf_counter()
        players.stopping = True
        await asyncio.gather(*pacers)
        for task in seats:
            task.cancel()
        await asyncio.gather(*seats, return_exceptions=True)
    finally:
        cluster.kill_all()
    from hiddenhand.engine import get_game  # from this checkout (ROOT, above)

    figures = check(tables, stored(db), get_game(args.game))
    live = [t for t in tables if not t.over]
    stuck = sum(1 for t in live if not any(w > settled - args.settle for _, w in t.steps))
    return {
        **figures,
        "tables": args.tables,
        "seats": args.seats,
        "rate": args.rate,
        "processes": args.processes,
        "games_over": len(tables) - len(live),
        "stuck": stuck,
        "sent": sum(len(t.sent) for t in tables),
        "refused": sum(s.refused for t in tables for s in t.sent),
        "pause_before_s": max(longest_gap(t, began - args.warmup / 2, began) for t in tables),
        "pause_during_s": max(longest_gap(t, began, ended) for t in tables),
        "away_s": max(s.longest_away for t in tables for s in t.seats),
        "reconnects": sum(s.connections - 1 for t in tables for s in t.seats),
        "exit_s": max(exits),
        "restart_s": ended - began,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--rate", type=float, default=1.0, help="actions per second per table")
    parser.add_argument("--game", default="goodcop")
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--drain", type=float, default=2.0, help="each process's --drain")
    parser.add_argument("--lease", type=float, default=5.0, help="lease_seconds")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--settle", type=float, default=10.0)
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    console = Console(stderr=args.json)
    with postgres_schema(args.postgres) as db:
        report = asyncio.run(run(args, db, console))
    report["nproc"] = os.cpu_count()
    report["load_avg"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(report))
        return
    table = RichTable(
        title=f"rolling restart: {report['processes']} processes, {report['tables']} tables of "
        f"{args.game} {report['seats']} at {report['rate']:g} action/s"
    )
    table.add_column("measure")
    table.add_column("value", justify="right")
    rows = [
        ("actions sent / acknowledged", f"{report['sent']} / {report['acked']}"),
        ("acknowledged actions lost", str(report["lost"])),
        ("actions duplicated (in the log, never sent)", str(report["duplicated"])),
        ("tables showing a step the log lacks", str(report["shown_beyond"])),
        ("games stuck after the restarts", str(report["stuck"])),
        ("games over", str(report["games_over"])),
        ("answers refused (table moving, or stale)", str(report["refused"])),
        ("longest pause at a table before the restarts", f"{report['pause_before_s']:.2f} s"),
        ("longest pause at a table during the restarts", f"{report['pause_during_s']:.2f} s"),
        ("longest a seat was disconnected", f"{report['away_s']:.2f} s"),
        ("reconnections", str(report["reconnects"])),
        ("slowest exit after SIGTERM (with --drain)", f"{report['exit_s']:.2f} s"),
        ("whole rolling restart", f"{report['restart_s']:.1f} s"),
    ]
    for name, value in rows:
        table.add_row(name, value)
    console.print(table)
    console.print(f"nproc {report['nproc']}, load average {report['load_avg']} (shared machine)")


if __name__ == "__main__":
    main()
