"""Sessions kept by the server: a random token in a cookie, a row in the store per sign-in.

The cookie `hh_session` holds 32 random bytes; the store keeps only their SHA-256 (a copy of
the store gives no cookie), with the account, when the session began, when it was last seen,
and the browser and address it began from. Every request's cookie is looked up, so signing out
ends a session at once, in every process sharing the store: a copied cookie stops working the
moment its session is ended. An account can list its sessions and end them all.

The store also keeps the server's signing keys (`store_key`), made once per store, so that
every process sharing it, and every restart, signs alike.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import secrets
import time
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from hiddenhand.server.storage import Storage, secrets_table, sessions_table

SESSION_COOKIE = "hh_session"
KEY_NAME = "session-key"
MAX_COOKIE_CHARS = 200
SEEN_EVERY = 60.0
"""A session's `seen` time is written at most this often (not on every request)."""
MAX_AGENT_CHARS = 200

BROWSERS = (
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("Firefox/", "Firefox"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
    ("curl/", "curl"),
    ("python-", "a Python program"),
)
SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iOS"),
    ("iPad", "iPadOS"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)
_UNPRINTABLE = re.compile(r"[^\x20-\x7e]")


def store_key(storage: Storage, name: str = KEY_NAME) -> bytes:
    """The store's signing key `name`, made on first use (two servers racing agree on the
    first)."""
    query = select(secrets_table.c.value).where(secrets_table.c.name == name)
    with storage.engine.connect() as conn:
        value = conn.execute(query).scalar_one_or_none()
    if value is None:
        try:
            with storage.engine.begin() as conn:
                conn.execute(secrets_table.insert().values(name=name, value=secrets.token_hex(32)))
        except IntegrityError:
            pass
        with storage.engine.connect() as conn:
            value = conn.execute(query).scalar_one()
    return bytes.fromhex(value)


def session_id(cookie: str) -> str:
    """What the store keeps of a session's cookie."""
    return hashlib.sha256(cookie.encode()).hexdigest()


def agent_summary(agent: str) -> str:
    """A browser as a person recognises it: "Firefox on Linux"."""
    browser = next((name for mark, name in BROWSERS if mark in agent), "")
    system = next((name for mark, name in SYSTEMS if mark in agent), "")
    if browser and system:
        return f"{browser} on {system}"
    return browser or system or "an unknown browser"


def address_summary(address: str) -> str:
    """An address with its last part hidden: enough to tell home from elsewhere."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return "an unknown address"
    if ip.version == 4:
        return ".".join(address.split(".")[:3]) + ".x"
    return str(ipaddress.ip_network(f"{address}/48", strict=False).network_address) + "…"


class Sessions:
    """Begins, reads and ends the sessions in the store; `seconds` is how long one lasts."""

    def __init__(self, storage: Storage, seconds: float) -> None:
        self.storage = storage
        self.seconds = seconds

    def issue(
        self, account_id: int, agent: str = "", address: str = "", now: float | None = None
    ) -> str:
        """A new session for the account; returns its cookie. The account's expired sessions
        are cleared on the way."""
        now = time.time() if now is None else now
        cookie = secrets.token_urlsafe(32)
        with self.storage.engine.begin() as conn:
            conn.execute(
                delete(sessions_table).where(
                    sessions_table.c.account_id == account_id, sessions_table.c.expires <= now
                )
            )
            conn.execute(
                sessions_table.insert().values(
                    id=session_id(cookie),
                    account_id=account_id,
                    created=now,
                    seen=now,
                    expires=now + self.seconds,
                    agent=_UNPRINTABLE.sub("", agent)[:MAX_AGENT_CHARS],
                    address=address[:64],
                )
            )
        return cookie

    def read(self, cookie: str | None, now: float | None = None) -> int | None:
        """The account whose live session the cookie is, or None (absent, unknown, ended or
        expired)."""
        if not cookie or len(cookie) > MAX_COOKIE_CHARS or not cookie.isascii():
            return None
        now = time.time() if now is None else now
        key = session_id(cookie)
        with self.storage.engine.connect() as conn:
            row = conn.execute(
                select(
                    sessions_table.c.account_id, sessions_table.c.seen, sessions_table.c.expires
                ).where(sessions_table.c.id == key)
            ).one_or_none()
        if row is None or row.expires <= now:
            return None
        if now - row.seen >= SEEN_EVERY:
            with self.storage.single.connect() as conn:
                conn.execute(
                    update(sessions_table).where(sessions_table.c.id == key).values(seen=now)
                )
        return int(row.account_id)

    def end(self, cookie: str | None) -> None:
        """End the cookie's session (signing out): the cookie is refused from now on."""
        if cookie and len(cookie) <= MAX_COOKIE_CHARS and cookie.isascii():
            with self.storage.single.connect() as conn:
                conn.execute(
                    delete(sessions_table).where(sessions_table.c.id == session_id(cookie))
                )

    def alive(self, keys: set[str], now: float | None = None) -> set[str]:
        """Those of `keys` (what the store keeps of sessions: `session_id`) still live."""
        now = time.time() if now is None else now
        with self.storage.engine.connect() as conn:
            rows = conn.execute(
                select(sessions_table.c.id).where(
                    sessions_table.c.id.in_(keys), sessions_table.c.expires > now
                )
            ).all()
        return {row.id for row in rows}

    def end_all(self, account_id: int) -> int:
        """End every session of the account (signing out everywhere); returns how many."""
        with self.storage.single.connect() as conn:
            ended = conn.execute(
                delete(sessions_table).where(sessions_table.c.account_id == account_id)
            ).rowcount
        return int(ended)

    def listed(
        self, account_id: int, cookie: str | None, now: float | None = None
    ) -> list[dict[str, Any]]:
        """The account's live sessions, newest first, as its owner is shown them (never the
        cookie nor what the store keeps of it); `current` marks the asker's own."""
        now = time.time() if now is None else now
        mine = session_id(cookie) if cookie else ""
        with self.storage.engine.connect() as conn:
            rows = conn.execute(
                select(sessions_table)
                .where(sessions_table.c.account_id == account_id, sessions_table.c.expires > now)
                .order_by(sessions_table.c.created.desc())
            ).all()
        return [
            {
                "created": row.created,
                "seen": row.seen,
                "expires": row.expires,
                "browser": agent_summary(row.agent),
                "address": address_summary(row.address),
                "current": secrets.compare_digest(row.id, mine),
            }
            for row in rows
        ]
