"""Every seat's observation tensor and action mask are exactly what they were: seeded digests.

A faster way of building tensors (compiled, or written straight from typed fields) must give
the same bytes; so must the pure-Python modules. A deliberate change of an encoder's layout
changes these digests: print the new ones with `python -m tests.rl.test_tensor_digests` and
say in the commit why they changed.
"""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

from hiddenhand.rl.episode import Episode

CASES: dict[tuple[str, int, tuple[str, ...]], str] = {
    ("noir", 2, ("mode=classic",)): "175657b5e85b9db4e2502fff88aa6bd5",
    ("noir", 2, ("mode=standard", "disguise=innocent")): "510b618a7a9628e7701be7d2f2d4255a",
    ("noir", 2, ("mode=citizens-arrest",)): "bcb779e93c831d6293c6dc408c36d6a5",
    ("goodcop", 4, ()): "4c4d2259cc785fad164112ee510d6657",
    ("goodcop", 5, ("zombies=infect", "order=dealt")): "b6721f863d25d52c71e31ebd36bffe2b",
    ("goodcop", 6, ("zombies=dice",)): "7fd00acef649e4adc17c58ae67eb31a9",
    ("goodcop", 7, ("zombies=simple", "guns=players-minus-2")): "5122b2156780bbb239f817a8b55978a1",
    (
        "goodcop",
        8,
        ("tokens=leftmost", "zombies=dice", "discard=bottom"),
    ): "f95fbc9af2407ad2d1a200b00a195906",
    ("infected", 1, ()): "47dc65c886ed8fd051a343eed360cc94",
    ("infected", 2, ("advanced=true",)): "c6420fcf1571ad0014dab9cfccaeaa19",
    (
        "infected",
        3,
        ("variant=infection-spreads", "harder=true"),
    ): "7c17e48693b3981d99d04b7556df0844",
    ("infected", 4, ()): "042a2e1cb5816ddb1e553ef4d18fcf1b",
    ("infected", 4, ("variant=all-okay", "lead_by_vote=true")): "9d196ea8645148da10c4c93708278b5a",
    (
        "infected",
        4,
        ("variant=cooperative", "carried_resources=true"),
    ): "6be4ed3f5fad6505f82bb26edc5cb9e6",
}
"""(game, players, options) -> the digest of a few seeded random games' tensors and masks."""

GAMES = 3
SEED = 2024


def digest(game: str, players: int, options: tuple[str, ...]) -> str:
    """Hash every seat's tensor and mask at every step of a few seeded random games."""
    episode = Episode(game, players, list(options))
    walk = random.Random(SEED)
    out = np.zeros(episode.size, np.float32)
    h = hashlib.sha256()
    for k in range(GAMES):
        episode.reset(SEED + k)
        while True:
            for seat in range(players):
                h.update(episode.observe(seat, out).tobytes())
                h.update(episode.mask(seat).tobytes())
            if episode.over:
                break
            seat = episode.to_move()
            legal = np.flatnonzero(episode.mask(seat))
            episode.act(seat, int(legal[walk.randrange(len(legal))]))
    return h.hexdigest()[:32]


@pytest.mark.parametrize(
    ("game", "players", "options"),
    list(CASES),
    ids=[f"{g}-{n}-{'-'.join(o) or 'default'}" for g, n, o in CASES],
)
def test_every_seat_gets_the_tensors_and_masks_it_got(
    game: str, players: int, options: tuple[str, ...]
):
    assert digest(game, players, options) == CASES[game, players, options]


if __name__ == "__main__":
    for key in CASES:
        print(f"    {key!r}: {digest(*key)!r},")
