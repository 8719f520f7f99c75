"""What every equipment card (and every choice resolved like one) answers: whether it may be
played now, what its first step sets up, which choices it offers and how one choice resolves.

A card is generic in the game it plays in: an expansion's cards read the expansion's fields."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from hiddenhand.engine import Action
from hiddenhand.games.goodcop.task import Task

if TYPE_CHECKING:
    from hiddenhand.games.goodcop.rules import GoodCop

G = TypeVar("G", bound="GoodCop")


class Card(ABC, Generic[G]):
    """One equipment title. By default a card asks its user for one living player."""

    title: ClassVar[int]
    keeps_shot: ClassVar[bool] = False
    """Played in a Shoot window, it does not let the shooter choose their action again."""

    def usable(self, state: G, user: int) -> bool:
        return True

    def start(self, state: G, user: int) -> None:
        """Just played (already out of the user's hand): set up its first choice."""
        state.task = Task(user, self.title, 0, ())

    def players(self, state: G, chooser: int) -> list[int]:
        return state.living()

    def options(self, state: G, task: Task) -> list[Action]:
        target = state.actions.target[self.title]
        return [target[p] for p in self.players(state, task.chooser)]

    @abstractmethod
    def resolve(self, state: G, task: Task, action: Action) -> bool:
        """Apply one choice (`state.task` is cleared); True once the card has resolved."""


class InstantCard(Card[G]):
    """A card that does everything as it is played (Coffee, Smoke Grenade, Flamethrower):
    `start` sets no choice, so the rules never ask it to resolve one."""

    @abstractmethod
    def start(self, state: G, user: int) -> None:
        """Do what the card does."""

    def resolve(self, state: G, task: Task, action: Action) -> bool:
        raise AssertionError(f"{type(self).__name__} offers no choice to resolve")
