"""The table of The Infected: every field of a game, declared once, and what the rules ask
about it. `InfectedState` (rules.py) adds the rules; mechanics.py what happens during play.
"""

from __future__ import annotations

from collections.abc import Sequence

from hiddenhand.engine.seeding import KEYED
from hiddenhand.engine.state import Outcome, State
from hiddenhand.games.infected.cards import RESOURCES, CardSet, Character, ZombieKind, card_set
from hiddenhand.games.infected.draft import Draft
from hiddenhand.games.infected.flow import Phase
from hiddenhand.games.infected.options import InfectedOptions, effective_variant
from hiddenhand.games.infected.space import infected_space
from hiddenhand.games.infected.table import ActionTable, action_table


class Board(State):
    """Everything on the table, and the flow's bookkeeping. Seats are in clockwise order;
    cards are numbered (cards.py).

    Every field is declared here, once, with its type; the kernel's `clone` copies each by
    its type (engine/cloning.py).
    """

    shared_fields = State.shared_fields | {"cards", "table"}

    # the configuration
    cards: CardSet
    table: ActionTable
    variant: str
    n: int
    # the flow
    round: int
    phase: Phase
    running: bool
    """No decision is open: the flow runs its next step (`phase` is the last one asked)."""
    todo: list[str]
    window: dict[int, Draft]
    result: Outcome | None
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
    removed_items: list[int]
    resources: list[list[int]]
    carried: list[list[int]]
    """Per resource type, the cards taken into hands when the end game began."""
    # zombie cards
    zdeck: list[int]
    zdiscard: list[int]
    zremoved: list[int]
    wounds: list[list[int]]
    zhand: list[list[int]]
    known_top: list[int]
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
        self.table = action_table(n, options)
        self.variant = effective_variant(n, options)
        self.n = n
        self.round = 0
        self.phase = Phase.CHARACTER
        self.running = False
        self.todo = []
        self.window = {}
        self.result = None
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
        self.removed_items = []
        self.resources = [[] for _ in RESOURCES]
        self.carried = [[] for _ in RESOURCES]
        self.zdeck = []
        self.zdiscard = []
        self.zremoved = []
        self.wounds = [[] for _ in range(n)]
        self.zhand = [[] for _ in range(n)]
        self.known_top = [0] * n
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
