"""What each seat knows of where cards hidden from it are, so that determinizing keeps it.

A seat may know where an item card it cannot see lies: it gave the card to another player, its
own failed challenge pile went face down to the discard pile, the exposed infected's hand went
to the Leader, the end game put resource cards into hands, a reshuffle put known cards into the
deck, a face-up item went into a challenge pile. And a zombie card it looked at on top of the
deck may since have been drawn face down, as a wound or into the exposed infected's hand, and a
wound healed face down onto the zombie discard pile.

Each such card has a lead: the zones one of which holds it. A card moved unseen out of a zone
(another player plays or equips an unnamed card from a hand a lead points into, draws from the
deck, hands a card on, the infected takes a wound) widens the leads into that zone by the zone
it went to; a card shown to everyone needs no lead (it is no longer hidden, and sampling.py
deals only hidden cards).

Item zones are `(HAND, seat)`, `(PILE, seat)`, `(GEAR, seat)` (face-down equipped items),
`DECK` and `HIDDEN` (discards nobody was shown); zombie zones `(WOUNDS, seat)`,
`(ZHAND, seat)`, `ZDECK`, `ZREMOVED` and `ZDOWN` (the face-down cards of the zombie discard
pile). A lead is a set of zones kept as bits (`bit`, `zones_of`): every draw widens the leads
into the deck, so widening is the hottest loop of a playout, and a few integer operations per
card are what the compiled module does fastest. A lead may name a zone that no longer holds
the card (a face-down item equipped before the card arrived, a pile since shown, a wound below
the one taken or healed): it is wider than the truth, never narrower, and the true zone is
always in it (tests/games/infected/test_secrecy.py).

A seat keeps its leads grouped (`Leads`): each lead with the cards it points to. A draw then
widens the few distinct leads into the deck, not every card led there one by one, and a clone
shares the groups, which are frozen.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from hiddenhand.games.infected.flow import Phase
from hiddenhand.games.infected.limits import MAX_PLAYERS

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState

Zone = tuple[str, int]
HAND: Final = "hand"
PILE: Final = "pile"
GEAR: Final = "gear"
DECK: Final[Zone] = ("deck", -1)
HIDDEN: Final[Zone] = ("hidden", -1)
WOUNDS: Final = "wounds"
ZHAND: Final = "zombie hand"
ZDECK: Final[Zone] = ("zombie deck", -1)
"""The zombie deck below the cards the seat looked at (`known_top`)."""
ZREMOVED: Final[Zone] = ("zombies removed", -1)
ZDOWN: Final[Zone] = ("zombie discard face down", -1)
"""The cards of the zombie discard pile that lie face down (`InfectedState.zdiscard_down`)."""


Lead = int
"""The zones one of which holds a card, one bit per zone (`bit`)."""

Leads = dict[Lead, frozenset[int]]
"""A seat's leads, grouped: each lead with the cards it points to."""

_ZONES: Final[list[Zone]] = [DECK, HIDDEN, ZDECK, ZREMOVED, ZDOWN] + [
    (kind, seat) for kind in (HAND, PILE, GEAR, WOUNDS, ZHAND) for seat in range(MAX_PLAYERS)
]
_FIRST: Final = {kind: place for place, (kind, seat) in enumerate(_ZONES) if seat <= 0}
"""Each kind of zone's place in `_ZONES` (its seat 0's, where it has one per seat)."""


def bit(zone: Zone) -> Lead:
    """The lead that names only `zone`."""
    kind, seat = zone
    return 1 << (_FIRST[kind] + seat if seat > 0 else _FIRST[kind])


def zones_of(lead: Lead) -> list[Zone]:
    """The zones a lead names."""
    return [zone for place, zone in enumerate(_ZONES) if lead >> place & 1]


def lead_of(leads: Leads) -> dict[int, Lead]:
    """Each led card's lead."""
    return {card: lead for lead, cards in leads.items() for card in cards}


