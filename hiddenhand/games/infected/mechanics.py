"""Mechanics during the game, as the rulebook names them: drawing, taking wounds, healing,
blood sample tests, equipping, the Leader card, the infected revealed, the end.

`InfectedState` derives from `Mechanics`; threat effects, items and abilities call these.
Every mechanic reports its events through `emit` as it happens: drawing a zombie card may
exhaust the deck part-way through, and what happened before stays told.
"""

from __future__ import annotations

from hiddenhand.engine.events import Event, private
from hiddenhand.engine.state import Outcome
from hiddenhand.engine.text import article, counted
from hiddenhand.games.infected.board import Board
from hiddenhand.games.infected.cards import RESOURCES
from hiddenhand.games.infected.flow import Phase
from hiddenhand.games.infected.limits import INFECTED_HAND_LIMIT


class DeckExhausted(Exception):
    """A zombie card had to be drawn from an empty zombie deck."""


class Mechanics(Board):
    """The table's mechanics, as methods of the game state."""

    def win(self, side: str, reason: str) -> None:
        """The game ends: the humans are the clean survivors, the zombies the infected."""
        infected = side != "humans"
        winners = frozenset(s for s in range(self.n) if self.is_infected(s) == infected)
        self.finish(Outcome(winners, side, reason))
        self.phase = Phase.OVER
        self.window = {}
        self.emit(Event("game_over", f"the {side} win: {reason}", data={"side": side}))

    # -- decks ------------------------------------------------------------------------------

    def pop_item(self) -> int | None:
        """The top item card; an empty deck is refilled from both parts of the discard pile."""
        if not self.ideck:
            if not self.item_discard and not self.hidden_discard:
                return None
            self.ideck = self.item_discard + self.hidden_discard
            self.item_discard, self.hidden_discard = [], []
            self.rng.shuffle(self.ideck)
            self.emit(Event("reshuffle", "the item discard pile is shuffled into a new deck"))
        return self.ideck.pop()

    def draw_items(self, seat: int, count: int) -> None:
        self.show_drawn(seat, self.take_items(seat, count))

    def take_items(self, seat: int, count: int) -> list[int]:
        """Up to `count` item cards into the seat's hand, untold but for a reshuffle: the draw
        is told by `show_drawn`, which an effect may call after telling its own use."""
        drawn: list[int] = []
        for _ in range(count):
            card = self.pop_item()
            if card is None:
                break
            drawn.append(card)
        self.hands[seat].extend(drawn)
        return drawn

    def show_drawn(self, seat: int, drawn: list[int]) -> None:
        names = ", ".join(self.item_name(c) for c in drawn) or "nothing"
        self.emit(
            Event(
                "draw", f"{{p{seat}}} draws {counted(len(drawn), 'item card')}", data={"seat": seat}
            )
        )
        self.emit(Event("drew", f"you draw {names}", private(seat), {"cards": drawn}))

    def draw_zombie(self) -> int:
        if not self.zdeck:
            raise DeckExhausted
        card = self.zdeck.pop()
        known = self.known_top
        for s in range(self.n):
            if known[s]:
                known[s] -= 1
        return card

    def scout(self, seat: int, count: int) -> None:
        count = min(count, len(self.zdeck))
        self.known_top[seat] = max(self.known_top[seat], count)
        top = [self.kind_z(c) for c in reversed(self.zdeck[-count:])] if count else []
        text = ", ".join(f"{k.name} ({k.value})" for k in top) or "nothing"
        self.emit(Event("scout", f"{{p{seat}}} looks at the top of the zombie deck"))
        self.emit(Event("scouted", f"the top of the zombie deck: {text}", private(seat)))

    # -- taking wounds and healing ------------------------------------------------------------

    def wound(self, seat: int) -> None:
        """Taking wounds: draw a zombie card and put it face down under the character. In the
        advanced game a wound beyond the hitpoints discards 2 zombie cards instead."""
        if self.exposed[seat]:
            return
        if self.options.advanced and len(self.wounds[seat]) >= self.hitpoints(seat):  # type: ignore[attr-defined]
            self.emit(
                Event(
                    "overwound",
                    f"{{p{seat}}} is out of hitpoints: 2 zombie cards are discarded instead",
                )
            )
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
                    self.emit(
                        Event(
                            "zombie_card",
                            f"you receive {article(self.kind_z(card).name)}",
                            private(taker),
                        )
                    )
            return
        self.wounds[seat].append(self.draw_zombie())
        self.emit(Event("wound", f"{{p{seat}}} takes a wound", data={"seat": seat}))

    def heal(self, seat: int, count: int) -> None:
        healed = 0
        while healed < count and self.wounds[seat]:
            self.zdiscard.append(self.wounds[seat].pop())
            healed += 1
        self.emit(
            Event("heal", f"{{p{seat}}} heals {counted(healed, 'wound')}", data={"seat": seat})
        )

    # -- cards on the table ----------------------------------------------------------------

    def lose_resources(self, piles: list[int]) -> None:
        for r in piles:
            self.item_discard.append(self.resources[r].pop())
            self.emit(Event("resource_lost", f"1 {RESOURCES[r]} resource is lost"))

    def take_from_hand(self, seat: int, kind: int) -> int:
        hand = self.hands[seat]
        for i, card in enumerate(hand):
            if self.cards.item_of[card] == kind:
                return hand.pop(i)
        raise AssertionError("the card left the hand")

    def take_from_pile(self, seat: int, kind: int) -> int:
        pile = self.piles[seat]
        for i, card in enumerate(pile):
            if self.cards.item_of[card] == kind:
                return pile.pop(i)
        raise AssertionError("no such card in the pile")

    def discard_from_hand(self, seat: int, kind: int) -> None:
        hand = self.hands[seat]
        for i, card in enumerate(hand):
            if self.cards.item_of[card] == kind:
                hand.pop(i)
                self.item_discard.append(card)
                self.emit(Event("discard", f"{{p{seat}}} discards {article(self.item_name(card))}"))
                return

    def equipped_card(self, seat: int, kind: int) -> int:
        for card, _up, fresh in self.equipped[seat]:
            if self.cards.item_of[card] == kind and not fresh:
                return card
        raise AssertionError("no such equipped item")

    def equip(
        self,
        seat: int,
        items: tuple[tuple[int, int], ...],
        drops: tuple[int, ...],
        fresh: bool,
    ) -> None:
        """Equip items from hand (kind, face up), first discarding the equipped cards `drops`."""
        gear = self.equipped[seat]
        for card in drops:
            slot = next(i for i, e in enumerate(gear) if e[0] == card)
            self.unequip(seat, slot, "to make room")
        for k, up in items:
            card = self.take_from_hand(seat, k)
            gear.append([card, up, 1 if fresh else 0])
            what = f"{article(self.item_name(card))} face up" if up else "an item face down"
            self.emit(Event("equip", f"{{p{seat}}} equips {what}", data={"seat": seat}))

    def unequip(self, seat: int, slot: int, why: str) -> None:
        card = self.equipped[seat].pop(slot)[0]
        self.item_discard.append(card)
        self.emit(
            Event("unequip", f"{{p{seat}}} discards an equipped {self.item_name(card)} ({why})")
        )

    def discard_threat(self) -> None:
        self.zdiscard.extend(self.threat)
        self.threat, self.threat_vals = [], []

    # -- blood samples and the infected -------------------------------------------------------

    def blood_test(self, tester: int, target: int) -> None:
        """The target shuffles their sample with the table's clean and virus cards; one shows."""
        own = self.samples[target][0]
        shown = self.rng.choice((own, "clean", "virus"))
        self.tests.append((tester, target, shown))
        self.emit(
            Event(
                "blood_test",
                f"{{p{tester}}} tests {{p{target}}}'s blood: the sample shows {shown}",
                data={"tester": tester, "target": target, "shown": shown},
            )
        )

    def expose(self, seat: int, why: str) -> None:
        """The infected shows the virus and from now on plays as the exposed infected: the hand
        goes to the Leader, equipped items and pile are discarded, 3 zombie cards are drawn."""
        self.exposed[seat] = True
        self.samples_up[seat] = True
        self.emit(Event("exposed", f"{{p{seat}}} is the infected ({why})", data={"seat": seat}))
        if self.leader == seat:
            self.pass_leader(force=True)
        gift = self.hands[seat]
        self.hands[seat] = []
        self.hands[self.leader].extend(gift)
        if gift:
            self.emit(
                Event(
                    "gift",
                    f"{{p{seat}}} gives {counted(len(gift), 'item card')} to {{p{self.leader}}}",
                )
            )
            self.emit(
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
            self.emit(
                Event("zombie_card", f"you draw {article(self.kind_z(card).name)}", private(seat))
            )

    def pass_leader(self, force: bool = False) -> None:
        """The Leader card goes to the next survivor clockwise (with `lead_by_vote`, only when
        forced or when the exposed infected holds it)."""
        if self.options.lead_by_vote and not force and not self.exposed[self.leader]:  # type: ignore[attr-defined]
            return
        for i in range(1, self.n + 1):
            seat = (self.leader + i) % self.n
            if not self.exposed[seat]:
                self.leader = seat
                break
        self.emit(
            Event(
                "leader", f"{{p{self.leader}}} takes the Leader card", data={"leader": self.leader}
            )
        )
