"""Table chat: plain text only, short lines, and no flooding."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

import msgspec

from hiddenhand.server.names import TextRefused, normalized, person_name
from hiddenhand.server.plaintext import CONTROL
from hiddenhand.server.settings import Limits

MAX_CHAT_CHARS = 300
HISTORY = 100
"""Chat lines a (re)connecting client is sent."""

_TAG = re.compile(r"<\s*/?\s*[a-zA-Z!?]")
_CONTROL = CONTROL


_CHAT = '{"type":"chat"'
_WELCOME = '{"type":"welcome"'
"""How the server's chat lines and welcomes begin (`protocol.encode`)."""


def hide_chat(text: str, hidden: frozenset[str]) -> str | None:
    """A message to a person who muted or blocked the accounts `hidden`, without their chat
    lines: None for a line of theirs, a welcome without their recent lines, anything else as
    it is (checked by its first characters, so other messages cost nothing)."""
    if text.startswith(_CHAT):
        line = msgspec.json.decode(text)
        return None if line.get("account") in hidden else text
    if text.startswith(_WELCOME):
        welcome = msgspec.json.decode(text)
        welcome["chat"] = [c for c in welcome.get("chat", []) if c.get("account") not in hidden]
        return msgspec.json.encode(welcome).decode()
    return text


class ChatRefused(Exception):
    """A chat line the table will not take; the message says why."""


def clean_line(text: str) -> str:
    """The line as it will be shown, or ChatRefused: plain text in NFKC form, 1-300 characters,
    nothing invisible (`names.normalized`)."""
    try:
        text = normalized(text, "chat lines").strip()
    except TextRefused as exc:
        raise ChatRefused(str(exc)) from None
    if not text:
        raise ChatRefused("an empty chat line is not sent")
    if len(text) > MAX_CHAT_CHARS:
        raise ChatRefused(f"chat lines are at most {MAX_CHAT_CHARS} characters")
    if _TAG.search(text):
        raise ChatRefused("chat is plain text: HTML tags are not allowed")
    if _CONTROL.search(text):
        raise ChatRefused("chat lines may not hold control characters")
    return text


def clean_name(name: str) -> str:
    """A display name: plain text in NFKC form, 1-24 characters, nothing invisible and nothing
    that passes for the bot marker (`names.person_name`)."""
    try:
        name = " ".join(person_name(name).split())
    except TextRefused as exc:
        raise ChatRefused(str(exc)) from None
    if not name:
        raise ChatRefused("a name is needed to sit down")
    if len(name) > 24:
        raise ChatRefused("names are at most 24 characters")
    if _TAG.search(name) or _CONTROL.search(name) or "{" in name:
        raise ChatRefused("names are plain text: no HTML, braces or control characters")
    return name


@dataclass
class FloodGuard:
    """A token bucket per sender: `burst` lines at once, then one every `every` seconds."""

    burst: float = 5.0
    every: float = 1.0
    _buckets: dict[object, tuple[float, float]] = field(default_factory=dict)

    @classmethod
    def per_sender(cls, limits: Limits) -> FloodGuard:
        """The budget each guest, and each address, has over every table."""
        return cls(burst=limits.chat_burst_per_sender, every=limits.chat_every_per_sender)

    def allow(self, who: object, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.get(who, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) / self.every)
        if tokens < 1.0:
            self._buckets[who] = (tokens, now)
            return False
        self._buckets[who] = (tokens - 1.0, now)
        return True

    def __len__(self) -> int:
        """How many senders it remembers."""
        return len(self._buckets)

    def forget_idle(self, now: float | None = None) -> None:
        """Drop the senders whose bucket has refilled: they are as if never seen, and the
        memory of many senders does not grow without end."""
        now = time.monotonic() if now is None else now
        full = [
            w
            for w, (t, last) in self._buckets.items()
            if t + (now - last) / self.every >= self.burst
        ]
        for who in full:
            del self._buckets[who]


class TableChat:
    """One table's chat lines, and the budgets of those who send them: each seat has its own,
    and so does each guest and each address over every table (`senders`, shared)."""

    def __init__(self, limits: Limits, senders: FloodGuard | None = None) -> None:
        self.lines: list[dict[str, Any]] = []
        self.flood = FloodGuard(burst=limits.chat_burst, every=limits.chat_every)
        self.senders = senders or FloodGuard.per_sender(limits)

    def line(
        self, seat: int, name: str, text: str, guest: str | None, address: str
    ) -> dict[str, Any]:
        """The next line, as it is stored and sent, or ChatRefused (the table keeps it)."""
        line = clean_line(text)
        if not self.flood.allow(seat) or not all(
            self.senders.allow(who) for who in (("guest", guest), ("address", address)) if who[1]
        ):
            raise ChatRefused("you are sending chat lines too fast; wait a moment")
        return {
            "id": len(self.lines) + 1,
            "seat": seat,
            "name": name,
            "text": line,
            "at": int(time.time() * 1000),
        }

    def recent(self) -> list[dict[str, Any]]:
        """The lines a (re)connecting client is sent."""
        return self.lines[-HISTORY:]
