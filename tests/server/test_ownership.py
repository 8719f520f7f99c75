"""One server owns a store: a second one on the same store refuses to start, with a clear
message, and the first goes on untouched. SQLite and PostgreSQL."""

from __future__ import annotations

import os
import subprocess

import httpx

from tests.server.conftest import ROOT, Server


def test_a_second_server_on_the_same_store_refuses_to_start(db_url: str) -> None:
    first = Server(db_url).start()
    try:
        table, tokens = first.create("highcard", 2, [None, None])
        before = httpx.get(first.http + f"/api/tables/{table}", timeout=10).json()["table"]
        second = Server(db_url, limits={"store_wait_seconds": 0.5})
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        refused = subprocess.run(
            second.command(), cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
        )
        assert refused.returncode == 2, refused.stderr
        assert "another hiddenhand server" in refused.stderr
        assert "is serving this store" in refused.stderr
        if db_url.startswith("sqlite"):
            assert f"pid {first.proc.pid if first.proc else ''}" in refused.stderr
        after = httpx.get(first.http + f"/api/tables/{table}", timeout=10).json()["table"]
        assert after == before
        assert first.post(f"/api/tables/{table}/leave", {"token": tokens[0]})[0] == 200
    finally:
        first.stop()
    successor = Server(db_url).start()  # the store is free once its owner has stopped
    try:
        seats = httpx.get(successor.http + f"/api/tables/{table}", timeout=10).json()["table"]
        assert seats["seats"][0]["left"] is True
    finally:
        successor.stop()
