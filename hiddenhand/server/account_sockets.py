"""The WebSockets of signed-in people, by account, so that what happens to an account reaches
its open pages at once.

A connection that brings a live session cookie is counted under its account here, in the
process that accepted it (a connection to a table played elsewhere is relayed, but its socket
stays here). Two things are told to an account's connections, in every process of a cluster
(`tell`, over the bus):

- "signed-out": its sessions were ended (banned, or signed out everywhere): each connection is
  sent an error `signed-out` and closed with `SIGNED_OUT`, and the page stops reconnecting;
- "hidden": the account muted or blocked someone, or undid it: its connections stop (or go on)
  showing that person's chat lines (`chat.hide_chat`).

Sessions ended any other way (from the command line, or expired) are caught by
`check_forever`, which every process runs every `Limits.session_check_seconds`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Protocol

from hiddenhand.server.moderation import Moderation
from hiddenhand.server.protocol import error
from hiddenhand.server.sessions import Sessions

log = logging.getLogger("hiddenhand.server")

SIGNED_OUT = 4401
"""Close code of a connection whose session was ended: the page does not reconnect."""
SIGNED_OUT_NEWS, HIDDEN_NEWS = "signed-out", "hidden"


class AccountClient(Protocol):
    """A connection as this registry sees it."""

    account: int | None
    session: str
    hidden: frozenset[str]

    def send(self, text: str) -> None: ...

    def close(self, code: int) -> None: ...


class AccountSockets:
    """This process's connections of signed-in people, by account."""

    def __init__(self, sessions: Sessions, moderation: Moderation, every: float = 5.0) -> None:
        self.sessions = sessions
        self.moderation = moderation
        self.every = every
        """Seconds between two looks for connections whose session ended (`check_forever`)."""
        self.by_account: dict[int, set[AccountClient]] = {}
        self.broadcast: Callable[[int, str], None] | None = None
        """Set in a cluster: sends news of an account to every process (this one included)."""

    def add(self, client: AccountClient) -> None:
        """Count a connection that brought a live session, with the chat it is not shown."""
        if client.account is not None:
            client.hidden = self.moderation.hidden_chat(client.account)
            self.by_account.setdefault(client.account, set()).add(client)

    def remove(self, client: AccountClient) -> None:
        if client.account is None:
            return
        mine = self.by_account.get(client.account)
        if mine is not None:
            mine.discard(client)
            if not mine:
                del self.by_account[client.account]

    def tell(self, account: int, news: str) -> None:
        """What happened to `account`, to its connections in every process."""
        if self.broadcast is not None:
            self.broadcast(account, news)
        else:
            self.heard(account, news)

    def heard(self, account: int, news: str) -> None:
        """News of an account, for its connections here."""
        if news == SIGNED_OUT_NEWS:
            self._sign_out(self.by_account.pop(account, set()))
        elif news == HIDDEN_NEWS and account in self.by_account:
            hidden = self.moderation.hidden_chat(account)
            for client in self.by_account[account]:
                client.hidden = hidden

    @staticmethod
    def _sign_out(clients: set[AccountClient]) -> None:
        for client in clients:
            client.send(error("signed-out", "you were signed out: your session has ended"))
            client.close(SIGNED_OUT)

    def sessions_open(self) -> set[str]:
        """What the store keeps of the session of each connection here."""
        return {c.session for mine in self.by_account.values() for c in mine}

    def close_ended(self, alive: set[str]) -> int:
        """Close the connections whose session is not among those `alive`; returns how many."""
        ended = {c for mine in self.by_account.values() for c in mine if c.session not in alive}
        for client in ended:
            self.remove(client)
        self._sign_out(ended)
        return len(ended)

    async def check_forever(self) -> None:
        """Every `every` seconds: close the connections whose session has ended since they
        connected (the store is asked off the event loop)."""
        while True:
            await asyncio.sleep(self.every)
            try:
                open_now = self.sessions_open()
                if open_now:
                    self.close_ended(await asyncio.to_thread(self.sessions.alive, open_now))
            except Exception:
                log.exception("the sessions of open connections could not be checked")
