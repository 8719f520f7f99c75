"""The State contract: five questions and two deeds, shared by every game.

A game's state answers `pending()`, `view(seat)`, `outcome()`, `clone()` and
`determinize(seat, rng)`, and changes only through `act(seat, action)`. The base class owns what
is the same for every game: validation before any change, the record, the seeded generator, the
cache of legal actions, and the result, set once by `finish`, after which nobody is asked. A game
implements the `_`-prefixed hooks.

A game's state declares its fields once, as annotations: `clone` is derived from them (see
`engine.cloning`). Its actions report what happened through `emit`, the one event path, which
collects the events `act` returns; events raised outside an action are refused unless the code
says nobody listens yet (`collecting`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import indexOf as index_of
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from hiddenhand.engine.actions import Action, ActionSpace
from hiddenhand.engine.cloning import declarative_clone, kernel_clone
from hiddenhand.engine.errors import IllegalAction, RecordError
from hiddenhand.engine.events import Event
from hiddenhand.engine.seeding import (
    KEYED,
    GeneratorState,
    fresh_generator_state,
    game_generator,
    generator_from,
)
from hiddenhand.native import own_abc_caches

if TYPE_CHECKING:
    from hiddenhand.engine.game import Game
    from hiddenhand.engine.options import Options
    from hiddenhand.engine.record import Record

Pending = Mapping[int, Sequence[Action]]
NOBODY: Pending = {}

OptionsT = TypeVar("OptionsT", bound="Options", default="Options")
"""A game's options type; a State subclass that names none gets the base `Options`."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: who won, the winning side's label and why.

    `side` labels outcomes for statistics ("honest", "crooked", "lone", "killer", "draw", ...).
    """

    winners: frozenset[int]
    side: str
    reason: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled by its fields (compiled, a frozen class has no pickling of its own)."""
        return (Outcome, (self.winners, self.side, self.reason, self.data))

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": sorted(self.winners),
            "side": self.side,
            "reason": self.reason,
            "data": dict(self.data),
        }


