"""Events: what happened, and who may know it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from hiddenhand.engine.audience import EVERYONE, private
from hiddenhand.engine.text import render, sentence

__all__ = ["EVERYONE", "Event", "private", "visible"]


class Event(msgspec.Struct, frozen=True):
    """Something that happened. `audience` is None for everyone, else the seats that see it.

    `text` is a template (`{pN}` names seat N); `data` is JSON-ready detail for clients.
    A frozen msgspec Struct: the rules make one for nearly every action, and a Struct is built
    in C, several times faster than a frozen dataclass.
    """

    kind: str
    text: str
    audience: frozenset[int] | None = EVERYONE
    data: Mapping[str, Any] = msgspec.field(default_factory=dict)

    def visible_to(self, seat: int | None) -> bool:
        """Whether this seat (None: a spectator) may see the event."""
        return self.audience is None or (seat is not None and seat in self.audience)

    @property
    def public(self) -> bool:
        return self.audience is None

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The text for a person: names filled in, and a sentence's capital letter."""
        return render(sentence(self.text), names)

    def to_json(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.describe(names),
            "public": self.audience is None,
            "data": dict(self.data),
        }


def visible(events: Sequence[Event], seat: int | None) -> list[Event]:
    """The events of a log that this seat may see."""
    return [e for e in events if e.audience is None or (seat is not None and seat in e.audience)]
