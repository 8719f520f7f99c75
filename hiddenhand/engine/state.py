"""The State contract: five questions and two deeds, shared by every game.

A game's state answers `pending()`, `view(seat)`, `outcome()`, `clone()` and
`determinize(seat, rng)`, and changes only through `act(seat, action)`. The base class owns what
is the same for every game: validation before any change, the record, the seeded generator and
the cache of legal actions. A game implements the `_`-prefixed hooks.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self

from hiddenhand.engine.actions import Action, ActionSpace
from hiddenhand.engine.errors import IllegalAction
from hiddenhand.engine.events import Event

if TYPE_CHECKING:
    from hiddenhand.engine.game import Game
    from hiddenhand.engine.options import Options
    from hiddenhand.engine.record import Record

Pending = Mapping[int, Sequence[Action]]
NOBODY: Pending = {}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: who won, the winning side's label and why.

    `side` labels outcomes for statistics ("honest", "crooked", "lone", "killer", "draw", ...).
    """

    winners: frozenset[int]
    side: str
    reason: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": sorted(self.winners),
            "side": self.side,
            "reason": self.reason,
            "data": dict(self.data),
        }


class State(ABC):
    """One game in progress. Subclasses hold the rules; this class holds the bookkeeping."""

    game: ClassVar[Game]

    players: tuple[str, ...]
    options: Options
    seed: int
    rng: random.Random
    space: ActionSpace
    history: list[tuple[int, int]]
    _pending: Pending | None

    def __init__(
        self, players: Sequence[str], options: Options, seed: int, space: ActionSpace
    ) -> None:
        self.players = tuple(players)
        self.options = options
        self.seed = seed
        self.rng = random.Random(seed)
        self.space = space
        self.history = []
        self._pending = None

    # -- the five questions -------------------------------------------------------------

    def pending(self) -> Pending:
        """The seats that must decide now, each with its legal actions; empty when over.

        Only the keys (who is to move) are public; a seat's legal actions are its own to see.
        """
        p = self._pending
        if p is None:
            p = self._pending = self._legal()
        return p

    def legal(self, seat: int) -> Sequence[Action]:
        """The legal actions of one seat now (empty if it is not asked to decide)."""
        return self.pending().get(seat, ())

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything `seat` may know, JSON-ready, built by allow-list. None: a spectator."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while playing; then the winners, the winning side and the reason."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy that plays on exactly like this one (same generator state)."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy in which all `seat` cannot know is resampled consistently with what it knows.

        The copy's own generator is freshly seeded from `rng`, so the future of every deck is
        unknown too. Its `view(seat)` equals this state's `view(seat)`.
        """

    # -- the two deeds ------------------------------------------------------------------

    def act(self, seat: int, action: Action | int) -> list[Event]:
        """Validate and apply one action; return the events it caused.

        Raises IllegalAction, leaving the state untouched, if the seat is not asked to decide
        or the action is not among its legal actions.
        """
        pending = self.pending()
        choices = pending.get(seat)
        if choices is None:
            if not pending:
                raise IllegalAction("the game is over")
            if not isinstance(seat, int) or not 0 <= seat < len(self.players):
                raise IllegalAction(f"there is no seat {seat!r} at this table")
            raise IllegalAction(f"{self.players[seat]} is not asked to decide now")
        if isinstance(action, int) and not isinstance(action, bool):
            if not 0 <= action < len(self.space):
                raise IllegalAction(f"no action has id {action}")
            action = self.space[action]
        if not isinstance(action, Action) or action not in choices:
            raise IllegalAction(f"{action} is not a legal action now")
        self._pending = None
        self.history.append((seat, action.id))
        return self._apply(seat, self.space[action.id])

    def record(self) -> Record:
        """What replays this game exactly: game, options, players, seed and the actions."""
        from hiddenhand.engine.record import Record

        return Record(
            game=self.game.id,
            options=self.options.to_json(),
            players=list(self.players),
            seed=self.seed,
            actions=[[s, a] for s, a in self.history],
        )

    @property
    def over(self) -> bool:
        return not self.pending()

    def roles(self) -> Sequence[str] | None:
        """Each seat's role, for statistics, once the game is over (None: the game has none).

        Tournaments report win rates per role with it ("honest", "killer", "infected", ...).
        Roles are secrets while the game is played, so asking before the end is refused.
        """
        if not self.over:
            raise IllegalAction("roles are told once the game is over")
        return self._roles()

    def _roles(self) -> Sequence[str] | None:
        """A game's roles per seat (called only once the game is over)."""
        return None

    # -- hooks for a game ---------------------------------------------------------------

    @abstractmethod
    def _legal(self) -> Pending:
        """Compute the pending seats and their legal actions (cached by `pending`)."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Apply an action already known to be legal."""

    def _copy_base(self, other: State) -> None:
        """Copy the bookkeeping into a fresh instance made by a subclass's `clone`."""
        other.players = self.players
        other.options = self.options
        other.seed = self.seed
        other.rng = random.Random.__new__(random.Random)  # no OS seeding: setstate overwrites it
        other.rng.setstate(self.rng.getstate())
        other.space = self.space
        other.history = list(self.history)
        other._pending = self._pending
