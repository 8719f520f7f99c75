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
    kept_for: str | None = None
    """At a rematch's table: who held this seat in the game before (guest or account); until
    `kept_until` (epoch seconds) only they may sit here. Shown as `reserved`, never who."""
    kept_until: float = 0.0

    @property
    def taken(self) -> bool:
        return self.bot is not None or self.name is not None

    def kept_from(self, who: str, now: float) -> bool:
        """The seat is free but kept, now, for someone other than `who`."""
        return (
            not self.taken
            and self.kept_for is not None
            and self.kept_for != who
            and now < self.kept_until
        )

    def reserved(self, now: float) -> bool:
        return not self.taken and self.kept_for is not None and now < self.kept_until

    @property
    def played_by_bot(self) -> bool:
        return self.bot is not None or self.left or self.away

    def public(self, connected: bool, now: float) -> dict[str, Any]:
        reserved = self.reserved(now)
        return {
            "name": self.name,
            "bot": self.bot,
            "taken": self.taken,
            "left": self.left,
            "timed_out": self.timed_out,
            "away": self.away,
            "connected": connected or self.bot is not None,
            "reserved": reserved,
            "reserved_until": int(self.kept_until * 1000) if reserved else None,
        }
