"""High Card: a tiny hidden-information game that exercises the kernel without a real game.

Each seat holds one hidden card from 1..9. On your turn: peek at another seat's card (only you
see it) or call. A call, or the tenth turn, ends the game: the highest card wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from hiddenhand.engine import (
    Action,
    ActionSpace,
    Event,
    Game,
    OptionError,
    Options,
    Outcome,
    Pending,
    State,
    option,
    private,
    register,
)
from hiddenhand.engine.seeding import KEYED


@dataclass(frozen=True)
class HighCardOptions(Options):
    turns: int = option(10, "turns before the game ends by itself", high=10_000_000)
    ties: Literal["share", "nobody"] = option("share", "who wins a tie")


@cache
def high_card_space(players: int, options: HighCardOptions) -> ActionSpace:
    items: list[tuple[str, tuple[int | str, ...], str]] = [("call", (), "call")]
    items += [("peek", (s,), f"peek at {{p{s}}}'s card") for s in range(players)]
    return ActionSpace(items)


class HighCard(State[HighCardOptions]):
    cards: list[int]
    seen: list[set[int]]
    turn: int
    to_move: int
    called: bool

    def __init__(
        self, players: Sequence[str], options: HighCardOptions, seed: int, seeding: str = KEYED
    ) -> None:
        super().__init__(players, options, seed, high_card_space(len(players), options), seeding)
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        self.cards = deck[: len(players)]
        self.seen = [{s} for s in range(len(players))]
        self.turn = 0
        self.to_move = 0
        self.called = False

    def _legal(self) -> Pending:
        if self.called or self.turn >= self.options.turns:
            return {}
        me = self.to_move
        peeks = [self.space.get("peek", s) for s in range(len(self.players)) if s != me]
        return {me: (self.space.get("call"), *peeks)}

    def _apply(self, seat: int, action: Action) -> None:
        self.turn += 1
        self.to_move = (seat + 1) % len(self.players)
        if action.kind == "call":
            self.called = True
            self.emit(Event("call", f"{{p{seat}}} calls"))
            return
        target = int(action.args[0])
        self.seen[seat].add(target)
        self.emit(Event("peek", f"{{p{seat}}} peeks at {{p{target}}}'s card"))
        card = self.cards[target]
        self.emit(Event("saw", f"you see {card}", private(seat), {"card": card}))

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.over
        return {
            "turn": self.turn,
            "to_move": self.to_move,
            "cards": [
                self.cards[s] if over or (seat is not None and s in self.seen[seat]) else None
                for s in range(len(self.players))
            ],
        }

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        best = max(self.cards)
        winners = frozenset(s for s, c in enumerate(self.cards) if c == best)
        return Outcome(winners, "high", f"the highest card was {best}")

    def _resample(self, other: HighCard, seat: int, rng: random.Random) -> None:
        unknown = [s for s in range(len(self.players)) if s not in self.seen[seat]]
        pool = [c for c in range(1, 10) if c not in {self.cards[s] for s in self.seen[seat]}]
        rng.shuffle(pool)
        for s, card in zip(unknown, pool, strict=False):
            other.cards[s] = card


def _check(players: int, options: HighCardOptions) -> None:
    if options.turns < 1:
        raise OptionError("turns must be at least 1")


HIGH_CARD = register(
    Game(
        id="highcard",
        title="High Card",
        min_players=2,
        max_players=5,
        options_type=HighCardOptions,
        new_state=HighCard,
        action_space=high_card_space,
        check=_check,
        default_players=3,
    )
)
HighCard.game = HIGH_CARD
