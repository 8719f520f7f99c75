"""The rules of The Infected (rulebook v0.5), as a state machine.

A round is: action phase (simultaneous), use item phase, threat phase (the Leader draws a zombie
card; the fight goes on with a new action phase unless the card is lower than the previous one),
then threat resolve (use items, secret claims), infections phase, check victory, and the Leader
card moves on. The flow is a queue of steps (`todo`); a step either runs by itself or opens a
decision (a window of seats, or one seat) and waits for it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

from hiddenhand.engine.actions import Action
from hiddenhand.engine.events import Event, private
from hiddenhand.engine.state import Outcome, Pending, State
from hiddenhand.games.infected.cards import RESOURCES, CardSet, Character, card_set
from hiddenhand.games.infected.draft import Draft, Intent, kinds_in
from hiddenhand.games.infected.effects import (
    ITEM_EFFECTS,
    THREAT_SHOWN,
    handle_threat,
    use_ability,
    use_item,
)
from hiddenhand.games.infected.options import InfectedOptions, effective_variant
from hiddenhand.games.infected.space import infected_space
from hiddenhand.games.infected.table import ActionTable, action_table

HAND_LIMIT = 7
INFECTED_HAND_LIMIT = 3
STARTING_ITEMS = 9
STARTING_EQUIPS = 2
MAX_EQUIPPED = 2
VOTES_TO_DESTROY = {2: 1, 3: 2, 4: 3}
CYCLE = ("action", "extra", "limit", "votes", "use", "limit", "threat")
RESOLVE = ("announce", "use", "limit", "claims", "infect", "victory", "next")
WINDOWS = ("setup", "action", "extra", "use", "react", "claim", "place", "vote")


class DeckExhausted(Exception):
    """A zombie card had to be drawn from an empty zombie deck."""


class InfectedState(State):
    """One game of The Infected. Seats are in clockwise order; cards are numbered (cards.py)."""

    cards: CardSet
    table: ActionTable
    variant: str
    phase: str
    todo: list[str]
    window: dict[int, Draft]
    result: Outcome | None

    def __init__(self, players: Sequence[str], options: InfectedOptions, seed: int) -> None:
        n = len(players)
        super().__init__(players, options, seed, infected_space(n, options))
        self.cards = card_set()
        self.table = action_table(n, options)
        self.variant = effective_variant(n, options)
        self.n = n
        self.round = 0
        self.phase = "character"
        self.todo = []
        self.window = {}
        self.result = None
        self.character = [-1] * n
        start = self.rng.randrange(n)  # the table votes who starts: the seed decides
        self.choose_order = [(start + i) % n for i in range(n)]
        self.leader = self.choose_order[-1]
        # blood samples
        self.samples: list[list[str]] = [[] for _ in range(n)]
        self.samples_up = [False] * n
        self.samples_away: list[str] = []
        self.spare: str | None = None
        self.exposed = [False] * n
        # cards
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.equipped: list[list[list[int]]] = [[] for _ in range(n)]  # [card, face_up, fresh]
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.wounds: list[list[int]] = [[] for _ in range(n)]
        self.zhand: list[list[int]] = [[] for _ in range(n)]
        self.zdeck: list[int] = []
        self.zdiscard: list[int] = []
        self.zremoved: list[int] = []
        self.ideck: list[int] = []
        self.item_discard: list[int] = []
        self.hidden_discard: list[int] = []
        self.removed_items: list[int] = []
        self.resources: list[list[int]] = [[] for _ in RESOURCES]
        self.threat: list[int] = []
        self.threat_vals: list[int] = []
        self.blocked = False
        self.exhaustions = 0
        self.end_game = False
        self.ability_used = [False] * n
        self.extra_action: set[int] = set()
        self.jammed = False
        self.cover = False
        self.known_top = [0] * n
        self.destroy_call: tuple[int, int] | None = None
        self.leader_call: tuple[int, int] | None = None
        self.destroy_held = False
        self.leader_vote_held = False
        self.vote_kind = ""
        self.vote_target = -1
        self.tests: list[tuple[int, int, str]] = []
        self.last_claims: list[tuple[int, str, list[int] | None]] = []
        self.shown_fails = [0] * n
        self.fail_claims = [0] * n
        self.shown_claims = [0] * n
        self.infector = -1
        self.log: list[Event] = []
        self._setup_decks()

    # -- set-up ---------------------------------------------------------------------------

    def _setup_decks(self) -> None:
        rng = self.rng
        self.zdeck = list(self.cards.zombie_deck)
        rng.shuffle(self.zdeck)
        removals = (5 if self.variant == "cooperative" else 0) + (5 if self.options.harder else 0)  # type: ignore[attr-defined]
        if removals:
            minor = [c for c in self.zdeck if not self.kind_z(c).major]
            for card in rng.sample(minor, removals):
                self.zdeck.remove(card)
                self.zremoved.append(card)
        self.ideck = list(range(len(self.cards.item_of)))
        rng.shuffle(self.ideck)

    def _deal_samples(self) -> None:
        n, variant = self.n, self.variant
        if variant == "cooperative":
            return
        if variant == "standard":
            pool = ["clean"] * (2 if n <= 3 else 3) + ["virus"]
        else:  # all-okay and infection-spreads: one more clean card
            pool = ["clean"] * n + ["virus"]
        self.rng.shuffle(pool)
        for seat in range(n):
            self.samples[seat] = [pool.pop()]
        if variant == "infection-spreads":
            self.spare = pool.pop()
        self.samples_away = pool

    def _after_characters(self) -> list[Event]:
        self._deal_samples()
        events = [Event("deal", "blood sample cards and 9 item cards are dealt")]
        for seat in range(self.n):
            if self.samples[seat]:
                sample = self.samples[seat][0]
                events.append(
                    Event(
                        "sample",
                        f"your blood sample is {sample}",
                        private(seat),
                        {"sample": sample},
                    )
                )
            for _ in range(STARTING_ITEMS):
                card = self._pop_item()
                if card is not None:
                    self.hands[seat].append(card)
        self._open("setup", range(self.n))
        return events

    # -- small helpers the effects use ----------------------------------------------------

    def kind_z(self, card: int) -> Any:
        return self.cards.zombie_kinds[self.cards.zombie_of[card]]

    def item_name(self, card: int) -> str:
        return self.cards.item_kinds[self.cards.item_of[card]].name

    def character_of(self, seat: int) -> Character:
        return self.cards.characters[self.character[seat]]

    def special_kind(self, seat: int) -> int:
        return self.character_of(seat).special_item

    def is_infected(self, seat: int) -> bool:
        return "virus" in self.samples[seat]

    @property
    def samples_in_play(self) -> bool:
        return self.variant != "cooperative" and not self.end_game

    def active(self) -> list[int]:
        return [s for s in range(self.n) if not self.exposed[s]]

    def order_from_leader(self) -> list[int]:
        n = self.n
        return [(self.leader + i) % n for i in range(n) if not self.exposed[(self.leader + i) % n]]

    def hitpoints(self, seat: int) -> int:
        return self.character_of(seat).hitpoints

    def _pop_item(self) -> int | None:
        if not self.ideck:
            if not self.item_discard and not self.hidden_discard:
                return None
            self.ideck = self.item_discard + self.hidden_discard
            self.item_discard, self.hidden_discard = [], []
            self.rng.shuffle(self.ideck)
            self.log.append(Event("reshuffle", "the item discard pile is shuffled into a new deck"))
        return self.ideck.pop()

    def draw_items(self, seat: int, count: int) -> list[Event]:
        drawn: list[int] = []
        for _ in range(count):
            card = self._pop_item()
            if card is None:
                break
            drawn.append(card)
        self.hands[seat].extend(drawn)
        names = ", ".join(self.item_name(c) for c in drawn) or "nothing"
        return [
            Event("draw", f"{{p{seat}}} draws {len(drawn)} item card(s)", data={"seat": seat}),
            Event("drew", f"you draw {names}", private(seat), {"cards": drawn}),
        ]

    def draw_zombie(self) -> int:
        if not self.zdeck:
            raise DeckExhausted
        card = self.zdeck.pop()
        known = self.known_top
        for s in range(self.n):
            if known[s]:
                known[s] -= 1
        return card

    def wound(self, seat: int) -> list[Event]:
        if self.exposed[seat]:
            return []
        if self.options.advanced and len(self.wounds[seat]) >= self.hitpoints(seat):  # type: ignore[attr-defined]
            events = [
                Event(
                    "overwound",
                    f"{{p{seat}}} is out of hitpoints: 2 zombie cards are discarded instead",
                )
            ]
            for _ in range(2):
                card = self.draw_zombie()
                taker = next(
                    (
                        s
                        for s in range(self.n)
                        if self.exposed[s] and len(self.zhand[s]) < INFECTED_HAND_LIMIT
                    ),
                    None,
                )
                if taker is None:
                    self.zdiscard.append(card)
                else:
                    self.zhand[taker].append(card)
                    events.append(
                        Event(
                            "zombie_card", f"you receive a {self.kind_z(card).name}", private(taker)
                        )
                    )
            return events
        self.wounds[seat].append(self.draw_zombie())
        return [Event("wound", f"{{p{seat}}} takes a wound", data={"seat": seat})]

    def heal(self, seat: int, count: int) -> list[Event]:
        healed = 0
        while healed < count and self.wounds[seat]:
            self.zdiscard.append(self.wounds[seat].pop())
            healed += 1
        return [Event("heal", f"{{p{seat}}} heals {healed} wound(s)", data={"seat": seat})]

    def lose_resources(self, piles: list[int]) -> list[Event]:
        events = []
        for r in piles:
            self.item_discard.append(self.resources[r].pop())
            events.append(Event("resource_lost", f"1 {RESOURCES[r]} resource is lost"))
        return events

    def unequip(self, seat: int, slot: int, why: str) -> list[Event]:
        card = self.equipped[seat].pop(slot)[0]
        self.item_discard.append(card)
        return [
            Event("unequip", f"{{p{seat}}} discards an equipped {self.item_name(card)} ({why})")
        ]

    def discard_from_hand(self, seat: int, kind: int) -> list[Event]:
        hand = self.hands[seat]
        for i, card in enumerate(hand):
            if self.cards.item_of[card] == kind:
                hand.pop(i)
                self.item_discard.append(card)
                return [Event("discard", f"{{p{seat}}} discards a {self.item_name(card)}")]
        return []

    def blood_test(self, tester: int, target: int) -> list[Event]:
        """The target shuffles their sample with the table's clean and virus cards; one shows."""
        own = self.samples[target][0]
        shown = self.rng.choice((own, "clean", "virus"))
        self.tests.append((tester, target, shown))
        return [
            Event(
                "blood_test",
                f"{{p{tester}}} tests {{p{target}}}'s blood: the sample shows {shown}",
                data={"tester": tester, "target": target, "shown": shown},
            )
        ]

    def scout(self, seat: int, count: int) -> list[Event]:
        count = min(count, len(self.zdeck))
        self.known_top[seat] = max(self.known_top[seat], count)
        top = [self.kind_z(c) for c in reversed(self.zdeck[-count:])] if count else []
        text = ", ".join(f"{k.name} ({k.value})" for k in top) or "nothing"
        return [
            Event("scout", f"{{p{seat}}} looks at the top of the zombie deck"),
            Event("scouted", f"the top of the zombie deck: {text}", private(seat)),
        ]

    def expose(self, seat: int, why: str) -> list[Event]:
        """The infected shows the virus and from now on plays as the exposed infected."""
        self.exposed[seat] = True
        self.samples_up[seat] = True
        events = [Event("exposed", f"{{p{seat}}} is the infected ({why})", data={"seat": seat})]
        if self.leader == seat:
            events += self._pass_leader(force=True)
        gift = self.hands[seat]
        self.hands[seat] = []
        self.hands[self.leader].extend(gift)
        if gift:
            events.append(
                Event("gift", f"{{p{seat}}} gives {len(gift)} item card(s) to {{p{self.leader}}}")
            )
            events.append(
                Event(
                    "gift_cards",
                    "you receive " + ", ".join(self.item_name(c) for c in gift),
                    private(self.leader),
                )
            )
        self.item_discard.extend(e[0] for e in self.equipped[seat])
        self.equipped[seat] = []
        self.item_discard.extend(self.piles[seat])
        self.piles[seat] = []
        while len(self.zhand[seat]) < INFECTED_HAND_LIMIT:
            card = self.draw_zombie()
            self.zhand[seat].append(card)
            events.append(
                Event("zombie_card", f"you draw a {self.kind_z(card).name}", private(seat))
            )
        return events

    def _pass_leader(self, force: bool = False) -> list[Event]:
        if self.options.lead_by_vote and not force and not self.exposed[self.leader]:  # type: ignore[attr-defined]
            return []
        for i in range(1, self.n + 1):
            seat = (self.leader + i) % self.n
            if not self.exposed[seat]:
                self.leader = seat
                break
        return [
            Event(
                "leader", f"{{p{self.leader}}} takes the Leader card", data={"leader": self.leader}
            )
        ]

    def _finish(self, side: str, reason: str) -> None:
        if side == "humans":
            winners = frozenset(s for s in range(self.n) if not self.is_infected(s))
        else:
            winners = frozenset(s for s in range(self.n) if self.is_infected(s))
        self.result = Outcome(winners, side, reason)
        self.phase = "over"
        self.window = {}
        self.log.append(Event("game_over", f"the {side} win: {reason}", data={"side": side}))

    # -- pending ----------------------------------------------------------------------------

    def _legal(self) -> Pending:
        phase = self.phase
        if self.result is not None:
            return {}
        t = self.table
        if phase == "character":
            seat = self.choose_order[sum(1 for c in self.character if c >= 0)]
            taken = set(self.character)
            return {
                seat: [t.character[c] for c in range(len(self.cards.characters)) if c not in taken]
            }
        if phase == "discard":
            return {
                s: [t.discard[k] for k in sorted(kinds_in(self.hands[s], self.cards.item_of))]
                for s in range(self.n)
                if len(self.hands[s]) > HAND_LIMIT
            }
        if phase == "infect":
            seat = self.infector
            return {
                seat: [t.take_wound[s] for s in self.active() if self.wounds[s]] + [t.take_done]
            }
        out = {}
        for s, d in self.window.items():
            if not d.done:
                choices = d.choices
                if choices is None:
                    choices = d.choices = self._draft_choices(s, d)
                out[s] = choices
        return out

    def _draft_choices(self, seat: int, d: Draft) -> list[Action]:
        t = self.table
        phase, stage = self.phase, d.stage
        if phase in ("action", "extra"):
            return self._action_choices(seat, d)
        if phase == "setup":
            return [a for k in sorted(d.avail) for a in t.equip[k]]
        if phase == "use":
            if stage == "test_target":
                return [t.test_target[s] for s in self.active()]
            return [t.use[k] for k in self._usable_kinds(seat)] + [t.use_none]
        if phase == "react":
            out = [t.cover[z] for z in sorted({self.cards.zombie_of[c] for c in self.zhand[seat]})]
            out += [t.react[k] for k in self._reactive_kinds(seat)]
            return [*out, t.react_none]
        if phase == "claim":
            return list(t.claims)
        if phase == "place":
            kinds = sorted({self.cards.item_of[c] for c in self.piles[seat]})
            return [t.place[k] for k in kinds] + [t.place_none]
        if phase == "vote":
            return list(t.votes)
        raise AssertionError(phase)

    def _action_choices(self, seat: int, d: Draft) -> list[Action]:
        t = self.table
        stage = d.stage
        avail = d.avail
        if stage == "start":
            out: list[Action] = []
            if not d.extra:
                if not d.called and self._may_call_destroy(seat):
                    out.append(t.call_destroy)
                if not d.called and self._may_call_leader():
                    out.append(t.call_leader)
                if not d.used_ability and self._ability_ready(seat, d):
                    out.append(t.ability)
                sk = self.special_kind(seat)
                if not d.special and avail.get(sk, 0) and d.cards_left >= 2:
                    out.append(t.special)
            kinds = sorted(avail)
            out += [t.play[k] for k in kinds]
            out.append(t.draw)
            if self._equip_room(seat, d):
                for k in kinds:
                    out += t.equip[k]
            if kinds:
                out += [t.swap[k] for k in kinds]
            elif not self.hands[seat]:
                out.append(t.draw2)
            others = [s for s in range(self.n) if s != seat and not self.exposed[s]]
            for k in kinds:
                row = t.give[k]
                out += [row[s] for s in others]
            if self.wounds[seat]:
                out.append(t.heal)
            out.append(t.pass_)
            if self._may_zombify(seat):
                out.append(t.zombify)
            return out
        if stage == "destroy_target":
            return [t.destroy_target[s] for s in self.active() if s != seat]
        if stage == "leader_target":
            return [t.leader_target[s] for s in self.active() if s != self.leader]
        if stage == "ability_target":
            return [t.ability_target[s] for s in self.active()]
        if stage == "special_cost":
            return [t.special_cost[k] for k in sorted(avail)]
        if stage in ("special_unequip", "unequip"):
            return [
                t.unequip[i] for i, e in enumerate(self.equipped[seat]) if e[0] not in d.dropped
            ]
        if stage == "equip_more":
            return [a for k in sorted(avail) for a in t.equip[k]] + [t.equip_done]
        if stage == "swap_second":
            return [t.swap[k] for k in sorted(avail)]
        if stage == "give_more":
            others = [s for s in range(self.n) if s != seat and not self.exposed[s]]
            return [t.give[k][s] for k in sorted(avail) for s in others] + [t.give_done]
        raise AssertionError(stage)

    def _equip_room(self, seat: int, d: Draft) -> bool:
        return d.new_equips + (1 if d.special else 0) < MAX_EQUIPPED

    def _may_call_destroy(self, seat: int) -> bool:
        if not self.samples_in_play or self.destroy_held:
            return False
        return any(s != seat and not self.exposed[s] for s in range(self.n))

    def _may_call_leader(self) -> bool:
        if not self.options.lead_by_vote or self.leader_vote_held:  # type: ignore[attr-defined]
            return False
        return any(s != self.leader and not self.exposed[s] for s in range(self.n))

    def _may_zombify(self, seat: int) -> bool:
        if not self.is_infected(seat) or self.exposed[seat] or self.end_game:
            return False
        return seat == self.leader or bool(self.options.lead_by_vote)  # type: ignore[attr-defined]

    def _ability_ready(self, seat: int, d: Draft) -> bool:
        if self.ability_used[seat]:
            return False
        ability = self.character_of(seat).ability
        if ability == "lab_test":
            return self.samples_in_play
        if ability == "demolition":
            return d.avail.get(self.special_kind(seat), 0) > 0
        return True

    def _usable_kinds(self, seat: int) -> list[int]:
        kinds = []
        item_of, item_kinds = self.cards.item_of, self.cards.item_kinds
        for card, _up, fresh in self.equipped[seat]:
            if fresh:
                continue
            k = item_of[card]
            effect = item_kinds[k].effect
            if effect is not None:
                timing = ITEM_EFFECTS[effect][0]
                if timing == THREAT_SHOWN:
                    continue
                if effect in ("heal3", "heal1") and not self.wounds[seat]:
                    continue
                if effect == "blood_test" and not self.samples_in_play:
                    continue
                if effect == "scout" and not self.zdeck:
                    continue
            if k not in kinds:
                kinds.append(k)
        return sorted(kinds)

    def _veiled(self, seat: int) -> bool:
        """Whether the seat has a usable-looking face-down item: then it is always asked, so
        whether it is asked does not tell the table what lies face down."""
        return any(not up and not fresh for _card, up, fresh in self.equipped[seat])

    def _reactive_kinds(self, seat: int) -> list[int]:
        kinds = []
        for card, _up, fresh in self.equipped[seat]:
            effect = self.cards.item_kinds[self.cards.item_of[card]].effect
            if not fresh and effect is not None and ITEM_EFFECTS[effect][0] == THREAT_SHOWN:
                k = self.cards.item_of[card]
                if k not in kinds:
                    kinds.append(k)
        return sorted(kinds)

    # -- acting -----------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.log = []
        phase = self.phase
        if phase == "character":
            self.character[seat] = int(action.args[0])
            name = self.cards.characters[self.character[seat]].name
            self.log.append(
                Event("character", f"{{p{seat}}} chooses the {name}", data={"seat": seat})
            )
            if all(c >= 0 for c in self.character):
                self.log.append(
                    Event("leader", f"{{p{self.leader}}} chose last and becomes the Leader")
                )
                self.log += self._after_characters()
        elif phase == "discard":
            self.log += self.discard_from_hand(seat, int(action.args[0]))
            if all(len(h) <= HAND_LIMIT for h in self.hands):
                self.phase = ""
        elif phase == "infect":
            self._infect_step(seat, action)
        else:
            d = self.window[seat]
            d.choices = None
            self._draft_step(seat, d, action)
            if all(x.done for x in self.window.values()):
                self._guard(self._close_window)
        self._run()
        return self.log

    def _guard(self, step: Any) -> None:
        try:
            step()
        except DeckExhausted:
            self._exhausted()

    def _run(self) -> None:
        while (
            self.result is None
            and self.phase not in WINDOWS
            and self.phase
            not in (
                "discard",
                "infect",
                "character",
            )
        ):
            step = self.todo.pop(0)
            self._guard(getattr(self, "_step_" + step))

    def _open(self, phase: str, seats: Any, extra: bool = False) -> None:
        if phase in ("setup", "action", "extra"):
            item_of, hands = self.cards.item_of, self.hands
            self.window = {s: Draft(kinds_in(hands[s], item_of), extra) for s in seats}
        else:
            self.window = {s: Draft({}) for s in seats}
        self.phase = phase if self.window else ""

    # -- drafts: one single choice at a time ------------------------------------------------

    def _draft_step(self, seat: int, d: Draft, action: Action) -> None:
        kind, args = action.kind, action.args
        phase = self.phase
        if phase in ("action", "extra"):
            self._action_step(seat, d, kind, args)
        elif phase == "setup":
            k = int(args[0])
            d.take(k)
            d.intents.append(("equip", [(k, int(args[1]))], []))
            d.done = len(d.intents) == STARTING_EQUIPS or not d.avail
        elif phase == "use":
            if kind == "use":
                card = self._equipped_card(seat, int(args[0]))
                d.intents.append(("use", card, None))
                effect = self.cards.item_kinds[int(args[0])].effect
                if effect == "blood_test":
                    d.stage = "test_target"
                    return
            elif kind == "test_target":
                d.intents[-1] = ("use", d.intents[-1][1], int(args[0]))
            d.done = True
        elif phase == "react":
            d.intents.append((kind, int(args[0]) if args else None))
            d.done = True
        else:  # claim, place, vote: one choice each
            d.intents.append((kind, args[0] if args else None))
            d.done = True

    def _equipped_card(self, seat: int, kind: int) -> int:
        for card, _up, fresh in self.equipped[seat]:
            if self.cards.item_of[card] == kind and not fresh:
                return card
        raise AssertionError("no such equipped item")

    def _action_step(self, seat: int, d: Draft, kind: str, args: tuple[Any, ...]) -> None:
        stage = d.stage
        finished = True
        if kind == "call_destroy":
            d.called, d.stage = True, "destroy_target"
            return
        if kind == "destroy_target":
            d.intents.append(("destroy", int(args[0])))
            d.stage = "start"
            return
        if kind == "call_leader":
            d.called, d.stage = True, "leader_target"
            return
        if kind == "leader_target":
            d.intents.append(("leader_vote", int(args[0])))
            d.stage = "start"
            return
        if kind == "ability":
            d.used_ability = True
            if self.character_of(seat).ability == "lab_test":
                d.stage = "ability_target"
                return
            if self.character_of(seat).ability == "demolition":
                d.take(self.special_kind(seat))
            d.intents.append(("ability", None))
            return
        if kind == "ability_target":
            d.intents.append(("ability", int(args[0])))
            d.stage = "start"
            return
        if kind == "special":
            d.special = True
            d.take(self.special_kind(seat))
            d.stage = "special_cost"
            return
        if kind == "special_cost":
            k = int(args[0])
            d.take(k)
            d.intents.append(("special", k, []))
            if len(self.equipped[seat]) - len(d.dropped) + 1 > MAX_EQUIPPED:
                d.stage = "special_unequip"
            else:
                d.stage = "start"
            return
        if kind == "unequip":
            card = self.equipped[seat][int(args[0])][0]
            d.dropped.append(card)
            d.intents[-1][2].append(card)
            if stage == "special_unequip":
                d.stage = "start"
                return
            finished = self._equip_overflow(seat, d) == 0
        elif kind == "play":
            k = int(args[0])
            d.take(k)
            d.intents.append(("play", k))
        elif kind in ("draw", "draw2", "heal", "pass", "zombify"):
            d.intents.append((kind,))
        elif kind == "equip":
            k = int(args[0])
            d.take(k)
            if stage == "equip_more":
                d.intents[-1][1].append((k, int(args[1])))
            else:
                d.intents.append(("equip", [(k, int(args[1]))], []))
            d.new_equips += 1
            if stage == "start" and d.avail and self._equip_room(seat, d):
                d.stage = "equip_more"
                return
            finished = self._equip_overflow(seat, d) == 0
            d.stage = "unequip"
        elif kind == "equip_done":
            finished = self._equip_overflow(seat, d) == 0
            d.stage = "unequip"
        elif kind == "swap":
            k = int(args[0])
            had = d.cards_left
            d.take(k)
            if stage == "swap_second":
                d.intents[-1][1].append(k)
            else:
                d.intents.append(("swap", [k]))
                if had >= 2:
                    d.stage = "swap_second"
                    return
        elif kind == "give":
            k, to = int(args[0]), int(args[1])
            d.take(k)
            if stage == "give_more":
                d.intents[-1][1].append((k, to))
                finished = True
            else:
                d.intents.append(("give", [(k, to)]))
                if d.avail:
                    d.stage = "give_more"
                    return
        elif kind == "give_done":
            finished = True
        else:  # pragma: no cover - the space has no other action kinds here
            raise AssertionError(kind)
        if finished:
            d.done = True
            d.stage = "done"

    def _equip_overflow(self, seat: int, d: Draft) -> int:
        kept = len(self.equipped[seat]) - len(d.dropped)
        return max(0, kept + d.new_equips + (1 if d.special else 0) - MAX_EQUIPPED)

    def _infect_step(self, seat: int, action: Action) -> None:
        if action.kind == "take_done":
            self.phase = ""
            return
        victim = int(action.args[0])
        card = self.wounds[victim].pop()
        self.zhand[seat].append(card)
        self.log.append(Event("take_wound", f"{{p{seat}}} takes a wound card from {{p{victim}}}"))
        self.log.append(Event("zombie_card", f"you take a {self.kind_z(card).name}", private(seat)))
        if len(self.zhand[seat]) >= INFECTED_HAND_LIMIT or not any(
            self.wounds[s] for s in self.active()
        ):
            self.phase = ""

    # -- closing windows --------------------------------------------------------------------

    def _close_window(self) -> None:
        phase = self.phase
        window = self.window
        self.window = {}
        self.phase = ""
        order = [s for s in self.order_from_leader() if s in window]
        order += [s for s in sorted(window) if s not in order]
        if phase == "setup":
            for s in order:
                for intent in window[s].intents:
                    self.log += self._equip(s, intent[1], [], fresh=False)
            self.log.append(Event("ready", "every player has equipped 2 items"))
            self.todo = ["round"]
        elif phase in ("action", "extra"):
            for s in order:
                self._carry_out(s, window[s].intents)
        elif phase == "use":
            for s in order:
                for _, card, target in window[s].intents:
                    slot = next(i for i, e in enumerate(self.equipped[s]) if e[0] == card)
                    self.equipped[s].pop(slot)
                    self.log += use_item(self, s, card, target)
        elif phase == "react":
            self._resolve_reactions(order, window)
        elif phase == "claim":
            self._resolve_claims(order, window)
        elif phase == "place":
            self._resolve_placement(order, window)
        elif phase == "vote":
            self._resolve_vote(order, window)

    def _carry_out(self, seat: int, intents: list[Intent]) -> None:
        """Carry out one seat's revealed choice: calls and the ability first, then the action."""
        log = self.log
        for intent in intents:
            what = intent[0]
            if what == "destroy":
                log.append(Event("call", f"{{p{seat}}} calls a vote to destroy {{p{intent[1]}}}"))
                if self.destroy_call is None:
                    self.destroy_call = (seat, intent[1])
            elif what == "leader_vote":
                log.append(
                    Event("call", f"{{p{seat}}} calls a vote to make {{p{intent[1]}}} the Leader")
                )
                if self.leader_call is None:
                    self.leader_call = (seat, intent[1])
            elif what == "ability":
                log.extend(use_ability(self, seat, intent[1]))
            elif what == "special":
                log.extend(self.discard_from_hand(seat, intent[1]))
                log.extend(self._equip(seat, [(self.special_kind(seat), 1)], intent[2], fresh=True))
            elif what == "play":
                card = self._take_from_hand(seat, intent[1])
                self.piles[seat].append(card)
                log.append(Event("play", f"{{p{seat}}} plays an item card to the challenge pile"))
            elif what == "draw":
                log.extend(self.draw_items(seat, 1))
            elif what == "draw2":
                log.extend(self.draw_items(seat, 2))
            elif what == "equip":
                log.extend(self._equip(seat, intent[1], intent[2], fresh=True))
            elif what == "swap":
                for k in intent[1]:
                    log.extend(self.discard_from_hand(seat, k))
                log.extend(self.draw_items(seat, 2))
            elif what == "give":
                for k, to in intent[1]:
                    card = self._take_from_hand(seat, k)
                    self.hands[to].append(card)
                    log.append(Event("give", f"{{p{seat}}} gives an item card to {{p{to}}}"))
                    log.append(
                        Event(
                            "gave",
                            f"{{p{seat}}} gives a {self.item_name(card)} to {{p{to}}}",
                            private((seat, to)),
                        )
                    )
            elif what == "heal":
                log.extend(self.heal(seat, 1))
            elif what == "pass":
                log.append(Event("pass", f"{{p{seat}}} takes no action"))
            elif what == "zombify":
                log.extend(self.expose(seat, "finished zombification"))

    def _take_from_hand(self, seat: int, kind: int) -> int:
        hand = self.hands[seat]
        for i, card in enumerate(hand):
            if self.cards.item_of[card] == kind:
                return hand.pop(i)
        raise AssertionError("the card left the hand")

    def _equip(
        self, seat: int, items: list[tuple[int, int]], drops: list[int], fresh: bool
    ) -> list[Event]:
        events = []
        gear = self.equipped[seat]
        for card in drops:
            slot = next(i for i, e in enumerate(gear) if e[0] == card)
            events += self.unequip(seat, slot, "to make room")
        for k, up in items:
            card = self._take_from_hand(seat, k)
            gear.append([card, up, 1 if fresh else 0])
            what = f"a {self.item_name(card)} face up" if up else "an item face down"
            events.append(Event("equip", f"{{p{seat}}} equips {what}", data={"seat": seat}))
        return events

    def _resolve_reactions(self, order: list[int], window: dict[int, Draft]) -> None:
        for s in order:
            what, arg = window[s].intents[0]
            if what == "cover":
                card = next(c for c in self.zhand[s] if self.cards.zombie_of[c] == arg)
                self.zhand[s].remove(card)
                self.zdiscard.append(self.threat[-1])
                self.threat[-1] = card
                self.threat_vals[-1] = self.kind_z(card).value
                kind = self.kind_z(card)
                self.log.append(
                    Event(
                        "cover",
                        f"{{p{s}}} plays {kind.name} ({kind.value}) on top of the threat card",
                    )
                )
        for s in order:
            what, arg = window[s].intents[0]
            if what == "react":
                card = self._equipped_card(s, arg)
                self.equipped[s] = [e for e in self.equipped[s] if e[0] != card]
                self.item_discard.append(card)
                effect = self.cards.item_kinds[arg].effect
                self.log.append(
                    Event("react", f"{{p{s}}} uses a {self.item_name(card)} on the threat card")
                )
                if effect == "block":
                    self.blocked = True
                elif effect == "distract":
                    self.threat_vals[-1] = 0

    def _resolve_claims(self, order: list[int], window: dict[int, Draft]) -> None:
        total = sum(self.threat_vals)
        shown_fail = False
        winners: list[int] = []
        self.last_claims = []
        for s in order:
            claim = window[s].intents[0][1]
            pile = self.piles[s]
            value = sum(self.cards.item_value(c) for c in pile)
            if claim == "fail":
                self.last_claims.append((s, "fail", None))
                self.fail_claims[s] += 1
                self.log.append(
                    Event("claim", f"{{p{s}}} claims fail", data={"seat": s, "claim": "fail"})
                )
                continue
            names = ", ".join(self.item_name(c) for c in pile)
            self.last_claims.append((s, claim, list(pile)))
            self.shown_claims[s] += 1
            if claim == "success" and value >= total:
                self.log.append(
                    Event(
                        "claim",
                        f"{{p{s}}} claims success and shows {names} ({value})",
                        data={"seat": s, "claim": "success"},
                    )
                )
                winners.append(s)
            else:
                said = "success" if claim == "success" else "fail"
                self.log.append(
                    Event(
                        "claim",
                        f"{{p{s}}} claims {said} and shows {names} ({value}): a shown fail",
                        data={"seat": s, "claim": "shown-fail"},
                    )
                )
                self.shown_fails[s] += 1
                shown_fail = True
        if shown_fail:
            self.log.append(Event("all_fail", "a fail was shown: every player fails this threat"))
            winners = []
        for s in order:
            if s in winners:
                continue
            shown = any(c[0] == s and c[2] is not None for c in self.last_claims)
            (self.item_discard if shown else self.hidden_discard).extend(self.piles[s])
            self.piles[s] = []
        self._discard_threat()
        if winners:
            self._open("place", winners)

    def _resolve_placement(self, order: list[int], window: dict[int, Draft]) -> None:
        for s in order:
            what, arg = window[s].intents[0]
            if what == "place":
                card = self._take_from_pile(s, int(arg))
                r = RESOURCES.index(self.cards.item_kinds[int(arg)].resource)
                self.resources[r].append(card)
                self.log.append(
                    Event(
                        "place",
                        f"{{p{s}}} puts a {self.item_name(card)} on the {RESOURCES[r]} pile",
                    )
                )
            self.item_discard.extend(self.piles[s])
            self.piles[s] = []

    def _take_from_pile(self, seat: int, kind: int) -> int:
        pile = self.piles[seat]
        for i, card in enumerate(pile):
            if self.cards.item_of[card] == kind:
                return pile.pop(i)
        raise AssertionError("no such card in the pile")

    def _discard_threat(self) -> None:
        self.zdiscard.extend(self.threat)
        self.threat, self.threat_vals = [], []

    def _resolve_vote(self, order: list[int], window: dict[int, Draft]) -> None:
        yes = [s for s in order if window[s].intents[0][1] == "yes"]
        no = [s for s in order if s not in yes]
        target = self.vote_target
        tally = ", ".join(f"{{p{s}}} {'for' if s in yes else 'against'}" for s in order)
        self.log.append(Event("votes", f"the votes: {tally}", data={"yes": yes, "no": no}))
        if self.vote_kind == "destroy":
            if len(yes) >= VOTES_TO_DESTROY.get(self.n, self.n):
                sample = self.samples[target][0]
                self.samples_up[target] = True
                self.log.append(
                    Event(
                        "destroyed", f"{{p{target}}} is destroyed and shows a {sample} blood sample"
                    )
                )
                if sample == "virus":
                    self._finish("humans", "the infected was destroyed")
                else:
                    self._finish("zombies", "a clean survivor was destroyed")
            else:
                self.log.append(Event("spared", f"{{p{target}}} is not destroyed"))
        else:
            passed = len(yes) > len(no) or (len(yes) == len(no) and self.leader in yes)
            if passed:
                self.leader = target
                self.log.append(Event("leader", f"{{p{target}}} becomes the Leader by vote"))
            else:
                self.log.append(Event("leader_kept", f"{{p{self.leader}}} stays the Leader"))

    # -- the steps of a round ---------------------------------------------------------------

    def _step_round(self) -> None:
        self.round += 1
        self.destroy_held = self.leader_vote_held = False
        self.log.append(
            Event(
                "round",
                f"round {self.round}: {{p{self.leader}}} has the Leader card",
                data={"round": self.round},
            )
        )
        self.todo = list(CYCLE)

    def _step_action(self) -> None:
        self.destroy_call = self.leader_call = None
        self.extra_action = set()
        self._open("action", self.active())

    def _step_extra(self) -> None:
        if not self.extra_action:
            return
        seats = [s for s in self.order_from_leader() if s in self.extra_action]
        self.extra_action = set()
        self._open("extra", seats, extra=True)

    def _step_limit(self) -> None:
        if any(len(h) > HAND_LIMIT for h in self.hands):
            self.phase = "discard"

    def _step_votes(self) -> None:
        if self.destroy_call is not None:
            _caller, target = self.destroy_call
            self.destroy_call = None
            self.destroy_held = True
            self.vote_kind, self.vote_target = "destroy", target
            self.log.append(Event("vote", f"vote: destroy {{p{target}}}?"))
            self.todo.insert(0, "votes")
            self._open("vote", self.active())
        elif self.leader_call is not None:
            _caller, target = self.leader_call
            self.leader_call = None
            self.leader_vote_held = True
            self.vote_kind, self.vote_target = "leader", target
            self.log.append(Event("vote", f"vote: make {{p{target}}} the Leader?"))
            self._open("vote", self.active())

    def _step_use(self) -> None:
        if self.jammed:
            self.jammed = False
            self.log.append(Event("jammed", "no equipped item can be used in this use item phase"))
            return
        self._open("use", [s for s in self.active() if self._usable_kinds(s) or self._veiled(s)])

    def _step_threat(self) -> None:
        card = self.draw_zombie()
        kind = self.kind_z(card)
        self.threat.append(card)
        self.threat_vals.append(kind.value)
        self.blocked = False
        self.log.append(
            Event(
                "threat",
                f"{{p{self.leader}}} draws {kind.name} ({kind.value})",
                data={"card": card, "value": kind.value},
            )
        )
        self.todo.insert(0, "effect")
        seats = [s for s in self.order_from_leader() if self._reactive_kinds(s) or self._veiled(s)]
        seats += [s for s in range(self.n) if self.exposed[s] and self.zhand[s]]
        self._open("react", seats)

    def _step_effect(self) -> None:
        card = self.threat[-1]
        if self.blocked or self.cover:
            self.cover = False
            self.log.append(Event("no_effect", "the threat effect is not handled"))
        else:
            self.log += handle_threat(self, card)
        for gear in self.equipped:
            for entry in gear:
                entry[2] = 0
        vals = self.threat_vals
        if len(vals) >= 2 and vals[-1] < vals[-2]:
            self.log.append(
                Event("threat_ends", "the new card is lower than the previous one: the threat ends")
            )
            self.todo = list(RESOLVE)
        else:
            self.todo = list(CYCLE)

    def _step_announce(self) -> None:
        total = sum(self.threat_vals)
        self.log.append(
            Event(
                "threat_sum",
                f"{{p{self.leader}}} announces the threat: {total}",
                data={"sum": total},
            )
        )

    def _step_claims(self) -> None:
        seats = [s for s in self.active() if self.piles[s]]
        if not seats:
            self._discard_threat()
        self._open("claim", seats)

    def _step_infect(self) -> None:
        for s in range(self.n):
            if (
                self.exposed[s]
                and len(self.zhand[s]) < INFECTED_HAND_LIMIT
                and any(self.wounds[o] for o in self.active())
            ):
                self.infector = s
                self.phase = "infect"
                return

    def _step_victory(self) -> None:
        if self.end_game:
            need = self.n
            if all(len(pile) >= need for pile in self.resources):
                self._finish("humans", f"the survivors hold {need} resources of every type")

    def _step_next(self) -> None:
        self.log += self._pass_leader()
        self.todo = ["round"]

    # -- exhausting the zombie deck -----------------------------------------------------------

    def _exhausted(self) -> None:
        self.exhaustions += 1
        self.window = {}
        self.phase = ""
        if self.exhaustions >= 2:
            self.log.append(Event("exhausted", "the zombie deck is exhausted for the second time"))
            self._finish("zombies", "the zombie deck ran out a second time")
            return
        log = self.log
        log.append(Event("exhausted", "the zombie deck is exhausted: the end game begins"))
        self.end_game = True
        self.cover = self.jammed = False
        self._discard_threat()
        for s in range(self.n):
            self.hidden_discard.extend(self.piles[s])
            self.piles[s] = []
        log += self._pass_leader()
        if not any(self.resources):
            self._finish("zombies", "no resources were collected before the end game")
            return
        for s in self.order_from_leader():
            taken = []
            for r in range(len(RESOURCES)):
                if self.resources[r]:
                    card = self.resources[r].pop()
                    self.hands[s].append(card)
                    taken.append(self.item_name(card))
            if taken:
                log.append(Event("resources", f"{{p{s}}} takes {', '.join(taken)} into hand"))
        self.zdeck = self.zdiscard + list(self.cards.endgame_cards)
        self.zdiscard = []
        self.rng.shuffle(self.zdeck)
        self.known_top = [0] * self.n
        log.append(
            Event("shuffle", "the zombie discard pile and the endgame zombie cards form a new deck")
        )
        try:
            for s in range(self.n):
                if self.samples[s]:
                    self.samples_up[s] = True
                    log.append(
                        Event("sample_shown", f"{{p{s}}} shows a {self.samples[s][0]} blood sample")
                    )
            for s in self.order_from_leader():
                if self.is_infected(s):
                    log += self.expose(s, "the blood samples are turned up")
            if self.spare is not None:
                log += self._spread()
        except DeckExhausted:
            self._exhausted()
            return
        self.todo = ["limit", "round"]

    def _spread(self) -> list[Event]:
        spare, self.spare = self.spare, None
        assert spare is not None
        most = max(len(self.wounds[s]) for s in self.order_from_leader())
        seat = next(s for s in self.order_from_leader() if len(self.wounds[s]) == most)
        self.samples[seat].append(spare)
        self.samples_up[seat] = True
        events = [Event("spread", f"the remaining blood sample goes to {{p{seat}}}: it is {spare}")]
        if spare == "virus":
            events += self.expose(seat, "the infection spreads")
        return events

    # -- the contract -------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        return self.result

    def _roles(self) -> list[str]:
        """Each seat's role, for statistics: "infected" or "human"."""
        return ["infected" if self.is_infected(s) else "human" for s in range(self.n)]

    def view(self, seat: int | None) -> dict[str, Any]:
        from hiddenhand.games.infected.views import build_view

        return build_view(self, seat)

    def clone(self) -> Self:
        other = object.__new__(type(self))
        self._copy_base(other)
        d = self.__dict__
        od = other.__dict__
        for key in _SHARED:
            od[key] = d[key]
        for key in _FLAT_LISTS:
            od[key] = list(d[key])
        for key in _NESTED:
            od[key] = [list(x) for x in d[key]]
        other.equipped = [[list(e) for e in gear] for gear in self.equipped]
        other.window = {s: dr.copy() for s, dr in self.window.items()}
        other.extra_action = set(self.extra_action)
        other.log = []
        return other

    def determinize(self, seat: int, rng: random.Random) -> Self:
        from hiddenhand.games.infected.sampling import resample

        other = self.clone()
        resample(other, seat, rng)
        other.rng = random.Random(rng.randrange(2**63))
        other._pending = None
        return other


_SHARED = (
    "cards", "table", "variant", "n", "round", "phase", "result", "leader", "spare",
    "blocked", "exhaustions", "end_game", "jammed", "cover", "destroy_call", "leader_call",
    "destroy_held", "leader_vote_held", "vote_kind", "vote_target", "infector", "last_claims",
)  # fmt: skip
_FLAT_LISTS = (
    "todo", "character", "choose_order", "samples_up", "samples_away", "exposed", "zdeck",
    "zdiscard", "zremoved", "ideck", "item_discard", "hidden_discard", "removed_items", "threat",
    "threat_vals", "ability_used", "known_top", "tests", "shown_fails",
    "fail_claims", "shown_claims",
)  # fmt: skip
_NESTED = ("samples", "hands", "piles", "wounds", "zhand", "resources")