@mypyc_attr(allow_interpreted_subclasses=True)
class Blank:
    """Made blank, no field set, by `Cls.__new__(Cls)`: how a copy (`engine.cloning`) and
    unpickling begin, each setting every field itself (`__init__` deals a game).

    Compiled, a class's own `__new__` runs its `__init__`, which needs the deal's arguments; one
    written out is kept, but mypyc takes it only in a class without Python bases (ABC,
    Generic), so it lives here, below `State`."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        blank: Self = super().__new__(cls)
        return blank


@mypyc_attr(allow_interpreted_subclasses=True)
class State(Blank, ABC, Generic[OptionsT]):
    """One game in progress. Subclasses hold the rules; this class holds the bookkeeping.

    Generic over the game's options type, so `self.options.kills` is typed in the rules.
    """

    game: ClassVar[Game[Any]]
    shared_fields: ClassVar[frozenset[str]] = frozenset({"players", "options", "space", "_pending"})
    """Fields copies share by design: never changed in place (checked by `engine.checks`)."""

    players: tuple[str, ...]
    options: OptionsT
    seed: int | None
    """The seed the game was dealt from; None in a determinized sample, which was not dealt."""
    seeding: str
    _rng: random.Random | None
    """The game's generator, or None while it is `_rng_state` (see `rng`)."""
    _rng_state: GeneratorState
    """The snapshot the generator is rebuilt from when `_rng` is None; () while it is not."""
    space: ActionSpace
    history: list[tuple[int, int]]
    """Every action since the deal, as (seat, action id); in a sample, since it was drawn."""
    _pending: Pending | None
    _sink: list[Event] | None
    """Where `emit` collects the events of the action being applied; None between actions."""
    result: Outcome | None
    """How the game ended, set once by `finish`; None while it is played."""

    def __init__(
        self,
        players: Sequence[str],
        options: OptionsT,
        seed: int,
        space: ActionSpace,
        seeding: str = KEYED,
    ) -> None:
        self.players = tuple(players)
        self.options = options
        self.seed = seed
        self.seeding = seeding
        self._rng, self._rng_state = game_generator(seed, seeding), ()
        self.space = space
        self.history = []
        self._pending = None
        self._sink = None
        self.result = None

    # -- the generator ------------------------------------------------------------------

    @property
    def rng(self) -> random.Random:
        """The game's generator (settable, see `_set_rng`). Copies share it as an immutable
        snapshot (`_rng_state`) and build their own from it only when they first draw: most
        copies a search makes never draw, and a game that draws only while dealing never pays
        for one again."""
        rng = self._rng
        if rng is None:
            rng = self._rng = generator_from(self._rng_state)
        return rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng, self._rng_state = rng, ()

    def _generator_state(self) -> GeneratorState:
        """The generator as a snapshot for a copy. The live generator is put away into the same
        snapshot, so further copies cost nothing and whichever state draws first rebuilds it.
        (Copies are made between actions, so no one holds the generator put away.)"""
        rng = self._rng
        if rng is None:
            return self._rng_state
        state = self._rng_state = rng.getstate()
        self._rng = None
        return state

    # -- the five questions -------------------------------------------------------------

    def pending(self) -> Pending:
        """The seats that must decide now, each with its legal actions; empty when over.

        Only the keys (who is to move) are public; a seat's legal actions are its own to see.
        Once the game is finished nobody is asked, so a game's `_legal` is asked only while
        the game is played.
        """
        p = self._pending
        if p is None:
            p = self._pending = NOBODY if self.result is not None else self._legal()
        return p

    def rearranged(self) -> Self:
        """Call after setting a position up by hand (a test, a puzzle, a scenario): who is
        asked, and with which choices, is worked out afresh from the fields. Returns the state."""
        self._pending = None
        return self

    def legal(self, seat: int) -> Sequence[Action]:
        """The legal actions of one seat now (empty if it is not asked to decide)."""
        return self.pending().get(seat, ())

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything `seat` may know, JSON-ready, built by allow-list. None: a spectator."""

    def typed_view(self, seat: int | None) -> Any:
        """The same view as the game's typed value (a msgspec Struct where the game has one),
        before it is made JSON-ready: for code in this process that reads many views."""
        return self.view(seat)

    def outcome(self) -> Outcome | None:
        """None while playing; then the winners, the winning side and the reason."""
        return self.result

    def finish(self, outcome: Outcome) -> None:
        """The game ends with this outcome: from now on nobody is asked to decide.

        A game is finished once; finishing it again is a bug in its rules (two endings of one
        game), so it raises rather than let the second ending quietly replace the first.
        """
        if self.result is not None:
            raise RuntimeError(
                f"the game is finished already ({self.result.reason}); "
                f"it cannot end again ({outcome.reason})"
            )
        self.result = outcome
        self._pending = None

    def clone(self) -> Self:
        """An independent copy that plays on exactly like this one (same generator state).

        Derived from the declared fields (`engine.cloning`); the first call compiles the copy
        function of the class and puts it in place of this method.
        """
        copy: Self = declarative_clone(self)
        return copy

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy in which all `seat` cannot know is resampled consistently with what it knows.

        The copy's own generator is freshly keyed from `rng`, so the future of every deck is
        unknown too. Its `view(seat)` equals this state's `view(seat)`. The copy carries nothing
        else of the truth: it has no seed and no record, and its history starts empty, because
        the true history holds choices the seat never saw.
        """
        sample = self.clone()
        sample.seed = None
        sample.history = []
        sample._rng, sample._rng_state = None, fresh_generator_state(rng)
        sample._pending = None
        if self.outcome() is None:  # once the game is over, every seat may know everything
            self._resample(sample, seat, rng)
        return sample

    @abstractmethod
    def _resample(self, sample: Self, seat: int, rng: random.Random) -> None:
        """Redraw in `sample`, a fresh clone of this state, everything `seat` cannot know."""

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
        # Legal actions are the space's shared objects: an identity scan (C-level, no __eq__
        # calls) finds one taken from `pending()`, an id scan an action id (what learners
        # send); anything else is looked up in the space.
        legal: Action | None = None
        if type(action) is int:
            for choice in choices:
                if choice.id == action:
                    legal = choice
                    break
        else:
            try:
                legal = choices[index_of(map(id, choices), id(action))]
            except ValueError:
                legal = None
        if legal is None:  # outside the handler, so a refusal carries no internal traceback
            legal = self._legal_action(action, choices)
        self.history.append((seat, legal.id))
        sink: list[Event] = []
        self._sink = sink
        self._apply(seat, legal)
        self._sink = None
        if self._pending is pending:  # unless `_apply` kept the others asked (`keep_asking`)
            self._pending = None
        return sink

    def _legal_action(self, action: object, choices: Sequence[Action]) -> Action:
        """The space's own object for `action` (an id, or an Action equal to a legal one made
        elsewhere), or IllegalAction."""
        if isinstance(action, int) and not isinstance(action, bool):
            if not 0 <= action < len(self.space):
                raise IllegalAction(f"no action has id {action}")
            action = self.space[action]
        if not isinstance(action, Action) or action not in choices:
            raise IllegalAction(f"{action} is not a legal action now")
        return self.space[action.id]

    def act_legal(self, seat: int, action: Action) -> None:
        """Apply one of `pending()[seat]` as `act` would, without checking it or collecting its
        events: for searches, which play thousands of moves taken from `pending()` itself."""
        pending = self._pending
        self.history.append((seat, action.id))
        sink: list[Event] = []
        self._sink = sink
        self._apply(seat, action)
        self._sink = None
        if self._pending is pending:
            self._pending = None

    def keep_asking(self, seat: int) -> None:
        """Called by `_apply` when the action changed nothing the other seats asked with `seat`
        choose among (a pass in a window): they stay asked with the same choices, which are
        not worked out again."""
        before = self._pending
        assert before is not None, "keep_asking is called while an action is applied"
        rest = dict(before)  # a copy in C, where a comprehension walks a Mapping item by item
        rest.pop(seat, None)
        self._pending = rest

    def emit(self, event: Event) -> None:
        """Report something that happened during the action being applied: the one way a game
        reports events. `act` returns them in the order they were emitted.

        Strict rather than quietly dropping what comes outside an action: such an event
        reaches nobody, so an emit from `view`, `_legal` or `_resample` (a bug) would pass
        unseen; it raises instead. Code that runs the rules' own moves outside an action (a
        deal that opens the first window, a scenario that begins a turn) asks for its events
        to be dropped with `collecting`, so each exception is written where it is made.
        """
        sink = self._sink
        if sink is None:
            raise RuntimeError("events are emitted only while an action is applied")
        sink.append(event)

    @contextmanager
    def collecting(self) -> Iterator[list[Event]]:
        """Run rules outside an action, their events collected into the list this yields.

        For set-up code that reuses the rules' moves (the deal, a scenario arranged by hand),
        which ignores the list: nobody is listening before the first action, so those events
        are dropped, as no `act` returns them. A test may read the list of a rule it calls
        directly. Refused while an action is applied, whose events are `act`'s to return.
        """
        if self._sink is not None:
            raise RuntimeError("an action is being applied: its events are collected already")
        events: list[Event] = []
        self._sink = events
        try:
            yield events
        finally:
            self._sink = None

    def record(self) -> Record:
        """What replays this game exactly: game, options, players, seed and the actions.

        A determinized sample has none: no seed deals it, and its past is not known.
        """
        from hiddenhand.engine.record import Record

        if self.seed is None:
            raise RecordError("a determinized sample was not dealt from a seed: it has no record")
        return Record(
            game=self.game.id,
            options=self.options.to_json(),
            players=list(self.players),
            seed=self.seed,
            seeding=self.seeding,
            actions=[[s, a] for s, a in self.history],
        )

    def continues(self, seat: int) -> bool:
        """Whether the question `seat` is asked now finishes the move its last action began
        (the target of a card just played, the next part of a choice made in steps), rather
        than asking for a new move. Asked only right after `seat` acted, and it must depend on
        nothing `seat` cannot know (`checks.check_follow_ups`): a client may be told the
        follow-up choices before it commits to the move (`engine.followups`). By default a
        game's questions are all new moves."""
        return False

    def undoable(self, seat: int, before: State, events: Sequence[Event]) -> bool:
        """Whether `seat`'s last action, which took `before` (a copy made just before it) to
        this state with `events`, may be taken back: nobody saw it and it showed `seat` nothing
        (`engine.undo`). The engine decides, so no server undoes across a draw, a reveal or
        another seat's view; a game may override this to refuse more, never to allow more."""
        from hiddenhand.engine.undo import unseen_step

        return unseen_step(before, self, seat, events)

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
    def _apply(self, seat: int, action: Action) -> None:
        """Apply an action already known to be legal, reporting its events through `emit`."""


kernel_clone(vars(State)["clone"])


if not hasattr(State, "__class_getitem__"):
    # Compiled, the class keeps no `Generic` base: `State[SomeOptions]` is `State` at run time.
    setattr(State, "__class_getitem__", classmethod(lambda cls, _options: cls))  # noqa: B010

own_abc_caches(globals())
