"""Placing the cards a seat has leads on: every card in a zone of its lead, no zone over its
size, whenever the leads fit at all (Hall's condition, checked by brute force)."""

import itertools
import random
from collections import Counter

from hiddenhand.games.infected.sampling import _fits, _place
from hiddenhand.games.infected.whereabouts import DECK, HAND, bit, zones_of

ZONES = [(HAND, seat) for seat in range(4)] + [DECK]


def _hall(demands: list[tuple[tuple[tuple[str, int], ...], int]], room: dict) -> bool:
    """Every set of leads wants no more places than their zones hold together."""
    for size in range(1, len(demands) + 1):
        for some in itertools.combinations(demands, size):
            zones = set().union(*(set(zs) for zs, _ in some))
            if sum(want for _, want in some) > sum(room[z] for z in zones):
                return False
    return True


def test_leads_are_placed_whenever_they_fit() -> None:
    rng = random.Random(0)
    placed_some = 0
    for _ in range(600):
        room = {z: rng.randrange(0, 4) for z in ZONES}
        demands = [
            (tuple(sorted(rng.sample(ZONES, rng.randrange(1, 4)))), rng.randrange(0, 5))
            for _ in range(rng.randrange(1, 5))
        ]
        fits = _hall(demands, room)
        assert _fits(demands, room) == fits, (demands, room)
        if not fits:
            continue
        groups: dict[int, list[int]] = {}
        card = 0
        for zones, want in demands:
            groups.setdefault(sum(bit(z) for z in zones), []).extend(range(card, card + want))
            card += want
        slots = {z: list(range(n)) for z, n in room.items() if n}
        placed = _place(groups, slots, rng)
        assert len(placed) == card, (groups, room)
        for lead, cards in groups.items():
            assert all(placed[c][0] in zones_of(lead) for c in cards)
        assert len(set(placed.values())) == card, "two cards in one place"
        assert all(slot < room[zone] for zone, slot in placed.values())
        assert all(n <= room[z] for z, n in Counter(z for z, _ in placed.values()).items())
        placed_some += bool(card)
    assert placed_some > 100
