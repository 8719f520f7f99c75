"""Where a table is played: in this process, or (when processes share the store) in another.

The WebSocket endpoint and the HTTP calls ask the placement, never the lobby directly, so the
same endpoints serve one process (`OneProcess`) and a cluster (`cluster.Cluster`).
"""

from __future__ import annotations

from typing import Any, Protocol

from hiddenhand.server.audience import Connection
from hiddenhand.server.errors import Refused
from hiddenhand.server.lobby import Lobby
from hiddenhand.server.table_calls import Asker, run_call
from hiddenhand.server.tables import Table


def no_table(table_id: str) -> Refused:
    return Refused(f"there is no table {table_id[:40]!r}", 404)


class Relay(Protocol):
    """A connection here to a table another process plays."""

    def forward(self, raw: str | bytes) -> None:
        """Pass on one message the connection received (checked here first)."""
        ...

    def gone(self) -> None:
        """The connection closed."""
        ...


class Placement(Protocol):
    lobby: Lobby

    def locate(self, table_id: str) -> Table | str | None:
        """The table if this process plays it (loading it if nobody does), else the name of
        the process that does; None if there is no such table."""
        ...

    async def call(self, table_id: str, name: str, asker: Asker, body: Any) -> Any:
        """Run the table call `name` where the table is; refusals raise `Refused`."""
        ...

    async def listing(
        self, *, game: str | None, holder: str | None, avoid: frozenset[str] = frozenset()
    ) -> list[dict[str, Any]]:
        """The lobby's list of tables (`Lobby.listing`), from every process."""
        ...

    def relay(self, client: Connection, table_id: str, owner: str) -> Relay:
        """Relay `client`, connected here, to the table `owner` plays."""
        ...


class OneProcess:
    """Every table is played here."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby

    def locate(self, table_id: str) -> Table | str | None:
        return self.lobby.get(table_id)

    async def call(self, table_id: str, name: str, asker: Asker, body: Any) -> Any:
        table = self.lobby.get(table_id)
        if table is None:
            raise no_table(table_id)
        return run_call(self.lobby, table, name, asker, body)

    async def listing(
        self, *, game: str | None, holder: str | None, avoid: frozenset[str] = frozenset()
    ) -> list[dict[str, Any]]:
        return self.lobby.listing(game=game, holder=holder, avoid=avoid)

    def relay(self, client: Connection, table_id: str, owner: str) -> Relay:
        raise RuntimeError("one process plays every table: there is nothing to relay")
