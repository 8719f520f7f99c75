"""The server's JSON log: one object per line with the expected fields, the events an operator
needs, and never a secret: a whole game of each game is played through a server whose log is
captured, and no line holds a seat token, the password signed up with, the session or guest
cookie, or the table's seed (from which every hidden card follows)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

from hiddenhand.engine import games
from hiddenhand.server.guests import GUEST_COOKIE
from hiddenhand.server.sessions import SESSION_COOKIE
from tests.server.conftest import ROOT, Client, Server
from tests.server.play import play_seat

PASSWORD = "correct horse battery staple 42"
GAMES = ("goodcop", "noir", "infected")
FIELDS = {"time", "level", "logger", "event", "message"}


class LoggedServer(Server):
    """`hiddenhand serve --log-format json`, at the INFO level, its log kept in a file."""

    def __init__(self, db: str, log: Path) -> None:
        super().__init__(db)
        self.log = log

    def command(self) -> list[str]:
        return [*(a for a in super().command() if a != "--quiet"), "--log-format", "json"]

    def start(self) -> LoggedServer:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        with self.log.open("wb") as sink:
            self.proc = subprocess.Popen(self.command(), cwd=ROOT, env=env, stderr=sink)
        for _ in range(200):
            try:
                if httpx.get(self.http + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not come up")


def play_a_game(server: Server, game_id: str) -> dict[str, Any]:
    """A signed-in person at seat 0, a guest at seat 1, bots at the others, to the end, with a
    few refused inputs on the way. Returns the table id and every secret it involved."""
    players = games()[game_id].usual_players
    bots = [None, None, *["random"] * (players - 2)]
    with (
        httpx.Client(base_url=server.http, timeout=10) as account,
        httpx.Client(base_url=server.http, timeout=10) as guest,
    ):
        name = f"p{uuid.uuid4().hex[:10]}"
        assert account.post("/api/signup", json={"name": name, "password": PASSWORD}).is_success
        made = account.post(
            "/api/tables", json={"game": game_id, "players": players, "bots": bots, "name": name}
        )
        assert made.status_code == 200, made.text
        table = made.json()["id"]
        assert made.headers["x-request-id"] and len(made.headers["x-request-id"]) == 16
        assert guest.get(f"/api/tables/{table}").is_success  # the guest gets its cookie
        joined = guest.post(f"/api/tables/{table}/join", json={"name": "Guest"})
        assert joined.status_code == 200, joined.text
        tokens = [made.json()["you"]["token"], joined.json()["you"]["token"]]
        if joined.json()["table"]["status"] == "open":
            assert guest.post(f"/api/tables/{table}/start", json={"token": tokens[1]}).is_success
        assert guest.post(f"/api/tables/{table}/join", json={"name": "x\u202ey"}).is_error

        async def play() -> None:
            async with Client(server.ws(table)) as a, Client(server.ws(table)) as b:
                async with Client(server.ws(table)) as stranger:
                    await stranger.send({"type": "hello", "token": tokens[0][::-1]})
                    await stranger.until("error", code="bad-token")
                    await stranger.send({"type": "act", "action": 10**6})
                    await stranger.until("error")
                await asyncio.gather(play_seat(a, tokens[0], 1), play_seat(b, tokens[1], 2))

        asyncio.run(play())
        record = guest.get(f"/api/tables/{table}/record")
        assert record.status_code == 200
        guest_cookie = guest.cookies[GUEST_COOKIE]
        return {
            "table": table,
            "secrets": [
                *tokens,
                PASSWORD,
                account.cookies[SESSION_COOKIE],
                guest_cookie,
                guest_cookie.split(".")[0],  # the guest id itself
                record.json()["seed_text"],
            ],
        }


def test_the_json_log_has_the_events_and_no_secret(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = LoggedServer(f"sqlite:///{tmp_path / 'logs.sqlite3'}", log).start()
    try:
        played = [play_a_game(server, game_id) for game_id in GAMES]
    finally:
        server.stop()
    text = log.read_text("utf-8")
    lines = [json.loads(line) for line in text.splitlines()]  # every line is one JSON object
    assert all(line.keys() >= FIELDS for line in lines)
    events = [line["event"] for line in lines]
    assert events.count("server.start") == 1 and events[-1] != "server.start"
    assert "server.stop" in events
    for game in played:
        for event in ("table.created", "table.started", "table.finished"):
            assert any(
                line["event"] == event and line.get("table") == game["table"] for line in lines
            ), f"no {event} for {game['table']}"
        for secret in game["secrets"]:
            assert len(secret) >= 8
            assert secret not in text, "a secret is in the log"
