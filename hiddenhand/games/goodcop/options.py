"""The options of a Good Cop Bad Cop table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from hiddenhand.engine import Options, option


@dataclass(frozen=True)
class GoodCopOptions(Options):
    """How many guns lie in the centre, where used equipment goes, and the Zombies design."""

    guns: Literal["per-player", "players-minus-2"] = option(
        "per-player", "guns in the centre: one per player, or two fewer than the players"
    )
    discard: Literal["pile", "bottom"] = option(
        "pile",
        "used equipment goes to a discard pile reshuffled when the deck runs out, "
        "or under the deck",
    )

    zombies: Literal["off", "dice", "infect", "simple"] = option(
        "off",
        "the Zombies expansion: off, or the design to play (dice: infection die and Infector, "
        "infect: investigating infects, simple: no Infector, tokens or dice)",
    )

    tokens: Literal["choose", "leftmost"] = option(
        "choose",
        "Zombies: a player given an infection token chooses the card for it, or it goes on "
        "their leftmost card without one",
    )
    order: Literal["choose", "dealt"] = option(
        "choose",
        "players lay their three integrity cards down in the order they choose, or as dealt",
    )

    STORED_DEFAULTS: ClassVar[Mapping[str, Any]] = {"order": "dealt", "tokens": "leftmost"}
    """A game stored before `order` and `tokens` existed laid its cards down as dealt and put
    infection tokens on the leftmost free card."""

    def gun_count(self, players: int) -> int:
        return players if self.guns == "per-player" else players - 2

    def arms_count(self, players: int) -> int:
        """Zombie Arms tokens in the box: two fewer than the players."""
        return players - 2 if self.zombies != "off" else 0
