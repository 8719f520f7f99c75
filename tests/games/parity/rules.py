"""Parity: a number from 0 to 9 is hidden; two players take turns guessing odd or even, and the
first right guess wins (at the latest, the second guess is right). `Parity` has the one shape;
each subclass departs from it in one way."""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import IntEnum, StrEnum
from typing import Any

import msgspec

from hiddenhand.engine import Action, ActionSpace, Event, Game, Options, Outcome, Pending, State
from hiddenhand.engine.seeding import KEYED

GUESS = "guess"
PARITIES = ("even", "odd")
SPACE = ActionSpace([(GUESS, (p,), f"guess {PARITIES[p]}") for p in (0, 1)])


class Phase(StrEnum):
    GUESSING = "guessing"
    OVER = "over"


class ParityView(msgspec.Struct, frozen=True):
    phase: str
    turn: int
    guesses: list[int]
    number: int | None


class Parity(State[Options]):
    number: int
    turn: int
    guesses: list[int]
    phase: Phase

    def __init__(
        self, players: Sequence[str], options: Options, seed: int, seeding: str = KEYED
    ) -> None:
        super().__init__(players, options, seed, SPACE, seeding)
        self.number = self.rng.randrange(10)
        self.turn = 0
        self.guesses = []
        self.phase = Phase.GUESSING

    def _legal(self) -> Pending:
        return {self.turn: tuple(SPACE)}

    def _apply(self, seat: int, action: Action) -> None:
        for event in self._guess(seat, int(action.args[0])):
            self.emit(event)

    def _guess(self, seat: int, parity: int) -> list[Event]:
        """The guess's events; a right guess ends the game."""
        self.guesses.append(parity)
        events = [Event(GUESS, f"{{p{seat}}} guesses {PARITIES[parity]}")]
        if parity == self.number % 2:
            self.phase = Phase.OVER
            self._end(Outcome(frozenset({seat}), "right", "a right guess"))
        else:
            self.turn = 1 - seat
        return events

    def _end(self, outcome: Outcome) -> None:
        self.finish(outcome)

    def typed_view(self, seat: int | None) -> Any:
        over = self.result is not None
        return ParityView(
            self.phase.value, self.turn, list(self.guesses), self.number if over else None
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = msgspec.to_builtins(self.typed_view(seat))
        return view

    def _resample(self, sample: Parity, seat: int, rng: random.Random) -> None:
        if not self.guesses:
            sample.number = rng.randrange(10)


class LoggingParity(Parity):
    """Keeps its events in a list of its own and returns them from `_apply`."""

    log: list[Event]

    def __init__(
        self, players: Sequence[str], options: Options, seed: int, seeding: str = KEYED
    ) -> None:
        super().__init__(players, options, seed, seeding)
        self.log = []

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = self._guess(seat, int(action.args[0]))
        self.log += events
        return events


class DictViewParity(Parity):
    """Builds its views as dicts, with no Struct."""

    def typed_view(self, seat: int | None) -> Any:
        return self.view(seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.result is not None
        return {
            "phase": self.phase.value,
            "turn": self.turn,
            "guesses": list(self.guesses),
            "number": self.number if over else None,
        }


class OwnResultParity(Parity):
    """Keeps its own result and guards its own questions with it."""

    won: Outcome | None

    def __init__(
        self, players: Sequence[str], options: Options, seed: int, seeding: str = KEYED
    ) -> None:
        super().__init__(players, options, seed, seeding)
        self.won = None

    def _legal(self) -> Pending:
        if self.won is not None:
            return {}
        return super()._legal()

    def _end(self, outcome: Outcome) -> None:
        self.won = outcome

    def outcome(self) -> Outcome | None:
        return self.won


class IntPhase(IntEnum):
    GUESSING = 0
    OVER = 1


class IntPhaseParity(Parity):
    """Keeps its phase as an IntEnum."""

    phase: IntPhase

    def __init__(
        self, players: Sequence[str], options: Options, seed: int, seeding: str = KEYED
    ) -> None:
        super().__init__(players, options, seed, seeding)
        self.phase = IntPhase.GUESSING


def game_of(state: type[Parity], space: ActionSpace = SPACE) -> Game[Options]:
    """A Game for one of the classes above (not registered)."""
    return Game(
        id="parity",
        title="Parity",
        min_players=2,
        max_players=2,
        options_type=Options,
        new_state=state,
        action_space=lambda n, options: space,
        summary="Guess the parity of a hidden number.",
    )
