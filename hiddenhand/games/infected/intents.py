"""Intents: the finished parts of a seat's secret choice, carried out when the window closes.

Each is a frozen value, so a copied draft shares them safely; a choice made of several single
steps (equip two items, give two cards) replaces its intent with a longer one.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Intent:
    label: ClassVar[str] = ""

    def describe(self) -> str:
        """The intent as the seat's own view shows it ("equip ((3, 1),) ()")."""
        return " ".join([self.label, *(str(getattr(self, f.name)) for f in fields(self))])


@dataclass(frozen=True, slots=True)
class CallDestroy(Intent):
    label: ClassVar[str] = "destroy"
    target: int


@dataclass(frozen=True, slots=True)
class CallLeader(Intent):
    label: ClassVar[str] = "leader_vote"
    target: int


@dataclass(frozen=True, slots=True)
class Ability(Intent):
    label: ClassVar[str] = "ability"
    target: int | None


@dataclass(frozen=True, slots=True)
class Special(Intent):
    """Equip the character's special item, discarding `cost` from hand (and `drops`)."""

    label: ClassVar[str] = "special"
    cost: int
    drops: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Play(Intent):
    label: ClassVar[str] = "play"
    item: int


@dataclass(frozen=True, slots=True)
class Draw(Intent):
    label: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class DrawTwo(Intent):
    label: ClassVar[str] = "draw2"


@dataclass(frozen=True, slots=True)
class Heal(Intent):
    label: ClassVar[str] = "heal"


@dataclass(frozen=True, slots=True)
class Pass(Intent):
    label: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Zombify(Intent):
    label: ClassVar[str] = "zombify"


@dataclass(frozen=True, slots=True)
class Equip(Intent):
    """Equip `items` (kind, face up) from hand, first discarding the equipped cards `drops`."""

    label: ClassVar[str] = "equip"
    items: tuple[tuple[int, int], ...]
    drops: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Swap(Intent):
    label: ClassVar[str] = "swap"
    items: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Give(Intent):
    """Give cards: (kind, receiving seat) each."""

    label: ClassVar[str] = "give"
    gifts: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Use(Intent):
    label: ClassVar[str] = "use"
    card: int
    target: int | None


@dataclass(frozen=True, slots=True)
class Cover(Intent):
    """The exposed infected plays a zombie card of this kind on top of the threat card."""

    label: ClassVar[str] = "cover"
    zombie: int


@dataclass(frozen=True, slots=True)
class React(Intent):
    label: ClassVar[str] = "react"
    item: int


@dataclass(frozen=True, slots=True)
class NoReaction(Intent):
    label: ClassVar[str] = "react_none"


@dataclass(frozen=True, slots=True)
class Claim(Intent):
    label: ClassVar[str] = "claim"
    claim: str


@dataclass(frozen=True, slots=True)
class Place(Intent):
    """Place a shown item of this kind on its resource pile (None: place nothing)."""

    label: ClassVar[str] = "place"
    item: int | None


@dataclass(frozen=True, slots=True)
class Vote(Intent):
    label: ClassVar[str] = "vote"
    yes: bool


# One shared value per intent that a seat may choose again and again: intents are frozen,
# so reusing one is safe, and cheaper than making it anew on every choice.
play_of = cache(Play)
cover_of = cache(Cover)
react_of = cache(React)
claim_of = cache(Claim)
place_of = cache(Place)
vote_of = cache(Vote)
