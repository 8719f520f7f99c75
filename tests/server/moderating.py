"""What the moderation tests share: people signed in, tables they play, and table connections
that bring a browser's session cookie."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import httpx
import websockets

from hiddenhand.server.sessions import SESSION_COOKIE
from tests.server.conftest import Server

PASSWORD = "correct horse battery"


def person(server: Server, name: str | None = None) -> httpx.Client:
    """A browser signed up as a new account (or signed in as `name`)."""
    client = httpx.Client(base_url=server.http, timeout=10)
    if name is None:
        made = client.post("/api/signup", json={"name": new_name(), "password": PASSWORD})
    else:
        made = client.post("/api/login", json={"name": name, "password": PASSWORD})
    assert made.status_code == 200, made.text
    return client


def new_name() -> str:
    return f"p{uuid.uuid4().hex[:10]}"


def name_of(client: httpx.Client) -> str:
    return str(client.get("/api/me").json()["account"]["name"])


def playing(server: Server, *people: httpx.Client) -> tuple[str, list[str]]:
    """A started High Card table with these people seated in order; returns its id and the
    seat tokens."""
    first = people[0]
    table = first.post("/api/tables", json={"game": "highcard", "players": len(people)}).json()
    tokens = []
    for seat, who in enumerate(people):
        joined = who.post(f"/api/tables/{table['id']}/join", json={"name": "x", "seat": seat})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["you"]["token"])
    started = first.post(f"/api/tables/{table['id']}/start", json={"token": tokens[0]})
    assert started.status_code == 200, started.text
    return table["id"], tokens


class Socket:
    """A table connection from a browser: it brings that browser's session cookie."""

    def __init__(self, server: Server, table: str, client: httpx.Client | None = None) -> None:
        self.url = server.ws(table)
        cookie = None if client is None else client.cookies.get(SESSION_COOKIE)
        self.headers = {"Cookie": f"{SESSION_COOKIE}={cookie}"} if cookie else {}
        self.ws: Any = None

    async def __aenter__(self) -> Socket:
        self.ws = await websockets.connect(self.url, additional_headers=self.headers)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def hello(self, token: str | None = None) -> dict[str, Any]:
        await self.ws.send(json.dumps({"type": "hello", "token": token, "since": 0}))
        return await self.until("welcome")

    async def until(self, kind: str, **match: Any) -> dict[str, Any]:
        while True:
            message = json.loads(await asyncio.wait_for(self.ws.recv(), 10))
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message

    async def chat_lines(self, seconds: float = 0.5) -> list[str]:
        """The chat lines that arrive until the line is quiet for `seconds`."""
        lines = []
        while True:
            try:
                message = json.loads(await asyncio.wait_for(self.ws.recv(), seconds))
            except TimeoutError:
                return lines
            if message["type"] == "chat":
                lines.append(message["text"])

    async def say(self, text: str) -> None:
        await self.ws.send(json.dumps({"type": "chat", "text": text}))
