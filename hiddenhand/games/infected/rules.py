"""The rules of The Infected (rulebook v0.5), as a state machine.

A round is: action phase (simultaneous), use item phase, threat phase (the Leader draws a zombie
card; the fight goes on with a new action phase unless the card is lower than the previous one),
then threat resolve (use items, secret claims), infections phase, check victory, and the Leader
card moves on. The flow is a queue of named steps (`todo`, see steps.py); a step either runs by
itself or opens a decision and waits for it. Each rulebook section has its module:
preparation, action_phase, use_item, threat, threat_resolve, votes, rounds, exhaustion, and
mechanics for what happens during the game (functions of this state).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, Self, cast

from mypy_extensions import mypyc_attr

from hiddenhand.engine.actions import Action
from hiddenhand.engine.cloning import declarative_clone, kernel_clone
from hiddenhand.engine.seeding import KEYED
from hiddenhand.engine.state import Pending
from hiddenhand.engine.window import WindowState, seat_set
from hiddenhand.games.infected import preparation
from hiddenhand.games.infected.cards import RESOURCES, CardSet, Character, ZombieKind, card_set
from hiddenhand.games.infected.clones import clone_infected_state
from hiddenhand.games.infected.draft import Draft, Stage, kinds_in
from hiddenhand.games.infected.exhaustion import exhausted
from hiddenhand.games.infected.flow import Phase
from hiddenhand.games.infected.handles import ActionHandles, action_handles
from hiddenhand.games.infected.mechanics import DeckExhausted
from hiddenhand.games.infected.options import InfectedOptions, effective_variant
from hiddenhand.games.infected.space import infected_space
from hiddenhand.games.infected.steps import STEPS, TURNS, WINDOWS
from hiddenhand.games.infected.whereabouts import Leads
from hiddenhand.native import own_abc_caches

if TYPE_CHECKING:
    from hiddenhand.games.infected.view_schema import InfectedView

_DRAFTED: Final = frozenset((Phase.SETUP, Phase.ACTION, Phase.EXTRA))
"""Windows whose drafts reserve cards from the hand."""


@mypyc_attr(allow_interpreted_subclasses=True)
class InfectedState(WindowState[InfectedOptions]):
    """One game of The Infected: everything on the table, the flow's bookkeeping, what the
    rules ask about the table, and the loop that runs the flow. Seats are in clockwise order;
    cards are numbered (cards.py).

    Every field is declared here, once, with its type; the kernel's `clone` copies each by
    its type (engine/cloning.py).
    """

    shared_fields = WindowState.shared_fields | {"cards", "actions"}

    # the configuration
    cards: CardSet
    actions: ActionHandles
    variant: str
    n: int
    # the flow
    round: int
    phase: Phase
    running: bool
    """No decision is open: the flow runs its next step (`phase` is the last one asked)."""
    todo: list[str]
    window: dict[int, Draft]
    """The choice each seat of the open window is building (who is asked: `asked`)."""
    # characters and the Leader
    character: list[int]
    choose_order: list[int]
    leader: int
    ability_used: list[bool]
    extra_action: set[int]
    # blood samples and the infected
    samples: list[list[str]]
    samples_up: list[bool]
    samples_away: list[str]
    spare: str | None
    exposed: list[bool]
    infector: int
    tests: list[tuple[int, int, str]]
    # item cards
    ideck: list[int]
    hands: list[list[int]]
    equipped: list[list[list[int]]]
    """Per seat, [card, face_up, fresh] per equipped item."""
    piles: list[list[int]]
    item_discard: list[int]
    hidden_discard: list[int]
    whereabouts: list[Leads]
    """Per seat, item cards hidden from it whose zone it knows, one of a few (whereabouts.py)."""
    removed_items: list[int]
    resources: list[list[int]]
    carried: list[list[int]]
    """Per resource type, the cards taken into hands when the end game began."""
    # zombie cards
    zdeck: list[int]
    zdiscard: list[int]
    zdiscard_down: int
    """A bit set of the positions in `zdiscard` whose cards lie face down, seen by nobody
    (healed wounds, cards discarded for a wound beyond the hitpoints; the others arrived face
    up): sampling.py deals them again. It clears when the discard pile becomes the deck."""
    zremoved: list[int]
    wounds: list[list[int]]
    zhand: list[list[int]]
    known_top: list[int]
    zombie_whereabouts: list[Leads]
    """Per seat, zombie cards it looked at on the deck that went face down (whereabouts.py)."""
    threat: list[int]
    threat_vals: list[int]
    blocked: bool
    cover: bool
    jammed: bool
    exhaustions: int
    end_game: bool
    # votes and claims
    destroy_call: tuple[int, int] | None
    leader_call: tuple[int, int] | None
    destroy_held: bool
    leader_vote_held: bool
    vote_kind: str
    vote_target: int
    last_claims: tuple[tuple[int, str, tuple[int, ...] | None], ...]
    shown_fails: list[int]
    fail_claims: list[int]
    shown_claims: list[int]

    def __init__(
        self, players: Sequence[str], options: InfectedOptions, seed: int, seeding: str = KEYED
    ) -> None:
        n = len(players)
        super().__init__(players, options, seed, infected_space(n, options), seeding)
        self.cards = card_set()
        self.actions = action_handles(n, options)
        self.variant = effective_variant(n, options)
        self.n = n
        self.round = 0
        self.phase = Phase.CHARACTER
        self.running = False
        self.todo = []
        self.window = {}
        self.character = [-1] * n
        start = self.rng.randrange(n)  # the table votes who starts: the seed decides
        self.choose_order = [(start + i) % n for i in range(n)]
        self.leader = self.choose_order[-1]
        self.ability_used = [False] * n
        self.extra_action = set()
        self.samples = [[] for _ in range(n)]
        self.samples_up = [False] * n
        self.samples_away = []
        self.spare = None
        self.exposed = [False] * n
        self.infector = -1
        self.tests = []
        self.ideck = []
        self.hands = [[] for _ in range(n)]
        self.equipped = [[] for _ in range(n)]
        self.piles = [[] for _ in range(n)]
        self.item_discard = []
        self.hidden_discard = []
        self.whereabouts = [{} for _ in range(n)]
        self.removed_items = []
        self.resources = [[] for _ in RESOURCES]
        self.carried = [[] for _ in RESOURCES]
        self.zdeck = []
        self.zdiscard = []
        self.zdiscard_down = 0
        self.zremoved = []
        self.wounds = [[] for _ in range(n)]
        self.zhand = [[] for _ in range(n)]
        self.known_top = [0] * n
        self.zombie_whereabouts = [{} for _ in range(n)]
        self.threat = []
        self.threat_vals = []
        self.blocked = self.cover = self.jammed = False
        self.exhaustions = 0
        self.end_game = False
        self.destroy_call = self.leader_call = None
        self.destroy_held = self.leader_vote_held = False
        self.vote_kind = ""
        self.vote_target = -1
        self.last_claims = ()
        self.shown_fails = [0] * n
        self.fail_claims = [0] * n
        self.shown_claims = [0] * n
        preparation.setup_decks(self)

    # -- what the rules ask about the table -----------------------------------------------

    def kind_z(self, card: int) -> ZombieKind:
        return self.cards.zombie_kinds[self.cards.zombie_of[card]]

    def item_name(self, card: int) -> str:
        return self.cards.item_kinds[self.cards.item_of[card]].name

    def character_of(self, seat: int) -> Character:
        return self.cards.characters[self.character[seat]]

    def special_kind(self, seat: int) -> int:
        return self.character_of(seat).special_item

    def hitpoints(self, seat: int) -> int:
        return self.character_of(seat).hitpoints

    def is_infected(self, seat: int) -> bool:
        return "virus" in self.samples[seat]

    @property
    def samples_in_play(self) -> bool:
        return self.variant != "cooperative" and not self.end_game

    def active(self) -> list[int]:
        """The survivors who act: everybody but the exposed infected."""
        return [s for s in range(self.n) if not self.exposed[s]]

    def order_from_leader(self) -> list[int]:
        n = self.n
        return [(self.leader + i) % n for i in range(n) if not self.exposed[(self.leader + i) % n]]

    def collected(self) -> list[int]:
        """Resources collected, per type: the cards on the resource piles plus those taken into
        hands when the end game began (each card once, should it come back to a pile)."""
        return [
            len(pile) + sum(1 for card in carried if card not in pile)
            for pile, carried in zip(self.resources, self.carried, strict=True)
        ]

    def enough_resources(self) -> bool:
        """Whether the survivors hold as many resources of every type as there are players."""
        return all(count >= self.n for count in self.collected())

    # -- decisions ---------------------------------------------------------------------------

    def _legal(self) -> Pending:
        phase = self.phase
        if phase in TURNS:
            return TURNS[phase].legal(self)
        choices_of = WINDOWS[phase].choices
        asked = self.asked
        out = {}
        for s, d in self.window.items():
            if asked >> s & 1:
                choices = d.choices
                if choices is None:
                    choices = d.choices = tuple(choices_of(self, s, d))
                out[s] = choices
        return out

    def continues(self, seat: int) -> bool:
        """A secret choice built in steps goes on while its draft waits for a part (a target,
        a cost, more items); back at its start, or in a one-seat decision, a move is new."""
        if self.result is not None or self.phase in TURNS:
            return False
        draft = self.window.get(seat)
        return draft is not None and not draft.done and draft.stage not in (Stage.START, Stage.DONE)

    def _apply(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase in TURNS:
            TURNS[phase].choose(self, seat, action)
        else:
            rules = WINDOWS[phase]
            d = self.window[seat]
            d.choices = None
            rules.choose(self, seat, d, action)
            if d.done:  # a finished choice is secret: like a pass, it changes no other's choices
                self.passes(seat)
                if not self.asked:
                    self._guard(InfectedState._close_window)
        self._run()

    def open_window(self, phase: Phase, seats: Iterable[int], extra: bool = False) -> None:
        """Ask these seats for a simultaneous secret choice (no seats: nothing to wait for)."""
        if phase in _DRAFTED:
            item_of, hands = self.cards.item_of, self.hands
            self.window = {s: Draft(kinds_in(hands[s], item_of), extra) for s in seats}
        else:
            self.window = {s: Draft({}) for s in seats}
        self.ask(seat_set(self.window))
        self.phase = phase
        self.running = not self.asked

    def _close_window(self) -> None:
        """Every seat has chosen: carry the choices out from the Leader clockwise (exposed
        infected after the survivors)."""
        phase, window = self.phase, self.window
        self.window = {}
        self.running = True
        WINDOWS[phase].close(self, self.answer_order(self.order_from_leader()), window)

    def _run(self) -> None:
        """Run the flow's steps until a decision is open or the game is over."""
        while self.result is None and self.running:
            self._guard(STEPS[self.todo.pop(0)])

    def _guard(self, run: Callable[[InfectedState], None]) -> None:
        """Run a step; a zombie card drawn from an empty deck exhausts the deck instead."""
        try:
            run(self)
        except DeckExhausted:
            exhausted(self)

    # -- the contract -------------------------------------------------------------------------

    def _roles(self) -> list[str]:
        """Each seat's role, for statistics: "infected" or "human"."""
        return ["infected" if self.is_infected(s) else "human" for s in range(self.n)]

    def view(self, seat: int | None) -> dict[str, Any]:
        from hiddenhand.games.infected.views import view_of

        return view_of(self, seat)

    def typed_view(self, seat: int | None) -> InfectedView:
        from hiddenhand.games.infected.views import typed_view

        return typed_view(self, seat)

    def clone(self) -> Self:
        """A copy of every declared field, by `infected.clones.clone_infected_state`: written
        from the fields, compiled with the rules. A subclass's own fields are the declarative
        clone's."""
        if type(self) is InfectedState:
            return cast(Self, clone_infected_state(self))
        copy: Self = declarative_clone(self)
        return copy

    def _resample(self, sample: Self, seat: int, rng: random.Random) -> None:
        from hiddenhand.games.infected.sampling import resample

        resample(sample, seat, rng)


kernel_clone(vars(InfectedState)["clone"])

own_abc_caches(globals())
