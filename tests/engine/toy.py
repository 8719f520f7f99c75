"""High Card: a tiny hidden-information game that exercises the kernel without a real game.

Each seat holds one hidden card from 1..9. On your turn: peek at another seat's card (only you
see it) or call. A call, or the tenth turn, ends the game: the highest card wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, Self

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


@dataclass(frozen=True)
class HighCardOptions(Options):
    turns: int = option(10, "turns before the game ends by itself")
    ties: Literal["share", "nobody"] = option("share", "who wins a tie")


@cache
def high_card_space(players: int, options: HighCardOptions) -> ActionSpace:
    items: list[tuple[str, tuple[int | str, ...], str]] = [("call", (), "call")]
    items += [("peek", (s,), f"peek at {{p{s}}}'s card") for s in range(players)]
    return ActionSpace(items)


class HighCard(State):
    cards: list[int]
    seen: list[set[int]]
    turn: int
    to_move: int
    called: bool

    def __init__(self, players: Sequence[str], options: HighCardOptions, seed: int) -> None:
        super().__init__(players, options, seed, high_card_space(len(players), options))
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        self.cards = deck[: len(players)]
        self.seen = [{s} for s in range(len(players))]
        self.turn = 0
        self.to_move = 0
        self.called = False

    def _legal(self) -> Pending:
        if self.called or self.turn >= self.options.turns:  # type: ignore[attr-defined]
            return {}
        me = self.to_move
        peeks = [self.space.get("peek", s) for s in range(len(self.players)) if s != me]
        return {me: (self.space.get("call"), *peeks)}

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.turn += 1
        self.to_move = (seat + 1) % len(self.players)
        if action.kind == "call":
            self.called = True
            return [Event("call", f"{{p{seat}}} calls")]
        target = int(action.args[0])
        self.seen[seat].add(target)
        return [
            Event("peek", f"{{p{seat}}} peeks at {{p{target}}}'s card"),
            Event(
                "saw", f"you see {self.cards[target]}", private(seat), {"card": self.cards[target]}
            ),
        ]

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

    def clone(self) -> Self:
        other = object.__new__(type(self))
        self._copy_base(other)
        other.cards = list(self.cards)
        other.seen = [set(s) for s in self.seen]
        other.turn, other.to_move, other.called = self.turn, self.to_move, self.called
        return other

    def determinize(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        unknown = [s for s in range(len(self.players)) if s not in self.seen[seat]]
        pool = [c for c in range(1, 10) if c not in {self.cards[s] for s in self.seen[seat]}]
        rng.shuffle(pool)
        for s, card in zip(unknown, pool, strict=False):
            other.cards[s] = card
        other.rng = random.Random(rng.randrange(2**63))
        other._pending = None
        return other


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
        new_state=lambda players, options, seed: HighCard(players, options, seed),
        action_space=high_card_space,
        check=_check,
        default_players=3,
    )
)
HighCard.game = HIGH_CARD
