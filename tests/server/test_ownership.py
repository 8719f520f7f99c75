"""One server owns a store: a second one on the same store refuses to start, with a clear
message, and the first goes on untouched. SQLite and PostgreSQL."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
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


def refusal(command: list[str], within: float = 30) -> str:
    """What `hiddenhand serve` says on refusing to start: it must exit with 2 within `within`
    seconds, with a message and no traceback. (Run in a session of its own, so that whatever
    it started is killed with it if it does not.)"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        command, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        _, stderr = proc.communicate(timeout=within)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError(f"still running after {within} s instead of refusing") from None
    assert proc.returncode == 2, stderr
    assert "Traceback" not in stderr, stderr
    return " ".join(stderr.split())  # the console wraps long lines


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`, from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.postgres
def test_a_lone_server_and_a_cluster_keep_each_other_out() -> None:
    with postgres_schema() as url:
        lone = Server(url).start()
        try:
            for workers in (1, 2):  # with workers, their supervisor refuses before they start
                clustered = ClusterServer(url, workers, limits={"store_wait_seconds": 0.5})
                said = refusal(clustered.command())
                assert "a single-process hiddenhand server is serving this store" in said
            assert httpx.get(lone.http + "/api/tables", timeout=10).status_code == 200
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


@pytest.mark.postgres
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_workers_end_with_their_supervisor_even_on_kill_9() -> None:
    with postgres_schema() as url:
        cluster = ClusterServer(url, workers=2).start()
        assert cluster.proc is not None
        started: list[int] = []
        try:
            deadline = time.monotonic() + 20
            while len(started) < 3:  # two workers and multiprocessing's resource tracker
                assert time.monotonic() < deadline, f"the workers did not start: {started}"
                time.sleep(0.1)
                started = children(cluster.proc.pid)
            cluster.kill()
            deadline = time.monotonic() + 15
            while [pid for pid in started if alive(pid)]:
                assert time.monotonic() < deadline, "workers outlived their supervisor"
                time.sleep(0.1)
        finally:
            for pid in started:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        lone = Server(url, limits={"store_wait_seconds": 0.5}).start()  # nobody holds the store
        lone.stop()
