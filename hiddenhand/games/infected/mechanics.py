"""Mechanics during the game, as the rulebook names them: drawing, taking wounds, healing,
blood sample tests, equipping, the Leader card, the infected revealed, the end.

Functions of the game state (rules.py): the flow's steps, threat effects, items and abilities
call these.
Every mechanic reports its events through `emit` as it happens: drawing a zombie card may
exhaust the deck part-way through, and what happened before stays told.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hiddenhand.engine.events import Event, private
from hiddenhand.engine.state import Outcome
from hiddenhand.engine.text import article, counted
from hiddenhand.games.infected import whereabouts
from hiddenhand.games.infected.cards import RESOURCES
from hiddenhand.games.infected.flow import Phase
from hiddenhand.games.infected.limits import INFECTED_HAND_LIMIT

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState


class DeckExhausted(Exception):
    """A zombie card had to be drawn from an empty zombie deck."""


def win(state: InfectedState, side: str, reason: str) -> None:
    """The game ends: the humans are the clean survivors, the zombies the infected."""
    infected = side != "humans"
    winners = frozenset(s for s in range(state.n) if state.is_infected(s) == infected)
    state.finish(Outcome(winners, side, reason))
    state.phase = Phase.OVER
    state.window = {}
    state.ask(0)
    state.emit(Event("game_over", f"the {side} win: {reason}", data={"side": side}))


# -- decks ------------------------------------------------------------------------------


def pop_item(state: InfectedState) -> int | None:
    """The top item card; an empty deck is refilled from both parts of the discard pile."""
    if not state.ideck:
        if not state.item_discard and not state.hidden_discard:
            return None
        hidden = state.hidden_discard
        state.ideck = state.item_discard + hidden
        state.item_discard, state.hidden_discard = [], []
        state.rng.shuffle(state.ideck)
        whereabouts.shuffled_into_deck(state, hidden)
        state.emit(Event("reshuffle", "the item discard pile is shuffled into a new deck"))
    return state.ideck.pop()


def draw_items(state: InfectedState, seat: int, count: int) -> None:
    show_drawn(state, seat, take_items(state, seat, count))


def take_items(state: InfectedState, seat: int, count: int) -> list[int]:
    """Up to `count` item cards into the seat's hand, untold but for a reshuffle: the draw
    is told by `show_drawn`, which an effect may call after telling its own use."""
    drawn: list[int] = []
    for _ in range(count):
        card = pop_item(state)
        if card is None:
            break
        drawn.append(card)
    state.hands[seat].extend(drawn)
    if drawn:
        whereabouts.drew(state, seat)
    return drawn


def show_drawn(state: InfectedState, seat: int, drawn: list[int]) -> None:
    names = ", ".join(state.item_name(c) for c in drawn) or "nothing"
    state.emit(
        Event("draw", f"{{p{seat}}} draws {counted(len(drawn), 'item card')}", data={"seat": seat})
    )
    state.emit(Event("drew", f"you draw {names}", private(seat), {"cards": drawn}))


def draw_zombie(state: InfectedState, to: whereabouts.Zone | None = None) -> int:
    """The top zombie card, going face down to `to` (seats that looked at it know where)."""
    if not state.zdeck:
        raise DeckExhausted
    card = state.zdeck.pop()
    known = state.known_top
    seen_by = [s for s in range(state.n) if known[s]]
    for s in seen_by:
        known[s] -= 1
    if to is not None:
        whereabouts.drew_zombie(state, card, to, seen_by)
    return card


def scout(state: InfectedState, seat: int, count: int) -> None:
    count = min(count, len(state.zdeck))
    state.known_top[seat] = max(state.known_top[seat], count)
    top = [state.kind_z(c) for c in reversed(state.zdeck[-count:])] if count else []
    text = ", ".join(f"{k.name} ({k.value})" for k in top) or "nothing"
    state.emit(Event("scout", f"{{p{seat}}} looks at the top of the zombie deck"))
    state.emit(Event("scouted", f"the top of the zombie deck: {text}", private(seat)))


# -- taking wounds and healing ------------------------------------------------------------


def wound(state: InfectedState, seat: int) -> None:
    """Taking wounds: draw a zombie card and put it face down under the character. In the
    advanced game a wound beyond the hitpoints discards 2 zombie cards instead."""
    if state.exposed[seat]:
        return
    if state.options.advanced and len(state.wounds[seat]) >= state.hitpoints(seat):
        state.emit(
            Event(
                "overwound",
                f"{{p{seat}}} is out of hitpoints: 2 zombie cards are discarded instead",
            )
        )
        for _ in range(2):
            taker = next(
                (
                    s
                    for s in range(state.n)
                    if state.exposed[s] and len(state.zhand[s]) < INFECTED_HAND_LIMIT
                ),
                None,
            )
            to = whereabouts.ZDOWN if taker is None else (whereabouts.ZHAND, taker)
            card = draw_zombie(state, to)
            if taker is None:
                discard_face_down(state, card)
            else:
                state.zhand[taker].append(card)
                state.emit(
                    Event(
                        "zombie_card",
                        f"you receive {article(state.kind_z(card).name)}",
                        private(taker),
                    )
                )
        return
    state.wounds[seat].append(draw_zombie(state, (whereabouts.WOUNDS, seat)))
    state.emit(Event("wound", f"{{p{seat}}} takes a wound", data={"seat": seat}))


def heal(state: InfectedState, seat: int, count: int) -> None:
    """Healing: the last wounds go, still face down, onto the zombie discard pile."""
    healed = 0
    while healed < count and state.wounds[seat]:
        discard_face_down(state, state.wounds[seat].pop())
        healed += 1
    if healed:
        whereabouts.healed(state, seat)
    state.emit(Event("heal", f"{{p{seat}}} heals {counted(healed, 'wound')}", data={"seat": seat}))


def discard_face_down(state: InfectedState, card: int) -> None:
    """A zombie card nobody saw goes face down onto the zombie discard pile."""
    state.zdiscard_down |= 1 << len(state.zdiscard)
    state.zdiscard.append(card)


# -- cards on the table ----------------------------------------------------------------


def lose_resources(state: InfectedState, piles: list[int]) -> None:
    for r in piles:
        state.item_discard.append(state.resources[r].pop())
        state.emit(Event("resource_lost", f"1 {RESOURCES[r]} resource is lost"))


def take_from_hand(state: InfectedState, seat: int, kind: int) -> int:
    hand = state.hands[seat]
    for i, card in enumerate(hand):
        if state.cards.item_of[card] == kind:
            return hand.pop(i)
    raise AssertionError("the card left the hand")


def take_from_pile(state: InfectedState, seat: int, kind: int) -> int:
    pile = state.piles[seat]
    for i, card in enumerate(pile):
        if state.cards.item_of[card] == kind:
            return pile.pop(i)
    raise AssertionError("no such card in the pile")


def discard_from_hand(state: InfectedState, seat: int, kind: int) -> None:
    hand = state.hands[seat]
    for i, card in enumerate(hand):
        if state.cards.item_of[card] == kind:
            hand.pop(i)
            state.item_discard.append(card)
            state.emit(Event("discard", f"{{p{seat}}} discards {article(state.item_name(card))}"))
            return


def equipped_card(state: InfectedState, seat: int, kind: int) -> int:
    for card, _up, fresh in state.equipped[seat]:
        if state.cards.item_of[card] == kind and not fresh:
            return card
    raise AssertionError("no such equipped item")


def equip(
    state: InfectedState,
    seat: int,
    items: tuple[tuple[int, int], ...],
    drops: tuple[int, ...],
    fresh: bool,
) -> None:
    """Equip items from hand (kind, face up), first discarding the equipped cards `drops`."""
    gear = state.equipped[seat]
    for card in drops:
        slot = next(i for i, e in enumerate(gear) if e[0] == card)
        unequip(state, seat, slot, "to make room")
    for k, up in items:
        card = take_from_hand(state, seat, k)
        gear.append([card, up, 1 if fresh else 0])
        if not up:
            whereabouts.moved_unseen(
                state, (whereabouts.HAND, seat), (whereabouts.GEAR, seat), seat
            )
        what = f"{article(state.item_name(card))} face up" if up else "an item face down"
        state.emit(Event("equip", f"{{p{seat}}} equips {what}", data={"seat": seat}))


def unequip(state: InfectedState, seat: int, slot: int, why: str) -> None:
    card = state.equipped[seat].pop(slot)[0]
    state.item_discard.append(card)
    state.emit(
        Event("unequip", f"{{p{seat}}} discards an equipped {state.item_name(card)} ({why})")
    )


def discard_threat(state: InfectedState) -> None:
    state.zdiscard.extend(state.threat)
    state.threat, state.threat_vals = [], []


# -- blood samples and the infected -------------------------------------------------------


def blood_test(state: InfectedState, tester: int, target: int) -> None:
    """The target shuffles their sample with the table's clean and virus cards; one shows."""
    own = state.samples[target][0]
    shown = state.rng.choice((own, "clean", "virus"))
    state.tests.append((tester, target, shown))
    state.emit(
        Event(
            "blood_test",
            f"{{p{tester}}} tests {{p{target}}}'s blood: the sample shows {shown}",
            data={"tester": tester, "target": target, "shown": shown},
        )
    )


