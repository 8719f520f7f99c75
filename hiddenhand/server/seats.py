"""A seat at a table, and the secret token that proves who holds it."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any


def new_token() -> str:
    return secrets.token_urlsafe(18)


MAX_TOKEN_CHARS = 64
"""Seat tokens are 24 characters; anything much longer is not one, and is not compared."""


def same_token(secret: str, given: str) -> bool:
    """Constant-time comparison that any text may be given to (non-ASCII included)."""
    return secrets.compare_digest(secret.encode(), given.encode("utf-8", "replace"))


@dataclass
class Seat:
    """One seat: a person (name, secret token, guest id) or a bot (`bot` names it).

    `guest` is who holds the seat: a guest id, or `account:<id>` for a signed-in player."""

    name: str | None = None
    token: str = field(default_factory=new_token)
    guest: str | None = None
    bot: str | None = None
    left: bool = False
    timed_out: bool = False
    """The person's time bank ran out; the others may hand the seat to a bot."""
    away: bool = False
    """The others handed the seat to a bot; the person may take it back."""
    autopass: bool = False
    """Pass reactions for this person until their turn (their own preference, never shown)."""

    @property
    def taken(self) -> bool:
        return self.bot is not None or self.name is not None

    @property
    def played_by_bot(self) -> bool:
        return self.bot is not None or self.left or self.away

    def public(self, connected: bool) -> dict[str, Any]:
        return {
            "name": self.name,
            "bot": self.bot,
            "taken": self.taken,
            "left": self.left,
            "timed_out": self.timed_out,
            "away": self.away,
            "connected": connected or self.bot is not None,
        }
