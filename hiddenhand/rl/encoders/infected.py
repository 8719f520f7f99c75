"""The Infected's observation: the fight, the piles, every survivor as seen from the owner's
seat, and the evidence of the game so far (blood tests, claims, wounds, heals, votes).

Per-player rows are relative seats (row 0 is the owner). Cards are counted by kind.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Final, cast

import numpy as np
from mypy_extensions import mypyc_attr

from hiddenhand.engine import Event, Options, State
from hiddenhand.games.infected.cards import RESOURCES, card_set
from hiddenhand.games.infected.views import SeatFields
from hiddenhand.rl.encoder import Encoder, float32, slots
from hiddenhand.rl.layout import Layout, one_hot_index

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState

PHASES: Final = (
    "",
    "character",
    "setup",
    "action",
    "extra",
    "discard",
    "vote",
    "use",
    "react",
    "claim",
    "place",
    "infect",
    "over",
)
VARIANTS: Final = ("standard", "cooperative", "infection-spreads", "all-okay")
STAGES: Final = (
    "start",
    "ability_target",
    "destroy_target",
    "leader_target",
    "special_cost",
    "special_unequip",
    "equip_more",
    "unequip",
    "swap_second",
    "give_more",
    "test_target",
    "done",
)
PLAYER: Final = (
    "hitpoints",
    "ability_used",
    "wounds",
    "hand",
    "pile",
    "exposed",
    "zombie_cards",
    "shown_fails",
    "fail_claims",
    "shown_claims",
    "chosen",
    "to_move",
    "leader",
)
SAMPLE: Final = ("clean", "virus", "unknown")
EQUIP: Final = ("face_up", "fresh", "unknown")
CLAIMS: Final = ("fail", "success", "shown-fail")
DEEDS: Final = ("wound", "heal", "draw", "equip")
"""What each player has done or suffered, counted from the public events."""
LAST_CLAIMS: Final = ("fail", "success", "show")
"""The last threat's claims: fail unseen, success shown, fail shown."""
TESTS: Final = ("tested", "shown_clean", "shown_virus")

