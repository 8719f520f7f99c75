"""The shape of `view(seat)`, typed: what every client of The Infected may read.

`typed_view` (views.py) builds these Structs and `view(seat)` is their plain JSON form;
`view_schema()` is the JSON Schema derived from them, the one the browser client's reads are
checked against. Keys that appear only sometimes (`me` for a seat,
`outcome` and `revealed` at the end, `resources_collected` in the end game) are optional.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

from hiddenhand.games.infected.draft import Stage
from hiddenhand.games.infected.flow import Phase


class _Part(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A part of a view: every key is declared, none other may appear."""


class ThreatCard(_Part):
    name: str
    value: int
    counts: int
    """The value used in the threat sum (a Flare makes it 0)."""
    text: str


class Equipped(_Part):
    item: str | None
    """None while face down and not this seat's own."""
    face_up: bool
    fresh: bool


class Survivor(_Part):
    name: str
    character: str | None
    hitpoints: int | None
    special_item: str | None
    ability: str | None
    ability_used: bool
    wounds: int
    hand: int
    pile: int
    equipped: list[Equipped]
    exposed: bool
    blood_sample: list[str] | None
    """None while unknown to this seat."""
    zombie_cards: int
    shown_fails: int
    fail_claims: int
    shown_claims: int
    chosen: bool


class BloodTest(_Part):
    tester: int
    target: int
    shown: Literal["clean", "virus"]


class LastClaim(_Part):
    seat: int
    claim: Literal["success", "fail", "show"]
    shown: list[str] | None


class OpenVote(_Part):
    kind: Literal["destroy", "leader"]
    target: int


class DeckCard(_Part):
    name: str
    value: int


class Choice(_Part):
    stage: Stage
    so_far: list[str]


class Me(_Part):
    seat: int
    hand: list[str]
    pile: list[str]
    zombie_hand: list[str]
    zombie_deck_top: list[DeckCard]
    choice: Choice | None


class Result(_Part):
    winners: list[int]
    side: Literal["humans", "zombies"]
    reason: str
    data: dict[str, Any]


class Revealed(_Part):
    hands: list[list[str]]
    piles: list[list[str]]
    blood_samples: list[list[str]]
    zombie_hands: list[list[str]]
    zombie_deck: int


class InfectedView(_Part, kw_only=True):
    game: Literal["infected"]
    variant: Literal["standard", "cooperative", "infection-spreads", "all-okay"]
    phase: Phase
    round: int
    leader: int
    to_move: list[int]
    end_game: bool
    exhaustions: int
    threat: list[ThreatCard]
    threat_sum: int
    zombie_deck: int
    zombie_discard: int
    item_deck: int
    item_discard: int
    item_discard_top: list[str]
    removed_items: int
    resources: dict[str, int]
    resources_needed: int
    blood_samples_used: bool
    center_samples: list[str]
    tests: list[BloodTest]
    last_claims: list[LastClaim]
    vote: OpenVote | None
    players: list[Survivor]
    resources_collected: dict[str, int] | UnsetType = UNSET
    me: Me | UnsetType = UNSET
    outcome: Result | UnsetType = UNSET
    revealed: Revealed | UnsetType = UNSET


def read_view(view: dict[str, Any]) -> InfectedView:
    """A view's JSON form back as its Struct; raises msgspec.ValidationError if it breaks its
    declaration."""
    return msgspec.convert(view, InfectedView)


def view_schema() -> dict[str, Any]:
    """The JSON Schema of `view(seat)`."""
    return msgspec.json.schema(InfectedView)
