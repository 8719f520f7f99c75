"""What the heuristic bot reads of the table, from a seat's view or straight from a world.

The bot decides from a `Reading`: `ViewReading` reads `view(seat)`; `WorldReading` reads a
(determinized) world field by field, exactly what that seat's view would show, so a search's
rollouts need not build the view (most of a rollout's time went into it). The tests check that
both give the same decisions.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from hiddenhand.games.infected.cards import RESOURCES, card_set
from hiddenhand.games.infected.effects import ABILITIES
from hiddenhand.games.infected.evidence import evidence_weights
from hiddenhand.games.infected.flow import Phase
from hiddenhand.native import own_abc_caches

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState

NO_EFFECT: Final = "No effect."
"""A threat card's text in the view when it has no threat effect."""


@cache
def item_tables() -> tuple[dict[str, int], dict[str, str | None], dict[str, str]]:
    """Value, effect and resource pile of every item kind, by name."""
    kinds = card_set().item_kinds
    return (
        {k.name: k.value for k in kinds},
        {k.name: k.effect for k in kinds},
        {k.name: k.resource for k in kinds},
    )


@cache
def _card_tables() -> tuple[tuple[int, ...], tuple[bool, ...], tuple[int, ...], tuple[bool, ...]]:
    """By card number: an item's value and whether it has no effect; a zombie card's value and
    whether it has a threat effect."""
    cards = card_set()
    items = [cards.item_kinds[k] for k in cards.item_of]
    zombies = [cards.zombie_kinds[k] for k in cards.zombie_of]
    return (
        tuple(k.value for k in items),
        tuple(k.effect is None for k in items),
        tuple(k.value for k in zombies),
        tuple(bool(k.effects) for k in zombies),
    )


def suspicion_of(
    seat: int,
    n: int,
    variant: str,
    tests: list[tuple[int, str]],
    counts: tuple[list[int], list[int], list[int]],
    samples: list[list[str] | None],
) -> list[float]:
    """Probability, as `seat` judges it, that each seat is the infected: the public evidence
    (tests as (target, shown); shown fails, fail claims, shown claims) and the blood samples the
    seat sees (None where it sees none)."""
    weights = evidence_weights(n, tests, *counts)
    weights[seat] = 0.0
    for p, sample in enumerate(samples):
        if sample is not None and p != seat:
            weights[p] = 1e6 if "virus" in sample else 0.0
    # A clean seat's prior: where one sample is left out of the deal (two players, all-okay,
    # infection-spreads), "nobody is infected" is exactly as likely as each other seat being it.
    none_weight = 1.0 if variant != "standard" or n == 2 else 0.0
    total = sum(weights) + none_weight
    return [w / total for w in weights]