def expose(state: InfectedState, seat: int, why: str) -> None:
    """The infected shows the virus and from now on plays as the exposed infected: the hand
    goes to the Leader, equipped items and pile are discarded, 3 zombie cards are drawn."""
    state.exposed[seat] = True
    state.samples_up[seat] = True
    state.emit(Event("exposed", f"{{p{seat}}} is the infected ({why})", data={"seat": seat}))
    if state.leader == seat:
        pass_leader(state, force=True)
    gift = state.hands[seat]
    state.hands[seat] = []
    whereabouts.emptied(
        state, (whereabouts.HAND, seat), (whereabouts.HAND, state.leader), seat, gift, state.leader
    )
    state.hands[state.leader].extend(gift)
    if gift:
        state.emit(
            Event(
                "gift",
                f"{{p{seat}}} gives {counted(len(gift), 'item card')} to {{p{state.leader}}}",
            )
        )
        state.emit(
            Event(
                "gift_cards",
                "you receive " + ", ".join(state.item_name(c) for c in gift),
                private(state.leader),
            )
        )
    state.item_discard.extend(e[0] for e in state.equipped[seat])
    state.equipped[seat] = []
    state.item_discard.extend(state.piles[seat])
    state.piles[seat] = []
    while len(state.zhand[seat]) < INFECTED_HAND_LIMIT:
        card = draw_zombie(state, (whereabouts.ZHAND, seat))
        state.zhand[seat].append(card)
        state.emit(
            Event("zombie_card", f"you draw {article(state.kind_z(card).name)}", private(seat))
        )


def pass_leader(state: InfectedState, force: bool = False) -> None:
    """The Leader card goes to the next survivor clockwise (with `lead_by_vote`, only when
    forced or when the exposed infected holds it)."""
    if state.options.lead_by_vote and not force and not state.exposed[state.leader]:
        return
    for i in range(1, state.n + 1):
        seat = (state.leader + i) % state.n
        if not state.exposed[seat]:
            state.leader = seat
            break
    state.emit(
        Event("leader", f"{{p{state.leader}}} takes the Leader card", data={"leader": state.leader})
    )
