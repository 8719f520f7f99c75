"""The WebSocket endpoint: one connection speaks for one seat (by its token) or watches.

Every client message is checked before it touches a table; a bad one is answered with an
`error` message to its sender only, and the connection stays open. A connection to a table
another process plays is relayed to that process (`Placement.relay`), which handles its
messages with the same functions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from hiddenhand.engine import HiddenhandError
from hiddenhand.server.account_sockets import AccountSockets
from hiddenhand.server.audience import Connection
from hiddenhand.server.chat import ChatRefused, hide_chat
from hiddenhand.server.errors import request_id_of
from hiddenhand.server.guards import address_of
from hiddenhand.server.placement import Placement
from hiddenhand.server.protocol import (
    RECONNECT,
    Act,
    Chat,
    ClientMessage,
    Hello,
    Ping,
    Prefs,
    Preview,
    ProtocolError,
    Undo,
    decode,
    encode,
    error,
)
from hiddenhand.server.sessions import SESSION_COOKIE, session_id
from hiddenhand.server.tables import PrefsRefused, PreviewRefused, Table
from hiddenhand.server.updates import choices

log = logging.getLogger("hiddenhand.server")

MAX_QUEUED = 512
"""Messages waiting for a slow client before the server gives up on it."""


class SocketClient:
    """One WebSocket connection: its seat, and a queue so a slow reader never stalls a table."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.address = address_of(ws.scope)
        self.request_id = request_id_of(ws.scope)
        self.seat: int | None = None
        self.bound = False
        self.dropped = False
        self.queue: asyncio.Queue[str | int] = asyncio.Queue()
        self.account: int | None = None
        """The account whose live session cookie the connection brought, if any..."""
        self.session = ""
        """...what the store keeps of that session (`sessions.session_id`)..."""
        self.hidden: frozenset[str] = frozenset()
        """...and the accounts it muted or blocked, whose chat it is not sent."""

    def send(self, text: str) -> None:
        if self.dropped:
            return
        if self.hidden:
            shown = hide_chat(text, self.hidden)
            if shown is None:
                return
            text = shown
        if self.queue.qsize() >= MAX_QUEUED:
            self.dropped = True
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(1013)
            return
        self.queue.put_nowait(text)

    def close(self, code: int) -> None:
        """Close once what is queued has been sent."""
        if not self.dropped:
            self.dropped = True
            self.queue.put_nowait(code)

    async def pump(self) -> None:
        """Send queued messages in order; a number closes the socket with that code (1013:
        the client fell too far behind)."""
        while True:
            item = await self.queue.get()
            if isinstance(item, int):
                with contextlib.suppress(Exception):
                    await self.ws.close(item)
                return
            await self.ws.send_text(item)


def hello(table: Table, client: Connection, message: Hello) -> None:
    if client.bound:
        client.send(error("already-joined", "this connection has already said hello"))
        return
    seat: int | None = None
    if message.token is not None:
        seat = table.seat_of(message.token)
        if seat is None:
            client.send(error("bad-token", "that seat token is not valid at this table"))
            return
        if message.seat is not None and message.seat != seat:
            client.send(error("wrong-seat", f"that token does not belong to seat {message.seat}"))
            return
    elif message.seat is not None:
        client.send(error("bad-token", "a seat is taken with its token; without one you watch"))
        return
    client.seat, client.bound = seat, True
    table.attach(client, message.since)


def _seat_to_act(client: Connection, table: Table) -> int | None:
    """The seat this connection acts for, or None having told it why it may not."""
    seat = client.seat
    if not client.bound:
        client.send(error("no-hello", "say hello (with your seat token) before acting"))
    elif seat is None:
        client.send(error("spectator", "spectators watch; they cannot act"))
    elif table.seats[seat].left:
        client.send(error("left", "you left this table; a bot plays your seat now"))
    else:
        return seat
    return None


def act(table: Table, client: Connection, message: Act, received: float | None = None) -> None:
    seat = _seat_to_act(client, table)
    if seat is not None:
        try:
            if message.then:
                table.act_move(
                    seat, [message.action, *message.then], step=message.step, received=received
                )
            else:
                table.act(seat, message.action, step=message.step, received=received)
        except HiddenhandError as exc:
            client.send(error("illegal", str(exc), action=message.action))
        except Exception:  # a fault in the rules: put the table back as stored, keep serving
            # never the action: it may be a hidden choice
            log.exception(
                "table %s: an action by seat %d failed",
                table.id,
                seat,
                extra={
                    "event": "action.failed",
                    "table": table.id,
                    "seat": seat,
                    "request_id": getattr(client, "request_id", "-"),
                },
            )
            table.recover()
            client.send(
                error("internal", "the server could not apply that action; nothing changed")
            )


