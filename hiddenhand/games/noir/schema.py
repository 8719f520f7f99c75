"""The typed form of what a seat of NOIR sees: msgspec Structs, and their JSON Schema.

`views.view_of` builds a `NoirView` and hands clients its plain JSON form; the schema is what
the browser client (`web/static/games/noir.js`) is checked against. Field meanings are listed
in `views.py`.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

Mode = Literal["classic", "standard", "citizens-arrest"]
Role = Literal["killer", "inspector"]


class FactView(msgspec.Struct, frozen=True):
    """One public fact the deductions rest on (see `knowledge.Fact`); frozen, so the states
    and their clones share each one."""

    kind: str
    suspect: int
    near: tuple[int, ...]
    adjacent: bool


class Roles(msgspec.Struct):
    killer: int
    inspector: int


class LastShift(msgspec.Struct):
    line: Literal["row", "column"]
    index: int
    direction: Literal["left", "right", "up", "down"]


class OutcomeView(msgspec.Struct):
    winners: list[int]
    side: str
    reason: str
    data: dict[str, Any]


class Revealed(msgspec.Struct):
    killer: int
    inspector: int | None
    hand: list[int]
    deck: list[int]


class NoirView(msgspec.Struct):
    """Everything one seat (or a spectator) of NOIR may know."""

    mode: Mode
    disguise: Literal["deceased", "innocent"]
    kills_to_win: int
    turn_limit: int
    turn: int
    to_move: list[int]
    phase: Literal[
        "first-kill", "choose-identity", "play", "exonerating", "citizens-arresting", "over"
    ]
    roles: Roles
    you: Role | None
    suspects: list[str]
    grid: list[list[int]]
    deceased: list[int]
    innocent: list[int]
    removed: list[int]
    kills: int
    deck: int
    hand_size: int
    discards: list[int]
    citizens_arrests: int
    citizens_source: int | None
    last_shift: LastShift | None
    facts: list[FactView]
    identity: int | None
    hand: list[int] | None
    candidates: list[int] | None
    outcome: OutcomeView | None
    revealed: Revealed | None


def view_schema() -> dict[str, Any]:
    """The JSON Schema of a NOIR view."""
    schema: dict[str, Any] = msgspec.json.schema(NoirView)
    return schema
