"""Intents: the finished parts of a seat's secret choice, carried out when the window closes.

Each is a frozen value, so a copied draft shares them safely; a choice made of several single
steps (equip two items, give two cards) replaces its intent with a longer one. A frozen msgspec
Struct, as `Event` is: the rules make one at nearly every choice, and a Struct is built in C,
where a dataclass's constructor runs in the interpreter even beside compiled rules.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

import msgspec


class Intent(msgspec.Struct, frozen=True):
    label: ClassVar[str] = ""

    def describe(self) -> str:
        """The intent as the seat's own view shows it ("equip ((3, 1),) ()")."""
        return " ".join([self.label, *(str(getattr(self, f)) for f in self.__struct_fields__)])


class CallDestroy(Intent, frozen=True):
    label: ClassVar[str] = "destroy"
    target: int


class CallLeader(Intent, frozen=True):
    label: ClassVar[str] = "leader_vote"
    target: int


class Ability(Intent, frozen=True):
    label: ClassVar[str] = "ability"
    target: int | None


class Special(Intent, frozen=True):
    """Equip the character's special item, discarding `cost` from hand (and `drops`)."""

    label: ClassVar[str] = "special"
    cost: int
    drops: tuple[int, ...]


class Play(Intent, frozen=True):
    label: ClassVar[str] = "play"
    item: int


class Draw(Intent, frozen=True):
    label: ClassVar[str] = "draw"


class DrawTwo(Intent, frozen=True):
    label: ClassVar[str] = "draw2"


class Heal(Intent, frozen=True):
    label: ClassVar[str] = "heal"


class Pass(Intent, frozen=True):
    label: ClassVar[str] = "pass"


class Zombify(Intent, frozen=True):
    label: ClassVar[str] = "zombify"


class Equip(Intent, frozen=True):
    """Equip `items` (kind, face up) from hand, first discarding the equipped cards `drops`."""

    label: ClassVar[str] = "equip"
    items: tuple[tuple[int, int], ...]
    drops: tuple[int, ...]


class Swap(Intent, frozen=True):
    label: ClassVar[str] = "swap"
    items: tuple[int, ...]


class Give(Intent, frozen=True):
    """Give cards: (kind, receiving seat) each."""

    label: ClassVar[str] = "give"
    gifts: tuple[tuple[int, int], ...]


class Use(Intent, frozen=True):
    label: ClassVar[str] = "use"
    card: int
    target: int | None


class Cover(Intent, frozen=True):
    """The exposed infected plays a zombie card of this kind on top of the threat card."""

    label: ClassVar[str] = "cover"
    zombie: int


class React(Intent, frozen=True):
    label: ClassVar[str] = "react"
    item: int


class NoReaction(Intent, frozen=True):
    label: ClassVar[str] = "react_none"


class Claim(Intent, frozen=True):
    label: ClassVar[str] = "claim"
    claim: str


class Place(Intent, frozen=True):
    """Place a shown item of this kind on its resource pile (None: place nothing)."""

    label: ClassVar[str] = "place"
    item: int | None


class Vote(Intent, frozen=True):
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
