"""Everyone connected to a table, and how what the table says reaches them.

A table speaks to `Client`s without knowing what they are (a WebSocket in the server, a recorder
in the tests). A message that depends on the seat is built once per seat, however many
connections speak for it or watch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from hiddenhand.server.protocol import encode


class Client(Protocol):
    """A connection as a table sees it: which seat it speaks for, and a way to send text."""

    seat: int | None

    def send(self, text: str) -> None: ...

    def close(self, code: int) -> None: ...


class Connection(Client, Protocol):
    """A connection as the message handlers see it: whether it said hello, and its address."""

    bound: bool
    address: str


class Audience:
    """The connections to one table of `seats` seats; a connection with no seat watches."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.clients: set[Client] = set()

    def connected(self) -> list[bool]:
        here = {c.seat for c in self.clients}
        return [i in here for i in range(self.seats)]

    def spectators(self) -> int:
        return sum(1 for c in self.clients if c.seat is None)

    def join(self, client: Client) -> None:
        """Keep `client` posted from now on (`send_presence` tells the others)."""
        self.clients.add(client)

    def leave(self, client: Client) -> None:
        if client in self.clients:
            self.clients.discard(client)
            self.send_presence()

    def send_all(self, text: str) -> None:
        for client in list(self.clients):
            client.send(text)

    def send_seat(self, seat: int, text: str) -> None:
        """To the connections that speak for `seat` only."""
        for client in list(self.clients):
            if client.seat == seat:
                client.send(text)

    def send_each(self, text_for: Callable[[int | None], str]) -> None:
        """To every connection the text for its seat (None: a spectator's)."""
        by_seat: dict[int | None, str] = {}
        for client in list(self.clients):
            text = by_seat.get(client.seat)
            if text is None:
                text = by_seat[client.seat] = text_for(client.seat)
            client.send(text)

    def dismiss(self, text: str, code: int) -> None:
        """Send everyone a last message, then close every connection with `code`."""
        for client in list(self.clients):
            client.send(text)
            client.close(code)
        self.clients.clear()

    def send_presence(self) -> None:
        """Tell everyone which seats are connected and how many watch."""
        self.send_all(
            encode(
                {
                    "type": "presence",
                    "connected": self.connected(),
                    "spectators": self.spectators(),
                }
            )
        )
