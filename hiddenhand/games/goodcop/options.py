"""The options of a Good Cop Bad Cop table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Self

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

    @classmethod
    def parse(cls, pairs: Iterable[str] | Mapping[str, Any] | None = None) -> Self:
        """Options as given; a stored table's options from before `order` and `tokens` existed
        (every earlier option named) mean the rules it was played with, so its record replays
        the game it was."""
        if isinstance(pairs, Mapping) and pairs.keys() >= _EARLIER:
            pairs = {**_LEGACY, **pairs}
        return super().parse(pairs)

    def gun_count(self, players: int) -> int:
        return players if self.guns == "per-player" else players - 2

    def arms_count(self, players: int) -> int:
        """Zombie Arms tokens in the box: two fewer than the players."""
        return players - 2 if self.zombies != "off" else 0


_EARLIER = frozenset(("guns", "discard", "zombies"))
"""The options every stored table named before the `order` option existed."""
_LEGACY = {"order": "dealt", "tokens": "leftmost"}
"""What a stored table that does not name these options was played with."""
