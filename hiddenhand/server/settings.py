"""Every limit the server enforces, in one place, with its default.

The server is open to anyone who can reach it, so each input is bounded before any work is
done for it. docs/protocol.md lists these limits; `hiddenhand serve --limit NAME=VALUE` changes
one (the tests start servers with small or large values).
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from hiddenhand.engine.errors import OptionError


def half_the_cores() -> int:
    """Half the machine's cores, at least one: the rest serve the event loop and the store."""
    return max(1, (os.cpu_count() or 2) // 2)


@dataclass(frozen=True, slots=True)
class Limits:
    """What one server allows: sizes, counts per guest and per address, and lifetimes."""

    body_bytes: int = 16 * 1024
    """Largest HTTP request body; a larger Content-Length is refused unread (413)."""
    message_bytes: int = 4096
    """Largest WebSocket message the server reads; larger ones get a `too-large` error."""
    frame_bytes: int = 64 * 1024
    """Largest WebSocket frame at all; a larger one closes the socket (code 1009)."""
    connections: int = 1000
    """Open connections (WebSockets and HTTP requests in progress) for the whole server."""
    connections_per_address: int = 64
    """Open connections from one address."""
    sockets_per_address: int = 128
    """TCP connections one address holds open, counted from the moment each is accepted (idle,
    half-sent and WebSocket alike); one more is answered 429 and closed (`connections.py`)."""
    header_seconds: float = 10.0
    """A request's head must arrive in full this long after the connection opened or the
    previous response ended; else 408 and the connection is closed."""
    body_seconds: float = 30.0
    """A request's body must arrive in full this long after its head; else 408 and closed."""
    header_bytes: int = 16 * 1024
    """Largest request head (request line and headers); a larger one is answered 431."""
    keep_alive_seconds: int = 5
    """How long an idle connection is kept open for its next request (uvicorn's
    `timeout_keep_alive`)."""
    tables: int = 1000
    """Tables waiting for players or being played, for the whole server."""
    tables_per_guest: int = 5
    """Tables waiting or being played that one guest created."""
    tables_per_address: int = 20
    """Tables waiting or being played created from one address."""
    seats_per_address: int = 4
    """Seats people from one address hold at one table (one guest holds at most one)."""
    chat_burst: int = 5
    """Chat lines one seat may send at once..."""
    chat_every: float = 1.0
    """...then one line per this many seconds."""
    chat_burst_per_sender: int = 20
    """Chat lines one guest, and one address, may send at once over all tables..."""
    chat_every_per_sender: float = 0.5
    """...then one line per this many seconds."""
    open_table_seconds: float = 3600.0
    """A table never started is removed this long after it was created."""
    listed_open_seconds: float = 900.0
    """A table never started leaves the lobby's list this long after it was created (its link
    still works until `open_table_seconds`)."""
    rematch_seat_seconds: float = 120.0
    """At a rematch's table, each seat is kept this long for the person who played it in the
    game before (`reserved` in the table's seats); then anyone may take it."""
    sweep_seconds: float = 30.0
    """How often expired and finished tables are looked for."""
    full_collection_seconds: float = 300.0
    """How often Python's cycle collector goes through everything (`server/collector.py`)."""
    bot_seconds: float = 2.0
    """The most a searching bot thinks per decision at a table (its `seconds` option is capped)."""
    bot_processes: int = field(default_factory=half_the_cores)
    """Processes in which searching bots think, for the whole server (half the cores, at least
    one): however many tables search, they never take more of the machine than this."""
    bot_tables_per_guest: int = 3
    """Tables waiting or being played with a searching bot (`ismcts`, the hard and expert
    levels) that one guest or account created..."""
    bot_tables_per_address: int = 6
    """...and that were created from one address."""
    prefs_burst: int = 10
    """Preference changes (`prefs`) one seat may send at once..."""
    prefs_every: float = 0.5
    """...then one per this many seconds."""
    preview_burst: int = 30
    """Previews of follow-up choices (`preview`) one seat may ask at once..."""
    preview_every: float = 0.1
    """...then one per this many seconds."""
    store_wait_seconds: float = 5.0
    """How long a starting server waits for another one to let go of the store."""
    lease_seconds: float = 5.0
    """With several processes: how long a process's hold on its tables outlives its last
    renewal (every third of this). A dead process's tables move to the others after this."""
    session_seconds: float = 30 * 86400.0
    """How long a sign-in lasts before the player signs in again."""
    session_check_seconds: float = 5.0
    """How often each process looks for open pages whose session ended some other way than
    through it (a ban from the command line, an expiry): those pages are signed out."""
    login_burst: int = 10
    """Sign-ups and sign-ins one address may try at once..."""
    login_every: float = 6.0
    """...then one per this many seconds."""
    login_free_failures: int = 5
    """Wrong passwords one address may give for one username before it must wait..."""
    login_address_failures: int = 50
    """...and over every username, before the address must wait."""
    login_backoff: float = 2.0
    """The first wait after those; each further wrong password doubles it..."""
    login_backoff_most: float = 900.0
    """...up to this many seconds. Failures quiet twice this long are forgotten."""

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]


def parse_limits(pairs: Iterable[str], base: Limits | None = None) -> Limits:
    """`name=value` pairs over the defaults; OptionError names the limits there are."""
    fields = {f.name: f for f in dataclasses.fields(Limits)}
    changes: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        field = fields.get(name.strip())
        if not sep or field is None:
            known = ", ".join(fields)
            raise OptionError(f"--limit takes NAME=VALUE with NAME one of: {known}")
        kind = int if field.type in (int, "int") else float
        try:
            value = kind(text)
        except ValueError:
            raise OptionError(f"limit {field.name} is a {kind.__name__}, not {text!r}") from None
        if not math.isfinite(value) or value <= 0:
            raise OptionError(f"limit {field.name} must be above 0")
        changes[field.name] = value
    return dataclasses.replace(base or Limits(), **changes)
