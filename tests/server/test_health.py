"""`/healthz` and `/readyz`, as a load balancer asks them: alive, ready, and not ready when the
store is unreachable or the process is draining after SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import ROOMY, Client, Server, postgres_schema


class ServerWith(Server):
    """`hiddenhand serve` with more options."""

    def __init__(self, db: str, *extra: str, limits: dict[str, float] | None = None) -> None:
        super().__init__(db, limits=limits)
        self.extra = list(extra)

    def command(self) -> list[str]:
        return [*super().command(), *self.extra]


def get(server: Server, path: str, **headers: str) -> httpx.Response:
    return httpx.get(server.http + path, headers=headers, timeout=10)


def test_probes_answer_past_the_per_address_limit_and_any_host_name(tmp_path: Path) -> None:
    server = ServerWith(
        f"sqlite:///{tmp_path / 'h.sqlite3'}", limits={**ROOMY, "connections_per_address": 1}
    ).start()
    try:
        alive = get(server, "/healthz")
        assert alive.status_code == 200 and alive.json() == {"ok": True}
        ready = get(server, "/readyz")
        assert ready.status_code == 200
        assert ready.json() == {"ok": True, "store": "ok", "draining": False}

        # a load balancer asks by the machine's address, which people do not use
        assert get(server, "/api/games", host="10.1.2.3:8000").status_code == 400
        assert get(server, "/readyz", host="10.1.2.3:8000").status_code == 200

        async def while_one_connection_is_open() -> None:
            table, _tokens = server.create("highcard", 2, [None, None])
            async with Client(server.ws(table)):  # the address's one connection
                await asyncio.sleep(0.2)
                assert get(server, "/api/games").status_code == 429
                assert get(server, "/healthz").status_code == 200
                assert get(server, "/readyz").status_code == 200

        asyncio.run(while_one_connection_is_open())
    finally:
        server.stop()


def test_a_draining_process_is_not_ready_but_still_serves(tmp_path: Path) -> None:
    server = ServerWith(f"sqlite:///{tmp_path / 'd.sqlite3'}", "--drain", "2").start()
    try:
        assert get(server, "/readyz").status_code == 200
        assert server.proc is not None
        server.proc.send_signal(signal.SIGTERM)
        with httpx.Client(base_url=server.http, timeout=5) as http:
            for _ in range(50):
                answer = http.get("/readyz")
                if answer.status_code == 503:
                    break
            assert answer.status_code == 503
            assert answer.json() == {"ok": False, "store": "ok", "draining": True}
            assert http.get("/healthz").status_code == 200
            assert http.get("/api/games").status_code == 200  # served as before meanwhile
        assert server.proc.wait(15) is not None  # and then it stops by itself
    finally:
        server.stop()


class Cuttable:
    """A TCP relay to PostgreSQL that the test can cut (every connection, and the port) and
    mend: the store becomes unreachable for one server only, nobody else's."""

    def __init__(self, host: str = "127.0.0.1", port: int = 5432) -> None:
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            with self.lock:
                self.open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the thread blocked in accept()
        self.listener.close()
        with self.lock:
            for s in self.open:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()
            self.open = []

    def mend(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()


@contextlib.contextmanager
def relayed_schema() -> Iterator[tuple[str, Cuttable]]:
    with postgres_schema() as url:
        relay = Cuttable()
        try:
            yield url.replace("127.0.0.1:5432", f"127.0.0.1:{relay.port}"), relay
        finally:
            relay.cut()


def ready_within(server: Server, expected: int, tries: int = 40) -> httpx.Response:
    """The first `/readyz` answer with the expected status, asking a few times a second."""
    answer = get(server, "/readyz")
    for _ in range(tries):
        if answer.status_code == expected:
            break
        threading.Event().wait(0.25)
        answer = get(server, "/readyz")
    return answer


@pytest.mark.postgres
def test_readyz_is_503_while_the_store_is_unreachable() -> None:
    with relayed_schema() as (url, relay):
        server = Server(url).start()
        try:
            assert get(server, "/readyz").status_code == 200
            relay.cut()
            down = ready_within(server, 503)
            assert down.status_code == 503
            assert down.json() == {"ok": False, "store": "unreachable", "draining": False}
            assert get(server, "/healthz").status_code == 200  # alive all along
            relay.mend()
            assert ready_within(server, 200).json()["store"] == "ok"
        finally:
            server.stop()


@pytest.mark.postgres
def test_a_cluster_process_is_not_ready_while_redis_is_unreachable() -> None:
    relay = Cuttable(port=6379)
    try:
        with postgres_schema() as url:
            server = ServerWith(url, "--redis", f"redis://127.0.0.1:{relay.port}/0").start()
            try:
                ready = ready_within(server, 200)
                assert ready.json() == {
                    "ok": True,
                    "store": "ok",
                    "redis": "ok",
                    "draining": False,
                }
                relay.cut()
                down = ready_within(server, 503)
                assert down.status_code == 503
                assert down.json()["redis"] == "unreachable" and down.json()["store"] == "ok"
                relay.mend()
                assert ready_within(server, 200).json()["redis"] == "ok"
            finally:
                server.stop()
    finally:
        relay.cut()
