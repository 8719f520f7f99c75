"""ISMCTS plays the same moves from the same deal: a refactor of a game or of the search that
must change nothing keeps these digests (the seeded fingerprints pin the rules; these pin what a
search sees of them: clones, determinizations, legal moves, the rollout heuristics).

The digest is the one `benchmarks/ismcts.py workload` prints ("moves ..."); to see it again:
`python benchmarks/ismcts.py workload GAME --players N --decisions 10 --seeds 0 --rounds 1
--bot ismcts:iterations=50`. A deliberate change of the bots or of a game changes it: write the
new digest here and say why in the commit.
"""

from __future__ import annotations

import hashlib

import pytest

from hiddenhand.bots.base import make_bot
from hiddenhand.bots.match import SeatLogs, decide
from hiddenhand.engine import get_game

BOT = "ismcts:iterations=50"
DECISIONS = 10
SEED = 0


def moves_digest(game_id: str, players: int) -> str:
    """The digest of every move the bot in every seat plays until it has searched DECISIONS
    times, as the benchmark's workload computes it."""
    game = get_game(game_id)
    state = game.start(players, game.options(None), SEED)
    bots = [make_bot(game, BOT, seat, SEED) for seat in range(players)]
    logs = SeatLogs(players)
    digest = hashlib.sha256()
    while state.pending() and sum(getattr(b, "searches", 0) for b in bots) < DECISIONS:
        seat = min(state.pending())
        action = decide(state, seat, bots[seat], logs.of(seat))
        digest.update(action.id.to_bytes(4, "little"))
        logs.add(state.act(seat, action))
    return digest.hexdigest()[:12]


@pytest.mark.parametrize(
    ("game_id", "players", "expected"),
    [("goodcop", 6, "345fb159bb77"), ("noir", 2, "e93e70e8c9c9"), ("infected", 4, "b75471a04fa7")],
)
def test_ismcts_self_play_plays_the_same_moves(game_id: str, players: int, expected: str):
    got = moves_digest(game_id, players)
    assert got == expected, (
        f"ISMCTS ({BOT}) in every seat of {game_id} {players}p, seed {SEED}, no longer plays "
        f"the same first {DECISIONS} searches' moves: digest {got}, expected {expected}"
    )