class Reading(ABC):
    """The table as one seat sees it, in the terms the heuristic asks about."""

    __slots__ = ("infected", "n", "phase", "seat")

    seat: int
    n: int
    phase: str
    """The phase's value, as in the view."""
    infected: bool
    """Whether the seat's own blood sample shows the virus."""

    @abstractmethod
    def stage(self) -> str | None:
        """The stage of the seat's own choice in the open window (None: no choice)."""

    @abstractmethod
    def hand_values(self) -> list[int]:
        """The values of the item cards in the seat's hand."""

    @abstractmethod
    def pile_value(self) -> int:
        """The sum of the values on the seat's challenge pile."""

    @abstractmethod
    def threat(self) -> list[int]:
        """The values the face-up zombie cards count for, in the order they came."""

    @abstractmethod
    def threat_has_effect(self) -> bool:
        """Whether the last zombie card of the threat has a threat effect."""

    @abstractmethod
    def known_top(self) -> int | None:
        """The value of the top zombie card, if the seat has looked at it."""

    @abstractmethod
    def wounds(self, p: int) -> int:
        """How many wounds seat p has."""

    @abstractmethod
    def hitpoints(self) -> int | None:
        """The seat's character's hitpoints (None before it has one)."""

    @abstractmethod
    def ability(self) -> str:
        """The text of the seat's character's ability ("" before it has one)."""

    @abstractmethod
    def equipped_count(self) -> int:
        """How many items the seat has equipped."""

    @abstractmethod
    def ready_plain_value(self) -> int:
        """The values of the seat's equipped items without an effect, not equipped this round."""

    @abstractmethod
    def tests(self) -> list[tuple[int, str]]:
        """Every blood sample test so far, as (target, shown)."""

    @abstractmethod
    def shown_fails(self, p: int) -> int:
        """How many fails seat p has shown."""

    @abstractmethod
    def exposed(self, p: int) -> bool:
        """Whether seat p plays as the exposed infected (no vote can destroy it)."""

    @abstractmethod
    def fail_claims(self) -> list[int]:
        """Per seat, the fails it claimed unseen."""

    @abstractmethod
    def leader(self) -> int:
        """The seat holding the Leader card."""

    @abstractmethod
    def resources(self) -> dict[str, int]:
        """Cards per resource pile, by the pile's name."""

    @abstractmethod
    def vote(self) -> tuple[str, int]:
        """The open vote's kind and target."""

    @abstractmethod
    def suspicion(self) -> list[float]:
        """Probability, as this seat judges it, that each seat is the infected."""

    def threat_sum(self) -> int:
        return sum(self.threat())


class ViewReading(Reading):
    """The table as `view(seat)` shows it."""

    __slots__ = ("_me", "_own", "_view")

    def __init__(self, view: Mapping[str, Any], seat: int) -> None:
        self._view, self.seat = view, seat
        self._own: Mapping[str, Any] = view["players"][seat]
        self._me: Mapping[str, Any] = view["me"]
        self.n = len(view["players"])
        self.phase = view["phase"]
        sample = self._own["blood_sample"]
        self.infected = bool(sample) and "virus" in sample

    def stage(self) -> str | None:
        choice = self._me["choice"]
        return str(choice["stage"]) if choice else None

    def hand_values(self) -> list[int]:
        value = item_tables()[0]
        return [value[c] for c in self._me["hand"]]

    def pile_value(self) -> int:
        value = item_tables()[0]
        return sum(value[c] for c in self._me["pile"])

    def threat(self) -> list[int]:
        return [card["counts"] for card in self._view["threat"]]

    def threat_sum(self) -> int:
        return int(self._view["threat_sum"])

    def threat_has_effect(self) -> bool:
        return bool(self._view["threat"][-1]["text"] != NO_EFFECT)

    def known_top(self) -> int | None:
        top = self._me["zombie_deck_top"]
        return int(top[0]["value"]) if top else None

    def wounds(self, p: int) -> int:
        return int(self._view["players"][p]["wounds"])

    def hitpoints(self) -> int | None:
        hitpoints = self._own["hitpoints"]
        return None if hitpoints is None else int(hitpoints)

    def ability(self) -> str:
        return str(self._own["ability"] or "")

    def equipped_count(self) -> int:
        return len(self._own["equipped"])

    def ready_plain_value(self) -> int:
        value, effect, _ = item_tables()
        return sum(
            value[e["item"]]
            for e in self._own["equipped"]
            if e["item"] and effect[e["item"]] is None and not e["fresh"]
        )

    def tests(self) -> list[tuple[int, str]]:
        return [(t["target"], t["shown"]) for t in self._view["tests"]]

    def shown_fails(self, p: int) -> int:
        return int(self._view["players"][p]["shown_fails"])

    def exposed(self, p: int) -> bool:
        return bool(self._view["players"][p]["exposed"])

    def fail_claims(self) -> list[int]:
        return [p["fail_claims"] for p in self._view["players"]]

    def leader(self) -> int:
        return int(self._view["leader"])

    def resources(self) -> dict[str, int]:
        return dict(self._view["resources"])

    def vote(self) -> tuple[str, int]:
        vote = self._view["vote"]
        return vote["kind"], vote["target"]

    def suspicion(self) -> list[float]:
        view, players = self._view, self._view["players"]
        if not view["blood_samples_used"] or self.infected:
            return [0.0] * self.n
        counts = (
            [p["shown_fails"] for p in players],
            [p["fail_claims"] for p in players],
            [p["shown_claims"] for p in players],
        )
        samples = [p["blood_sample"] for p in players]
        return suspicion_of(self.seat, self.n, view["variant"], self.tests(), counts, samples)


