"""Determinizing: resample everything one seat cannot know, consistently with what it knows.

Hidden from a seat: the other seats' hands, challenge piles and face-down equipped items, the
order of both decks, cards discarded unseen, wound cards (face down under every character, and
on the zombie discard pile once healed), zombie cards removed at set-up, an exposed infected's
zombie hand, blood samples not yet shown (weighted by the public evidence: blood tests, shown
fails and claims; see evidence.py), and choices other seats made in the open window.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from hiddenhand.games.infected.draft import Draft, Stage, kinds_in
from hiddenhand.games.infected.evidence import evidence_weights
from hiddenhand.games.infected.flow import Phase
from hiddenhand.games.infected.intents import (
    Draw,
    Equip,
    NoReaction,
    Pass,
    claim_of,
    place_of,
    vote_of,
)
from hiddenhand.games.infected.whereabouts import (
    DECK,
    HAND,
    HIDDEN,
    PILE,
    WOUNDS,
    ZDECK,
    ZDOWN,
    ZREMOVED,
    Lead,
    Leads,
    Zone,
    item_zones,
    lead_of,
    zombie_zones,
    zones_of,
)

if TYPE_CHECKING:
    from hiddenhand.games.infected.rules import InfectedState


def resample(state: InfectedState, me: int, rng: random.Random) -> None:
    """Resample `state` in place for seat `me` (state is already a private copy)."""
    if state.variant != "cooperative" and state.samples[me]:
        _samples(state, me, rng)
    _zombies(state, me, rng)
    _items(state, me, rng)
    _drafts(state, me, rng)


def _samples(state: InfectedState, me: int, rng: random.Random) -> None:
    unknown = [p for p in range(state.n) if p != me and not state.samples_up[p]]
    pool = [state.samples[p][0] for p in unknown] + list(state.samples_away)
    if state.spare is not None:
        pool.append(state.spare)
    if not pool:
        return
    viruses = pool.count("virus")
    slots = len(pool)
    evidence = evidence_weights(
        state.n,
        ((target, shown) for _, target, shown in state.tests),
        state.shown_fails,
        state.fail_claims,
        state.shown_claims,
    )
    weights = [evidence[p] for p in unknown] + [1.0] * (slots - len(unknown))
    chosen: set[int] = set()
    for _ in range(viruses):
        options = [i for i in range(slots) if i not in chosen]
        chosen.add(rng.choices(options, [weights[i] for i in options])[0])
    cards = ["virus" if i in chosen else "clean" for i in range(slots)]
    for i, p in enumerate(unknown):
        state.samples[p] = [cards[i]]
    away = len(state.samples_away)
    state.samples_away = cards[len(unknown) : len(unknown) + away]
    if state.spare is not None:
        state.spare = cards[-1]


def _zombies(state: InfectedState, me: int, rng: random.Random) -> None:
    """Zombie cards: the deck below what `me` looked at, the removed ones, every wound (face
    down, even the seat's own, also once healed onto the discard pile) and the exposed
    infected's hand."""
    dealt = _redeal(zombie_zones(state, me), state.zombie_whereabouts[me], rng)
    for zone, cards in dealt.items():
        _write_zombies(state, zone, cards)
    state.zombie_whereabouts = [
        leads if s == me else {} for s, leads in enumerate(state.zombie_whereabouts)
    ]


def _items(state: InfectedState, me: int, rng: random.Random) -> None:
    """Item cards: the deck, the discards nobody was shown, the others' hands, piles and
    face-down items."""
    dealt = _redeal(item_zones(state, me), state.whereabouts[me], rng)
    for zone, cards in dealt.items():
        _write_items(state, zone, cards)
    # what the others know in this world is not known here
    state.whereabouts = [leads if s == me else {} for s, leads in enumerate(state.whereabouts)]


def _redeal(
    zones: dict[Zone, list[int]], leads: Leads, rng: random.Random
) -> dict[Zone, list[int]]:
    """Deal again the cards of these zones (each keeps its size), every card with a lead
    (whereabouts.py) into a place in a zone of its lead, the others into the places left. The
    cards are taken in card order, so two worlds the seat cannot tell apart give the same
    samples."""
    unseen = [card for cards in zones.values() for card in cards]
    unseen.sort()
    groups: dict[Lead, list[int]] = {}
    if leads:
        led = lead_of(leads)
        for card in unseen:
            lead = led.get(card)
            if lead is not None:
                groups.setdefault(lead, []).append(card)
    dealt: dict[Zone, list[int]] = {}
    if not groups:
        rest = _shuffled(unseen, rng)
        at = 0
        for zone, cards in zones.items():
            dealt[zone] = rest[at : at + len(cards)]
            at += len(cards)
        return dealt
    slots = {zone: list(range(len(cards))) for zone, cards in zones.items() if cards}
    placed = _place(groups, slots, rng)
    rest = _shuffled([card for card in unseen if card not in placed], rng)
    for zone, cards in zones.items():
        dealt[zone] = [-1] * len(cards)  # -1: a place no lead took
    for card, (zone, slot) in placed.items():
        dealt[zone][slot] = card
    at = 0
    for places in dealt.values():
        for i, held in enumerate(places):
            if held < 0:
                places[i] = rest[at]
                at += 1
    return dealt


def _shuffled(cards: list[Any], rng: random.Random) -> list[Any]:
    """`cards` in a random order (sorted by random keys: `random.shuffle` draws in Python,
    and determinizing shuffles every card a seat cannot see)."""
    return sorted(cards, key=lambda _: rng.random())


Options = list[tuple[tuple[Zone, ...], list[int]]]
"""Led cards by lead: the zones (those that hold unseen cards) and the cards led there."""

Place = tuple[Zone, int]
"""A zone and a position in it."""

_TRIES: Final = 8
"""Draws of one lead's places before `_place` settles for a placement `_flows` finds."""


def _place(
    groups: dict[Lead, list[int]], slots: dict[Zone, list[int]], rng: random.Random
) -> dict[int, Place]:
    """A place for every led card in a zone of its lead (`slots`: the free positions of each
    zone). The cards of one lead take places drawn at random among those its zones have left,
    the leads with fewest zones first, a draw kept only if the leads after it still fit (the
    truth is one way they fit, so there is always one). Should a lead be wrong (a bug), its
    cards are dealt as unknown ones rather than fail."""
    options: Options = sorted(
        (
            (zones, cards)
            for lead, cards in groups.items()
            if (zones := tuple(sorted(z for z in zones_of(lead) if z in slots)))
        ),
        key=lambda option: (len(option[0]), option),
    )
    room = {zone: len(free) for zone, free in slots.items()}
    chosen: dict[int, Place] = {}
    for k, (zones, cards) in enumerate(options):
        later = [(zs, len(cs)) for zs, cs in options[k + 1 :]]
        places = [(z, i) for z in zones for i in slots[z]]
        if len(places) < len(cards):
            return {}
        for _ in range(_TRIES):
            picked = _shuffled(places, rng)[: len(cards)]
            left = dict(room)
            for zone, _slot in picked:
                left[zone] -= 1
            if _fits(later, left):
                break
        else:
            return _flows(options[k:], slots, chosen, rng)
        room = left
        if len(picked) == len(places):  # the lead fills its zones
            for zone in zones:
                slots[zone] = []
        else:
            taken = set(picked)
            for zone in zones:
                slots[zone] = [i for i in slots[zone] if (zone, i) not in taken]
        for card, place in zip(cards, picked, strict=True):
            chosen[card] = place
    return chosen


def _fits(demands: list[tuple[tuple[Zone, ...], int]], room: dict[Zone, int]) -> bool:
    """Whether leads wanting these numbers of places in these zones fit in the room left."""
    if not demands:
        return True
    seen: set[Zone] = set()
    apart = True
    for zones, want in demands:
        if seen.intersection(zones):
            apart = False
            break
        seen.update(zones)
        if sum(room[z] for z in zones) < want:
            return False
    return apart or _max_flow(demands, room) == sum(want for _, want in demands)


def _max_flow(demands: list[tuple[tuple[Zone, ...], int]], room: dict[Zone, int]) -> int:
    """How many of the wanted places leads can take at once (augmenting paths, each pushing
    all it can: a few leads, a dozen zones)."""
    left = [want for _, want in demands]
    cap = dict(room)
    flow: dict[tuple[int, Zone], int] = {}
    total = 0
    while True:
        # breadth first from the leads with places still wanted to a zone with room
        back: dict[object, object] = {}
        queue: list[object] = [i for i, want in enumerate(left) if want > 0]
        for i in queue:
            back[i] = None
        end: Zone | None = None
        at = 0
        while at < len(queue) and end is None:
            node = queue[at]
            at += 1
            if isinstance(node, int):
                for zone in demands[node][0]:
                    if zone not in back:
                        back[zone] = node
                        if cap[zone] > 0:
                            end = zone
                            break
                        queue.append(zone)
            else:
                for (i, zone), amount in flow.items():
                    if zone == node and amount > 0 and i not in back:
                        back[i] = node
                        queue.append(i)
        if end is None:
            return total
        path: list[tuple[int, Zone]] = []
        zone_at: Zone = end
        while True:
            lead = back[zone_at]
            assert isinstance(lead, int)
            path.append((lead, zone_at))
            before = back[lead]
            if before is None:
                break
            zone_at = before  # type: ignore[assignment]
        # the path runs back from the zone with room: each entry's lead takes the entry's zone
        # and gives up its place in the next entry's zone (which the next lead takes), but the
        # last, a lead still wanting places, which takes a new one
        push = min(cap[end], left[path[-1][0]])
        for m in range(len(path) - 1):
            push = min(push, flow[(path[m][0], path[m + 1][1])])
        cap[end] -= push
        left[path[-1][0]] -= push
        for m, (lead, zone) in enumerate(path):
            flow[(lead, zone)] = flow.get((lead, zone), 0) + push
            if m + 1 < len(path):
                flow[(lead, path[m + 1][1])] -= push
        total += push


def _flows(
    options: Options, slots: dict[Zone, list[int]], chosen: dict[int, Place], rng: random.Random
) -> dict[int, Place]:
    """Place the remaining leads' cards one by one, each in a zone drawn in proportion to its
    room among those that leave the rest room to fit, at a random free position of it."""
    room = {zone: len(free) for zone, free in slots.items()}
    pending = [(zones, card) for zones, cards in options for card in cards]
    for k, (zones, card) in enumerate(pending):
        later: dict[tuple[Zone, ...], int] = {}
        for zs, _ in pending[k + 1 :]:
            later[zs] = later.get(zs, 0) + 1
        demands = list(later.items())
        fitting = []
        for zone in zones:
            if room[zone] > 0:
                room[zone] -= 1
                if _fits(demands, room):
                    fitting.append(zone)
                room[zone] += 1
        if not fitting:
            return {}
        zone = rng.choices(fitting, [room[z] for z in fitting])[0]
        room[zone] -= 1
        free = slots[zone]
        chosen[card] = (zone, free.pop(rng.randrange(len(free))))
    return chosen


def _write_items(state: InfectedState, zone: Zone, cards: list[int]) -> None:
    """Put `cards` in the sample's item zone `zone`, in place of what it held."""
    if zone == DECK:
        state.ideck[:] = cards
    elif zone == HIDDEN:
        state.hidden_discard[:] = cards
    elif zone[0] == HAND:
        state.hands[zone[1]][:] = cards
    elif zone[0] == PILE:
        state.piles[zone[1]][:] = cards
    else:
        down = (e for e in state.equipped[zone[1]] if not e[1])
        for entry, card in zip(down, cards, strict=True):
            entry[0] = card


def _write_zombies(state: InfectedState, zone: Zone, cards: list[int]) -> None:
    """Put `cards` in the sample's zombie zone `zone`, in place of what it held."""
    if zone == ZDECK:
        state.zdeck[: len(cards)] = cards
    elif zone == ZREMOVED:
        state.zremoved[:] = cards
    elif zone == ZDOWN:
        down, pile = state.zdiscard_down, state.zdiscard
        at = iter(cards)
        for i in range(len(pile)):
            if down >> i & 1:
                pile[i] = next(at)
    elif zone[0] == WOUNDS:
        state.wounds[zone[1]][:] = cards
    else:
        state.zhand[zone[1]][:] = cards


_ACTION_GUESSES: Final = (Pass(), Draw())
_NO_REACTION: Final = NoReaction()


def _drafts(state: InfectedState, me: int, rng: random.Random) -> None:
    """Others' unrevealed choices: unfinished ones start over, finished ones are guessed."""
    item_of = state.cards.item_of
    phase = state.phase
    for p, old in list(state.window.items()):
        if p == me:
            continue
        draft = Draft(kinds_in(state.hands[p], item_of), old.extra)
        state.window[p] = draft
        if not old.done:
            continue
        draft.done = True
        draft.stage = Stage.DONE
        if phase in (Phase.ACTION, Phase.EXTRA):
            draft.intents = [rng.choice(_ACTION_GUESSES)]
        elif phase == Phase.SETUP:
            picks = rng.sample(state.hands[p], min(2, len(state.hands[p])))
            draft.intents = [Equip(((item_of[c], rng.randrange(2)),), ()) for c in picks]
        elif phase == Phase.USE:
            draft.intents = []
        elif phase == Phase.REACT:
            draft.intents = [_NO_REACTION]
        elif phase == Phase.CLAIM:
            value = sum(state.cards.item_value(c) for c in state.piles[p])
            draft.intents = [claim_of("success" if value >= sum(state.threat_vals) else "fail")]
        elif phase == Phase.PLACE:
            draft.intents = [place_of(item_of[rng.choice(state.piles[p])])]
        elif phase == Phase.VOTE:
            draft.intents = [vote_of(rng.choice((True, False)))]