def grouped(by_card: dict[int, Lead]) -> Leads:
    """The leads of these cards, grouped (`lead_of` undone)."""
    leads: Leads = {}
    for card, lead in by_card.items():
        _join(leads, lead, frozenset((card,)))
    return leads


def _join(leads: Leads, lead: Lead, cards: frozenset[int]) -> None:
    """These cards, led nowhere else, are led to `lead`."""
    if cards:
        held = leads.get(lead)
        leads[lead] = held | cards if held else cards


def _lead_to(leads: Leads, cards: frozenset[int], lead: Lead) -> None:
    """These cards are led to `lead` alone, whatever their leads were."""
    if not cards:
        return
    for old in [old for old, held in leads.items() if not held.isdisjoint(cards)]:
        rest = leads[old] - cards
        if rest:
            leads[old] = rest
        else:
            del leads[old]
    _join(leads, lead, cards)


def learn(state: InfectedState, seat: int, cards: Iterable[int], zone: Zone) -> None:
    """`seat` saw these cards go to `zone`."""
    _lead_to(state.whereabouts[seat], frozenset(cards), bit(zone))


def _widen(leads: Leads, source: Lead, target: Lead) -> None:
    """Every lead into `source` may now be in `target` too."""
    for lead in [lead for lead in leads if lead & source and not lead & target]:
        _join(leads, lead | target, leads.pop(lead))


def moved_unseen(state: InfectedState, source: Zone, target: Zone, *seen_by: int) -> None:
    """A card nobody but `seen_by` could name went from `source` to `target`: every other seat's
    leads into `source` may now be in `target` too."""
    src, tgt = bit(source), bit(target)
    for seat, leads in enumerate(state.whereabouts):
        if seat not in seen_by and leads:
            _widen(leads, src, tgt)


def emptied(
    state: InfectedState,
    source: Zone,
    target: Zone,
    owner: int,
    cards: list[int],
    *seen_by: int,
) -> None:
    """All of `source` (`cards`, which its `owner` knows, and `seen_by` are shown) went face
    down to `target`."""
    moved = frozenset(cards)
    src, tgt = bit(source), bit(target)
    for seat, leads in enumerate(state.whereabouts):
        if seat == owner:
            learn(state, seat, cards, target)
            continue
        shown = seat in seen_by
        for lead in [lead for lead in leads if lead & src]:
            held, rest = leads.pop(lead), lead & ~src
            if shown:
                _join(leads, rest, held - moved)
                _join(leads, rest | tgt, held & moved)
            else:
                _join(leads, rest | tgt, held)


def to_pile(state: InfectedState, seat: int, card: int, face_up: bool) -> None:
    """An equipped item went into `seat`'s challenge pile: seen by all if it lay face up."""
    if face_up:
        for other in range(state.n):
            if other != seat:
                learn(state, other, (card,), (PILE, seat))
    else:
        moved_unseen(state, (GEAR, seat), (PILE, seat), seat)


def shuffled_into_deck(state: InfectedState, hidden: list[int]) -> None:
    """The discard pile (both parts) became the deck: everyone knows the cards discarded face
    up are in it; a card led into the part nobody was shown is in it too, and the others of
    that part (`hidden`) stay unknown."""
    deck, discarded = bit(DECK), bit(HIDDEN)
    unknown = set(hidden)
    shown = frozenset(card for card in state.ideck if card not in unknown)
    for leads in state.whereabouts:
        for lead in [lead for lead in leads if lead & discarded]:
            _join(leads, (lead & ~discarded) | deck, leads.pop(lead))
        _lead_to(leads, shown, deck)


def drew(state: InfectedState, seat: int) -> None:
    """`seat` drew from the deck, unseen by the others."""
    moved_unseen(state, DECK, (HAND, seat), seat)


