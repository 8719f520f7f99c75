"""The Love Letter example installed as a person would (`pip install ./examples/loveletter`,
here into a folder of its own) is played through every interface with no change to
hiddenhand: found by its entry point, in the terminal, simulate, tournament, bench, replay and
over a server's WebSocket to the end, its own renderer served to the browser, and in the
learning environments."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import Client, Server

ROOT = Path(__file__).resolve().parents[2]
SHORT = ["--option", "tokens=1"]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the installed example (and nothing of hiddenhand: it comes from the
    environment, as for any package that depends on it)."""
    source = tmp_path_factory.mktemp("source") / "loveletter"
    shutil.copytree(ROOT / "examples" / "loveletter", source)
    target = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--no-build-isolation", "--target", str(target), str(source)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (target / "hiddenhand_loveletter" / "web" / "loveletter.js").is_file()
    return target


def hiddenhand(installed: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), str(ROOT)])}
    return subprocess.run(
        [sys.executable, "-m", "hiddenhand", *args],
        cwd=installed,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_help_lists_the_installed_game(installed):
    done = hiddenhand(installed, "simulate", "--help")
    assert done.returncode == 0, done.stderr
    assert "loveletter" in done.stdout


def test_simulate_then_replay(installed, tmp_path):
    done = hiddenhand(
        installed, "simulate", "loveletter", "-p", "3", "-n", "10", "--json",
        "--save", str(tmp_path), *SHORT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["errors"] == 0 and sum(report["outcomes"].values()) == 10
    record = next(tmp_path.glob("loveletter-*.json"))
    shown = hiddenhand(installed, "replay", str(record), "--seat", "1")
    assert shown.returncode == 0, shown.stderr
    assert "takes a token of affection" in shown.stdout


def test_tournament_and_bench(installed):
    done = hiddenhand(
        installed, "tournament", "loveletter", "-p", "2", "--bots", "ismcts:iterations=20,random",
        "-n", "4", "--json", *SHORT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 4
    bench = hiddenhand(installed, "bench", "loveletter", "-t", "0.3", "--json")
    assert bench.returncode == 0, bench.stderr
    assert json.loads(bench.stdout)["steps_per_cpu_s"] > 0


def test_play_in_the_terminal(installed):
    done = hiddenhand(
        installed, "play", "loveletter", "-p", "2", "--seed", "5", "--bots", "random", *SHORT,
        stdin="1\n" * 200,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Love Letter: the end" in done.stdout


def test_a_served_game_to_the_end(installed, tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'tables.sqlite3'}", path=[installed]).start(wait=120)
    try:
        games = {g["id"]: g for g in httpx.get(server.http + "/api/games", timeout=10).json()}
        assert games["loveletter"]["renderer"] == "/games/loveletter/renderer.js"
        script = httpx.get(server.http + games["loveletter"]["renderer"], timeout=10)
        assert script.status_code == 200 and "export default" in script.text
        assert script.headers["content-type"].startswith("text/javascript")
        assert httpx.get(server.http + "/games/noir/renderer.js", timeout=10).status_code == 404
        table, tokens = server.create("loveletter", 2, [None, "random"], options={"tokens": 1})
        outcome = asyncio.run(play_to_the_end(server, table, tokens[0]))
        assert outcome["reason"] == "1 tokens of affection"
    finally:
        server.stop()


async def play_to_the_end(server: Server, table: str, token: str) -> dict:
    """Seat 0 takes its first choice whenever asked, until the game is over."""
    async with Client(server.ws(table)) as client:
        await client.hello(token)
        while True:
            state = await client.until("state", timeout=30)
            if state.get("outcome"):
                return state["outcome"]
            if state["legal"]:
                await client.send(
                    {"type": "act", "action": state["legal"][0]["id"], "step": state["step"]}
                )


LEARN = """
import pyspiel
from pettingzoo.test import api_test
from hiddenhand.rl.openspiel import load
from hiddenhand.rl.pettingzoo import env
api_test(env("loveletter", 3), num_cycles=200)
pyspiel.random_sim_test(pyspiel.load_game("hiddenhand_loveletter", {"players": 2}), 2, True, False)
pyspiel.random_sim_test(load("loveletter", 4, deals=20), 2, True, False)
print("learning environments: ok")
"""


def test_the_learning_environments(installed):
    """PettingZoo's and OpenSpiel's own checks on the installed game (no encoder of its own)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), str(ROOT)])}
    done = subprocess.run(
        [sys.executable, "-c", LEARN], cwd=installed, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Passed API test" in done.stdout and "learning environments: ok" in done.stdout
