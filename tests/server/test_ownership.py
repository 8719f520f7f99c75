"""One server owns a store: a second one on the same store refuses to start, with a clear
message, and the first goes on untouched. SQLite and PostgreSQL."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.server.cluster import REDIS, ClusterServer
from tests.server.conftest import ROOT, Server, postgres_schema


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


def refusal(command: list[str]) -> str:
    """What `hiddenhand serve` says on refusing to start (it must exit with 2)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    return " ".join(done.stderr.split())  # the console wraps long lines


@pytest.mark.postgres
def test_a_lone_server_and_a_cluster_keep_each_other_out() -> None:
    with postgres_schema() as url:
        lone = Server(url).start()
        try:
            clustered = ClusterServer(url, limits={"store_wait_seconds": 0.5})
            assert "a single-process hiddenhand server is serving" in refusal(clustered.command())
        finally:
            lone.stop()
        member = ClusterServer(url).start()
        try:
            assert "run them all with --redis" in refusal(
                Server(url, limits={"store_wait_seconds": 0.5}).command()
            )
        finally:
            member.stop()


@pytest.mark.postgres
def test_bad_cluster_options_are_refused_before_anything_starts(tmp_path: Path) -> None:
    sqlite = Server(f"sqlite:///{tmp_path / 'one.sqlite3'}").command()
    assert "--workers N shares the tables" in refusal([*sqlite, "--workers", "2"])
    assert "--db must be postgresql://" in refusal([*sqlite, "--redis", REDIS])
    with postgres_schema() as url:
        nowhere = [*Server(url).command(), "--redis", "redis://127.0.0.1:1/0"]
        assert "cannot reach Redis at redis://127.0.0.1:1/0" in refusal(nowhere)
        assert "--workers" in refusal([*Server(url).command(), "--workers", "0"])
