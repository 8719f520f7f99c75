"""The WebSocket protocol: what a client may send, its limits, and how replies are encoded.

docs/protocol.md describes it for client authors. Every message is one JSON object with a
`type`. Anything a client sends that is not one of the messages below is answered with an
`error` message and otherwise ignored.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from hiddenhand.engine.followups import MAX_FOLLOW_UPS

MAX_MESSAGE_BYTES = 4096
RECONNECT = 1012
"""Close code telling a client to reconnect: its table is now played by another process, or
this one is stopping."""
"""Largest client message the server reads by default (`Limits.message_bytes`)."""


class Hello(msgspec.Struct, tag_field="type", tag="hello", forbid_unknown_fields=True):
    """Bind this connection to a seat (with its token) or to the spectators (no token).

    `since` is the last event sequence number the client has; it gets the events after it.
    """

    token: str | None = None
    seat: int | None = None
    since: int = 0


FollowUps = Annotated[list[int], msgspec.Meta(max_length=MAX_FOLLOW_UPS)]


class Act(msgspec.Struct, tag_field="type", tag="act", forbid_unknown_fields=True):
    """Take one of the seat's legal actions by id. `step`, if given, must be the step at which
    it was offered. `then`: the choices that follow it within the same move (a card's targets),
    taken with it, all or none."""

    action: int
    then: FollowUps = msgspec.field(default_factory=list)
    step: int | None = None


class Preview(msgspec.Struct, tag_field="type", tag="preview", forbid_unknown_fields=True):
    """What the seat would be asked next within its move if it took `action` (and `then`
    after it); worked out on a copy, answered to this connection only, changing nothing."""

    action: int
    then: FollowUps = msgspec.field(default_factory=list)
    step: int | None = None


class Undo(msgspec.Struct, tag_field="type", tag="undo", forbid_unknown_fields=True):
    """Take back the seat's last step, if the engine calls it undoable and nothing happened
    since (the state message's `undo` says so). `step`, if given, must be the step the seat
    was last shown. Refused with an `undo-refused` error, changing nothing, otherwise."""

    step: int | None = None


class Chat(msgspec.Struct, tag_field="type", tag="chat", forbid_unknown_fields=True):
    text: str


class Prefs(msgspec.Struct, tag_field="type", tag="prefs", forbid_unknown_fields=True):
    """This seat's own preferences: `autopass` passes its reactions until its turn."""

    autopass: bool


class Ping(msgspec.Struct, tag_field="type", tag="ping", forbid_unknown_fields=True):
    pass


ClientMessage = Hello | Act | Preview | Undo | Chat | Prefs | Ping
MESSAGE_TYPES = ("hello", "act", "preview", "undo", "chat", "prefs", "ping")

_decoder = msgspec.json.Decoder(ClientMessage)
_encoder = msgspec.json.Encoder()


class ProtocolError(Exception):
    """A client message the server will not read; `code` is machine-readable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def decode(raw: str | bytes, max_bytes: int = MAX_MESSAGE_BYTES) -> ClientMessage:
    """Read one client message, or raise ProtocolError saying what is wrong with it.

    Whatever arrives (bytes that are not UTF-8, JSON nested past any sense, numbers past any
    range) ends as a ProtocolError, never as another exception."""
    size = len(raw.encode("utf-8", "replace") if isinstance(raw, str) else raw)
    if size > max_bytes:
        raise ProtocolError(
            "too-large", f"message of {size} bytes is over the limit of {max_bytes}"
        )
    try:
        return _decoder.decode(raw)
    except msgspec.ValidationError as exc:
        try:
            data = msgspec.json.decode(raw)
        except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
            data = None
        if not isinstance(data, dict):
            raise ProtocolError("bad-message", "a message is a JSON object with a type") from None
        kind = data.get("type")
        if kind not in MESSAGE_TYPES:
            known = ", ".join(MESSAGE_TYPES)
            shown = kind[:40] if isinstance(kind, str) else kind
            raise ProtocolError(
                "unknown-type", f"unknown message type {shown!r:.60}; types are: {known}"
            ) from None
        raise ProtocolError("bad-message", f"bad {kind} message: {exc}") from None
    except (msgspec.DecodeError, UnicodeDecodeError, UnicodeEncodeError):
        raise ProtocolError("malformed", "the message is not valid JSON in UTF-8") from None
    except RecursionError:
        raise ProtocolError("malformed", "the message is nested too deeply") from None


def encode(message: dict[str, Any]) -> str:
    """A server message as JSON text."""
    return _encoder.encode(message).decode()


def error(code: str, message: str, **extra: Any) -> str:
    return encode({"type": "error", "code": code, "message": message, **extra})
