"""Slow and hoarding clients against a real server: connections are counted per address from
the moment they open, half-sent requests are dropped when their time is up, and meanwhile
everyone else is served at once."""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from tests.server.conftest import Server
from tests.server.hostile import lobby_snapshot

HEADER_SECONDS = 3.0
BODY_SECONDS = 1.5
SLOW = {"header_seconds": HEADER_SECONDS, "body_seconds": BODY_SECONDS, "header_bytes": 4096}
"""The default limits, with deadlines short enough to wait out in a test."""
PER_ADDRESS = 128  # Limits.sockets_per_address, by default
HALF_HEAD = b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
HALF_BODY = (
    b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b'Content-Length: 100\r\n\r\n{"game": '
)


@pytest.fixture(scope="module")
def slow(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("db") / "tables.sqlite3"
    srv = Server(f"sqlite:///{db}", limits=SLOW).start()
    yield srv
    srv.stop()


@pytest.fixture
def many_files() -> Iterator[None]:
    """Room for a few thousand sockets in this process (the soft limit, within the hard one)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    if resource.getrlimit(resource.RLIMIT_NOFILE)[0] < 2600:
        pytest.skip("this machine allows too few open files for 2,000 sockets")
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def open_slow(port: int, data: bytes) -> socket.socket | None:
    """A connection that sent `data` and nothing more (None if the server closed it first)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    try:
        sock.sendall(data)
    except OSError:
        sock.close()
        return None
    sock.setblocking(False)
    return sock


def state(sock: socket.socket) -> str:
    """`held` (open, unanswered), `closed`, or the first line of the server's answer."""
    try:
        data = sock.recv(4096, socket.MSG_PEEK)
    except BlockingIOError:
        return "held"
    except OSError:
        return "closed"
    return data.split(b"\r\n", 1)[0].decode() if data else "closed"


def answer_of(sock: socket.socket) -> tuple[str, Any]:
    """The status line and JSON body the server answered before closing."""
    sock.setblocking(True)
    sock.settimeout(5)
    received = b""
    with contextlib.suppress(OSError):
        while piece := sock.recv(65536):
            received += piece
    head, _, body = received.partition(b"\r\n\r\n")
    return head.split(b"\r\n", 1)[0].decode(), httpx.Response(200, content=body).json()


def lobby_from(address: str, port: int) -> tuple[int | str, float]:
    """(status, or `refused` if the connection was closed, seconds) of a lobby request on a new
    connection from `address`."""
    transport = httpx.HTTPTransport(local_address=address)
    started = time.monotonic()
    try:
        with httpx.Client(transport=transport, timeout=10) as client:
            status: int | str = client.get(f"http://127.0.0.1:{port}/api/tables").status_code
    except httpx.TransportError:
        status = "refused"
    return status, time.monotonic() - started


def test_two_thousand_slow_sockets_from_one_address_starve_nobody(
    slow: Server, many_files: None
) -> None:
    bodies = [open_slow(slow.port, HALF_BODY) for _ in range(20)]
    heads = [open_slow(slow.port, HALF_HEAD) for _ in range(2000)]
    try:
        opened = [s for s in bodies + heads if s is not None]
        settled = time.monotonic() + HEADER_SECONDS  # the server takes in what is queued
        while sum(state(s) == "held" for s in opened) > PER_ADDRESS:
            assert time.monotonic() < settled, "more slow sockets are held than one may hold"
            time.sleep(0.1)
        assert sum(state(s) == "held" for s in opened) > 0
        answers = [state(s) for s in heads if s is not None]
        refused = [a for a in answers if a not in ("held", "closed")]
        assert len(refused) > 1000, answers[:5]  # most of them read why before the close
        assert set(refused) == {"HTTP/1.1 429 Too Many Requests"}, set(refused)

        status, seconds = lobby_from("127.0.0.2", slow.port)  # another address: served at once
        assert status == 200 and seconds < 1.0, (status, seconds)
        assert lobby_from("127.0.0.1", slow.port)[0] in (429, "refused")  # this one is full

        deadline = time.monotonic() + HEADER_SECONDS + 5
        waiting = [s for s in opened if state(s) == "held"]
        while waiting and time.monotonic() < deadline:
            time.sleep(0.2)
            waiting = [s for s in waiting if state(s) == "held"]
        assert not waiting, f"{len(waiting)} slow sockets are still held"
        body = next(s for s in bodies if s is not None)
        assert answer_of(body) == (
            "HTTP/1.1 408 Request Timeout",
            {"error": "the request body did not arrive in time"},
        )
        assert lobby_from("127.0.0.1", slow.port)[0] == 200  # its slots are free again
    finally:
        for sock in bodies + heads:
            if sock is not None:
                sock.close()


def test_a_trickled_body_is_dropped_when_its_time_is_up(slow: Server) -> None:
    before = lobby_snapshot(slow)
    sock = open_slow(slow.port, HALF_BODY)
    assert sock is not None
    started = time.monotonic()
    with contextlib.suppress(OSError):  # a byte every 0.2 s does not put the deadline off
        while time.monotonic() - started < BODY_SECONDS + 2 and state(sock) == "held":
            sock.send(b" ")
            time.sleep(0.2)
    took = time.monotonic() - started
    status, body = answer_of(sock)
    sock.close()
    assert status == "HTTP/1.1 408 Request Timeout", status
    assert body == {"error": "the request body did not arrive in time"}
    assert BODY_SECONDS - 0.2 < took < BODY_SECONDS + 1.5, took
    assert lobby_snapshot(slow) == before


def test_a_trickled_head_is_dropped_and_a_huge_one_refused(slow: Server) -> None:
    sock = open_slow(slow.port, b"GET /api/tables HTTP/1.1\r\n")
    assert sock is not None
    started = time.monotonic()
    with contextlib.suppress(OSError):
        while time.monotonic() - started < HEADER_SECONDS + 2 and state(sock) == "held":
            sock.send(b"X-Slow: 1\r\n")
            time.sleep(0.2)
    took = time.monotonic() - started
    assert answer_of(sock) == (
        "HTTP/1.1 408 Request Timeout",
        {"error": "the request did not arrive in time"},
    )
    sock.close()
    assert HEADER_SECONDS - 0.2 < took < HEADER_SECONDS + 1.5, took

    huge = open_slow(slow.port, HALF_HEAD + b"x" * 8000 + b"\r\n")
    if huge is not None:  # else closed before the head was all sent: refused just the same
        assert answer_of(huge) == (
            "HTTP/1.1 431 Request Header Fields Too Large",
            {"error": "the request head is over the limit of 4096 bytes"},
        )
        huge.close()


def test_each_request_on_a_kept_alive_connection_has_its_own_deadline(slow: Server) -> None:
    """A request sent late in the connection's first deadline is served; the next head's time
    counts from that answer, so a half-sent one after it is dropped when that time is up."""
    with socket.create_connection(("127.0.0.1", slow.port), timeout=10) as sock:
        opened = time.monotonic()
        time.sleep(HEADER_SECONDS / 2)
        sock.sendall(b"GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        first = b""
        while not first.endswith(b'{"account":null}'):
            first += sock.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        answered = time.monotonic()
        time.sleep(HEADER_SECONDS / 2)
        sock.sendall(HALF_HEAD)
        rest = b""
        with contextlib.suppress(OSError):
            while piece := sock.recv(65536):
                rest += piece
        dropped = time.monotonic()
    assert rest.startswith(b"HTTP/1.1 408"), rest[:100]
    assert dropped - opened > HEADER_SECONDS  # not the connection's first deadline
    assert HEADER_SECONDS - 0.2 < dropped - answered < HEADER_SECONDS + 1.0


def test_a_websocket_s_connection_is_uncounted_when_it_closes(slow: Server) -> None:
    """A connection counted as HTTP becomes a WebSocket; closing it frees its place."""

    async def go() -> None:
        for _ in range(PER_ADDRESS + 20):
            async with websockets.connect(slow.ws("no-such-table")) as ws:
                assert json.loads(await ws.recv())["code"] == "unknown-table"

    asyncio.run(go())
    assert lobby_from("127.0.0.1", slow.port)[0] == 200
