"""The shape of `view(seat)`, typed: what every client of Good Cop Bad Cop may read.

`views.typed_view` builds these Structs and `views.view` makes them plain JSON-ready data;
`view_schema()` is the JSON Schema derived from them, which the browser client's reads are
checked against. Keys that only the Zombies expansion adds are optional (left out when unset).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

from hiddenhand.games.goodcop.phases import Phase

Kind = Literal["honest", "crooked", "agent", "kingpin", "infector"]
Team = Literal["honest", "crooked", "lone", "zombie"]
Face = Literal["blank", "zombie", "arms", "infection"]


class _Part(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, gc=False):
    """A part of a view: every key is declared, none other may appear."""


class IntegrityCard(_Part):
    card: Kind | None
    """None while the viewer does not know its face."""
    revealed: bool
    wounded: bool
    infected: bool | UnsetType = UNSET
    """Zombies: an infection token lies on it (tokens are public)."""


class Cop(_Part):
    alive: bool
    armed: bool
    """Holding a gun (a zombie's Arms are `arms`)."""
    aim: int | None
    hand: int
    equipment: list[str] | None
    """The titles in hand: the viewer's own, and everyone's once the game is over."""
    front: list[str]
    cards: list[IntegrityCard]
    team: Team | None
    zombie: bool | UnsetType = UNSET
    arms: bool | UnsetType = UNSET


class Resolving(_Part):
    card: str
    by: int


class Shot(_Part):
    shooter: int
    target: int


class Dice(_Part):
    by: int
    die: Literal["zombie", "infection"]
    faces: list[Face]


class Result(_Part):
    winners: list[int]
    side: Team
    reason: str
    data: dict[str, Any]


class GoodCopView(_Part):
    seat: int | None
    phase: Phase
    turn: int
    to_move: list[int]
    direction: Literal["clockwise", "counterclockwise"]
    coffee: int | None
    resolving: Resolving | None
    shot: Shot | None
    players: list[Cop]
    team: Team | None
    hand: list[str]
    guns_in_centre: int
    deck: int
    discard: list[str]
    outcome: Result | None
    zombies: Literal["dice", "infect", "simple"] | UnsetType = UNSET
    arms_in_centre: int | UnsetType = UNSET
    dice: Dice | UnsetType | None = UNSET
    alarm: int | UnsetType | None = UNSET


def validated(view: dict[str, Any]) -> GoodCopView:
    """A plain view as its Struct; raises msgspec.ValidationError if it breaks its declaration."""
    return msgspec.convert(view, GoodCopView, strict=True)


def view_schema() -> dict[str, Any]:
    """The JSON Schema of `view(seat)`."""
    return msgspec.json.schema(GoodCopView)
