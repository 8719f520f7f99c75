"""What the public record proves about the two secret identities: the candidate sets.

Every kill, canvas answer and failed arrest is a public `Fact`. From the facts alone follow two
constraints: where the Killer's identity can be (next to every victim since his last successful
disguise, on the right side of every canvas he answered, never a suspect arrested in vain) and
where the Inspector's identity can be (in reach of every arrest he made, on the right side of every
canvas he answered). A seat adds what only it knows (its own cards) to get its candidate set.

This module is the one place that logic lives: `determinize` samples from it, the views show it
and the heuristic bots plan with it (reading the facts from their view).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from hiddenhand.games.noir.schema import FactView
from hiddenhand.games.noir.suspects import EVERYONE, bit, listed, mask_of

KILL = "kill"
KILLER_CANVAS = "killer-canvas"
INSPECTOR_CANVAS = "inspector-canvas"
ARREST = "arrest"
CITIZENS_ARREST = "citizens-arrest"
DISGUISE = "disguise"


class Fact(NamedTuple):
    """One public deduction, frozen at the moment it happened.

    kill: `suspect` was killed; `near` held its neighbours (the Killer was one of them).
    killer-canvas / inspector-canvas: that role said whether he was among `near`, the
    neighbours of `suspect` (`adjacent` is the answer).
    arrest: `suspect` was arrested and is not the Killer; `near` is `suspect` and its neighbours
    (the Inspector was one of them). citizens-arrest: `suspect` is not the Killer.
    disguise: the Killer left his identity `suspect` (now dead or marked innocent, option
    `disguise`) for a card of the deck: any living suspect whose card is not face up and not the
    Inspector's. The kills before it spoke of the old identity only.
    """

    kind: str
    suspect: int
    near: int = 0
    adjacent: bool = False

    def to_view(self) -> FactView:
        """The fact as views show it (frozen: every copy of the state shares it)."""
        return FactView(
            kind=self.kind,
            suspect=self.suspect,
            near=tuple(listed(self.near)),
            adjacent=self.adjacent,
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Fact:
        return cls(
            str(data["kind"]), int(data["suspect"]), mask_of(data["near"]), bool(data["adjacent"])
        )


def killer_allows(allowed: int, fact: Fact) -> int:
    """The suspects the public record allows as the Killer's current identity once `fact` is
    added to a record that allowed `allowed`."""
    kind = fact.kind
    if kind == KILL:
        return allowed & fact.near
    if kind == KILLER_CANVAS:
        return allowed & (fact.near if fact.adjacent else ~fact.near & EVERYONE)
    if kind in (ARREST, CITIZENS_ARREST):
        return allowed & ~bit(fact.suspect)
    if kind == DISGUISE:
        return EVERYONE
    return allowed


def inspector_allows(allowed: int, fact: Fact) -> int:
    """The suspects the public record allows as the Inspector's identity once `fact` is added
    to a record that allowed `allowed`."""
    kind = fact.kind
    if kind == ARREST:
        return allowed & fact.near
    if kind == INSPECTOR_CANVAS:
        return allowed & (fact.near if fact.adjacent else ~fact.near & EVERYONE)
    return allowed


def killer_constraint(facts: Iterable[Fact]) -> int:
    """The suspects the public record allows as the Killer's current identity."""
    allowed = EVERYONE
    for f in facts:
        allowed = killer_allows(allowed, f)
    return allowed


def inspector_constraint(facts: Iterable[Fact]) -> int:
    """The suspects the public record allows as the Inspector's identity."""
    allowed = EVERYONE
    for f in facts:
        allowed = inspector_allows(allowed, f)
    return allowed


def killer_candidates(
    allowed: int, alive: int, inspector_cards: Iterable[int], discards: Iterable[int]
) -> int:
    """Who the Killer may be, for the Inspector: alive, never a card the Inspector holds or a
    discarded card, and allowed by every fact (`allowed`: `killer_constraint` of the record)."""
    unseen = EVERYONE & ~mask_of(inspector_cards) & ~mask_of(discards)
    return allowed & alive & unseen


def inspector_candidates(
    allowed: int, alive: int, killer_identity: int, discards: Iterable[int]
) -> int:
    """Who the Inspector may be, for the Killer: alive, neither the Killer's card nor a
    discarded one, and allowed by every fact (`allowed`: `inspector_constraint` of the
    record)."""
    unseen = EVERYONE & ~bit(killer_identity) & ~mask_of(discards)
    return allowed & alive & unseen


def facts_from_json(data: Sequence[Mapping[str, Any]]) -> list[Fact]:
    return [Fact.from_json(d) for d in data]