def preview(table: Table, client: Connection, message: Preview) -> None:
    """The follow-up choices of an action, to the asking connection alone: nobody else is
    told, and the game does not change (`Table.follow_ups`)."""
    seat = _seat_to_act(client, table)
    if seat is None:
        return
    try:
        then = table.follow_ups(seat, [message.action, *message.then], step=message.step)
    except PreviewRefused as exc:
        client.send(error("too-fast", str(exc), action=message.action))
        return
    except HiddenhandError as exc:
        client.send(error("illegal", str(exc), action=message.action))
        return
    answer: dict[str, Any] = {"type": "preview", "action": message.action, "step": message.step}
    if message.then:
        answer["chosen"] = message.then
    answer["then"] = choices(then, table.display_names())
    client.send(encode(answer))


def undo(table: Table, client: Connection, message: Undo) -> None:
    """Take back the seat's last step (`Table.undo`); a refusal goes to this connection."""
    seat = _seat_to_act(client, table)
    if seat is None:
        return
    try:
        table.undo(seat, step=message.step)
    except HiddenhandError as exc:  # UndoRefused, or the game is not being played
        client.send(error("undo-refused", str(exc)))


def chat(table: Table, client: Connection, message: Chat) -> None:
    if client.seat is None:
        client.send(error("spectator", "only seated players can chat"))
        return
    if table.seats[client.seat].left:
        client.send(error("left", "you left this table; you can no longer chat at it"))
        return
    try:
        table.say(client.seat, message.text, client.address)
    except ChatRefused as exc:
        client.send(error("chat-refused", str(exc)))


def prefs(table: Table, client: Connection, message: Prefs) -> None:
    if client.seat is None:
        code = "spectator" if client.bound else "no-hello"
        client.send(error(code, "only a seat has preferences"))
    elif table.seats[client.seat].left:
        client.send(error("left", "you left this table; a bot plays your seat now"))
    else:
        try:
            table.set_prefs(client.seat, message.autopass)
        except PrefsRefused as exc:
            client.send(error("too-fast", str(exc)))


def handle(
    table: Table, client: Connection, message: ClientMessage, received: float | None = None
) -> None:
    if isinstance(message, Hello):
        hello(table, client, message)
    elif isinstance(message, Act):
        act(table, client, message, received)
    elif isinstance(message, Preview):
        preview(table, client, message)
    elif isinstance(message, Undo):
        undo(table, client, message)
    elif isinstance(message, Chat):
        chat(table, client, message)
    elif isinstance(message, Prefs):
        prefs(table, client, message)
    elif isinstance(message, Ping):
        client.send(encode({"type": "pong"}))


def receive(table: Table, client: Connection, raw: str | bytes, limit: int) -> None:
    """One message from a connection: checked, then handled; whatever goes wrong is answered
    to that connection only, and it stays open."""
    received = time.perf_counter()
    try:
        handle(table, client, decode(raw, limit), received)
    except ProtocolError as exc:
        client.send(error(exc.code, exc.message))
    except Exception:  # a fault here must not end the connection or the server
        log.exception(
            "table %s: a message could not be handled",
            table.id,
            extra={
                "event": "message.failed",
                "table": table.id,
                "request_id": getattr(client, "request_id", "-"),
            },
        )
        client.send(error("internal", "the server could not handle that message"))


def endpoint(place: Placement, accounts: AccountSockets | None = None):  # type: ignore[no-untyped-def]
    """The table socket; with `accounts`, a connection bringing a live session cookie is
    counted under its account (`account_sockets`)."""
    limit = place.lobby.limits.message_bytes

    async def table_socket(ws: WebSocket) -> None:
        await ws.accept()
        table_id = ws.path_params["table"]
        if place.lobby.handed_off:  # stopping: the client reconnects to another process
            await ws.send_text(error("moved", "this server is stopping; reconnecting"))
            await ws.close(RECONNECT)
            return
        where = place.locate(table_id)
        if where is None:
            await ws.send_text(error("unknown-table", f"there is no table {table_id[:40]!r}"))
            await ws.close(4404)
            return
        client = SocketClient(ws)
        if accounts is not None:
            cookie = ws.cookies.get(SESSION_COOKIE)
            client.account = accounts.sessions.read(cookie)
            if client.account is not None and cookie is not None:
                client.session = session_id(cookie)
                accounts.add(client)
        websockets = place.lobby.metrics.websockets
        websockets.inc()
        pump = asyncio.create_task(client.pump())
        relay = None if isinstance(where, Table) else place.relay(client, table_id, where)
        try:
            while True:
                received = await ws.receive()
                if received["type"] == "websocket.disconnect":
                    break
                raw = received.get("text")
                if raw is None:
                    raw = received.get("bytes") or b""
                if relay is None:
                    assert isinstance(where, Table)
                    receive(where, client, raw, limit)
                else:
                    relay.forward(raw)
        except WebSocketDisconnect:
            pass
        finally:
            if relay is None:
                assert isinstance(where, Table)
                where.detach(client)
            else:
                relay.gone()
            pump.cancel()
            websockets.dec()
            if accounts is not None:
                accounts.remove(client)

    return table_socket