_PHASE: Final = one_hot_index(PHASES)
_VARIANT: Final = one_hot_index(VARIANTS)
_STAGE: Final = one_hot_index(STAGES)
_CLAIM: Final = one_hot_index(CLAIMS)
_DEED: Final = one_hot_index(DEEDS)
_LAST_CLAIM: Final = one_hot_index(LAST_CLAIMS)


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class InfectedEncoder(Encoder):
    """The Infected for any variant and seat count."""

    def __init__(self, players: int, options: Options, seat: int) -> None:
        super().__init__(players, options, seat)
        cards = card_set()
        self._items = one_hot_index([k.name for k in cards.item_kinds])
        self._zombies = one_hot_index([k.name for k in cards.zombie_kinds])
        self._zombie_labels = {f"{k.name} ({k.value})": i for i, k in enumerate(cards.zombie_kinds)}
        self._characters = one_hot_index([c.name for c in cards.characters])
        items, zombies, n = len(self._items), len(self._zombies), players
        layout = self.layout = Layout()
        self._phase = layout.add(
            "phase", len(PHASES), what="the view's phases (and none between windows)"
        )
        self._variant = layout.add(
            "variant", len(VARIANTS), what="standard, cooperative, infection-spreads, all-okay"
        )
        self._globals = layout.add(
            "globals",
            12,
            what=(
                "round / 20, end game, exhaustions / 2, threat sum / 30, threat cards / 8, "
                "zombie deck / 54, zombie discard / 54, item deck / 80, item discard / 80, "
                "removed items / 10, resources needed / 4, blood samples used"
            ),
        )
        self._resources = layout.add("resources", len(RESOURCES), what="each resource pile / n")
        self._threat = layout.add("threat", zombies, what="the threat's zombie cards by kind")
        self._threat_last = layout.add(
            "threat_last", zombies, what="the last zombie card of the threat, by kind"
        )
        self._discard_top = layout.add(
            "item_discard_top", items, what="the face-up discards by kind"
        )
        self._vote = layout.add(
            "vote", 2, n, what="the open vote: destroy or leader, and its target"
        )
        self._stage = layout.add(
            "stage", len(STAGES), what="the stage of the seat's own choice in progress"
        )
        self._my_hand = layout.add("my_hand", items, what="the seat's item cards by kind")
        self._my_pile = layout.add("my_pile", items, what="the seat's challenge pile by kind")
        self._my_zombies = layout.add(
            "my_zombie_hand", zombies, what="the seat's zombie cards by kind"
        )
        self._deck_top = layout.add(
            "zombie_deck_top",
            3,
            what="values / 9 of the zombie cards the seat has seen on top of the deck",
        )
        self._player = layout.add(
            "players",
            n,
            len(PLAYER),
            what=(
                "hitpoints, ability used, wounds, hand, pile, exposed, zombie cards, shown "
                "fails, fails claimed unseen, claims shown, finished choosing, to move, "
                "Leader"
            ),
        )
        self._character = layout.add(
            "character", n, len(self._characters), what="each player's character"
        )
        self._sample = layout.add(
            "blood_sample", n, len(SAMPLE), what="clean, virus, unknown to the seat"
        )
        self._equipped = layout.add(
            "equipped",
            n,
            2,
            items + len(EQUIP),
            what=(
                "each equipped slot: the item kind (if the seat may see it), face up, fresh, "
                "unknown"
            ),
        )
        self._last_claims = layout.add(
            "last_claims",
            n,
            len(LAST_CLAIMS),
            what="the last threat's claims: fail unseen, success, fail shown",
        )
        self._tests = layout.add(
            "tests",
            n,
            len(TESTS),
            what="every blood test on each player (count / 4): tested, showed clean, showed virus",
        )
        self._claims = layout.add(
            "claims",
            n,
            len(CLAIMS),
            what="memory, / 10: claims of fail, of success and shown fails over the game",
        )
        self._deeds = layout.add(
            "deeds", n, len(DEEDS), what="memory, / 10: wounds, heals, draws, equips"
        )
        self.reset()

    def reset(self) -> None:
        n = self.players
        self._claim_counts = array("f", bytes(4 * n * len(CLAIMS)))
        self._deed_counts = array("f", bytes(4 * n * len(DEEDS)))
        self._claim_tenths = array("f", bytes(4 * n * len(CLAIMS)))
        self._deed_tenths = array("f", bytes(4 * n * len(DEEDS)))
        """The counts as the tensor holds them: float32 count times the float32 nearest 0.1,
        what numpy's float32 arithmetic gave."""

    def fold(self, event: Event) -> None:
        kind, data = event.kind, event.data
        if kind == "claim":
            i = self.relative(data["seat"]) * len(CLAIMS) + _CLAIM[data["claim"]]
            self._claim_counts[i] += 1.0
            self._claim_tenths[i] = self._claim_counts[i] * _TENTH
        elif kind in ("wound", "heal", "draw", "equip") and "seat" in data:
            i = self.relative(data["seat"]) * len(DEEDS) + _DEED[kind]
            self._deed_counts[i] += 1.0
            self._deed_tenths[i] = self._deed_counts[i] * _TENTH

    def seat_view(self, state: State, seat: int) -> SeatFields:
        return SeatFields(cast("InfectedState", state), seat)

    def encode(self, view: SeatFields, out: np.ndarray) -> None:
        w = slots(out)
        n = self.players
        me_seat = self.seat
        items, zombies = self._items, self._zombies
        w[self._phase + _PHASE[view.phase]] = 1.0
        w[self._variant + _VARIANT[view.variant]] = 1.0
        g = self._globals
        w[g] = view.round / 20.0
        if view.end_game:
            w[g + 1] = 1.0
        w[g + 2] = view.exhaustions / 2.0
        w[g + 3] = view.threat_sum / 30.0
        w[g + 4] = len(view.threat) / 8.0
        w[g + 5] = view.zombie_deck / 54.0
        w[g + 6] = view.zombie_discard / 54.0
        w[g + 7] = view.item_deck / 80.0
        w[g + 8] = view.item_discard / 80.0
        w[g + 9] = view.removed_items / 10.0
        w[g + 10] = view.resources_needed / 4.0
        if view.blood_samples_used:
            w[g + 11] = 1.0
        for r, cards in enumerate(view.resources):
            w[self._resources + r] = cards / n
        threat = view.threat
        for name in threat:
            w[self._threat + zombies[name]] += 1.0
        if threat:
            w[self._threat_last + zombies[threat[-1]]] = 1.0
        for name in view.item_discard_top:
            w[self._discard_top + items[name]] += 1.0
        target = view.vote_target
        if target is not None:
            row = 0 if view.vote_kind == "destroy" else 1
            w[self._vote + row * n + (target - me_seat) % n] = 1.0

        for name in view.hand:
            w[self._my_hand + items[name]] += 1.0
        for name in view.pile:
            w[self._my_pile + items[name]] += 1.0
        at, labels = self._my_zombies, self._zombie_labels
        for label in view.zombie_hand:
            w[at + labels[label]] += 1.0
        for i, value in enumerate(view.zombie_deck_top[:3]):
            w[self._deck_top + i] = value / 9.0
        stage = view.stage
        if stage is not None:
            w[self._stage + _STAGE[stage]] = 1.0

        to_move = view.to_move
        leader = view.leader
        width, slot_width = len(PLAYER), len(items) + len(EQUIP)
        item_count = len(items)
        characters = self._characters
        player, character_at, sample_at, equipped_at = (
            self._player,
            self._character,
            self._sample,
            self._equipped,
        )
        for p, info in enumerate(view.players):
            r = (p - me_seat) % n
            base = player + r * width
            w[base] = info.hitpoints / 5.0
            if info.ability_used:
                w[base + 1] = 1.0
            w[base + 2] = info.wounds / 5.0
            w[base + 3] = info.hand / 10.0
            w[base + 4] = info.pile / 10.0
            if info.exposed:
                w[base + 5] = 1.0
            w[base + 6] = info.zombie_cards / 5.0
            w[base + 7] = info.shown_fails / 5.0
            w[base + 8] = info.fail_claims / 10.0
            w[base + 9] = info.shown_claims / 10.0
            if info.chosen:
                w[base + 10] = 1.0
            if p in to_move:
                w[base + 11] = 1.0
            if p == leader:
                w[base + 12] = 1.0
            character = info.character
            if character is not None:
                w[character_at + r * len(characters) + characters[character]] = 1.0
            sample = info.blood_sample
            s0 = sample_at + r * len(SAMPLE)
            if sample is None:
                w[s0 + 2] = 1.0
            else:
                for shown in sample:
                    w[s0 + (0 if shown == "clean" else 1)] += 1.0
            e0 = equipped_at + r * 2 * slot_width
            for item, face_up, fresh in info.equipped[:2]:
                if item is None:
                    w[e0 + item_count + 2] = 1.0
                else:
                    w[e0 + items[item]] = 1.0
                if face_up:
                    w[e0 + item_count] = 1.0
                if fresh:
                    w[e0 + item_count + 1] = 1.0
                e0 += slot_width
        for seat, claim in view.last_claims:
            at = self._last_claims + (seat - me_seat) % n * len(LAST_CLAIMS)
            w[at + _LAST_CLAIM[claim]] = 1.0
        for target, shown in view.tests:
            t0 = self._tests + (target - me_seat) % n * len(TESTS)
            w[t0] += 0.25
            w[t0 + (1 if shown == "clean" else 2)] += 0.25
        c = self._claims
        w[c : c + n * len(CLAIMS)] = self._claim_tenths
        d = self._deeds
        w[d : d + n * len(DEEDS)] = self._deed_tenths


_TENTH: Final = float32(0.1)
