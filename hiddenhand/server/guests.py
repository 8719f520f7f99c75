"""Guest ids: issued by the server and signed, so that no client can choose one.

A guest id is who holds a seat for someone not signed in, and anyone who could name another
person's id could read their seat's token and, by signing up with it, take their seats. So the
cookie `hh_guest` is `<id>.<signature>`: 128 random bits and an HMAC-SHA256 over them with a
key kept in the store (`sessions.store_key`: the same in every process sharing the store, and
after a restart). A cookie without a valid signature is no guest id; its holder is given a
fresh one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

GUEST_COOKIE = "hh_guest"
KEY_NAME = "guest-key"
ID_CHARS = 32
MAX_COOKIE_CHARS = 128


class GuestIds:
    """Issues and checks signed guest ids with `key`."""

    def __init__(self, key: bytes) -> None:
        self.key = key

    def _sign(self, guest: str) -> str:
        digest = hmac.new(self.key, b"guest:" + guest.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def issue(self) -> tuple[str, str]:
        """A new guest: (its id, its cookie)."""
        guest = secrets.token_hex(ID_CHARS // 2)
        return guest, f"{guest}.{self._sign(guest)}"

    def read(self, cookie: str | None) -> str | None:
        """The guest id the cookie was issued for, or None (absent, unsigned or forged)."""
        if not cookie or len(cookie) > MAX_COOKIE_CHARS or not cookie.isascii():
            return None
        guest, dot, signature = cookie.partition(".")
        if not dot or len(guest) != ID_CHARS or not guest.isalnum():
            return None
        if not hmac.compare_digest(self._sign(guest), signature):
            return None
        return guest
