"""Secret Bids: a tiny game with one step of each kind undo must tell apart.

Every seat bids in secret, in steps (unseen: undoable), then seals its bid (seen: the others
see it is no longer asked). On the way it may peek at the hidden prize (shows it something),
roll a die (draws), shout (everyone hears) or whisper to itself (an event it is shown).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from hiddenhand.engine import (
    Action,
    ActionSpace,
    Event,
    Game,
    Options,
    Outcome,
    Pending,
    State,
    private,
)
from hiddenhand.engine.seeding import KEYED


@dataclass(frozen=True)
class BidOptions(Options):
    pass


@cache
def bid_space(players: int, options: BidOptions) -> ActionSpace:
    items: list[tuple[str, tuple[int | str, ...], str]] = [
        ("bid", (n,), f"bid {n}") for n in range(1, 4)
    ]
    items += [(kind, (), kind) for kind in ("seal", "peek", "roll", "shout", "whisper")]
    return ActionSpace(items)


class SecretBids(State[BidOptions]):
    """Every seat bids in secret, in steps, then seals its bid; the prize card is hidden."""

    bids: list[int]
    sealed: list[bool]
    peeked: list[bool]
    rolls: list[int]
    prize: int

    def __init__(
        self, players: Sequence[str], options: BidOptions, seed: int, seeding: str = KEYED
    ) -> None:
        super().__init__(players, options, seed, bid_space(len(players), options), seeding)
        self.bids = [0] * len(players)
        self.sealed = [False] * len(players)
        self.peeked = [False] * len(players)
        self.rolls = [0] * len(players)
        self.prize = self.rng.randint(1, 9)

    def _legal(self) -> Pending:
        return {s: tuple(self.space) for s in range(len(self.players)) if not self.sealed[s]}

    def _apply(self, seat: int, action: Action) -> None:
        if action.kind == "bid":
            self.bids[seat] = int(action.args[0])
        elif action.kind == "seal":
            self.sealed[seat] = True
        elif action.kind == "peek":
            self.peeked[seat] = True
        elif action.kind == "roll":
            self.rolls[seat] = self.rng.randint(1, 6)
        elif action.kind == "shout":
            self.emit(Event("shout", f"{{p{seat}}} shouts"))
        else:
            self.emit(Event("whisper", "you whisper to yourself", private(seat)))

    def view(self, seat: int | None) -> dict[str, Any]:
        mine = seat is not None
        return {
            "sealed": list(self.sealed),
            "bid": self.bids[seat] if mine else None,
            "roll": self.rolls[seat] if mine else None,
            "prize": self.prize if mine and self.peeked[seat] else None,
        }

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        return Outcome(frozenset(), "nobody", "the bids are sealed")

    def _resample(self, sample: SecretBids, seat: int, rng: random.Random) -> None:
        if not self.peeked[seat]:
            sample.prize = rng.choice([p for p in range(1, 10) if p != self.prize])


SECRET_BIDS = Game(
    id="secretbids",
    title="Secret Bids",
    min_players=2,
    max_players=4,
    options_type=BidOptions,
    new_state=SecretBids,
    action_space=bid_space,
    default_players=2,
)
"""Not registered: a test that needs it at a table registers it for its own run."""
SecretBids.game = SECRET_BIDS