class WorldReading(Reading):
    """A (determinized) world as `view(seat)` would show it, read from its fields; only what
    the view shows that seat is read."""

    __slots__ = ("_world",)

    def __init__(self, world: InfectedState, seat: int) -> None:
        self._world, self.seat, self.n = world, seat, world.n
        self.phase = world.phase  # a StrEnum: equal to its value, as the view sends it
        sample = world.samples[seat]
        self.infected = bool(sample) and "virus" in sample

    def stage(self) -> str | None:
        draft = self._world.window.get(self.seat)
        return None if draft is None else draft.stage  # a StrEnum, equal to its value

    def hand_values(self) -> list[int]:
        value = _card_tables()[0]
        return [value[c] for c in self._world.hands[self.seat]]

    def pile_value(self) -> int:
        value = _card_tables()[0]
        return sum(value[c] for c in self._world.piles[self.seat])

    def threat(self) -> list[int]:
        return self._world.threat_vals

    def threat_sum(self) -> int:
        return sum(self._world.threat_vals)

    def threat_has_effect(self) -> bool:
        return _card_tables()[3][self._world.threat[-1]]

    def known_top(self) -> int | None:
        world = self._world
        if not world.known_top[self.seat] or not world.zdeck:
            return None
        return _card_tables()[2][world.zdeck[-1]]

    def wounds(self, p: int) -> int:
        return len(self._world.wounds[p])

    def hitpoints(self) -> int | None:
        world = self._world
        return world.character_of(self.seat).hitpoints if world.character[self.seat] >= 0 else None

    def ability(self) -> str:
        world = self._world
        if world.character[self.seat] < 0:
            return ""
        return ABILITIES[world.character_of(self.seat).ability]

    def equipped_count(self) -> int:
        return len(self._world.equipped[self.seat])

    def ready_plain_value(self) -> int:
        value, plain, _, _ = _card_tables()
        return sum(
            value[card]
            for card, _, fresh in self._world.equipped[self.seat]
            if plain[card] and not fresh
        )

    def tests(self) -> list[tuple[int, str]]:
        return [(target, shown) for _, target, shown in self._world.tests]

    def shown_fails(self, p: int) -> int:
        return self._world.shown_fails[p]

    def exposed(self, p: int) -> bool:
        return self._world.exposed[p]

    def fail_claims(self) -> list[int]:
        return self._world.fail_claims

    def leader(self) -> int:
        return self._world.leader

    def resources(self) -> dict[str, int]:
        return {RESOURCES[r]: len(pile) for r, pile in enumerate(self._world.resources)}

    def vote(self) -> tuple[str, int]:
        world = self._world
        assert world.phase == Phase.VOTE
        return world.vote_kind, world.vote_target

    def suspicion(self) -> list[float]:
        world, seat, n = self._world, self.seat, self.n
        if world.variant == "cooperative" or self.infected:
            return [0.0] * n
        over, up, samples = world.result is not None, world.samples_up, world.samples
        seen = [
            samples[p] if (over or up[p] or p == seat) and samples[p] else None for p in range(n)
        ]
        counts = (world.shown_fails, world.fail_claims, world.shown_claims)
        return suspicion_of(seat, n, world.variant, self.tests(), counts, seen)


own_abc_caches(globals())
