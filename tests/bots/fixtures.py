"""Two tiny games where choices matter, for testing search: Stones and Showdown.

Stones (Nim): a pile of stones, seats alternate taking 1 or 2, whoever takes the last wins.
From 7 stones the first player wins only by taking 1 (leaving a multiple of 3).

Showdown: both seats secretly choose 1, 2 or 3 at the same time (a window of two seats); a die
then adds 0 or 1 to seat 1's choice; the higher total wins, ties go to nobody. Choosing 3 is
never worse. Seat 0's role is "first", seat 1's "second".
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
    option,
    private,
    register,
)
from hiddenhand.engine.seeding import KEYED


@dataclass(frozen=True)
class StonesOptions(Options):
    stones: int = option(7, "stones in the pile")


@cache
def stones_space(players: int, options: StonesOptions) -> ActionSpace:
    return ActionSpace([("take", (n,), f"take {n}") for n in (1, 2)])


class Stones(State[StonesOptions]):
    pile: int
    to_move: int
    last: int

    def __init__(
        self, players: Sequence[str], options: StonesOptions, seed: int, seeding: str = KEYED
    ) -> None:
        super().__init__(players, options, seed, stones_space(len(players), options), seeding)
        self.pile = options.stones
        self.to_move = 0
        self.last = -1

    def _legal(self) -> Pending:
        if self.pile == 0:
            return {}
        return {self.to_move: [self.space.get("take", n) for n in (1, 2) if n <= self.pile]}

    def _apply(self, seat: int, action: Action) -> None:
        self.pile -= int(action.args[0])
        self.last = seat
        self.to_move = 1 - seat
        self.emit(Event("take", f"{{p{seat}}} takes {action.args[0]}"))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": sorted(self.pending())}

    def outcome(self) -> Outcome | None:
        if self.pile:
            return None
        return Outcome(frozenset({self.last}), "last", "took the last stone")

    def _resample(self, sample: Stones, seat: int, rng: random.Random) -> None:
        """Nothing is hidden in Stones."""


STONES = register(
    Game(
        id="stones",
        title="Stones",
        min_players=2,
        max_players=2,
        options_type=StonesOptions,
        new_state=Stones,
        action_space=stones_space,
    )
)
Stones.game = STONES


@dataclass(frozen=True)
class ShowdownOptions(Options):
    pass


@cache
def showdown_space(players: int, options: ShowdownOptions) -> ActionSpace:
    return ActionSpace([("choose", (n,), f"choose {n}") for n in (1, 2, 3)])


class Showdown(State[ShowdownOptions]):
    chosen: list[int]
    bonus: int

    def __init__(
        self, players: Sequence[str], options: ShowdownOptions, seed: int, seeding: str = KEYED
    ) -> None:
        super().__init__(players, options, seed, showdown_space(len(players), options), seeding)
        self.chosen = [0, 0]
        self.bonus = -1

    def _legal(self) -> Pending:
        choices = list(self.space)
        return {s: choices for s in (0, 1) if not self.chosen[s]}

    def _apply(self, seat: int, action: Action) -> None:
        self.chosen[seat] = int(action.args[0])
        self.emit(Event("chose", f"{{p{seat}}} has chosen"))
        self.emit(Event("mine", f"you chose {action.args[0]}", private(seat)))
        if all(self.chosen):
            self.bonus = self.rng.randrange(2)
            self.emit(Event("die", f"the die shows {self.bonus}"))

    def view(self, seat: int | None) -> dict[str, Any]:
        done = all(self.chosen)
        return {
            "chosen": [c if done or seat == s else bool(c) for s, c in enumerate(self.chosen)],
            "bonus": self.bonus,
            "to_move": sorted(self.pending()),
        }

    def outcome(self) -> Outcome | None:
        if not all(self.chosen):
            return None
        first, second = self.chosen[0], self.chosen[1] + self.bonus
        if first == second:
            return Outcome(frozenset(), "tie", "equal totals")
        winner = 0 if first > second else 1
        return Outcome(frozenset({winner}), "higher", "the higher total")

    def _roles(self) -> list[str]:
        return ["first", "second"]

    def _resample(self, sample: Showdown, seat: int, rng: random.Random) -> None:
        other_seat = 1 - seat
        if sample.chosen[other_seat] and sample.bonus < 0:
            sample.chosen[other_seat] = rng.choice((1, 2, 3))


SHOWDOWN = register(
    Game(
        id="showdown",
        title="Showdown",
        min_players=2,
        max_players=2,
        options_type=ShowdownOptions,
        new_state=Showdown,
        action_space=showdown_space,
    )
)
Showdown.game = SHOWDOWN