def item_zones(state: InfectedState, seat: int) -> dict[Zone, list[int]]:
    """The zones of item cards `seat` cannot see, with their cards."""
    zones: dict[Zone, list[int]] = {DECK: state.ideck, HIDDEN: state.hidden_discard}
    piles_hidden = state.phase != Phase.PLACE
    for p in range(state.n):
        if p == seat:
            continue
        zones[(HAND, p)] = state.hands[p]
        if piles_hidden:
            zones[(PILE, p)] = state.piles[p]
        zones[(GEAR, p)] = [e[0] for e in state.equipped[p] if not e[1]]
    return zones


def zombie_zones(state: InfectedState, seat: int) -> dict[Zone, list[int]]:
    """The zones of zombie cards `seat` cannot see, with their cards: wounds lie face down,
    the seat's own too."""
    zones: dict[Zone, list[int]] = {
        ZDECK: state.zdeck[: len(state.zdeck) - state.known_top[seat]],
        ZREMOVED: state.zremoved,
    }
    for p in range(state.n):
        zones[(WOUNDS, p)] = state.wounds[p]
    for p in range(state.n):
        if p != seat and state.zhand[p]:
            zones[(ZHAND, p)] = state.zhand[p]
    if state.zdiscard_down:
        zones[ZDOWN] = discarded_face_down(state)
    return zones


def discarded_face_down(state: InfectedState) -> list[int]:
    """The cards of the zombie discard pile that lie face down, bottom first."""
    down = state.zdiscard_down
    return [card for i, card in enumerate(state.zdiscard) if down >> i & 1]


def drew_zombie(state: InfectedState, card: int, zone: Zone, seen_by: list[int]) -> None:
    """The top zombie card went face down into `zone`: the seats that had looked at it know
    where; for the others it may be any card of the deck (after the end game's reshuffle,
    when leads point into the deck)."""
    deck, into = bit(ZDECK), bit(zone)
    for seat, leads in enumerate(state.zombie_whereabouts):
        if seat in seen_by:
            if zone != (ZHAND, seat):
                _lead_to(leads, frozenset((card,)), into)
        elif leads:
            _widen(leads, deck, into)


def zombie_deck_rebuilt(state: InfectedState, face_down: list[int]) -> None:
    """The zombie discard pile and the endgame cards became the deck: everyone knows the cards
    that lay face up are in it; a card led into the discard's face-down ones is in it too, and
    the others of those (`face_down`) stay unknown."""
    deck, down = bit(ZDECK), bit(ZDOWN)
    unknown = set(face_down)
    shown = frozenset(card for card in state.zdeck if card not in unknown)
    for leads in state.zombie_whereabouts:
        for lead in [lead for lead in leads if lead & down]:
            _join(leads, (lead & ~down) | deck, leads.pop(lead))
        _lead_to(leads, shown, deck)


def zombie_moved_unseen(state: InfectedState, source: Zone, target: Zone, *seen_by: int) -> None:
    """A zombie card nobody but `seen_by` could name went from `source` to `target`: every
    other seat's leads into `source` may now be in `target` too."""
    src, tgt = bit(source), bit(target)
    for seat, leads in enumerate(state.zombie_whereabouts):
        if seat not in seen_by and leads:
            _widen(leads, src, tgt)


def took_wound(state: InfectedState, victim: int, taker: int) -> None:
    """The infected took `victim`'s last wound card into its hand, unseen by the others."""
    zombie_moved_unseen(state, (WOUNDS, victim), (ZHAND, taker), taker)


def healed(state: InfectedState, seat: int) -> None:
    """Wounds of `seat` went face down onto the zombie discard pile, seen by nobody."""
    zombie_moved_unseen(state, (WOUNDS, seat), ZDOWN)


def locate(state: InfectedState, seat: int, card: int, zombie: bool = False) -> Zone | None:
    """The zone hidden from `seat` that holds the item card `card` (or zombie card, if
    `zombie`); None where the seat can see it."""
    zones = zombie_zones(state, seat) if zombie else item_zones(state, seat)
    return next((z for z, cards in zones.items() if card in cards), None)
