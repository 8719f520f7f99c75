"""Sessions in a signed cookie: `<account>.<expires>.<signature>`, checked on every request.

The signature is an HMAC over the account and the expiry time with a key made once per store
and kept in it (sessions survive a restart; the key never leaves the server). A cookie past its
expiry, or changed in any byte, is no session.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from hiddenhand.server.storage import Storage, secrets_table

SESSION_COOKIE = "hh_session"
KEY_NAME = "session-key"
MAX_COOKIE_CHARS = 200


def store_key(storage: Storage) -> bytes:
    """The store's signing key, made on first use (two servers racing agree on the first)."""
    query = select(secrets_table.c.value).where(secrets_table.c.name == KEY_NAME)
    with storage.engine.connect() as conn:
        value = conn.execute(query).scalar_one_or_none()
    if value is None:
        try:
            with storage.engine.begin() as conn:
                conn.execute(
                    secrets_table.insert().values(name=KEY_NAME, value=secrets.token_hex(32))
                )
        except IntegrityError:
            pass
        with storage.engine.connect() as conn:
            value = conn.execute(query).scalar_one()
    return bytes.fromhex(value)


class Sessions:
    """Signs and reads session cookies; `seconds` is how long one lasts."""

    def __init__(self, key: bytes, seconds: float) -> None:
        self.key = key
        self.seconds = seconds

    def _sign(self, payload: str) -> str:
        digest = hmac.new(self.key, payload.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def issue(self, account_id: int, now: float | None = None) -> str:
        expires = int((time.time() if now is None else now) + self.seconds)
        payload = f"{account_id}.{expires}"
        return f"{payload}.{self._sign(payload)}"

    def read(self, cookie: str | None, now: float | None = None) -> int | None:
        """The account a cookie signs for, or None (absent, forged, malformed or expired)."""
        if not cookie or len(cookie) > MAX_COOKIE_CHARS or not cookie.isascii():
            return None
        parts = cookie.split(".")
        if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit():
            return None
        account, expires, signature = parts
        if not hmac.compare_digest(self._sign(f"{account}.{expires}"), signature):
            return None
        if int(expires) <= (time.time() if now is None else now):
            return None
        return int(account)
