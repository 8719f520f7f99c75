"""Random playouts: legal moves only, to the end or a given number of moves, one game per seed,
and the same moves compiled and pure (a pinned digest)."""

from __future__ import annotations

import hashlib
import random

import pytest

import hiddenhand.games  # noqa: F401 - registers the games
from hiddenhand.engine import get_game
from hiddenhand.engine.playout import random_playout

GAMES = ["noir", "goodcop", "infected"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_playout_ends_the_game_with_moves_the_checked_act_accepts(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(3):
        played = game.start(game.usual_players, seed=seed)
        made = random_playout(played, random.Random(seed))
        assert not played.pending() and played.outcome() is not None
        assert made == len(played.history) > 0
        # The same moves through the checked `act` (which refuses an illegal one) end alike.
        checked = game.start(game.usual_players, seed=seed)
        for seat, action_id in played.history:
            checked.act(seat, action_id)
        assert checked.outcome() == played.outcome()
        assert checked.view(None) == played.view(None)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_playout_stops_after_the_moves_asked_and_goes_on_as_one(game_id: str) -> None:
    game = get_game(game_id)
    whole = game.start(game.usual_players, seed=5)
    random_playout(whole, random.Random(9))
    parts = game.start(game.usual_players, seed=5)
    rng = random.Random(9)
    assert random_playout(parts, rng, 7) == 7 and len(parts.history) == 7
    assert random_playout(parts, rng, 0) == 0
    random_playout(parts, rng)
    assert parts.history == whole.history


def test_the_same_generator_plays_the_same_game_and_another_seed_another() -> None:
    game = get_game("goodcop")

    def history(seed: int) -> list[tuple[int, int]]:
        state = game.start(6, seed=1)
        random_playout(state, random.Random(seed))
        return list(state.history)

    assert history(3) == history(3)
    assert any(history(3) != history(s) for s in range(4, 10))


def test_in_a_window_any_seat_asked_may_answer_first() -> None:
    """Good Cop's reaction windows ask several seats at once: the playout draws which answers,
    rather than always the lowest seat, and only ever one that was asked."""
    game = get_game("goodcop")
    positions: set[int] = set()
    for seed in range(4):
        state = game.start(6, seed=seed)
        rng = random.Random(seed)
        while state.pending():
            asked = sorted(state.pending())
            random_playout(state, rng, 1)
            seat = state.history[-1][0]
            assert seat in asked
            if len(asked) > 1:
                positions.add(asked.index(seat))
    assert len(positions) >= 3


PLAYOUTS_DIGEST = "ca2b1db474499fe1eebabd59c430671ff69f9558cc04fcf5017fa9ddeb52ddda"
"""The moves of a few seeded playouts of every game; `make test` checks them compiled and with
`HIDDENHAND_PURE=1`, so both builds are proven to play the same random games."""


def playouts_digest() -> str:
    digest = hashlib.sha256()
    for game_id, players in (("noir", 2), ("goodcop", 6), ("infected", 4)):
        game = get_game(game_id)
        for seed in range(3):
            state = game.start(players, seed=seed)
            random_playout(state, random.Random(seed))
            digest.update(repr((game_id, seed, list(state.history))).encode())
    return digest.hexdigest()


def test_seeded_playouts_play_the_same_moves_compiled_and_pure() -> None:
    assert playouts_digest() == PLAYOUTS_DIGEST
