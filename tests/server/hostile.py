"""Shared by the hostile-client tests: raw HTTP over a socket, snapshots of what must not change."""

from __future__ import annotations

import json
import socket
import time
from typing import Any

import httpx

from tests.server.conftest import Server


def lobby_snapshot(server: Server) -> Any:
    """The lobby as anyone sees it (tables, seats, status); hostile input must not change it."""
    response = httpx.get(server.http + "/api/tables", timeout=10)
    assert response.status_code == 200
    return response.json()


def table_snapshot(server: Server, table: str) -> Any:
    response = httpx.get(server.http + f"/api/tables/{table}", timeout=10)
    assert response.status_code == 200
    data = response.json()
    data.pop("you")
    return data


def raw_exchange(
    port: int, head: bytes, chunks: tuple[bytes, ...] = (), seconds: float = 10.0
) -> tuple[int, dict[str, str], Any]:
    """Send a hand-made request (head, then body chunks for as long as the server reads them)
    and read one response: (status, headers, JSON body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as sock:
        sock.sendall(head)
        for chunk in chunks:
            try:
                sock.sendall(chunk)
            except OSError:  # the server answered and closed: it stopped reading
                break
        received = b""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                piece = sock.recv(65536)
            except ConnectionResetError:
                break
            if not piece:
                break
            received += piece
            head_end = received.find(b"\r\n\r\n")
            if head_end >= 0:
                headers = parse_headers(received[:head_end])
                length = int(headers.get("content-length", "-1"))
                if 0 <= length <= len(received) - head_end - 4:
                    break
    head_end = received.find(b"\r\n\r\n")
    assert head_end >= 0, f"no response: {received[:200]!r}"
    status = int(received.split(b" ", 2)[1])
    headers = parse_headers(received[:head_end])
    body = received[head_end + 4 :]
    return status, headers, json.loads(body) if body else None


def parse_headers(head: bytes) -> dict[str, str]:
    lines = head.decode("latin-1").split("\r\n")[1:]
    return {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
